"""A separator found where the features are on one scale, checked on the data as it is.

Raw features of very different scales (breast cancer's areas in the thousands beside its
smoothness in hundredths) leave the max-margin solver with a margin of γ/R ≈ 1e-8, below what
it can tell from rounding, so it cannot decide. The same data with every column z-scored (the
bias column, constant, kept: then a shift of a column is a change of the bias) is an easy
problem; its maximum-margin w', mapped back (w_j = w'_j/σ_j, the bias absorbing the shifts), is a
candidate separator of the raw data. It proves separability only where it is checked on the raw
rows: every y·(w·x̃) above its rounding error, as margin.max_margin verifies its own u, and (on
inputs small enough) in exact rationals. Its margin is then a true margin of the raw data, a
lower bound on the maximum (Novikoff's bound holds with it, looser).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from .margin import max_margin

_EPS = np.finfo(np.float64).eps
EXACT_WORK_MAX = 200_000  # n·d rational products: the exact check of the mapped w on small data


def rescaled_separator(Z, y, deadline=None):
    """(u, gamma): a unit u with verified margin gamma > 0 on the rows Z (the prepared x̃, raw
    units), found by the max margin of the column-rescaled rows; None when none is found in time."""
    Z = np.asarray(Z, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n, d = Z.shape
    constant = [j for j in range(d) if np.all(Z[:, j] == Z[0, j]) and Z[0, j] != 0.0]
    bias = constant[-1] if constant else None  # the bias column (last when on): shifts go into it
    shift = np.zeros(d)
    if bias is not None:
        shift = Z.mean(axis=0)
        shift[constant] = 0.0
    scale = np.sqrt(np.mean((Z - shift) ** 2, axis=0))
    scale[(scale == 0.0) | (np.arange(d) == bias)] = 1.0
    m = max_margin((Z - shift) / scale, y, deadline=deadline)
    if not m.separable:
        return None
    w = m.u / scale
    if bias is not None:
        w[bias] -= float(np.dot(w, shift)) / Z[0, bias]
    norm = float(np.linalg.norm(w))
    if not norm > 0.0:
        return None
    u = w / norm
    R = float(np.max(np.linalg.norm(Z, axis=1)))
    gamma = float(np.min(y * (Z @ u)))
    # Above the rounding of y·(u·x̃) (margin.max_margin's floor), every point is on its side; below
    # it, or on small data anyway, the exact margin decides (and is the one given).
    if n * d <= EXACT_WORK_MAX:
        exact = _exact_margin(Z, y, u)
        if not exact > 0:
            return None
        return u, float(exact) / float(np.linalg.norm(u))
    if not gamma > 4.0 * (d + 1) * _EPS * R:
        return None
    return u, gamma


def _exact_margin(Z, y, u):
    """min_i y_i·(u·x̃_i) in exact rationals (each float is one)."""
    U = [Fraction(float(v)) for v in u]
    return min(int(t) * sum(Fraction(float(a)) * b for a, b in zip(z, U) if a) for z, t in zip(Z, y))
