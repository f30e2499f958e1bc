"""Is a repeat of the weights a real cycle? Gordan's certificate, checked in exact arithmetic.

The runs compare floating point states exactly, and floats can repeat where exact arithmetic
would not: added to w = (1e17, −4e17), the update (−5, 3) rounds away, so w "repeats" on data
the first coordinate alone separates. Block & Levin's conclusion (not separable) needs the exact
fact behind a cycle: over one lap the updates add up to 0. So a repeat proves non-separability
only with weights λ >= 0, not all 0, such that Σ λ_i v_i = 0 EXACTLY, where v_i = y_i·x̃_i are the
vectors the lap added (a w with y_i·(w·x̃_i) > 0 on every one would give w·Σ λ_i v_i > 0).

The lap's update counts c are the natural λ: on exact data (whole numbers, halves, ...) the float
path is the exact path and Σ c_i v_i = 0 holds as it stands. Where rounding touched the path
(decimals, unit-length x̃) Σ c_i v_i is only nearly 0; then c is projected onto the exact null
space of the v_i, λ = c − Vᵀ(V Vᵀ)⁻¹ V c (rationals), and λ >= 0, λ != 0 is checked. Every float
is an exact rational, so the check is exact; a failed check only means "not proved".
"""

from fractions import Fraction

import numpy as np

from .exact import rref

# The projection's exact linear algebra costs about rows·dims² rational products: kept for small laps.
PROJECT_ROWS_MAX = 2000
PROJECT_DIMS_MAX = 40


def _scaled(V):
    """V's entries as Python ints times one common power of two (each float is m·2^e exactly)."""
    dens = [abs(float(v)).as_integer_ratio()[1] for v in np.unique(np.abs(V))]
    scale = max(dens) if dens else 1
    return [[int(Fraction(float(v)) * scale) for v in row] for row in V]


def certificate(V, c):
    """True when exact λ >= 0, λ != 0 with Σ λ_i·V[i] = 0 exist near the counts c (> 0).

    V: (k, d) float rows v_i; c: (k,) positive whole numbers (one lap's update counts)."""
    V = np.asarray(V, dtype=np.float64)
    if not np.isfinite(V).all():
        return False
    return whole_certificate(_scaled(V), c)


def whole_certificate(rows, c):
    """certificate() on rows of Python ints (a positive scale per column changes neither the λ with
    Σ λ_i·row_i = 0 nor the one nearest the counts)."""
    c = [int(x) for x in c]
    if len(c) == 0 or not all(x > 0 for x in c):
        return False
    d = len(rows[0])
    total = [sum(ci * row[j] for ci, row in zip(c, rows)) for j in range(d)]
    if not any(total):
        return True
    if len(rows) > PROJECT_ROWS_MAX or d > PROJECT_DIMS_MAX:
        return False
    # λ = c − Vᵀμ with (V Vᵀ)μ = V c: the nearest point to c of the null space {λ : Σ λ_i v_i = 0}.
    M = [[sum(row[a] * row[b] for row in rows) for b in range(d)] for a in range(d)]
    mu = _solve(M, total)
    if mu is None:
        return False
    lam = [ci - sum(m * r for m, r in zip(mu, row)) for ci, row in zip(c, rows)]
    return all(x >= 0 for x in lam) and any(x > 0 for x in lam)


def _solve(M, b):
    """One exact solution of M μ = b (M symmetric, possibly singular; b in its range), else None."""
    d = len(M)
    A = [[Fraction(x) for x in M[r]] + [Fraction(b[r])] for r in range(d)]
    pivots = rref(A, d)
    row = len(pivots)
    if any(A[r][d] != 0 for r in range(row, d)):
        return None  # inconsistent: cannot happen for b = V c, kept as a guard
    mu = [Fraction(0)] * d
    for r, col in enumerate(pivots):
        mu[col] = A[r][d]
    return mu


def lap_counts(epoch, index, cycle, n):
    """Per example, its updates in the lap (epochs cycle.epoch − period + 1 .. cycle.epoch), from a
    complete record of updates (epoch and example index per update); None if it cannot tell."""
    epoch, index = np.asarray(epoch), np.asarray(index)
    lo, hi = cycle["epoch"] - cycle["period"], cycle["epoch"]
    lap = (epoch > lo) & (epoch <= hi)
    if not lap.any() or (index[lap] < 0).any():
        return None
    return np.bincount(index[lap].astype(np.intp), minlength=n)


def lap(bounds, cycle):
    """The updates of the lap (epochs cycle.epoch − period + 1 .. cycle.epoch) in a log of every
    update, as a slice; bounds: the updates made before each epoch (trace.epoch_bounds)."""
    return slice(int(bounds[cycle["epoch"] - cycle["period"]]), int(bounds[cycle["epoch"]]))


def primal(Z, y, counts):
    """The certificate for the online family or batch: v_i = y_i·x̃_i over the examples of the lap."""
    if counts is None:
        return False
    used = np.flatnonzero(counts)
    return certificate(Z[used] * np.asarray(y, dtype=np.float64)[used, None], counts[used])


def replay_counts(w, epoch_step, period, n):
    """Update counts per example over `period` epochs from the repeated state w; epoch_step(w) ->
    (w after one epoch, indices updated in it) repeats the run's own arithmetic."""
    counts = np.zeros(n, dtype=np.int64)
    for _ in range(period):
        w, updated = epoch_step(w)
        np.add.at(counts, np.asarray(updated, dtype=np.intp), 1)
    return counts


def multiclass(Z, n_classes, trace, cycle):
    """Kesler's construction: an update adds x̃ to block `true` and −x̃ to block `rival` of one vector
    of R^(classes·d); the certificate is over those vectors, from the trace's log of every update."""
    index, true, rival = trace.logged(lap(trace.bounds, cycle))
    if not len(index):
        return False
    keys, counts = np.unique(np.column_stack([index, true, rival]), axis=0, return_counts=True)
    d = Z.shape[1]
    V = np.zeros((len(keys), n_classes * d))
    for r, (i, t, q) in enumerate(keys):
        V[r, t * d:(t + 1) * d] = Z[i]
        V[r, q * d:(q + 1) * d] = -Z[i]
    return certificate(V, counts)


KERNEL_GRAM_ROWS_MAX = 300  # the exact Gram sum costs rows² rational powers
MONOMIAL_WORK_MAX = 3_000_000  # rows · monomials · degree: the exact monomial features' integer products


def kernel(run, counts):
    """The kernel perceptron: v_i = y_i·φ̃(x_i), from the lap's update counts. True: proved;
    False: checked in exact arithmetic, not shown; None: no exact check ran (no exact form, or
    a lap too large to check), so the repeat is observed, not proved.

    linear: φ̃(x) is x̃ itself (features.prepare), so the primal certificate applies. poly without
    normalize: φ̃(x) is the monomials of x up to the degree, each times a positive constant (the
    multinomial weights, coef0's powers: coef0 >= 0) and the bias's 1; the constants change no
    certificate, and the monomials of rationals are rational, so the primal certificate applies to
    them (poly_monomials). Past its size, ‖Σ c_i y_i φ̃(x_i)‖² = Σ c_i c_j y_i y_j k̃(x_i, x_j) is computed
    exactly and must be 0. rbf (exp) and normalized poly (square roots) have no exact rational
    form: not checked (on distinct inputs rbf is always separable anyway)."""
    from . import features

    if counts is None:
        return None
    used = np.flatnonzero(counts)
    k = run.kernel
    if k.kernel == "linear":
        V = features.prepare(run.X[used], fit_intercept=k.fit_intercept, normalize=k.normalize)
        return certificate(V * run.y[used, None].astype(np.float64), counts[used])
    if k.kernel != "poly" or k.normalize:
        return None
    rows = poly_monomials(run.X[used], run.y[used], k)
    if rows is not None:
        return whole_certificate(rows, counts[used])
    if len(used) > KERNEL_GRAM_ROWS_MAX:
        return None
    X = [[Fraction(float(v)) for v in run.X[i]] for i in used]
    coef = [int(counts[i]) * int(run.y[i]) for i in used]
    c0, deg = Fraction(float(k.coef0)), int(k.degree)
    total = Fraction(0)
    for a in range(len(used)):
        for b in range(len(used)):
            kab = (sum(p * q for p, q in zip(X[a], X[b])) + c0) ** deg + (1 if k.fit_intercept else 0)
            total += coef[a] * coef[b] * kab
    return total == 0


def poly_monomials(X, y, k):
    """y_i times the monomials of x_i that φ̃ of the polynomial kernel k weighs (every degree up to
    k.degree when coef0 > 0, else the top one; the bias's constant), as Python ints (the inputs on one
    common power-of-two scale: a monomial of degree p is then an integer times one power of the scale,
    a positive constant per column); None when that is more work than MONOMIAL_WORK_MAX."""
    from itertools import combinations_with_replacement as multisets
    from math import comb, prod

    n, m = X.shape
    deg = int(k.degree)
    degrees = range(deg + 1) if k.coef0 > 0 else [deg]
    if n * sum(comb(m + p - 1, p) for p in degrees) * max(deg, 1) > MONOMIAL_WORK_MAX:
        return None
    A = _scaled(np.asarray(X, dtype=np.float64)) if X.size else [[] for _ in range(n)]
    powers = [list(multisets(range(m), p)) for p in degrees]
    rows = []
    for a, label in zip(A, y):
        row = [prod(a[j] for j in mono) for ps in powers for mono in ps]
        if k.fit_intercept:
            row.append(1)
        rows.append([int(label) * v for v in row])
    return rows


def online_or_batch(Z, y, strategy, ends, trace):
    """Whether the cycle a core run stopped on is proved: counts from the trace when it kept every
    update of the lap, else from one replayed lap with the run's own arithmetic (the scan / batch)."""
    from .online_scan import online_pass
    from .trace import Indices

    cycle, n = ends.cycle, len(Z)
    counts = None
    if not trace.subsampled:
        counts = lap_counts(trace.epoch, trace.index, cycle, n)
    if counts is None and ends.cycle_state is not None:
        YZ = getattr(strategy, "YZ", None)
        if YZ is not None:  # batch: one summed step over the misclassified examples per epoch
            def epoch_step(w):
                bad = np.flatnonzero(YZ @ w <= 0)
                return w + YZ[bad].sum(axis=0), bad
        else:
            perm = strategy.visiting.once  # the fixed order's permutation (None: the data's own order)

            def epoch_step(w):
                updated = Indices()
                w = online_pass(Z, y, perm, w, updated, strategy.scan.threshold)  # the rule's, in units of η
                return w, updated.index
        counts = replay_counts(ends.cycle_state, epoch_step, cycle["period"], n)
    return primal(Z, y, counts)
