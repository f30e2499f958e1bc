"""The online family's pass (core/online_scan.py) against the notes' per-example loop, on the two
kinds of data it is fast on in different ways: separable data of many rows (long blocks over unsigned
rows, signed rows made only where needed) and noisy data (a mistake every few examples, activations
computed a batch at a time). Updates, the w after each and every activation must be the loop's own."""

import pickle

import numpy as np
import pytest

from perceptron_lab import Perceptron
from perceptron_lab.core import train
from perceptron_lab.core.features import prepare
from reference import epochs_of, online_visits, orders_of

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def literal(Z, y, perms):
    """Algorithm 1 one example at a time: (epoch, index, activation x̃·w before, w after) per update."""
    visits = online_visits(Z, y, epochs=len(perms), orders=perms)
    mistakes = [sum(v.mistake for v in ep) for ep in epochs_of(visits)]
    return visits[-1].w_after, mistakes, [(v.epoch, v.index, v.a, v.w_after) for v in visits if v.mistake]


def assert_literal(Z, y, run, perms):
    w, mistakes, updates = literal(Z, y, perms)
    assert run.epoch_mistakes == mistakes
    assert np.array_equal(run.model.w_last, w)
    assert run.trace.index.tolist() == [i for _, i, _, _ in updates]
    assert run.trace.epoch.tolist() == [e for e, _, _, _ in updates]
    assert run.trace.activation.tolist() == [a for _, _, a, _ in updates]  # the loop's own numbers
    assert np.array_equal(run.trace.w, np.array([u for _, _, _, u in updates]))


def separable(n=20_000, d=20, seed=0):
    """bench/engine.py's separable data, smaller: a margin of 0.5, the last mistakes of the first
    epoch thousands of rows apart (found in long blocks, past the rows short blocks signed)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(3 * n, d))
    u = rng.normal(size=d)
    s = X @ u / np.linalg.norm(u)
    keep = np.flatnonzero(np.abs(s) >= 0.5)[:n]
    return X[keep], np.where(s[keep] > 0, 1, -1)


def noisy(n=6000, d=5, seed=2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X[:, 0] - X[:, 1] > 0, 1, -1)
    y[rng.random(n) < 0.1] *= -1
    return X, y


@pytest.mark.parametrize("order", ["fixed", "shuffle-once", "shuffle-each"])
def test_separable_data_of_many_rows_trains_as_the_literal_loop(order):
    X, y = separable()
    Z = prepare(X)
    run = train(Z, y, max_epochs=10, order=order, seed=5)
    assert run.status == "converged"
    if order == "fixed":  # the case this data is for: mistakes past the signed rows
        assert run.trace.index.max() > run._strategy.scan.signed
    assert_literal(Z, y, run, orders_of(order, len(Z), 5, run.n_epochs))


@pytest.mark.parametrize("order", ["fixed", "shuffle-each"])
def test_noisy_data_trains_as_the_literal_loop_activations_included(order):
    X, y = noisy()
    Z = prepare(X)
    run = train(Z, y, max_epochs=3, order=order, seed=9)
    assert run.n_updates > 2 * 1024  # several batches of updates, a mistake every few rows
    assert_literal(Z, y, run, orders_of(order, len(Z), 9, 3))


def test_a_pickled_estimator_goes_on_training_as_the_one_not_pickled():
    X, y = noisy(n=3000, seed=3)
    est = Perceptron(order="shuffle-each", random_state=4).partial_fit(X, y, classes=[-1, 1])
    again = pickle.loads(pickle.dumps(est))
    for _ in range(2):
        est.partial_fit(X, y)
        again.partial_fit(X, y)
    assert np.array_equal(again.coef_, est.coef_) and np.array_equal(again.intercept_, est.intercept_)
    assert again.run_.trace.activation.tolist() == est.run_.trace.activation.tolist()
