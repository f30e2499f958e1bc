"""The online pass's margins within rounding of the threshold (core/online_scan.py): a block's margin
between far and near is decided by the example's own dot product, and when that says "right" the
pass searches on in the same block (_first_mistake). Real data reaches that path only by rare
rounding, so here the rounding bound is made wide: every decision near the threshold then goes
through it, and the run must still be the notes' per-example loop, update for update."""

import numpy as np
import pytest

from perceptron_lab.core import online_scan, train
from perceptron_lab.core.features import prepare
from reference import epochs_of, online_visits, orders_of


@pytest.fixture
def wide_near(monkeypatch):
    """The pass's rounding bound at 2.0 (activations here are a few units), and what _first_mistake answered."""
    answers = []
    first_mistake = online_scan._first_mistake

    def spy(*args):
        answers.append(first_mistake(*args))
        return answers[-1]

    monkeypatch.setattr(online_scan.OnlineScan, "_near", lambda self, w: 2.0)
    monkeypatch.setattr(online_scan, "_first_mistake", spy)
    return answers


@pytest.mark.parametrize("order", ["fixed", "shuffle-each"])
def test_margins_near_the_threshold_are_decided_as_the_literal_loop_decides_them(wide_near, order):
    rng = np.random.default_rng(11)
    X = rng.normal(size=(3000, 3))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
    y[rng.random(len(y)) < 0.1] *= -1
    Z = prepare(X)
    run = train(Z, y, max_epochs=4, order=order, seed=3)
    visits = online_visits(Z, y, epochs=4, orders=orders_of(order, len(Z), 3, 4))
    updates = [v for v in visits if v.mistake]
    assert run.epoch_mistakes == [sum(v.mistake for v in ep) for ep in epochs_of(visits)]
    assert run.trace.index.tolist() == [v.index for v in updates]
    assert run.trace.activation.tolist() == [v.a for v in updates]
    assert np.array_equal(run.trace.w, np.array([v.w_after for v in updates]))
    # The path this is about was taken, both ways: a later mistake in the block, and none.
    assert any(k >= 0 for k in wide_near) and any(k < 0 for k in wide_near)
