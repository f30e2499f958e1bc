"""After its last mistake an averaged run (Algorithm 2) goes on to MaxIter, each example adding the
last w to the sum, so the mean moves toward the last w unless it already is the last w. One update
at the very first example makes such a run (the weights are then that update from start to end):
the sentence "the average keeps moving" was false for it (1 in 5 converged averaged runs of tiny
integer data). The oracle is the literal Algorithm 2 (seed 001: μ += w after every example), run to
the clean epoch and to MaxIter: the sentence must say "keeps moving" exactly where they differ.
"""

import numpy as np
import pytest

from perceptron_lab.bridge import handle

import reference


def csv(X, y):
    return {"kind": "csv", "text": "x1,x2,y\n" + "".join(f"{a},{b},{c}\n" for (a, b), c in zip(X, y)), "label": "y"}


def literal_multiclass_mean(Z, k, classes, epochs):
    """Algorithm 2 for the multiclass rule, literally: the mean of W after every example."""
    W, mu, seen = np.zeros((classes, Z.shape[1])), np.zeros((classes, Z.shape[1])), 0
    for _ in range(epochs):
        for x, c in zip(Z, k):
            s = W @ x
            r = max((j for j in range(classes) if j != c), key=lambda j: (s[j], -j))
            if s[r] >= s[c]:
                W[c] += x
                W[r] -= x
            mu += W
            seen += 1
    return mu / seen


BINARY = [  # (X, y): the first a single update at the first example, the second AND-like
    ([[-2, 2], [-2, 0], [2, 1], [2, -2]], [-1, -1, 1, 1]),
    ([[0, 0], [0, 1], [1, 0], [1, 1]], [-1, -1, -1, 1]),
]
MULTICLASS = [
    ([[-2, 2], [0, -2]], [0, 1]),
    ([[-1, 0], [-1, 2]], [0, 2]),
]


@pytest.mark.parametrize("X, y", BINARY)
@pytest.mark.parametrize("eta", [1.0, 0.1])
def test_the_averaged_perceptron_says_its_average_moves_only_where_it_does(X, y, eta):
    s = {"algorithm": "averaged", "order": "fixed", "epochs": 30, "eta": eta, "plots": False}
    r = handle({"cmd": "train", "data": csv(X, y), "settings": s})
    assert r["status"] == "converged" and r["converged_epoch"] < 30
    Z = np.column_stack([np.array(X, float), np.ones(len(X))])
    at_clean = reference.plain_averaged(Z, np.array(y), r["converged_epoch"])
    at_max = reference.plain_averaged(Z, np.array(y), 30)
    moved = not np.array_equal(at_clean, at_max)
    text = r["status_text"]
    assert ("the average keeps moving toward the last w" in text) == moved, text
    assert ("the average already equals the last w, so those epochs left it where it was" in text) == (not moved)
    np.testing.assert_allclose(r["w"], eta * at_max, rtol=1e-12, atol=1e-12)


def test_the_cases_hold_both_truths():
    """The binary cases: one average that stays, one that moves (else the test above proves little)."""
    truths = set()
    for X, y in BINARY:
        Z = np.column_stack([np.array(X, float), np.ones(len(X))])
        truths.add(np.array_equal(reference.plain_averaged(Z, np.array(y), 3),
                                  reference.plain_averaged(Z, np.array(y), 30)))
    assert truths == {True, False}


@pytest.mark.parametrize("X, y", MULTICLASS)
def test_the_averaged_multiclass_perceptron_says_its_average_moves_only_where_it_does(X, y):
    s = {"algorithm": "multiclass", "average": True, "order": "fixed", "epochs": 6, "eta": 0.7, "plots": False}
    r = handle({"cmd": "train", "data": csv(X, y), "settings": s})
    assert r["status"] == "converged" and r["converged_epoch"] < 6
    Z = np.column_stack([np.array(X, float), np.ones(len(X))])
    k = np.unique(y, return_inverse=True)[1].ravel()
    classes = len(r["classes"])
    moved = not np.array_equal(literal_multiclass_mean(Z, k, classes, r["converged_epoch"]),
                               literal_multiclass_mean(Z, k, classes, 6))
    text = r["status_text"]
    assert ("the averaged answer kept moving" in text) == moved, text
    assert ("the averaged answer already equalled the last W, so they left it where it was" in text) == (not moved)
    np.testing.assert_allclose(r["weights"], 0.7 * literal_multiclass_mean(Z, k, classes, 6), rtol=1e-12, atol=1e-12)
