"""A large margin fast, when the exact solver (margin.max_margin) ran out of time: dual
coordinate descent on the hard-margin SVM through the origin (as liblinear solves its dual,
Hsieh et al. 2008, with no upper bound on α):

    max_α  Σ α_i − ½‖Σ α_i g_i‖²,  α >= 0,   g_i = y_i x̃_i,   w = Σ α_i g_i.

One coordinate at a time, α_i moves to the best value with the others fixed. Every answer is
checked, not trusted: u = w/‖w‖ has the margin min_i g_i·u it is measured to have (a lower
bound on the maximum margin), and for any α >= 0 the maximum margin is at most ‖Gᵀα‖/Σα
(margin._margin_upper's bound), which meets the lower bound at the optimum."""

from __future__ import annotations

import time

import numpy as np

from ..heartbeat import beat

_EPS = np.finfo(np.float64).eps


def dual_margin(Z, y, deadline, seed=0):
    """(u, gamma, gamma_upper) after coordinate sweeps until deadline (time.monotonic()), or until
    the duality gap closes; u None when no sweep found a verified margin (gamma then None).
    Z: (n, d) float64 prepared vectors; y: (n,) in {-1, +1}; no zero row (margin.max_margin checks)."""
    G = y[:, None] * Z
    n, d = G.shape
    R = float(np.max(np.linalg.norm(G, axis=1)))
    sq = np.einsum("ij,ij->i", G, G)
    alpha, w = np.zeros(n), np.zeros(d)
    rng = np.random.default_rng(seed)
    best_u, best_gamma, upper = None, None, None
    rows = list(G)  # one view per row: indexing a list is cheaper than G[i] in the loop
    while True:
        for i in rng.permutation(n).tolist():
            step = (1.0 - float(rows[i] @ w)) / sq[i]
            a = alpha[i] + step
            if a < 0.0:
                step, a = -alpha[i], 0.0
            if step != 0.0:
                alpha[i] = a
                w += step * rows[i]
        beat()
        w = G.T @ alpha  # the running sum drifts by rounding: start each sweep from the exact one
        norm = float(np.linalg.norm(w))
        total = float(np.sum(alpha))
        if norm > 0.0 and total > 0.0:
            gamma = float(np.min(G @ w)) / norm
            # A margin counts only above the rounding of y·(u·x̃) (as margin.max_margin verifies).
            if gamma > 4.0 * (d + 1) * _EPS * R and (best_gamma is None or gamma > best_gamma):
                best_u, best_gamma = w / norm, gamma
            up = norm / total + 4.0 * (d + 1) * _EPS * R
            upper = up if upper is None else min(upper, up)
            if best_gamma is not None and upper - best_gamma <= 1e-9 * upper:
                break
        if time.monotonic() > deadline:
            break
    return best_u, best_gamma, upper
