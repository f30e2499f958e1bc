"""The truths a sentence about a run is judged against (sentence_oracle.py), none of them the lab's
own code: separability by an LP (HiGHS) on x̃ or on the polynomial kernel's monomials, the maximum
margin's bound (R/γ)² by brute force over every support in exact rationals, and the states of the
literal loops (η = 1, the data's order or the seed's permutation, reference.orders_of) epoch by epoch.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement

import numpy as np
from scipy.optimize import linprog

import reference


def prepared(X, s):
    Z = np.column_stack([X, np.ones(len(X))]) if s.get("bias", True) else np.asarray(X, dtype=float)
    if s.get("normalize"):
        norms = np.linalg.norm(Z, axis=1)
        Z = Z / np.where(norms > 0, norms, 1.0)[:, None]
    return Z


def lp_separable(F, y):
    """Is there w with y·(w·f) >= 1 on every row (None when HiGHS cannot tell)?"""
    if np.any(np.all(F == 0, axis=1)):
        return False
    lp = linprog(np.zeros(F.shape[1]), A_ub=-(y[:, None] * F), b_ub=-np.ones(len(y)),
                 bounds=[(None, None)] * F.shape[1], method="highs")
    return {0: True, 2: False}.get(lp.status)


def monomials(X, degree, coef0, bias):
    """The polynomial kernel's features up to positive weights (its separability is theirs)."""
    degrees = range(degree + 1) if coef0 > 0 else [degree]
    cols = [np.prod(X[:, list(m)], axis=1) if m else np.ones(len(X))
            for p in degrees for m in combinations_with_replacement(range(X.shape[1]), p)]
    if bias:
        cols.append(np.ones(len(X)))
    return np.column_stack(cols)


def feature_separable(X, y, s):
    """Separability in the kernel's feature space."""
    _, group = np.unique(X, axis=0, return_inverse=True)
    if any(len(set(y[group.ravel() == g].tolist())) == 2 for g in range(group.max() + 1)):
        return False  # one input with both labels
    k = s["kernel"]
    if k == "rbf":
        return True  # distinct inputs: the Gram matrix is positive definite
    if k == "linear":
        return lp_separable(prepared(X, s), y)
    F = monomials(X, s["degree"], s["coef0"], s["bias"])
    if s.get("normalize"):
        norms = np.linalg.norm(F, axis=1)  # a positive rescaling per row: same separability (a zero row
        F = F / np.where(norms > 0, norms, 1.0)[:, None]  # stays zero: φ(x) = 0 is a mistake for every w)
    return lp_separable(F, y)


def solve(A, b):
    """One exact solution of A x = b (Fractions, Gauss–Jordan), or None when inconsistent."""
    rows = [list(r) + [v] for r, v in zip(A, b)]
    k, piv, r = len(A[0]) if A else 0, [], 0
    for c in range(k):
        p = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        rows[r] = [v / rows[r][c] for v in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c] != 0:
                rows[i] = [a - rows[i][c] * b_ for a, b_ in zip(rows[i], rows[r])]
        piv.append(c)
        r += 1
    if any(rows[i][k] != 0 for i in range(r, len(rows))):
        return None
    x = [Fraction(0)] * k
    for i, c in enumerate(piv):
        x[c] = rows[i][k]
    return x


def exact_bound(gram, n):
    """(R/γ)² of the maximum margin, exactly, by every support: w = Σ_S μ_j g_j with g_i·w = 1 on S,
    feasible everywhere, least ‖w‖² = Σ μ; None when nothing is feasible (not separable)."""
    best = None
    for size in range(1, n + 1):
        for S in combinations(range(n), size):
            mu = solve([[gram(i, j) for j in S] for i in S], [Fraction(1)] * size)
            if mu is None:
                continue
            norm2 = sum(mu)
            if norm2 > 0 and (best is None or norm2 < best) and all(
                    sum(m * gram(j, i) for m, j in zip(mu, S)) >= 1 for i in range(n)):
                best = norm2
    return None if best is None else max(gram(i, i) for i in range(n)) * best


def primal_gram(Z, y):
    G = [[Fraction(float(v)) * int(t) for v in z] for z, t in zip(Z, y)]
    return lambda i, j: sum(a * b for a, b in zip(G[i], G[j]))


def poly_gram(X, y, s):
    Q = [[Fraction(float(v)) for v in x] for x in X]
    c0, one = Fraction(s["coef0"]), 1 if s["bias"] else 0

    def gram(i, j):
        k = s["kernel"]
        dot = sum(a * b for a, b in zip(Q[i], Q[j]))
        return int(y[i]) * int(y[j]) * ((dot if k == "linear" else (dot + c0) ** s["degree"]) + one)
    return gram


def orders(s, n, epochs):
    return reference.orders_of(s["order"], n, s["seed"], epochs)


def online_states(Z, y, s, epochs):
    """w (units of η) at the end of each epoch of the literal online loop (reference.py), and its mistakes."""
    passes = reference.epochs_of(reference.online_visits(Z, y, epochs=epochs, orders=orders(s, len(Z), epochs),
                                                         stop_clean=False))
    return ([np.zeros(Z.shape[1])] + [p[-1].w_after for p in passes],
            [sum(v.mistake for v in p) for p in passes])


def batch_states(Z, y, epochs):
    passes = reference.batch_passes(Z, y, epochs=epochs)
    return [np.zeros(Z.shape[1])] + [theta for _, theta in passes], [len(wrong) for wrong, _ in passes]


def kernel_states(K, y, s, epochs):
    """The literal kernel perceptron's (reference.py) training scores (units of η) at the end of each epoch."""
    alphas, _, per_epoch = reference.kernel_visits(K, y, epochs=epochs, orders=orders(s, len(y), epochs),
                                                   stop_clean=False)
    out, done = [np.zeros(len(y))], 0
    for m in per_epoch:
        done += m
        alpha = alphas[done - 1] if done else np.zeros(len(y))
        out.append((alpha * y) @ K)
    return out, per_epoch


def multiclass_states(Z, k, n_classes, s, epochs):
    """The literal multiclass perceptron's (reference.py) W (units of η) at the end of each epoch."""
    ends = []
    reference.multiclass_run(Z, k, n_classes, orders(s, len(k), epochs), stop_when_clean=False, epoch_ends=ends)
    return [np.zeros((n_classes, Z.shape[1]))] + [W for W, _ in ends], [m for _, m in ends]


def repeats(states, epoch, period):
    return epoch - period >= 0 and epoch < len(states) and np.array_equal(states[epoch], states[epoch - period])




def exact_means(Z, labels, s, epochs, n_classes=None):
    """Algorithm 2's answer (mean of w, or of W with n_classes, after every example; units of η) at the
    end of each epoch, in exact rationals: the literal loop decides its mistakes in floats, as the
    lab's does, and the sums μ += w are kept as Fractions, so a mean that stays is seen to stay."""
    F = [[Fraction(float(v)) for v in z] for z in Z]
    rows = 1 if n_classes is None else n_classes
    w = np.zeros((rows, Z.shape[1]))
    W = [[Fraction(0)] * Z.shape[1] for _ in range(rows)]
    mu = [[Fraction(0)] * Z.shape[1] for _ in range(rows)]
    seen, out = 0, []
    for order in orders(s, len(Z), epochs):
        for i in order:
            if n_classes is None:
                moves = [(0, int(labels[i]))] if labels[i] * (Z[i] @ w[0]) <= 0 else []
            else:
                sc = [float(w[c] @ Z[i]) for c in range(rows)]
                rival = max((c for c in range(rows) if c != labels[i]), key=lambda c: (sc[c], -c))
                moves = [(int(labels[i]), 1), (rival, -1)] if sc[rival] >= sc[labels[i]] else []
            for r, sign in moves:
                w[r] += sign * Z[i]
                W[r] = [a + sign * b for a, b in zip(W[r], F[i])]
            mu = [[m + v for m, v in zip(mr, Wr)] for mr, Wr in zip(mu, W)]
            seen += 1
        out.append([[m / seen for m in mr] for mr in mu])
    return out
