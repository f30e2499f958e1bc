"""Non-negative least squares, min ‖A x − b‖ subject to x >= 0 (Lawson & Hanson, "Solving
Least Squares Problems", chapter 23): the solver under theory.max_margin. Numpy only, since
Pyodide has no scipy."""

from __future__ import annotations

import time

import numpy as np

from ..heartbeat import beat

_EPS = np.finfo(np.float64).eps


class OutOfTime(Exception):
    """nnls passed its deadline; x is its feasible iterate then (x >= 0, never worse than 0)."""

    def __init__(self, x):
        super().__init__("nnls: out of time")
        self.x = x


def nnls(A, b, *, max_iter=None, tol=None, deadline=None):
    """Solve min ‖A x − b‖ subject to x >= 0 (Lawson–Hanson active set).

    A: (m, n) matrix. b: (m,) target. Returns (x, residual_norm) with x (n,) >= 0.
    max_iter: bound on least-squares solves (default 3n + 30); when reached, the current
    feasible x is returned (it is never worse than x = 0).
    tol: a variable enters the active set only while its gradient component
    (Aᵀ(b − A x))_j exceeds tol; default 10·eps·max(m, 10)·max_j‖A_j‖·‖b‖.
    deadline: a time.monotonic() value; past it, OutOfTime carries the current feasible x
    (thousands of points in hundreds of dimensions take many seconds: the page sets a budget).

    The subproblems are solved with np.linalg.lstsq, so dependent columns are fine; a
    column that cannot improve the fit at the current x is set aside until x changes
    (Lawson & Hanson's safeguard), which keeps rank-deficient problems from cycling.
    """
    A = np.asarray(A, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if A.ndim != 2:
        raise ValueError(f"A must be 2-D, got shape {A.shape}")
    m, n = A.shape
    if b.shape != (m,):
        raise ValueError(f"b must have shape ({m},), got {b.shape}")
    if not (np.all(np.isfinite(A)) and np.all(np.isfinite(b))):
        raise ValueError("A and b must be finite")
    x = np.zeros(n)
    if n == 0 or m == 0:
        return x, float(np.linalg.norm(b))
    if max_iter is None:
        max_iter = 3 * n + 30
    if tol is None:
        # The gradient is a difference of products of size ‖A_j‖·‖b‖; below this it is noise.
        col_scale = float(np.max(np.linalg.norm(A, axis=0)))
        tol = 10.0 * _EPS * max(m, 10) * col_scale * float(np.linalg.norm(b))

    passive = np.zeros(n, dtype=bool)
    blocked = np.zeros(n, dtype=bool)
    n_solves = 0
    grad = A.T @ (b - A @ x)
    while n_solves < max_iter:
        candidates = ~passive & ~blocked & (grad > tol)
        if not candidates.any():
            break
        t = int(np.argmax(np.where(candidates, grad, -np.inf)))
        passive[t] = True
        x_before = x.copy()
        first = True
        while n_solves < max_iter:
            n_solves += 1
            beat()  # each solve is short, but there may be thousands: not a hang
            if deadline is not None and time.monotonic() > deadline:
                x[x < 0] = 0.0
                raise OutOfTime(x.copy())
            idx = np.flatnonzero(passive)
            z = np.linalg.lstsq(A[:, idx], b, rcond=None)[0]
            if np.all(z > 0):
                x[:] = 0.0
                x[idx] = z
                break
            if first and z[idx == t][0] <= 0:
                # Column t only looked useful through rounding (it depends on the passive
                # columns at this x): x stays, and t is set aside until x changes.
                passive[t] = False
                blocked[t] = True
                break
            first = False
            # Move from x towards z until the first passive variable reaches zero; it
            # (and anything rounding put at or below zero) leaves the passive set.
            xp = x[idx]
            neg = np.flatnonzero(z <= 0)
            ratios = xp[neg] / (xp[neg] - z[neg])
            alpha = float(np.min(ratios))
            xp = xp + alpha * (z - xp)
            xp[neg[np.argmin(ratios)]] = 0.0
            leaving = xp <= _EPS * float(np.max(np.abs(xp)))
            xp[leaving] = 0.0
            x[idx] = xp
            passive[idx[leaving]] = False
            if not passive.any():
                break
        if not np.array_equal(x, x_before):
            blocked[:] = False
        grad = A.T @ (b - A @ x)
    x[x < 0] = 0.0
    return x, float(np.linalg.norm(A @ x - b))
