"""A strategy's own settings (Strategy.options: the margin perceptron's tau) reach it through the one
loop by their params.json names: the loop and the exercise's visits name none of them (a new variant's
setting is its strategy's, its params.json entry's and its rule's), each is checked there, one left
out takes its params.json default, and a name that is no setting is refused."""

import ast
from pathlib import Path

import numpy as np
import pytest

import reference
from perceptron_lab import core, settings
from perceptron_lab.bridge import handle
from perceptron_lab.core import loop
from perceptron_lab.core.features import prepare
from perceptron_lab.core.strategies import STRATEGIES
from perceptron_lab.data import preset
from perceptron_lab.errors import SettingsError
from perceptron_lab.exercise import visits

OWN = sorted({name for S in STRATEGIES.values() for name in S.options} & set(settings.PARAMS) - {"eta"})
DS = preset("overlap", n=30, seed=4)
Z = prepare(DS.X)


def names_in(path):
    """Every name the code uses (variables, arguments, keywords, attributes) and every string it
    holds but its docstrings (a docstring may say what a setting does)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, (ast.arg, ast.keyword)) and n.arg:
            out.add(n.arg)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            out.add(n.value)
    return out


@pytest.mark.parametrize("module", [loop, visits], ids=["core/loop.py", "exercise/visits.py"])
def test_the_loop_and_the_visits_name_no_strategys_own_setting(module):
    assert OWN, "no strategy has a setting of its own"
    named = names_in(module.__file__) & set(OWN)
    assert not named, f"{module.__name__} names {sorted(named)}"


def test_a_setting_left_out_takes_its_params_json_default():
    tau = settings.default("tau")
    run = core.train(Z, DS.y, algorithm="margin", max_epochs=5)
    assert run.rule.threshold == float(tau)
    np.testing.assert_array_equal(run.model.w, reference.plain_margin(Z, DS.y, tau=tau, epochs=5)[0])


def test_each_setting_is_checked_by_its_entry_and_an_unknown_one_refused():
    with pytest.raises(SettingsError) as e:
        core.train(Z, DS.y, algorithm="margin", tau=-1.0)
    assert e.value.field == "tau"
    with pytest.raises(TypeError, match="thresh"):
        core.train(Z, DS.y, algorithm="margin", thresh=1.0)


def test_the_exercises_visits_carry_the_runs_threshold():
    data = {"kind": "preset", "name": "and"}
    for algorithm, tau in (("margin", 1.5), ("online", 1.5)):
        handle({"cmd": "train", "data": data, "settings": {"algorithm": algorithm, "tau": tau}})
        r = handle({"cmd": "visits", "data": data, "settings": {"algorithm": algorithm, "tau": tau}, "limit": 8})
        assert r["ok"], r
        assert {v["threshold"] for v in r["visits"]} == {tau if algorithm == "margin" else 0.0}
