"""The comparison's margin: solved once for every variant, within the page's budget
(linear_theory.MARGIN_SECONDS); past it the comparison says what could be proved, checked
with a fake clock against the exact max margin."""

import importlib

import pytest

from perceptron_lab.bridge import COMPARE_ALGORITHMS, handle, linear_theory
from perceptron_lab.theory import max_margin
from tools.planted_data import csv_text, planted
from test_theory_request import Clock  # one second per reading: a deadline falls mid-solve

nnls_module = importlib.import_module("perceptron_lab.theory.nnls")
margin_module = importlib.import_module("perceptron_lab.theory.margin")
dual_module = importlib.import_module("perceptron_lab.theory.dual_margin")


def planted_request(seed, n, d, margin, **settings):
    X, y, _ = planted(seed, n, d, margin)
    data = {"kind": "csv", "text": csv_text(X, y, labels=("-1", "1")), "name": "p.csv"}
    return {"cmd": "compare", "data": data, "settings": {"plots": False, "bias": False, **settings}}, X, y


@pytest.mark.parametrize("test_fraction, solves", [(0.0, 1), (0.2, 2)])
def test_the_margin_is_solved_once_for_every_variant(monkeypatch, test_fraction, solves):
    request, _, _ = planted_request(0, 120, 3, 0.1, test_fraction=test_fraction)
    calls = []
    solve = margin_module.max_margin

    def counted(*args, **kwargs):
        calls.append(kwargs.get("deadline"))
        return solve(*args, **kwargs)

    monkeypatch.setattr(margin_module, "max_margin", counted)
    r = handle(request)
    assert r["ok"] and len(r["variants"]) == len(COMPARE_ALGORITHMS)
    assert len(calls) == solves and all(d is not None for d in calls)  # the training split (and the whole data)
    assert r["separable"] is True and r["separable_reason"] == "margin"


def test_past_its_budget_the_comparison_says_what_it_proved(monkeypatch):
    request, X, y = planted_request(1, 400, 20, 0.05, epochs=3, order="shuffle-each")
    exact = max_margin(X, y)
    clock = Clock()  # one clock for the budget, the exact solver's share, its iterations and the dual sweeps
    for module in (nnls_module, margin_module, dual_module, linear_theory):
        monkeypatch.setattr(module, "time", clock)
    r = handle(request)
    assert r["ok"]
    assert "stopped at its time limit of 10 s" in r["separable_text"], r["separable_text"]
    assert r["separable"] is not False  # "not separable" needs the solver's end
    assert r["separable_reason"] in ("margin lower bound", "out of time")
    if r["separable_reason"] == "margin lower bound":
        assert 0 < r["gamma"] <= exact.gamma * (1 + 1e-12) and r["bound"] == pytest.approx((r["R"] / r["gamma"]) ** 2)
    for v in r["variants"]:
        assert "computing" not in (v["separable_text"] + v["proof_text"]).lower()  # every card's theory is done
