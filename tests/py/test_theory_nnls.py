"""Lawson & Hanson's NNLS (KKT, scipy, edge cases, rounding) and the proof series of a run."""
import math

import numpy as np
import pytest

from perceptron_lab.theory import max_margin, nnls, proof_series, radius
from reference import perceptron_run
from theorykit import AND_Y, BOOL_Z, XOR_Y


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
