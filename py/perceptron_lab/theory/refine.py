"""The max-margin u sharpened above margin._polish's dimensions: an active set on the support.

The least-distance program's u is good to about eps·(R/γ)² (its multipliers scale like (γ/R)²),
which leaves γ short of the maximum by about 1e-16·(R/γ)² relative: 1e-6 at γ/R = 1e-5 (bench/
margin_accuracy.py). At the maximum, w is the least-norm solution of g_j·w = 1 on the support S,
with multipliers β >= 0 (w = Σ β_j g_j) and g_i·w >= 1 everywhere; solving that on S directly
is as accurate as the data. So the points u puts nearest its margin are taken as S, the solve
repeated while a point is found inside the margin (it joins S) or a multiplier is negative (that
point leaves), until the working set comes round again, and the best verified candidate kept: no
step can make the answer worse. Where u is too far off to name the support (γ/R below about 1e-5),
this may not reach the maximum: theory.margin's accuracy note gives the measured figures.
"""

from __future__ import annotations

import numpy as np

_EPS = np.finfo(np.float64).eps
ROUNDS = 60


def better(Z, y, cand, u, gamma, margins):
    """(u, γ, margins) of the unit direction cand where its smallest margin beats γ, else the ones given."""
    cand_margins = y * (Z @ cand)
    cand_gamma = float(np.min(cand_margins))
    return (cand, cand_gamma, cand_margins) if cand_gamma > gamma else (u, gamma, margins)


def refine(Z, y, G, u, gamma, margins):
    """(u, gamma, margins): the best of u and the active-set candidates, each measured on all data.
    G: rows y_i x̃_i / R; margins: y_i u·x̃_i of u."""
    n, d = G.shape
    g = G @ u
    # how far u's support can be off; the floor keeps its square a normal float (no 0 divisor)
    tol = max(1e-9, 1e3 * _EPS / max(float(np.min(g)), 1e-150) ** 2)
    T = [int(i) for i in np.argsort(g)[: d + 1] if g[i] <= np.min(g) * (1.0 + tol)]
    seen = set()
    for _ in range(ROUNDS):
        if tuple(sorted(T)) in seen:
            break  # the working set came round again (a wrong support guess): keep the best so far
        seen.add(tuple(sorted(T)))
        GT = G[T]
        w = np.linalg.lstsq(GT, np.ones(len(T)), rcond=None)[0]
        beta = np.linalg.lstsq(GT.T, w, rcond=None)[0]
        if len(T) > 1 and beta.min() < 0:
            T.pop(int(np.argmin(beta)))  # not on the support of the optimum
            continue
        norm = float(np.linalg.norm(w))
        if not (np.isfinite(norm) and norm > 0.0):
            break
        u, gamma, margins = better(Z, y, w / norm, u, gamma, margins)
        inside = G @ w
        worst = int(np.argmin(inside))
        if inside[worst] >= 1.0 - 1e-12 or worst in T:
            break
        T.append(worst)
    return u, gamma, margins
