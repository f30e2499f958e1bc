"""Tests of perceptron_lab.theory: hand cases, an exact brute-force QP, scikit-learn's SVM,
and hypothesis properties of the theorem (mistakes <= (R/gamma)², both claims of the proof)."""

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perceptron_lab.theory import (
    MarginResult,
    bound,
    margin_of,
    max_margin,
    nnls,
    proof_series,
    radius,
    summary,
)
from reference import perceptron_run
from tools import planted_data

# x̃ = (x1, x2, 1) for the four Boolean inputs, bias last.
BOOL_Z = np.array([[0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=float)
AND_Y = np.array([-1, -1, -1, 1])
OR_Y = np.array([-1, 1, 1, 1])
NAND_Y = -AND_Y
XOR_Y = np.array([-1, 1, 1, -1])

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- references written here


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


def planted(seed, n, d, margin):
    X, sign, u_star = planted_data.planted(seed, n, d, margin)
    return X, sign.astype(int), u_star


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


# ---------------------------------------------------------------- nnls


def assert_nnls_kkt(A, b, x, resid):
    assert np.all(x >= 0)
    assert resid == pytest.approx(np.linalg.norm(A @ x - b), abs=1e-12)
    grad = A.T @ (b - A @ x)  # minus the gradient of ½‖Ax - b‖²
    scale = np.linalg.norm(A) * max(np.linalg.norm(b), 1.0)
    assert np.all(grad <= 1e-9 * scale)
    assert np.all(np.abs(grad[x > 0]) <= 1e-9 * scale)


@pytest.mark.parametrize("seed", range(40))
def test_nnls_kkt_and_scipy(seed):
    from scipy.optimize import nnls as scipy_nnls

    rng = np.random.default_rng(seed)
    m, n = int(rng.integers(1, 9)), int(rng.integers(1, 12))
    A = rng.normal(size=(m, n))
    if seed % 3 == 0:
        A[:, rng.integers(n)] = 0.0
    if seed % 4 == 0 and n > 2:
        A[:, 1] = 2 * A[:, 0]
        A[:, 2] = A[:, 0] - A[:, 1]
    b = rng.normal(size=m)
    x, resid = nnls(A, b)
    assert_nnls_kkt(A, b, x, resid)
    assert resid <= scipy_nnls(A, b)[1] + 1e-10


def test_nnls_edge_cases():
    x, r = nnls(np.eye(3), np.zeros(3))
    assert np.all(x == 0) and r == 0
    x, r = nnls(np.eye(2), np.array([1.0, -1.0]))
    np.testing.assert_allclose(x, [1.0, 0.0])
    assert r == pytest.approx(1.0)
    # identical columns: any split is optimal, the fit must be exact
    A = np.array([[1.0, 1.0], [1.0, 1.0]])
    x, r = nnls(A, np.array([2.0, 2.0]))
    assert r < 1e-12 and x.sum() == pytest.approx(2.0)


def test_nnls_sets_aside_a_column_that_only_rounding_makes_attractive():
    # Integer, rank-deficient: a column whose gradient is positive only by rounding enters,
    # gets z <= 0 and is set aside (found by search); the answer must still be optimal.
    A = np.array(
        [
            [0.0, -0.0, 1.0, 1.0, -2.0, 1.0, 1.0],
            [2.0, -2.0, 2.0, 1.0, -1.0, 3.0, -1.0],
            [2.0, -1.0, -0.0, 1.0, 1.0, 0.0, -1.0],
            [0.0, -1.0, -1.0, -4.0, 1.0, -0.0, 1.0],
            [-1.0, 1.0, 2.0, -0.0, 1.0, 0.0, -2.0],
        ]
    )
    b = np.array([-2.0, -1.0, -3.0, -3.0, -3.0])
    x, resid = nnls(A, b, max_iter=50)
    assert_nnls_kkt(A, b, x, resid)
    from scipy.optimize import nnls as scipy_nnls

    assert resid <= scipy_nnls(A, b)[1] + 1e-10


def test_separable_answers_are_verified(monkeypatch):
    # Whatever the solver hands back, "separable" is only said with a u that classifies
    # every point: feed XOR a bogus NNLS answer and the verification must refuse it.
    import perceptron_lab.theory as theory

    def bogus_nnls(A, b, **kw):
        return np.linspace(1.0, 0.1, A.shape[1]), 0.5

    monkeypatch.setattr(theory, "nnls", bogus_nnls)
    assert max_margin(BOOL_Z, XOR_Y).separable is False
    assert max_margin(BOOL_Z, AND_Y).separable is True


# ---------------------------------------------------------------- proof_series


def test_proof_series_on_and():
    Z, y = BOOL_Z, AND_Y
    res = max_margin(Z, y)
    R = radius(Z)
    k, W = perceptron_run(Z, y, eta=0.25)
    p = proof_series(W, res.u, res.gamma, R, eta=0.25)
    np.testing.assert_array_equal(p["t"], np.arange(1, k + 1))
    k1, W1 = perceptron_run(Z, y, eta=1.0)
    assert k1 == k
    np.testing.assert_allclose(p["u_dot_w"], W1 @ res.u)
    np.testing.assert_allclose(p["w_norm"], np.linalg.norm(W1, axis=1))
    np.testing.assert_allclose(p["t_gamma"], np.arange(1, k + 1) * res.gamma)
    np.testing.assert_allclose(p["sqrt_t_R"], np.sqrt(np.arange(1, k + 1)) * R)
    assert np.all(p["u_dot_w"] >= p["t_gamma"] - 1e-12)
    assert np.all(p["w_norm"] <= p["sqrt_t_R"] + 1e-12)


def test_proof_series_without_separator_keeps_claim_two():
    W = np.array([[1.0, 0.0], [1.0, 1.0]])
    p = proof_series(W, None, None, 2.0)
    assert p["u_dot_w"] is None and p["t_gamma"] is None
    np.testing.assert_allclose(p["w_norm"], [1.0, math.sqrt(2)])
    p = proof_series(W[1:], np.array([1.0, 0.0]), 0.5, 2.0, t=[7])
    np.testing.assert_allclose(p["t_gamma"], [3.5])
    np.testing.assert_allclose(p["sqrt_t_R"], [2 * math.sqrt(7)])
    empty = proof_series(np.zeros((0, 2)), np.array([1.0, 0.0]), 0.5, 1.0)
    assert empty["t"].shape == (0,) and empty["u_dot_w"].shape == (0,)
    with pytest.raises(ValueError):
        proof_series(W, None, None, 1.0, eta=0.0)


# ---------------------------------------------------------------- properties


@PROPS
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 40),
    d=st.integers(1, 5),
    margin=st.floats(1e-3, 0.5),
)
def test_planted_margin_is_found(seed, n, d, margin):
    X, y, u_star = planted(seed, n, d, margin)
    planted_gamma = float(np.min(y * (X @ u_star)))
    res = max_margin(X, y)
    assert res.separable
    assert abs(np.linalg.norm(res.u) - 1) < 1e-12
    assert res.gamma >= planted_gamma * (1 - 1e-9)
    assert res.gamma == pytest.approx(float(np.min(y * (X @ res.u))))
    assert np.all(y * (X @ res.u) > 0)
    assert res.support.size >= 1


@PROPS
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 40),
    m=st.integers(1, 3),
    margin=st.floats(0.01, 0.3),
)
def test_planted_margin_with_bias_column(seed, n, m, margin):
    rng = np.random.default_rng(seed)
    a, b = rng.normal(size=m), float(rng.normal())
    X = rng.uniform(-2, 2, size=(8 * n, m))
    s = (X @ a + b) / math.hypot(np.linalg.norm(a), b)
    X = X[np.abs(s) >= margin][:n]
    if len(X) == 0:
        return
    Z = np.hstack([X, np.ones((len(X), 1))])
    w_star = np.append(a, b)
    y = np.where(Z @ w_star > 0, 1, -1)
    res = max_margin(Z, y)
    assert res.separable
    assert res.gamma >= margin_of(w_star, Z, y) * (1 - 1e-9)


@PROPS
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 30),
    d=st.integers(1, 5),
    k=st.integers(1, 4),
    duplicate=st.booleans(),
)
def test_planted_contradiction_is_not_separable(seed, n, d, k, duplicate):
    X, y, _ = planted(seed, n, d, 0.1)
    rng = np.random.default_rng(seed + 1)
    if duplicate:
        i = int(rng.integers(n))
        X, y = np.vstack([X, X[i]]), np.append(y, -y[i])
    else:
        # z = Σ c_i y_i x_i with label -1: then Σ c_i y_i x_i + (-1)·z = 0, so no w can make
        # every y·w·x positive (Gordan).
        idx = rng.choice(n, size=min(k, n), replace=False)
        c = rng.uniform(0.1, 2.0, size=len(idx))
        z = (c * y[idx]) @ X[idx]
        X, y = np.vstack([X, z]), np.append(y, -1)
    perm = rng.permutation(len(y))
    res = max_margin(X[perm], y[perm])
    # z is rounded to floats, so the contradiction may hold only up to rounding: the solver
    # may then not prove it, but it must never claim a margin, and any margin is below rounding.
    assert res.separable is not True
    if res.separable is None:
        assert res.gamma_upper <= 1e-9 * radius(X)
    else:
        assert res.certificate in ("combination", "zero vector")
    if duplicate:  # y·x + (−y)·x = 0 holds exactly: a certificate must be found
        assert res.separable is False
    assert summary(X[perm], y[perm])["bound"] is None


@PROPS
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 12), d=st.integers(1, 4), k=st.integers(1, 4))
def test_exact_contradiction_on_whole_numbers_is_proved(seed, n, d, k):
    # Whole numbers make Σ c_i y_i x_i exact, so Farkas' weights exist exactly and must be found.
    rng = np.random.default_rng(seed)
    X = rng.integers(-9, 10, size=(n, d)).astype(float)
    X[np.all(X == 0, axis=1), 0] = 1.0
    y = np.where(rng.random(n) < 0.5, -1, 1)
    idx = rng.choice(n, size=min(k, n), replace=False)
    c = rng.integers(1, 4, size=len(idx))
    z = (c * y[idx]) @ X[idx]
    if not z.any():
        return
    X, y = np.vstack([X, z]), np.append(y, -1)
    res = max_margin(X, y)
    lp_w = _lp_strict_separator(X, y)
    assert lp_w is None  # the LP oracle agrees there is no separator
    assert res.separable is False
    assert res.certificate in ("combination", "zero vector")


def _lp_strict_separator(X, y):
    """A w with y·(w·x) >= 1 for all rows by scipy's LP, or None (the independent oracle)."""
    from scipy.optimize import linprog

    d = X.shape[1]
    lp = linprog(np.zeros(d), A_ub=-(y[:, None] * X), b_ub=-np.ones(len(y)), bounds=[(None, None)] * d,
                 method="highs")
    return lp.x if lp.status == 0 else None


@PROPS
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 40),
    d=st.integers(1, 4),
    margin=st.floats(0.02, 0.5),
    eta=st.sampled_from([0.1, 1.0, 3.0]),
)
def test_perceptron_obeys_the_bound_and_the_proof(seed, n, d, margin, eta):
    X, y, _ = planted(seed, n, d, margin)
    res = max_margin(X, y)
    R = radius(X)
    mistakes, W = perceptron_run(X, y, eta=eta)
    assert mistakes <= bound(R, res.gamma) * (1 + 1e-9)
    p = proof_series(W, res.u, res.gamma, R, eta=eta)
    assert p["t"].shape == (mistakes,)
    assert np.all(p["u_dot_w"] >= p["t_gamma"] * (1 - 1e-9) - 1e-12)
    assert np.all(p["w_norm"] <= p["sqrt_t_R"] * (1 + 1e-9) + 1e-12)
