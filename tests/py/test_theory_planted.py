"""Properties on planted data: the margin found, contradictions proved, the perceptron obeying the
bound and the proof."""
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perceptron_lab.theory import bound, margin_of, max_margin, proof_series, radius, summary
from reference import perceptron_run
from theorykit import planted


PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
