"""Novikoff's bound (R/γ)² in exact arithmetic, for a run that meets it: on small whole-number data
the maximum margin often gives M = (R/γ)² exactly, and the float (R/γ)² rounds to either side of M
(2 mistakes against a computed 1.9999999999999996 is the theorem holding with equality).

At the maximum margin w = Σ_{i∈S} β_i g_i (g_i = y_i·φ̃(x_i)) has g_j·w = 1 on its support S, β >= 0,
and g_i·w >= 1 for every i (the KKT conditions of min ‖w‖² subject to g_i·w >= 1); then γ = 1/‖w‖
and (R/γ)² = R²·‖w‖² = R²·Σ β_i, since ‖w‖² = Σ_j β_j (g_j·w) = Σ β_j. Given the float solver's
support, β is solved in rationals and every condition checked exactly: they all hold only at the
true maximum, so the bound returned is exact. Every float is a rational; the kernels with an exact
form are the linear one and the polynomial one without normalize.

Where no exact bound is found, bound_error says how far rounding can have moved the float one.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..core.exact import rref

SUPPORT_MAX = 24  # the support's exact elimination: |S|³ rational operations
WORK_MAX = 300_000  # n·|S| exact inner products (and their dimensions) for the feasibility check
NEAR = 1e-6  # a run within this (relative) of its float bound gets the exact one

_EPS = np.finfo(np.float64).eps


def exact_bound(gram, n, support):
    """(R/γ)² of the maximum margin as a Fraction, or None (not found: support too large, or the
    float support is not the exact one). gram(i, j): the exact inner product g_i·g_j (a Fraction)."""
    S = [int(i) for i in support]
    k = len(S)
    if not 0 < k <= SUPPORT_MAX or n * k > WORK_MAX:
        return None
    A = [[gram(i, j) for j in S] + [Fraction(1)] for i in S]
    pivots = rref(A, k)
    if any(A[r][k] != 0 for r in range(len(pivots), k)):
        return None  # g_j·w = 1 on S has no solution in the span of S
    beta = [Fraction(0)] * k
    for r, col in enumerate(pivots):
        beta[col] = A[r][k]
    if any(b < 0 for b in beta):
        return None
    used = [(b, j) for b, j in zip(beta, S) if b]
    if any(sum(b * gram(j, i) for b, j in used) < 1 for i in range(n)):
        return None  # some point inside the margin: not the maximum
    return max(gram(i, i) for i in range(n)) * sum(beta)


def primal_gram(Z, y):
    """gram(i, j) = y_i y_j x̃_i·x̃_j in exact rationals (rows converted once, when first asked)."""
    rows = {}

    def row(i):
        if i not in rows:
            rows[i] = [Fraction(float(v)) * int(y[i]) for v in Z[i]]
        return rows[i]

    return lambda i, j: sum(a * b for a, b in zip(row(i), row(j)))


def kernel_gram(run):
    """gram(i, j) = y_i y_j k̃(x_i, x_j) exactly, for the kernels with an exact form; else None."""
    k = run.kernel
    if k.normalize or k.kernel not in ("linear", "poly"):
        return None
    X, y = run.X, run.y
    rows = {}

    def row(i):
        if i not in rows:
            rows[i] = [Fraction(float(v)) for v in X[i]]
        return rows[i]

    c0, deg, one = Fraction(float(k.coef0)), int(k.degree), 1 if k.fit_intercept else 0

    def gram(i, j):
        dot = sum(a * b for a, b in zip(row(i), row(j)))
        value = dot if k.kernel == "linear" else (dot + c0) ** deg
        return int(y[i]) * int(y[j]) * (value + one)

    return gram


def bound_error(bound, R, gamma, dims, gamma_rel=0.0):
    """How far rounding can have moved the float (R/γ)² from the bound of the margin it measured:
    each y·(u·x̃) is off by up to about 4·(dims + 1)·eps·R (margin.max_margin's verification floor),
    so γ by that much, and (R/γ)² by twice that relative to γ, plus the last roundings.
    gamma_rel: a further relative error of γ (a kernel's embedding: about 1e-12·R²/γ²)."""
    if bound is None or not gamma:
        return None
    return float(bound) * (8.0 * (dims + 1) * _EPS * R / gamma + 2.0 * gamma_rel + 8.0 * _EPS)


def near(mistakes, bound):
    """Is a run close enough to its float bound that the exact one decides the sentence?"""
    return bound is not None and mistakes >= bound * (1.0 - NEAR)


def kernel_where_met(th, run, support, dims):
    """The kernel's theory dict th with the bound's rounding error and, where the run's mistakes come
    near the float bound and the kernel has an exact form, the exact (R/γ)² ("bound_exact", as the
    text of a Fraction: the dict is JSON) and the float bound correctly rounded from it."""
    gamma_rel = 0.0 if run.kernel.kernel == "linear" else 1e-12 * (th["R"] / th["gamma"]) ** 2  # the embedding's
    th["bound_error"] = bound_error(th["bound"], th["R"], th["gamma"], dims, gamma_rel)
    gram = kernel_gram(run) if near(run.mistakes, th["bound"]) else None
    exact = None if gram is None else exact_bound(gram, len(run.y), support)
    if exact is not None:
        th["bound_exact"], th["bound"] = str(exact), float(exact)
    return th
