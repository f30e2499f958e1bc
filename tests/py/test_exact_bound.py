"""A run that meets Novikoff's bound exactly is told so, never that rounding broke the theorem.

On whole numbers the perceptron's arithmetic is exact, so M <= (R/γ)² holds (seed 000); where the
maximum margin makes M = (R/γ)² the float (R/γ)² can round below M (0.9999999999999996 against 1
mistake). The oracle is the maximum margin in exact rationals by brute force: the optimum w is the
least-norm solution of g_i·w = 1 on some subset of the points (its support), so every subset is
solved in Fractions and the feasible one of least norm kept; (R/γ)² = R²·‖w‖².
"""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from oracle_truths import solve
from perceptron_lab.bridge import handle


def exact_bound(Z, y):
    """(R/γ)² of the maximum margin through the origin in exact rationals, or None (not separable)."""
    G = [[Fraction(int(t)) * Fraction(float(v)) for v in z] for z, t in zip(Z, y)]
    dot = lambda a, b: sum(p * q for p, q in zip(a, b))  # noqa: E731
    best = None
    for size in range(1, len(G) + 1):
        for S in combinations(range(len(G)), size):
            mu = solve([[dot(G[i], G[j]) for j in S] for i in S], [Fraction(1)] * size)
            if mu is None:
                continue
            w = [sum(m * G[i][c] for m, i in zip(mu, S)) for c in range(len(G[0]))]
            norm2 = dot(w, w)
            if norm2 > 0 and all(dot(g, w) >= 1 for g in G) and (best is None or norm2 < best):
                best = norm2
    return None if best is None else max(dot(g, g) for g in G) * best


def csv(X, y):
    return {"kind": "csv", "text": "x1,x2,y\n" + "".join(f"{a},{b},{c}\n" for (a, b), c in zip(X, y))}


def train(X, y, plots=True, **settings):
    r = handle({"cmd": "train", "data": csv(X, y), "settings": {"plots": plots, "plot_kinds": ["mistakes"],
                                                                 **settings}})
    assert r["ok"], r
    return r


@pytest.mark.parametrize("X, y, algorithm", [
    ([[-3, 3], [3, -3]], [1, -1], "online"),   # M = 1, computed (R/γ)² = 0.9999999999999996
    ([[-2, -3], [3, -2]], [-1, 1], "kernel"),  # M = 2, computed 1.9999999999999996 in feature space
])
def test_a_run_exactly_at_its_bound_holds_with_equality(X, y, algorithm):
    r = train(X, y, algorithm=algorithm, kernel="linear", bias=False)
    B = exact_bound(np.asarray(X, dtype=float), y)
    assert r["mistakes"] == B  # the oracle: equality
    assert r["bound"] == r["mistakes"]
    assert "broke" not in r["bound_text"] and "beyond" not in r["bound_text"]
    assert "exact" in r["bound_text"] and "equality" in r["bound_text"]
    assert "the total is within it" in r["plot_alt"]["mistakes"]


def test_every_bound_verdict_on_tiny_whole_number_sets_is_the_exact_one():
    """A seeded sample of 2-4 points on a 5 × 5 grid, bias on and off, online and the linear kernel:
    the bound text's comparison is the exact one (≤, or = exactly), never "broke"/"beyond"."""
    rng = np.random.default_rng(3)
    seen = {"≤": 0, "=": 0}
    for _ in range(400):
        n = int(rng.integers(2, 5))
        X, y = rng.integers(-2, 3, size=(n, 2)), rng.choice([-1, 1], n)
        if len(set(y.tolist())) < 2:
            continue
        bias, algorithm = bool(rng.random() < 0.5), str(rng.choice(["online", "kernel"]))
        r = train(X.tolist(), y.tolist(), plots=False, algorithm=algorithm, kernel="linear", bias=bias)
        Z = np.column_stack([X, np.ones(n)]) if bias else X.astype(float)
        B = exact_bound(Z, y)
        if B is None or r["bound"] is None:
            assert B is None or r["separable"] is not True
            continue
        text = r["bound_text"]
        assert "broke" not in text and "beyond" not in text, text
        said = "=" if "equality" in text else "≤"
        assert said == ("=" if r["mistakes"] == B else "≤"), (X.tolist(), y.tolist(), bias, text)
        seen[said] += 1
    assert seen["="] >= 3 and seen["≤"] >= 100, seen  # the sample has both kinds
