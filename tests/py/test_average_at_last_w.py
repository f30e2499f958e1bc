"""After its last mistake an averaged run (Algorithm 2) goes on to MaxIter, each example adding the
last w to the sum, so the mean moves toward the last w unless it already is the last w. One update
at the very first example makes such a run (the weights are then that update from start to end):
the sentence "the average keeps moving" was false for it (1 in 5 converged averaged runs of tiny
integer data). The oracle is the literal Algorithm 2 (seed 001: μ += w after every example) with
its sums in exact rationals (oracle_truths.exact_means), at the clean epoch and at MaxIter: the
sentence must say "keeps moving" exactly where they differ, on whole numbers, decimals and
normalized rows alike (a float comparison of the answers decides some of these wrongly).
"""

import numpy as np
import pytest

from perceptron_lab.bridge import handle

import reference
from oracle_truths import exact_means, prepared


def csv(X, y):
    return {"kind": "csv", "text": "x1,x2,y\n" + "".join(f"{a},{b},{c}\n" for (a, b), c in zip(X, y)), "label": "y"}


# (X, y, normalize, η): a single update at the first example, then AND-like data; a decimal set and
# two normalized ones whose answers at the clean epoch and at MaxIter a float comparison calls
# different or equal against the exact means; normalized AND-like data.
BINARY = [
    ([[-2, 2], [-2, 0], [2, 1], [2, -2]], [-1, -1, 1, 1], False, 1.0),
    ([[0, 0], [0, 1], [1, 0], [1, 1]], [-1, -1, -1, 1], False, 0.1),
    ([[0.0, -2.3], [-2.4, 1.9], [1.1, 0.9]], [-1, 1, 1], False, 0.1),
    ([[-3, -2], [3, 0]], [-1, 1], True, 0.7),
    ([[2, 0], [-1, -3]], [-1, 1], True, 0.1),
    ([[0.0, 0.0], [0.0, 1.5], [1.5, 0.0], [1.5, 1.5]], [-1, -1, -1, 1], True, 0.7),
]
MULTICLASS = [
    ([[-2, 2], [0, -2]], [0, 1]),
    ([[-1, 0], [-1, 2]], [0, 2]),
]


@pytest.mark.parametrize("X, y, normalize, eta", BINARY)
def test_the_averaged_perceptron_says_its_average_moves_only_where_it_does(X, y, normalize, eta):
    s = {"algorithm": "averaged", "order": "fixed", "epochs": 30, "eta": eta, "normalize": normalize, "plots": False}
    r = handle({"cmd": "train", "data": csv(X, y), "settings": s})
    assert r["status"] == "converged" and r["converged_epoch"] < 30
    Z, y = prepared(np.array(X, float), {"bias": True, "normalize": normalize}), np.array(y)
    means = exact_means(Z, y, {"order": "fixed", "seed": 0}, 30)
    moved = means[r["converged_epoch"] - 1] != means[-1]
    text = r["status_text"]
    assert ("the average keeps moving toward the last w" in text) == moved, text
    assert ("the average already equals the last w, so those epochs left it where it was" in text) == (not moved)
    np.testing.assert_allclose(r["w"], eta * reference.plain_averaged(Z, y, 30), rtol=1e-12, atol=1e-12)


def test_the_cases_hold_both_truths():
    """One average that stays and one that moves, among the whole-number cases and among the others."""
    for cases in (BINARY[:2], BINARY[2:]):
        truths = set()
        for X, y, normalize, _eta in cases:
            Z = prepared(np.array(X, float), {"bias": True, "normalize": normalize})
            means = exact_means(Z, np.array(y), {"order": "fixed", "seed": 0}, 30)
            truths.add(means[10] == means[-1])
        assert truths == {True, False}


@pytest.mark.parametrize("X, y", MULTICLASS)
def test_the_averaged_multiclass_perceptron_says_its_average_moves_only_where_it_does(X, y):
    s = {"algorithm": "multiclass", "average": True, "order": "fixed", "epochs": 6, "eta": 0.7, "plots": False}
    r = handle({"cmd": "train", "data": csv(X, y), "settings": s})
    assert r["status"] == "converged" and r["converged_epoch"] < 6
    Z = prepared(np.array(X, float), {"bias": True})
    k = np.unique(y, return_inverse=True)[1].ravel()
    means = exact_means(Z, k, {"order": "fixed", "seed": 0}, 6, len(r["classes"]))
    moved = means[r["converged_epoch"] - 1] != means[-1]
    text = r["status_text"]
    assert ("the averaged answer kept moving" in text) == moved, text
    assert ("the averaged answer already equalled the last W, so they left it where it was" in text) == (not moved)
    exact = np.array([[float(v) for v in row] for row in means[-1]])
    np.testing.assert_allclose(r["weights"], 0.7 * exact, rtol=1e-12, atol=1e-12)
