"""The margin theory by hand and against other solvers: R, the maximum margin u and γ on the Boolean
data, degenerate and bad inputs, margin_of, the bound, the summary, brute force and scikit-learn's
SVM."""
import itertools
import json
import math

import numpy as np
import pytest

from perceptron_lab.theory import MarginResult, bound, margin_of, max_margin, nnls, radius, summary
from theorykit import AND_Y, BOOL_Z, XOR_Y, planted


OR_Y = np.array([-1, 1, 1, 1])
NAND_Y = -AND_Y


def brute_force_gamma(Z, y):
    """Exact max margin through the origin for small n: the optimum is the min-norm w with
    G_S w = 1 on its support S (|S| <= d), so try every S and keep the best true margin."""
    G = y[:, None] * Z
    n, d = G.shape
    best = -np.inf
    for k in range(1, min(n, d) + 1):
        for S in itertools.combinations(range(n), k):
            w = np.linalg.lstsq(G[list(S)], np.ones(k), rcond=None)[0]
            if np.linalg.norm(w) > 0:
                best = max(best, margin_of(w, Z, y))
    return best


def unit_sphere_samples(n, d, seed=0):
    rng = np.random.default_rng(seed)
    U = rng.normal(size=(n, d))
    return U / np.linalg.norm(U, axis=1, keepdims=True)


def assert_kkt(Z, y, res):
    """u is a nonnegative combination of the support vectors' y_i x̃_i."""
    G = (y[:, None] * Z)[res.support]
    lam, resid = nnls(G.T, res.u)
    assert np.all(lam >= 0)
    assert resid < 1e-9


# ---------------------------------------------------------------- hand cases


def test_radius():
    assert radius(BOOL_Z) == pytest.approx(math.sqrt(3))
    assert radius(np.array([[3.0, 4.0], [0.0, 1.0]])) == 5.0


def test_and_max_margin_by_hand():
    # By symmetry w = (a, a, b); active constraints (0,1), (1,0), (1,1) give a + b = -1,
    # 2a + b = 1, so w = (2, 2, -3), ‖w‖² = 17, gamma = 1/√17; the multipliers are
    # (5, 5, 7) >= 0 (KKT), and (0, 0) has slack 3.
    res = max_margin(BOOL_Z, AND_Y)
    assert isinstance(res, MarginResult)
    assert res.separable
    assert res.gamma == pytest.approx(1 / math.sqrt(17), rel=1e-12)
    np.testing.assert_allclose(res.u, np.array([2, 2, -3]) / math.sqrt(17), atol=1e-12)
    assert sorted(res.support.tolist()) == [1, 2, 3]
    assert_kkt(BOOL_Z, AND_Y, res)
    assert bound(radius(BOOL_Z), res.gamma) == pytest.approx(3 * 17)


def test_and_no_sampled_direction_beats_gamma():
    res = max_margin(BOOL_Z, AND_Y)
    U = unit_sphere_samples(200_000, 3)
    sampled = np.min((AND_Y[:, None] * (BOOL_Z @ U.T)), axis=0)
    assert sampled.max() <= res.gamma + 1e-12
    # ... and the sampling is dense enough to come close, so the check has teeth.
    assert sampled.max() >= res.gamma - 1e-2


def test_or_and_nand_by_hand():
    res = max_margin(BOOL_Z, OR_Y)
    assert res.separable
    # w = (2, 2, -1): (0,0) gives -b = 1, (0,1) and (1,0) give a + b = 1; multipliers (5, 2, 2).
    assert res.gamma == pytest.approx(1 / 3, rel=1e-12)
    np.testing.assert_allclose(res.u, np.array([2, 2, -1]) / 3, atol=1e-12)
    assert sorted(res.support.tolist()) == [0, 1, 2]
    assert_kkt(BOOL_Z, OR_Y, res)

    res = max_margin(BOOL_Z, NAND_Y)
    assert res.separable
    assert res.gamma == pytest.approx(1 / math.sqrt(17), rel=1e-12)
    np.testing.assert_allclose(res.u, -np.array([2, 2, -3]) / math.sqrt(17), atol=1e-12)


def test_xor_is_not_separable():
    res = max_margin(BOOL_Z, XOR_Y)
    assert res.separable is False
    assert res.u is None and res.gamma is None and res.support.size == 0
    s = summary(BOOL_Z, XOR_Y)
    assert s == {"R": pytest.approx(math.sqrt(3)), "separable": False, "gamma": None, "bound": None, "u": None}


def test_one_dimensional_cases():
    # Through the origin on a line: u = +1, the closest point is -1 (label -1): gamma = 1.
    res = max_margin(np.array([[2.0], [-1.0], [3.0]]), np.array([1, -1, 1]))
    assert res.separable
    np.testing.assert_allclose(res.u, [1.0])
    assert res.gamma == pytest.approx(1.0)
    assert res.support.tolist() == [1]
    # Two points on the same side of 0 with different labels: no line through 0 splits them.
    assert not max_margin(np.array([[1.0], [2.0]]), np.array([1, -1])).separable
    # With a bias: x = 0 -> -1, x = 2 -> +1. Constraints -b >= 1 and 2a + b >= 1 give
    # w = (1, -1), gamma = 1/√2 (multipliers 3/2 and 1/2).
    Z = np.array([[0.0, 1.0], [2.0, 1.0]])
    res = max_margin(Z, np.array([-1, 1]))
    assert res.gamma == pytest.approx(1 / math.sqrt(2), rel=1e-12)
    np.testing.assert_allclose(res.u, np.array([1, -1]) / math.sqrt(2), atol=1e-12)


def test_degenerate_inputs():
    # x̃ = 0 is a mistake for every w.
    Z = np.array([[1.0, 0.0], [0.0, 0.0], [-1.0, 0.0]])
    assert not max_margin(Z, np.array([1, 1, -1])).separable
    assert not max_margin(np.zeros((3, 2)), np.array([1, -1, 1])).separable
    # The same point with both labels.
    Z = np.array([[1.0, 2.0, 1.0], [0.5, -1.0, 1.0], [1.0, 2.0, 1.0]])
    assert not max_margin(Z, np.array([1, -1, -1])).separable
    # One class with a bias column: u = e_bias separates with margin 1 (all x̃ have bias 1).
    Z = np.array([[5.0, 1.0], [-5.0, 1.0]])
    res = max_margin(Z, np.array([1, 1]))
    assert res.separable and res.gamma == pytest.approx(1.0)
    # A single point.
    res = max_margin(np.array([[3.0, 4.0]]), np.array([-1]))
    np.testing.assert_allclose(res.u, [-0.6, -0.8])
    assert res.gamma == pytest.approx(5.0)
    # Rank-deficient data (all points on a plane in 3-D) and many duplicates.
    rng = np.random.default_rng(0)
    Z = rng.normal(size=(30, 2)) @ rng.normal(size=(2, 3))
    Z = np.vstack([Z, Z, Z])
    y = np.where(Z @ np.array([1.0, -2.0, 0.5]) > 0, 1, -1)
    res = max_margin(Z, y)
    assert res.separable
    assert res.gamma == pytest.approx(brute_force_gamma(Z[:30], y[:30]), rel=1e-9)


def test_scale_invariance_of_u_and_scaling_of_gamma():
    X, y, _ = planted(3, 25, 3, 0.1)
    base = max_margin(X, y)
    for c in (1e-6, 1e6):
        res = max_margin(c * X, y)
        np.testing.assert_allclose(res.u, base.u, atol=1e-9)
        assert res.gamma == pytest.approx(c * base.gamma, rel=1e-9)


def test_small_margin_is_still_found_exactly():
    # (1, ±delta) with opposite labels: u = (0, 1), gamma = delta, even for tiny delta.
    for delta in (1e-3, 1e-6, 1e-9):
        Z = np.array([[1.0, delta], [1.0, -delta], [2.0, 0.5], [3.0, -0.7]])
        res = max_margin(Z, np.array([1, -1, 1, -1]))
        assert res.separable
        assert res.gamma == pytest.approx(delta, rel=1e-9)


def test_bad_input_is_rejected():
    with pytest.raises(ValueError):
        max_margin(BOOL_Z, np.array([0, 1, 1, 0]))
    with pytest.raises(ValueError):
        max_margin(BOOL_Z, AND_Y[:3])
    with pytest.raises(ValueError):
        radius(np.zeros((0, 3)))
    with pytest.raises(ValueError):
        max_margin(np.array([[np.nan, 1.0]]), np.array([1]))


# ---------------------------------------------------------------- margin_of, bound, summary


def test_margin_of_the_lecture_and_weights():
    w = np.array([20.0, 20.0, -30.0])  # a = 20 x1 + 20 x2 - 30
    # y·a on (0,0), (0,1), (1,0), (1,1): 30, 10, 10, 10 -> min 10; ‖w‖ = √1700.
    m = margin_of(w, BOOL_Z, AND_Y)
    assert m > 0
    assert m == pytest.approx(10 / math.sqrt(1700), rel=1e-14)
    # w is parallel to (2, 2, -3): the lecture's AND weights already have the max margin.
    assert m == pytest.approx(max_margin(BOOL_Z, AND_Y).gamma, rel=1e-12)
    # -w gets everything wrong: min y·(-a) = -30.
    assert margin_of(-w, BOOL_Z, AND_Y) == pytest.approx(-30 / math.sqrt(1700))
    assert margin_of(np.zeros(3), BOOL_Z, AND_Y) is None
    with pytest.raises(ValueError):
        margin_of(np.ones(2), BOOL_Z, AND_Y)


def test_bound():
    assert bound(2.0, 0.5) == pytest.approx(16.0)
    assert bound(1.0, None) is None
    assert bound(1.0, 0.0) is None
    assert bound(1.0, -0.1) is None


def test_summary_is_json_ready():
    s = summary(BOOL_Z, AND_Y)
    assert set(s) == {"R", "separable", "gamma", "bound", "u"}
    assert s["separable"] is True
    assert s["bound"] == pytest.approx(51.0)
    assert all(type(c) is float for c in s["u"])
    assert json.loads(json.dumps(s)) == s


# ---------------------------------------------------------------- against other solvers


@pytest.mark.parametrize("seed", range(6))
def test_matches_brute_force_qp(seed):
    rng = np.random.default_rng(seed)
    d = int(rng.integers(2, 5))
    X, y, _ = planted(seed, 10, d, float(rng.uniform(0.01, 0.3)))
    res = max_margin(X, y)
    assert res.separable
    assert res.gamma == pytest.approx(brute_force_gamma(X, y), rel=1e-9)
    assert_kkt(X, y, res)


@pytest.mark.parametrize("seed", range(5))
def test_matches_scikit_learn_svm(seed):
    from sklearn.svm import SVC

    X, y, _ = planted(100 + seed, 60, 3, 0.05)
    Z = np.hstack([X[:, :2], np.ones((60, 1))]) if seed % 2 else X
    y = y if not seed % 2 else np.where(Z @ np.array([1.0, -0.5, 0.2]) > 0, 1, -1)
    res = max_margin(Z, y)
    assert res.separable
    # SVC always fits an intercept. On the mirrored data (Z, y) ∪ (-Z, -y) the constraints
    # y w·x̃ >= 1 are the same, and by symmetry an optimum has intercept 0, so SVC's
    # 1/‖w‖ is exactly our through-the-origin margin.
    svc = SVC(kernel="linear", C=1e10, tol=1e-10).fit(np.vstack([Z, -Z]), np.concatenate([y, -y]))
    w = svc.coef_[0]
    assert res.gamma == pytest.approx(1 / np.linalg.norm(w), rel=1e-5)
    # Ours is the maximum: SVC's direction cannot do better on the data.
    assert margin_of(w, Z, y) <= res.gamma * (1 + 1e-12)
