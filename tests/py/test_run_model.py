"""The family's model is one payload on every run (run.model): the family it names is the one
params.json gives the algorithm, its columns are the literal loops' answers (reference.py), and the
run holds no copy of them beside it."""

import dataclasses

import numpy as np
import pytest

import reference
from perceptron_lab import core, settings
from perceptron_lab.core.features import prepare
from perceptron_lab.data import preset

ALGORITHMS = [o["value"] for o in settings.param("algorithm")["options"]]
FAMILY = {o["value"]: o["family"] for o in settings.param("algorithm")["options"]}
EPOCHS, TAU = 6, 2.0
DS = preset("overlap", n=30, seed=5)
Z = prepare(DS.X)
CLASSES = (DS.y > 0).astype(int)
MODEL_NAMES = {"w", "w_last", "votes", "alpha", "W", "W_last", "average"}


def trained(algorithm):
    if FAMILY[algorithm] == "kernel":
        return core.train(DS.X, DS.y, algorithm=algorithm, kernel="linear", max_epochs=EPOCHS)
    if FAMILY[algorithm] == "multiclass":
        return core.train(Z, CLASSES, algorithm=algorithm, classes=2, max_epochs=EPOCHS)
    return core.train(Z, DS.y, algorithm=algorithm, max_epochs=EPOCHS, **({"tau": TAU} if algorithm == "margin" else {}))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_run_carries_its_familys_model_and_no_copy_of_it(algorithm):
    run = trained(algorithm)
    assert run.model.family == FAMILY[algorithm] == core.family_of(algorithm).name
    own = {f.name for f in dataclasses.fields(run)}
    assert not own & MODEL_NAMES, own & MODEL_NAMES
    assert all(not hasattr(run, name) for name in MODEL_NAMES)
    columns = run.model.columns()
    assert columns and all(isinstance(v, np.ndarray) for v in columns.values())
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.model.family_answer = None


def test_the_models_columns_are_the_literal_loops_answers():
    online = trained("online").model
    w, _, _ = reference.plain_online(Z, DS.y, epochs=EPOCHS)
    assert np.array_equal(online.w, w) and np.array_equal(online.w_last, w) and online.votes is None
    margin = trained("margin").model
    assert np.array_equal(margin.w, reference.plain_margin(Z, DS.y, tau=TAU, epochs=EPOCHS)[0])
    kernel = trained("kernel").model
    assert np.array_equal(kernel.alpha, reference.plain_kernel(Z @ Z.T, DS.y, epochs=EPOCHS))
    multi = trained("multiclass").model
    assert np.array_equal(multi.W_last, reference.plain_multiclass(Z, CLASSES, 2, epochs=EPOCHS))
    assert np.array_equal(multi.W, multi.W_last) and multi.average is False
    voted = trained("voted").model
    kept = reference.plain_voted(Z, DS.y, EPOCHS)
    assert np.array_equal(voted.votes[1], [c for _, c in kept])
    assert np.array_equal(voted.votes[0], np.array([v for v, _ in kept]))
