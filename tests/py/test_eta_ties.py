"""η only rescales (the README, the --eta help): from w = 0 every η makes the same mistakes, and the
run's classifier labels every point as the η = 1 run does, a point exactly on the boundary too.

Each case is whole-number data where the η = 1 classifier puts a training point exactly on its
boundary (score 0, labelled +1) and η·w rounds that 0 away from 0. The oracle is the literal loop
of tests/py/reference.py (η = 1, whole numbers: exact), whose predictions the lab's must match at
every η: the training accuracy, the boundary plot's count of misclassified points, the estimators.
"""

import re

import numpy as np
import pytest

from perceptron_lab import KernelPerceptron, MulticlassPerceptron, Perceptron, PocketPerceptron
from perceptron_lab.bridge import handle
from perceptron_lab.core.kernels import Kernel

import reference

# (algorithm, X, y, η): found by search, each ties on main (η·w tips an exact 0 the other way).
BINARY = [
    ("online", [[0, 0], [-2, 3], [0, 0], [-4, -1], [-2, -4], [4, 2], [-4, -2]], [1, 1, 1, -1, 1, -1, 1], 0.1),
    ("batch", [[-3, 2], [2, 4], [-1, 4], [4, 3]], [-1, 1, 1, -1], 0.3),
    ("voted", [[1, 4], [-1, -2], [1, -4], [-1, -3], [-4, 0]], [-1, 1, -1, -1, 1], 0.3),
    ("pocket", [[3, -2], [2, 1], [1, -2], [-4, 2], [-1, 2], [-3, -4]], [-1, -1, -1, -1, 1, 1], 0.7),
]
MULTICLASS = [
    ([[-3, 4], [4, -3], [-1, -4], [-3, 3], [-1, -3]], [0, 1, 0, 1, 2], 0.1),
    ([[3, 2], [-2, 1], [2, -2], [2, 0], [-1, 1], [-3, 2], [-1, 1], [-2, -1]], [2, 1, 1, 2, 2, 0, 2, 2], 0.7),
]
KERNEL = [
    ([[-4, -1], [2, 0], [4, -3], [-1, 3], [1, -1], [-1, -2]], [1, 1, 1, -1, -1, -1], 0.7),
    ([[-4, -4], [-2, 3], [-3, 2], [4, -2], [3, -3], [-2, 0]], [-1, -1, 1, 1, -1, -1], 0.1),
]


def csv(X, y):
    return "x1,x2,y\n" + "".join(f"{a},{b},{c}\n" for (a, b), c in zip(X, y))


def train(X, y, eta, **settings):
    r = handle({"cmd": "train", "data": {"kind": "csv", "text": csv(X, y)},
                "settings": {"eta": eta, "epochs": 20, "plots": True, "plot_kinds": ["boundary"], **settings}})
    assert r["ok"], r
    return r


def wrong_in_plot(r):
    """The boundary plot's text: 'k of n points misclassified' (binary) or 'k are misclassified' (regions)."""
    return int(re.search(r"(\d+) (?:of \d+ points|are) misclassified", r["plot_alt"]["boundary"]).group(1))


def sign(v):
    return np.where(v >= 0, 1, -1)


def reference_voted(Z, y, epochs=20):
    """Freund & Schapire's vote, literally, over all the epochs (Algorithm 2 runs to MaxIter): every w
    with the count of examples it was current after; (the vote, does some voter have a point on its line)."""
    kept = reference.plain_voted(Z, y, epochs)
    return sum(k * sign(Z @ v) for v, k in kept if k), any(k and (Z @ v == 0).any() for v, k in kept)


def reference_scores(algorithm, Z, y):
    """The η = 1 classifier's scores on Z from the literal loops (pocket and batch: their rule here)."""
    if algorithm == "online":
        return Z @ reference.plain_online(Z, y, epochs=20)[0]
    if algorithm == "voted":
        return reference_voted(Z, y)[0]
    if algorithm == "batch":
        thetas = reference.plain_batch(Z, y, epochs=20)
        return Z @ (thetas[-1] if thetas else np.zeros(Z.shape[1]))
    # pocket: every w on the online path weighed, the first strictly better kept, the clean one last
    return Z @ reference.plain_pocket(Z, y, 20)


@pytest.mark.parametrize("algorithm, X, y, eta", BINARY, ids=[c[0] for c in BINARY])
def test_a_binary_run_labels_points_on_its_boundary_as_at_eta_1(algorithm, X, y, eta):
    Z = np.column_stack([np.asarray(X, dtype=float), np.ones(len(X))])
    y = np.asarray(y)
    truth = sign(reference_scores(algorithm, Z, y))
    # the case: a point exactly on the boundary (voted: on some voter's)
    assert reference_voted(Z, y)[1] if algorithm == "voted" else (reference_scores(algorithm, Z, y) == 0).any()
    want = float(np.mean(truth == y))
    for e in (1.0, eta):
        r = train(X, y, e, algorithm=algorithm)
        assert r["train_accuracy"] == want, (e, r["train_accuracy"], want)
        assert wrong_in_plot(r) == int(np.sum(truth != y)), r["plot_alt"]["boundary"]
    Estimator = {"online": Perceptron, "pocket": PocketPerceptron}.get(algorithm)
    if Estimator is not None:
        est = Estimator(eta=eta, max_epochs=20).fit(np.asarray(X, dtype=float), y)
        assert np.array_equal(est.predict(np.asarray(X, dtype=float)), truth)


@pytest.mark.parametrize("X, y, eta", MULTICLASS)
def test_a_multiclass_run_breaks_ties_as_at_eta_1(X, y, eta):
    Z = np.column_stack([np.asarray(X, dtype=float), np.ones(len(X))])
    W = reference.plain_multiclass(Z, np.asarray(y), 3, epochs=20)
    truth = np.argmax(Z @ W.T, axis=1)
    want = float(np.mean(truth == np.asarray(y)))
    for e in (1.0, eta):
        r = train(X, y, e, algorithm="multiclass")
        assert r["train_accuracy"] == want, (e, r["train_accuracy"], want)
        assert wrong_in_plot(r) == int(np.sum(truth != np.asarray(y)))
    est = MulticlassPerceptron(eta=eta, max_epochs=20).fit(np.asarray(X, dtype=float), y)
    assert np.array_equal(est.predict(np.asarray(X, dtype=float)), truth)


@pytest.mark.parametrize("X, y, eta", KERNEL)
def test_a_kernel_run_labels_points_on_its_boundary_as_at_eta_1(X, y, eta):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    K = Kernel("linear", 2, 1.0, 1.0, True, False)(X, X)
    for e in (1.0, eta):
        est = KernelPerceptron(kernel="linear", eta=e, max_epochs=20).fit(X, y)
        # as many epochs as the run made (it stops where its scores repeat: a cycle)
        alpha = reference.plain_kernel(K, y, epochs=est.n_iter_)
        scores = (alpha * y) @ K
        assert (scores == 0).any()
        assert np.array_equal(est.predict(X), sign(scores)), e


@pytest.mark.parametrize("eta", [1.0, 0.1])
def test_the_step_through_rings_what_the_run_gets_wrong_at_every_eta(eta):
    """The last step's frame (Python's PNG and the page's own drawing) rings the points the η = 1
    literal loop gets wrong: η·w tipped a point on the line into a second ring."""
    algorithm, X, y, _ = BINARY[0]
    Z = np.column_stack([np.asarray(X, dtype=float), np.ones(len(X))])
    truth = sign(reference_scores(algorithm, Z, np.asarray(y)))
    wrong = int(np.sum(truth != np.asarray(y)))
    r = handle({"cmd": "train", "data": {"kind": "csv", "text": csv(X, y)},
                "settings": {"eta": eta, "epochs": 20, "plots": False}})
    last = len(r["trace"]["step"])
    png = handle({"cmd": "frame", "step": last})
    assert png["n_wrong"] == wrong and f"{wrong} of {len(X)} points misclassified" in png["alt"]
    drawn = handle({"cmd": "frame", "batch": [last, last]})
    assert drawn["frames"][-1]["n_wrong"] == wrong
