"""The theory of the lecture notes, computed: R, separability, the max-margin u and gamma,
the Novikoff bound (R/gamma)^2 and the two inequalities of its proof.

Every function takes the PREPARED vectors, exactly as the perceptron sees them:

    Z  (n, d) float64, row i is x̃_i (the bias column, if any, is already inside, last)
    y  (n,) in {-1, +1}

so everything is "through the origin" in x̃-space, as in the theorem. Numpy only: this
module also runs in Pyodide (no scipy there).

Separability is decided by the hard-margin SVM through the origin,
    min ‖w‖²  subject to  y_i w·x̃_i >= 1 for all i,
solved exactly as a least-distance program (Lawson & Hanson, "Solving Least Squares
Problems", chapter 23) on top of their active-set NNLS, then sharpened by an exact
working-set pass for d <= 8 (see _polish), an active set on the support above (refine.py).
Every answer carries its proof, or says it has none (separable = None):
- True: the returned u classifies every point with a margin larger than the rounding error
  of the check, and gamma is a true margin of u, so (R/gamma)² is always a valid bound.
- False: a certificate of Farkas' lemma checked in exact rational arithmetic: weights
  λ >= 0, not all 0, with Σ λ_i y_i x̃_i = 0 exactly (so no w has every y_i w·x̃_i > 0);
  a point with x̃ = 0 is the one-point case.
- None: neither could be verified (the margin, if any, is tiny): gamma_upper then bounds
  every possible margin, gamma <= R·‖Σ v_i y_i x̃_i/R‖ / Σ v_i for the solver's v >= 0.
Accuracy, measured against an exact KKT oracle (bench/margin_accuracy.py): up to 8 dimensions of
x̃ gamma is within 1e-10 relative of the exact maximum down to gamma/R = 1e-7; above 8 (refine.py)
within 1e-12 while gamma/R >= 1e-3, 1e-4 while gamma/R >= 1e-5 (usually 1e-11), and below that it
may fall far short (tens of percent). It is always a verified margin, so (R/gamma)² stays a bound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..core.exact import rref
from .dual_margin import dual_margin
from .nnls import OutOfTime, nnls
from .refine import better, refine
from .proof import proof_series  # noqa: F401  (read here too: lessons/facts.py)

__all__ = [
    "MarginResult",
    "radius",
    "nnls",
    "max_margin",
    "bound",
    "margin_of",
    "proof_series",
    "summary",
]

_EPS = np.finfo(np.float64).eps

# A residual of the least-distance NNLS below this (on data scaled to R = 1) means the
# constraints y_i w·x̃_i >= 1 are inconsistent. In the separable case the residual is
# gamma/R / sqrt(1 + (gamma/R)²), so no margin below this can be seen; a larger residual
# from inconsistent data is caught by the verification of u.
_SEPARABLE_RESIDUAL = 1e-12

# Points whose margin is within this (relative to gamma) of gamma are support vectors.
_SUPPORT_RTOL = 1e-7


@dataclass
class MarginResult:
    """The hard-margin SVM through the origin in x̃-space."""

    separable: bool | None
    """True: some unit u has y_i u·x̃_i > 0 for every i (verified on the data). False: proved
    impossible (certificate). None: not decided (gamma_upper bounds any margin)."""
    u: np.ndarray | None = None
    """(d,) unit vector of the maximum margin; None when not separable."""
    gamma: float | None = None
    """min_i y_i u·x̃_i, the margin of the data (> 0); None when not separable."""
    support: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    """Indices i whose margin y_i u·x̃_i equals gamma (within 1e-7 relative); empty when not separable."""
    certificate: str | None = None
    """Why not separable: "zero vector" (some x̃_i = 0) or "combination" (exact Farkas weights)."""
    gamma_upper: float | None = None
    """When undecided: no unit u has a margin above this."""
    complete: bool = True
    """False: the solver ran out of time (max_margin's deadline). Then u and gamma, if any, are a
    verified margin of the solver's last iterate, a lower bound on the maximum, and gamma_upper
    bounds the maximum; False is never said without the solver's end."""


def _check_Z(Z):
    """Z as a finite (n, d) float64 array with n >= 1."""
    Z = np.asarray(Z, dtype=np.float64)
    if Z.ndim != 2:
        raise ValueError(f"Z must be 2-D (n, d), got shape {Z.shape}")
    if Z.shape[0] == 0:
        raise ValueError("Z has no rows")
    if not np.all(np.isfinite(Z)):
        raise ValueError("Z contains NaN or infinity")
    return Z


def _check_Zy(Z, y):
    """Z as in _check_Z and y as float64 (n,) of -1/+1."""
    Z = _check_Z(Z)
    y = np.asarray(y)
    if y.shape != (Z.shape[0],):
        raise ValueError(f"y must have shape ({Z.shape[0]},), got {y.shape}")
    y = y.astype(np.float64)
    if not np.all((y == 1.0) | (y == -1.0)):
        raise ValueError("y must contain only -1 and +1")
    return Z, y


def radius(Z) -> float:
    """R = max_i ‖x̃_i‖, the radius of the ball around the origin holding every x̃_i."""
    Z = _check_Z(Z)
    return float(np.max(np.linalg.norm(Z, axis=1)))


# The polish solves the max margin exactly on at most d + 1 points by trying all their
# subsets: 2^(d+1) tiny least-squares solves, affordable up to this d.
_POLISH_MAX_D = 8
_POLISH_ROUNDS = 50


def _best_on(G, T):
    """Exact max-margin direction for the points T (|T| <= d + 1) of G, by their subsets.

    G: rows y_i x̃_i / R. T: list of indices. The optimum is the min-norm w with
    G_S w = 1 for its support S, so it is among these candidates; the one with the
    largest margin on T wins, which needs no feasibility tolerances.
    Returns (unit u, margin on T) or (None, -inf).
    """
    best_u, best_m = None, -np.inf
    GT = G[T]
    k = len(T)
    for mask in range(1, 1 << k):
        rows = [j for j in range(k) if mask >> j & 1]
        w = np.linalg.lstsq(GT[rows], np.ones(len(rows)), rcond=None)[0]
        w_norm = float(np.linalg.norm(w))
        if not (np.isfinite(w_norm) and w_norm > 0.0):
            continue
        m = float(np.min(GT @ w)) / w_norm
        if m > best_m:
            best_u, best_m = w / w_norm, m
    return best_u, best_m


def _polish(Z, y, G, u, active):
    """Sharpen the LDP answer u with an exact working-set pass, started at its support.

    Z, y: the data. G: rows y_i x̃_i / R. u: unit vector from the LDP. active: indices
    with v_i > 0. Returns (u, gamma, margins), the best candidate as measured on all data.
    Why: the LDP's multipliers scale like (gamma/R)², so for small margins its u is only
    good to about eps·(R/gamma)². Here the max margin is solved exactly on a working set T
    of <= d + 1 points; the most violated point then replaces T's non-support points.
    The margin on T strictly decreases each round, so this ends at the true optimum.
    """
    n, d = G.shape
    margins = y * (Z @ u)
    gamma = float(np.min(margins))
    if d > _POLISH_MAX_D:
        return refine(Z, y, G, u, gamma, margins)  # an active set on the support (refine.py)
    active = [int(i) for i in active]
    if len(active) > d + 1 or not active:
        active = [int(i) for i in np.argsort(margins)[: d + 1]]
    T = active
    for _ in range(_POLISH_ROUNDS):
        cand, m_T = _best_on(G, T)
        if cand is None:
            break
        u, gamma, margins = better(Z, y, cand, u, gamma, margins)
        g_all = G @ cand
        worst = int(np.argmin(g_all))
        if worst in T or g_all[worst] >= m_T * (1.0 - 1e-12):
            break
        g_T = G[T] @ cand
        keep = [i for i, g in zip(T, g_T) if g <= m_T * (1.0 + 1e-9)]
        T = keep[:d] + [worst]
    return u, gamma, margins


def max_margin(Z, y, *, deadline=None) -> MarginResult:
    """The maximum-margin unit vector u through the origin and its margin gamma.

    Z: (n, d) prepared vectors x̃. y: (n,) labels in {-1, +1}.
    Solves min ‖w‖² s.t. y_i w·x̃_i >= 1 as a least-distance program: with G the rows
    y_i x̃_i and h = 1, the NNLS min ‖E v − f‖, E = [Gᵀ; hᵀ], f = (0, …, 0, 1), has a
    zero residual r = E v − f exactly when the constraints are infeasible; otherwise
    w = −r[:d] / r[d]. Then u = w/‖w‖ and gamma = min_i y_i u·x̃_i, recomputed from u.

    separable is True only with a verified u (gamma exceeds the rounding error of computing
    y_i u·x̃_i), False only with a certificate (some x̃_i = 0, or exact Farkas weights found
    on the solver's support), and None otherwise, with gamma_upper bounding any margin.
    deadline: a time.monotonic() value. The exact solver gets _EXACT_SHARE of the time left;
    past that, dual coordinate descent (dual_margin.py) looks for a large verified margin until
    the deadline, and the answer has complete=False (_out_of_time).
    """
    Z, y = _check_Zy(Z, y)
    n, d = Z.shape
    norms = np.linalg.norm(Z, axis=1)
    R = float(np.max(norms))
    if d == 0 or R == 0.0 or np.any(norms == 0.0):
        return MarginResult(separable=False, certificate="zero vector")

    # u does not depend on the scale of Z; working at R = 1 makes every tolerance relative.
    G = (y[:, None] * Z) / R
    E = np.vstack([G.T, np.ones((1, n))])
    f = np.zeros(d + 1)
    f[d] = 1.0
    try:
        exact_until = None if deadline is None else time.monotonic() + _EXACT_SHARE * (deadline - time.monotonic())
        v, _ = nnls(E, f, deadline=exact_until)
    except OutOfTime as stop:
        return _out_of_time(Z, y, G, stop.x, R, deadline)
    # r[:d] = Gᵀv: w = −r[:d]/r[d] and, at the solution, r[d] = −‖r‖² < 0, so u is
    # the direction of Gᵀv itself. Reading it off there avoids dividing by r[d] ≈ −(gamma/R)²,
    # which would lose about twice as many digits as gamma/R has leading zeros.
    r_head = G.T @ v
    r_norm = float(np.linalg.norm(r_head))
    undecided = MarginResult(separable=None, gamma_upper=_margin_upper(G, v, R))
    if r_norm <= _SEPARABLE_RESIDUAL:
        return _farkas(y[:, None] * Z, v) or undecided
    u = r_head / r_norm

    u, gamma, margins = _polish(Z, y, G, u, np.flatnonzero(v > 0))
    # |computed − exact| for y_i u·x̃_i is at most about d·eps·R (‖u‖ = 1); only a margin
    # above that proves that every point is on its side.
    if not gamma > 4.0 * (d + 1) * _EPS * R:
        return _farkas(y[:, None] * Z, v) or undecided
    support = np.flatnonzero(margins <= gamma * (1.0 + _SUPPORT_RTOL))
    return MarginResult(separable=True, u=u, gamma=gamma, support=support)


# The exact solver's share of a deadline; the rest goes to dual coordinate descent.
_EXACT_SHARE = 0.8


def _out_of_time(Z, y, G, v, R, deadline):
    """What a stopped solver still proves: the better of its iterate's direction Gᵀv and dual
    coordinate descent's u, if every point is on its side by more than rounding, has a true
    margin (a lower bound on the maximum); any dual weights >= 0 bound the maximum from above.
    Never "not separable": that needs the exact solver's end."""
    d = Z.shape[1]
    u_dual, gamma_dual, upper_dual = dual_margin(Z, y, deadline)
    upper = min((b for b in (_margin_upper(G, v, R), upper_dual) if b is not None), default=None)
    u, gamma = u_dual, gamma_dual if gamma_dual is not None else -np.inf
    head = G.T @ v
    norm = float(np.linalg.norm(head))
    if norm > 0.0:
        g = float(np.min(y * (Z @ (head / norm))))
        if g > gamma:
            u, gamma = head / norm, g
    if u is not None and gamma > 4.0 * (d + 1) * _EPS * R:
        margins = y * (Z @ u)
        return MarginResult(separable=True, u=u, gamma=gamma, gamma_upper=upper, complete=False,
                            support=np.flatnonzero(margins <= gamma * (1.0 + _SUPPORT_RTOL)))
    return MarginResult(separable=None, gamma_upper=upper, complete=False)


def _margin_upper(G, v, R):
    """An upper bound on every margin: for unit u, min_i g_i·u <= Σ v_i g_i·u / Σ v_i <= ‖Gᵀv‖/Σv."""
    total = float(np.sum(v))
    if not total > 0.0:
        return None
    # A little slack for the rounding of Gᵀv itself.
    return R * (float(np.linalg.norm(G.T @ v)) / total + 4.0 * (G.shape[1] + 1) * _EPS)


_FARKAS_MAX_POINTS = 16  # exact rational elimination stays fast up to this support


def _farkas(YZ, v):
    """A "not separable" MarginResult if the solver's support S (v > 0) carries exact Farkas
    weights λ >= 0, λ != 0, Σ_{i in S} λ_i·y_i x̃_i = 0 (rows of YZ, in exact rationals); else None."""
    S = np.flatnonzero(v > 0)
    if not 0 < len(S) <= _FARKAS_MAX_POINTS:
        return None
    cols = [[Fraction(float(x)) for x in YZ[i]] for i in S]  # each float is an exact rational
    k, d = len(S), YZ.shape[1]
    M = [[cols[j][r] for j in range(k)] for r in range(d)]  # d × k: Σ_j λ_j col_j = 0
    pivots = rref(M, k)
    free = [c for c in range(k) if c not in pivots]
    if len(free) != 1:  # only a one-dimensional null space gives its weights unambiguously
        return None
    lam = [Fraction(0)] * k
    lam[free[0]] = Fraction(1)
    for r, c in enumerate(pivots):
        lam[c] = -M[r][free[0]]
    if all(x <= 0 for x in lam):
        lam = [-x for x in lam]
    if not all(x >= 0 for x in lam):
        return None
    return MarginResult(separable=False, certificate="combination")


def bound(R, gamma) -> float | None:
    """Novikoff's mistake bound (R/gamma)²: R the radius, gamma the margin of a unit u.

    None when gamma is None or <= 0 (no separator, no bound).
    """
    if gamma is None or R is None:
        return None
    gamma = float(gamma)
    if not gamma > 0.0:
        return None
    return float((float(R) / gamma) ** 2)


def margin_of(w, Z, y) -> float | None:
    """The margin of a given w on the data: min_i y_i w·x̃_i / ‖w‖.

    w: (d,) weights. Z: (n, d) prepared vectors x̃. y: (n,) labels in {-1, +1}.
    Negative when w misclassifies a point, 0 when a point lies on the boundary.
    None when w = 0: the lecture's margin is −inf there (w = 0 makes a mistake on
    everything), and None keeps the value JSON-ready.
    """
    Z, y = _check_Zy(Z, y)
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (Z.shape[1],):
        raise ValueError(f"w must have shape ({Z.shape[1]},), got {w.shape}")
    w_norm = float(np.linalg.norm(w))
    if w_norm == 0.0:
        return None
    return float(np.min(y * (Z @ w)) / w_norm)


def summary(Z, y) -> dict:
    """JSON-ready theory of the data: {"R", "separable", "gamma", "bound", "u"}.

    R: radius (float). separable: True, False (proved) or None (undecided). gamma: max margin (float) or None.
    bound: (R/gamma)² or None. u: the max-margin unit vector as a list or None.
    """
    Z, y = _check_Zy(Z, y)
    R = radius(Z)
    res = max_margin(Z, y)
    return {
        "R": R,
        "separable": res.separable,
        "gamma": None if res.gamma is None else float(res.gamma),
        "bound": bound(R, res.gamma),
        "u": None if res.u is None else [float(c) for c in res.u],
    }
