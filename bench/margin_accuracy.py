"""How close theory.max_margin's γ comes to the true maximum margin, by dimension.

The oracle: scipy's NNLS (another implementation of Lawson & Hanson) on the same least-distance
program gives a support S; on it β solves K_S β = 1 in exact rationals, and the KKT conditions
(β >= 0, every g_i·w >= 1 for w = Σ β_j g_j) are checked exactly; where they hold, the maximum
margin is exactly 1/√(Σ β) (data scaled to R = 1). Sets where they fail are counted, not used.

Data: tools.planted_data.slab (points in thin slabs either side of a plane: γ/R as small as asked).
Prints the worst and median relative shortfall (γ_max − γ)/γ_max by the dimension of x̃ (up to 8:
margin._polish; above: refine.py) and by γ/R.

    .venv/bin/python bench/margin_accuracy.py [sets]
"""
from __future__ import annotations

import math
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
from scipy.optimize import nnls as scipy_nnls

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.benchkit import loadavg  # noqa: E402
from perceptron_lab.core.exact import rref  # noqa: E402
from perceptron_lab.theory import max_margin  # noqa: E402
from tools.planted_data import slab  # noqa: E402


def oracle_gamma(Z, y):
    """The exact maximum margin of (Z, y) (through the origin), or None where the KKT check fails."""
    R = float(np.max(np.linalg.norm(Z, axis=1)))
    G = y[:, None] * Z / R
    n, d = G.shape
    E = np.vstack([G.T, np.ones((1, n))])
    f = np.zeros(d + 1)
    f[d] = 1.0
    v, _ = scipy_nnls(E, f, maxiter=50 * n)
    S = np.flatnonzero(v > 1e-14 * v.max())
    if not 0 < len(S) <= 40:
        return None
    rows = {i: [Fraction(float(x)) for x in G[i]] for i in range(n)}
    dot = lambda a, b: sum(p * q for p, q in zip(rows[a], rows[b]))  # noqa: E731
    k = len(S)
    A = [[dot(i, j) for j in S] + [Fraction(1)] for i in S]
    piv = rref(A, k)
    if any(A[r][k] != 0 for r in range(len(piv), k)):
        return None
    beta = [Fraction(0)] * k
    for r, c in enumerate(piv):
        beta[c] = A[r][k]
    if any(b < 0 for b in beta):
        return None
    w = [sum(b * rows[j][c] for b, j in zip(beta, S)) for c in range(d)]
    if any(sum(p * q for p, q in zip(rows[i], w)) < 1 for i in range(n)):
        return None
    return R / math.sqrt(sum(beta))


def main():
    sets = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    t0 = time.time()
    print(f"load average {loadavg()}")
    found, skipped = [], 0
    for seed in range(1, sets + 1):
        rng = np.random.default_rng(seed)
        d = int(rng.integers(2, 41))
        n = int(rng.integers(3 * d, 12 * d))
        # γ/R from about 1e-1 down to 1e-6: the LDP's u is good to about eps·(R/γ)²
        X, y = slab(seed, n, d, float(10.0 ** -rng.uniform(1, 6)))
        Z = np.column_stack([X, np.ones(n)])
        truth = oracle_gamma(Z, y)
        m = max_margin(Z, y)
        if truth is None or not m.separable:
            skipped += 1
            continue
        R = float(np.max(np.linalg.norm(Z, axis=1)))
        found.append((d + 1, truth / R, (truth - m.gamma) / truth))
    print(f"{len(found)} sets with an exact oracle ({skipped} without); worst relative shortfall "
          "(γ_max − γ)/γ_max by dimension of x̃ and γ/R (negative: above the maximum by rounding):")
    for name, dims in (("x̃ dims <= 8 (polished)", lambda k: k <= 8), ("x̃ dims > 8", lambda k: k > 8)):
        for lo, hi in ((1e-7, 1e-5), (1e-5, 1e-3), (1e-3, 1.0)):
            gaps = [g for k, r, g in found if dims(k) and lo <= r < hi]
            if gaps:
                print(f"  {name:<24} γ/R in [{lo:.0e}, {hi:.0e}): {len(gaps):>3} sets, worst {max(gaps):.1e}, "
                      f"median {float(np.median(gaps)):.1e}, least {min(gaps):.1e}")
    print(f"{time.time() - t0:.0f} s, load average {loadavg()}")


if __name__ == "__main__":
    main()
