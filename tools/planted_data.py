"""Data separable by construction, for tests and benchmarks of the theory: n points drawn
uniformly in [-1, 1]^d, then pushed along a random unit u* until |u*·x| >= margin, labelled
by sign(u*·x). The true margin through the origin is therefore at least `margin`, which is
what the margin solvers are checked against."""
from __future__ import annotations

import numpy as np


def _about_a_direction(seed: int, n: int, d: int):
    """n points uniform in [-1, 1]^d, a random unit direction u*, each point's u*·x and its side."""
    rng = np.random.default_rng(seed)
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    X = rng.uniform(-1, 1, size=(n, d))
    s = X @ u
    return X, u, s, np.where(s >= 0, 1.0, -1.0)


def planted(seed: int, n: int, d: int, margin: float, decimals: int | None = None):
    """-> (X, sign, u*): sign in {-1.0, +1.0}. With `decimals`, X is rounded as a student's
    file would be (the rounding can only move a point by 0.5e-decimals per coordinate)."""
    X, u, s, sign = _about_a_direction(seed, n, d)
    X = X + np.outer(sign * (margin + np.abs(s)) - s, u)
    if decimals is not None:
        X = np.round(X, decimals)
    return X, sign, u


def csv_text(X, sign, *, prefix: str = "x", labels=("0", "1"), number=repr) -> str:
    """A CSV with a header (prefix1, …, label); label labels[0] for -1 and labels[1] for +1."""
    head = ",".join(f"{prefix}{i + 1}" for i in range(X.shape[1])) + ",label\n"
    rows = (",".join(number(float(v)) for v in row) + "," + labels[int(c > 0)] for row, c in zip(X, sign))
    return head + "\n".join(rows) + "\n"


def slab(seed: int, n: int, d: int, margin: float):
    """-> (X, sign): n points in [-1, 1]^d moved along a random unit u* into the slabs
    margin <= ±u*·x <= 2·margin on either side of u*·x = 0 (no other direction separates them
    much better: γ/R near margin/√d, as small as asked), labelled sign(u*·x)."""
    X, u, s, sign = _about_a_direction(seed, n, d)
    X = X + np.outer(sign * margin * (1.0 + np.abs(s) / np.abs(s).max()) - s, u)
    return X, sign
