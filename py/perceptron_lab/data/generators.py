"""The seeded generators behind the presets (two clouds, overlap, circles) and the Boolean
tables of seed 001. The same seed gives bit-identical points in CPython and in the page.

Pure numpy, no I/O; parameters are checked against params.json's ranges (the page's)."""

from __future__ import annotations

import math

import numpy as np

from .. import settings
from .dataset import Dataset

_BOOL_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float64)
_BOOL_Y = {  # outputs for (0,0), (0,1), (1,0), (1,1)
    "and": (0, 0, 0, 1),
    "or": (0, 1, 1, 1),
    "nand": (1, 1, 1, 0),
    "xor": (0, 1, 1, 0),
}

# The generators' defaults: the page's first clouds are the package's.
N, SEED = settings.default("n"), settings.default("data_seed")
MARGIN, SPREAD = float(settings.default("margin")), float(settings.default("spread"))
BOX = 3.0  # generated coordinates stay in [-BOX, BOX]


def check_params(n, margin, spread, seed):
    """The generators' parameters checked against params.json's data group, in the page's words."""
    return (settings.check("n", n, say_value=True), settings.check("margin", margin, say_value=True),
            settings.check("spread", spread, say_value=True),
            settings.check("data_seed", seed, field="seed", say_value=True))


def _cos_sin(phi):
    """cos and sin of angles in [0, 2π] from +, -, * and rint only, so bit-identical on
    every platform: libm's cos/sin differ in the last bit between CPython (glibc) and the
    page's Pyodide (wasm libm), and the page must draw the same points as the package."""
    phi = np.asarray(phi, dtype=np.float64)
    k = np.rint(phi / _PIO2_HI)
    r = (phi - k * _PIO2_HI) - k * _PIO2_LO  # |r| <= π/4 (Cody-Waite reduction)
    r2 = r * r
    s = np.full_like(r, _SIN_C[-1])
    for c in _SIN_C[-2::-1]:
        s = s * r2 + c
    s = s * r
    c_ = np.full_like(r, _COS_C[-1])
    for c in _COS_C[-2::-1]:
        c_ = c_ * r2 + c
    q = k.astype(np.int64) % 4
    cos = np.select([q == 0, q == 1, q == 2], [c_, -s, -c_], s)
    sin = np.select([q == 0, q == 1, q == 2], [s, c_, -s], -c_)
    return cos, sin


_PIO2_HI = 1.5707963267948966  # float(π/2)
_PIO2_LO = 6.123233995736766e-17  # π/2 - _PIO2_HI
_SIN_C = [(-1) ** j / math.factorial(2 * j + 1) for j in range(10)]  # Taylor up to r^19
_COS_C = [(-1) ** j / math.factorial(2 * j) for j in range(11)]  # up to r^20


def _balanced_labels(rng, n):
    y = np.ones(n, dtype=np.int8)
    y[: n // 2] = -1
    return rng.permutation(y)


def _sample_in_box(rng, k, draw):
    """k points from draw(rng, size) -> (size, 2), keeping only those inside the box."""
    out = np.empty((0, 2))
    for _ in range(10_000):
        if len(out) >= k:
            break
        batch = draw(rng, max(2 * (k - len(out)), 16))
        inside = np.all(np.abs(batch) <= BOX, axis=1)
        out = np.vstack([out, batch[inside]])
    if len(out) < k:  # pragma: no cover - the proposals below always land in the box often
        raise RuntimeError("could not sample enough points inside the plot box")
    return out[:k]


def make_clouds(n=N, margin=MARGIN, spread=SPREAD, seed=SEED, *, return_truth=False):
    """Two separable clouds. The true line is u·x + b = 0 with unit u, and every point has
    y·(u·x + b) >= margin, i.e. lies at least `margin` from the line on its own side.
    With return_truth=True returns (Dataset, u, b)."""
    n, margin, spread, seed = check_params(n, margin, spread, seed)
    rng = np.random.default_rng(seed)
    theta = rng.uniform(0.0, 2.0 * np.pi)
    u = np.array(_cos_sin(theta), dtype=np.float64)
    v = np.array([-u[1], u[0]])
    b = float(rng.uniform(-0.3, 0.3))
    y = _balanced_labels(rng, n)
    X = np.empty((n, 2))
    for label in (-1, 1):
        idx = np.flatnonzero(y == label)

        def draw(r, size, label=label):
            # distance from the line: at least `margin` (points too close are pushed out)
            d = margin + np.abs(r.normal(0.7, 0.45 * spread, size))
            t = r.normal(0.0, 1.0 * spread, size)  # position along the line
            # u·x + b = label·d  <=>  x = t v + (label·d - b) u
            return t[:, None] * v + (label * d - b)[:, None] * u

        X[idx] = _sample_in_box(rng, len(idx), draw)
    ds = Dataset(X, y, ["x1", "x2"], {-1: "-1", 1: "+1"}, "clouds")
    return (ds, u, b) if return_truth else ds


def _overlap(n, spread, rng):
    theta = rng.uniform(0.0, 2.0 * np.pi)
    u = np.array(_cos_sin(theta), dtype=np.float64)
    y = _balanced_labels(rng, n)
    X = np.empty((n, 2))
    for label in (-1, 1):
        idx = np.flatnonzero(y == label)
        center = 0.8 * label * u

        def draw(r, size, center=center):
            return center + r.normal(0.0, spread, (size, 2))

        X[idx] = _sample_in_box(rng, len(idx), draw)
    return Dataset(X, y, ["x1", "x2"], {-1: "-1", 1: "+1"}, "overlap")


def _circles(n, spread, rng):
    """Inner disc (label -1, radius <= 1.1) against an outer ring (label +1, 1.7..2.7):
    the circle x1² + x2² = 1.4² separates them, so poly2 features make them separable."""
    y = _balanced_labels(rng, n)
    r = np.empty(n)
    k_in = int(np.sum(y == -1))
    noise = 0.08 * spread
    r_in = 1.0 * np.sqrt(rng.uniform(0.0, 1.0, k_in)) + rng.normal(0.0, noise, k_in)
    r_out = rng.uniform(1.85, 2.55, n - k_in) + rng.normal(0.0, noise, n - k_in)
    r[y == -1] = np.clip(np.abs(r_in), 0.0, 1.1)
    r[y == 1] = np.clip(r_out, 1.7, 2.7)
    phi = rng.uniform(0.0, 2.0 * np.pi, n)
    cos, sin = _cos_sin(phi)
    X = np.column_stack([r * cos, r * sin])
    return Dataset(X, y, ["x1", "x2"], {-1: "-1", 1: "+1"}, "circles")


def generated(key, n, margin, spread, seed):
    """The generated or Boolean preset `key` (checked parameters)."""
    if key in _BOOL_Y:
        y = np.where(np.array(_BOOL_Y[key]) == 1, 1, -1).astype(np.int8)
        return Dataset(_BOOL_X.copy(), y, ["x1", "x2"], {-1: "0", 1: "1"}, key.upper())
    if key == "clouds":
        return make_clouds(n, margin, spread, seed)
    rng = np.random.default_rng(seed)
    if key == "overlap":
        return _overlap(n, spread, rng)
    return _circles(n, spread, rng)
