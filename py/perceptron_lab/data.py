"""Datasets: the -1/+1 label convention, the presets of the lecture notes, generators,
the train/test split and the points a user places on the canvas.

Pure numpy, no I/O. The conventions (docs/ARCHITECTURE.md, seed 001):
- labels are -1/+1 inside; any two distinct user labels map to -1/+1, the one that
  sorts first (numbers numerically, else as strings) is -1, and the mapping is kept;
- the Boolean presets use 0 -> -1, 1 -> +1.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from . import settings
from .errors import DataError, SettingsError
from .labels import MAX_CLASSES, encode_classes, encode_labels, label_str  # noqa: F401 (re-exported)

__all__ = [
    "Dataset",
    "MulticlassDataset",
    "encode_labels",
    "encode_classes",
    "preset",
    "make_clouds",
    "PRESETS",
    "REAL_PRESETS",
    "PRESET_INFO",
    "PRESET_PARAMS",
    "train_test_split",
    "test_mask",
    "points_dataset",
    "MAX_POINTS",
    "MAX_ABS",
    "too_large",
]

# Features beyond this magnitude make x̃·x̃ (and poly2's squares, then their squares in R²)
# overflow to infinity; no real measurement needs them, so they are refused with the cell named.
MAX_ABS = settings.LIMITS["feature_max_abs"]


def too_large(X):
    """(row, column) of the first feature with |x| > MAX_ABS (0-based), or None."""
    bad = np.argwhere(np.abs(np.asarray(X, dtype=np.float64)) > MAX_ABS)
    return None if not len(bad) else (int(bad[0][0]), int(bad[0][1]))


# --------------------------------------------------------------------------- Dataset


@dataclass
class Dataset:
    X: np.ndarray  # (n, m) float64 features
    y: np.ndarray  # (n,) int8 in {-1, +1}
    feature_names: list
    label_names: dict  # {-1: original label, +1: original label}
    name: str

    def __post_init__(self):
        self.X = np.array(self.X, dtype=np.float64, copy=True)
        if self.X.ndim == 1:
            self.X = self.X.reshape(-1, 1)
        self.y = np.array(self.y, copy=True).astype(np.int8).reshape(-1)
        if self.X.ndim != 2 or self.X.shape[0] != self.y.shape[0]:
            raise ValueError(f"Dataset: X {self.X.shape} and y {self.y.shape} do not match")
        if not np.all((self.y == 1) | (self.y == -1)):
            raise ValueError("Dataset: y must contain only -1 and +1")
        self.feature_names = [str(f) for f in self.feature_names]
        if len(self.feature_names) != self.X.shape[1]:
            raise ValueError("Dataset: one feature name per column of X is needed")
        self.label_names = {-1: self.label_names[-1], 1: self.label_names[1]}

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def m(self) -> int:
        return int(self.X.shape[1])

    def label_mapping_json(self) -> dict:
        """{"-1": str, "+1": str}: the original label behind each internal label."""
        return {"-1": label_str(self.label_names[-1]), "+1": label_str(self.label_names[1])}


@dataclass
class MulticlassDataset:
    """Data with any number of classes: y holds class indices into `classes` (for the
    multiclass perceptron; the binary algorithms take a Dataset)."""

    X: np.ndarray  # (n, m) float64 features
    y: np.ndarray  # (n,) int64 class indices 0..k-1
    feature_names: list
    classes: list  # original label of each class index, sorted as encode_labels sorts
    name: str

    def __post_init__(self):
        self.X = np.array(self.X, dtype=np.float64, copy=True).reshape(len(self.y), -1)
        self.y = np.array(self.y, dtype=np.int64, copy=True).reshape(-1)
        if len(self.classes) < 2 or self.y.min() < 0 or self.y.max() >= len(self.classes):
            raise ValueError("MulticlassDataset: y must index into at least two classes")
        self.feature_names = [str(f) for f in self.feature_names]
        if len(self.feature_names) != self.X.shape[1]:
            raise ValueError("MulticlassDataset: one feature name per column of X is needed")

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def m(self) -> int:
        return int(self.X.shape[1])

    def class_names_json(self) -> list:
        return [label_str(c) for c in self.classes]


# --------------------------------------------------------------------------- presets

REAL_PRESETS = ("iris", "breast-cancer", "wine", "digits")  # files in datasets/, with sources
PRESETS = ("and", "or", "nand", "xor", "clouds", "overlap", "circles") + REAL_PRESETS

PRESET_INFO = {
    "and": "AND of two bits (seed 001): +1 only for (1, 1); separable, e.g. a = 20x1 + 20x2 - 30.",
    "or": "OR of two bits: +1 unless both are 0; separable.",
    "nand": "NAND of two bits: -1 only for (1, 1); separable.",
    "xor": "XOR of two bits: +1 when they differ; not linearly separable, the perceptron cycles.",
    "clouds": "Two clouds on either side of a random line, at least 'margin' away from it: separable.",
    "overlap": "Two overlapping Gaussian clouds ('spread' = their std): usually not separable.",
    "circles": "An inner disc against an outer ring: not linearly separable, separable with poly2.",
    "iris": "Fisher's iris (150 flowers, 4 features, 3 species): two species of your choice, any features.",
    "breast-cancer": "Wisconsin diagnostic breast cancer (569 x 30, malignant/benign): standardize it.",
    "wine": "Wine (178 x 13, 3 cultivars): two cultivars of your choice.",
    "digits": "Handwritten 8x8 digits (1 797 x 64, digits 0-9): two digits, or all ten for the multiclass perceptron.",
}

# Which of n, margin, spread, seed each preset uses (the others are validated but ignored).
PRESET_PARAMS = {
    "and": (),
    "or": (),
    "nand": (),
    "xor": (),
    "clouds": ("n", "margin", "spread", "seed"),
    "overlap": ("n", "spread", "seed"),
    "circles": ("n", "spread", "seed"),
    **{name: () for name in REAL_PRESETS},  # these take classes= and features= instead
}

_BOOL_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float64)
_BOOL_Y = {  # outputs for (0,0), (0,1), (1,0), (1,1)
    "and": (0, 0, 0, 1),
    "or": (0, 1, 1, 1),
    "nand": (1, 1, 1, 0),
    "xor": (0, 1, 1, 0),
}

# The generators' ranges are the page's (params.json).
N_MIN, N_MAX = settings.param("n")["min"], settings.param("n")["max"]
MARGIN_MIN, MARGIN_MAX = float(settings.param("margin")["min"]), float(settings.param("margin")["max"])
SPREAD_MAX = float(settings.param("spread")["max"])
BOX = 3.0  # generated coordinates stay in [-BOX, BOX]


def _check_int(value, field, lo, hi, what):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise SettingsError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}.",
                            field=field)
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise SettingsError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}.",
                            field=field)
    value = int(value)
    if not lo <= value <= hi:
        raise SettingsError(f"{what} must be from {lo} to {hi}; got {value}.", field=field)
    return value


def _check_float(value, field, what):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise SettingsError(f"{what} must be a number, not {value!r}.", field=field)
    value = float(value)
    if not math.isfinite(value):
        raise SettingsError(f"{what} must be a finite number, not {value}.", field=field)
    return value


def _check_seed(seed):
    return _check_int(seed, "seed", 0, settings.param("data_seed")["max"], "The random seed")


def _check_params(n, margin, spread, seed):
    n = _check_int(n, "n", N_MIN, N_MAX, "The number of points")
    margin = _check_float(margin, "margin", "The margin")
    if not MARGIN_MIN <= margin <= MARGIN_MAX:
        raise SettingsError(f"The margin must be from {MARGIN_MIN:g} to {MARGIN_MAX:g}; got {margin:g}.",
                            field="margin")
    spread = _check_float(spread, "spread", "The spread")
    if not 0 < spread <= SPREAD_MAX:
        raise SettingsError(f"The spread must be more than 0 and at most {SPREAD_MAX:g}; got {spread:g}.",
                            field="spread")
    return n, margin, spread, _check_seed(seed)


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


def make_clouds(n=100, margin=0.3, spread=1.0, seed=0, *, return_truth=False):
    """Two separable clouds. The true line is u·x + b = 0 with unit u, and every point has
    y·(u·x + b) >= margin, i.e. lies at least `margin` from the line on its own side.
    With return_truth=True returns (Dataset, u, b)."""
    n, margin, spread, seed = _check_params(n, margin, spread, seed)
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


def preset(name, *, n=100, margin=0.3, spread=1.0, seed=0, classes=None, features=None,
           multiclass=False):
    """A named dataset: "and", "or", "nand", "xor" (the tables of seed 001, 0 -> -1,
    1 -> +1), a seeded generator "clouds", "overlap", "circles" (same parameters,
    bit-identical data), or a real dataset "iris", "breast-cancer", "wine", "digits"
    (datasets/README.md): two of its classes (default the first two; -1 = the one that
    sorts first) and the chosen features (names or indices; default all). multiclass=True
    gives a MulticlassDataset (real datasets: all classes unless `classes` names some).
    Raises SettingsError(field=...) for a bad name or parameter."""
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else name
    if key not in PRESETS:
        raise SettingsError(
            f"Unknown dataset {name!r}. Choose one of: {', '.join(PRESETS)}.", field="name"
        )
    n, margin, spread, seed = _check_params(n, margin, spread, seed)
    if key in REAL_PRESETS:
        from . import datasets

        return datasets.load(key, classes=classes, features=features, multiclass=multiclass)
    if classes is not None or features is not None:
        field = "classes" if classes is not None else "features"
        raise SettingsError(f"Choosing {field} applies to {', '.join(REAL_PRESETS)}, not to {key}.",
                            field=field)
    ds = _generated(key, n, margin, spread, seed)
    if multiclass:
        return MulticlassDataset(ds.X, (ds.y == 1).astype(np.int64), ds.feature_names,
                                 [ds.label_names[-1], ds.label_names[1]], ds.name)
    return ds


def _generated(key, n, margin, spread, seed):
    if key in _BOOL_Y:
        y = np.where(np.array(_BOOL_Y[key]) == 1, 1, -1).astype(np.int8)
        return Dataset(_BOOL_X.copy(), y, ["x1", "x2"], {-1: "0", 1: "1"}, key.upper())
    if key == "clouds":
        return make_clouds(n, margin, spread, seed)
    rng = np.random.default_rng(seed)
    if key == "overlap":
        return _overlap(n, spread, rng)
    return _circles(n, spread, rng)


# --------------------------------------------------------------------------- split


def train_test_split(ds: Dataset, test_fraction, seed=0):
    """Hold out about test_fraction of the examples (per class, seeded) for testing.

    Returns (train, test); test_fraction 0 returns (ds, None). Both parts keep their
    examples in the original order. The test part gets at least one example and the
    training part keeps both classes; when that is impossible, DataError.
    """
    mask = test_mask(ds, test_fraction, seed)
    if mask is None:
        return ds, None

    def part(sel, suffix):
        return Dataset(ds.X[sel], ds.y[sel], list(ds.feature_names), dict(ds.label_names),
                       f"{ds.name} ({suffix})")

    return part(~mask, "train"), part(mask, "test")


def test_mask(ds: Dataset, test_fraction, seed=0):
    """The rows train_test_split holds out (bool array), or None for test_fraction 0."""
    f = _check_float(test_fraction, "test_fraction", "The test fraction")
    if not 0.0 <= f <= 0.9:
        raise SettingsError(f"The test fraction must be from 0 to 0.9; got {f:g}.",
                            field="test_fraction")
    seed = _check_seed(seed)
    if f == 0.0:
        return None
    rng = np.random.default_rng(seed)
    counts = {c: int(np.sum(ds.y == c)) for c in (-1, 1)}
    if min(counts.values()) == 0 or ds.n < 3:
        raise DataError(
            f"Too few examples to hold some out for testing: there are {ds.n}, and the training "
            "part must keep both classes while the test part gets at least one. "
            "Set the test fraction to 0 or add data."
        )
    take = {c: min(int(round(counts[c] * f)), counts[c] - 1) for c in (-1, 1)}
    if take[-1] + take[1] == 0:
        c = 1 if counts[1] >= counts[-1] else -1  # the larger class gives one example
        take[c] = 1
    test_idx = []
    for c in (-1, 1):
        idx = np.flatnonzero(ds.y == c)
        test_idx.extend(rng.permutation(idx)[: take[c]].tolist())
    mask = np.zeros(ds.n, dtype=bool)
    mask[test_idx] = True
    return mask


test_mask.__test__ = False  # a library function, not a pytest test


# --------------------------------------------------------------------------- points

MAX_POINTS = settings.LIMITS["points_max"]


def points_dataset(points) -> Dataset:
    """[[x1, x2, label], ...] placed by the user -> Dataset. Errors name the point
    (row = 1-based position in the list) and the field (x1, x2 or label)."""
    if not isinstance(points, (list, tuple, np.ndarray)):
        raise DataError("The points must be a list of [x1, x2, label].")
    points = list(points)
    if len(points) < 2:
        raise DataError(
            f"Place at least 2 points (one of each class); there {'is' if len(points) == 1 else 'are'} "
            f"{len(points)}."
        )
    if len(points) > MAX_POINTS:
        raise DataError(f"There are {len(points)} points; the limit is {MAX_POINTS}.")
    X = np.empty((len(points), 2))
    labels = []
    for i, p in enumerate(points, start=1):
        if isinstance(p, np.ndarray):
            p = p.tolist()
        if not isinstance(p, (list, tuple)) or len(p) != 3:
            raise DataError(f"Point {i} must be [x1, x2, label], not {p!r}.", row=i)
        for j, col in enumerate(("x1", "x2")):
            v = p[j]
            if isinstance(v, np.generic):
                v = v.item()
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                raise DataError(f"Point {i}, {col}: {v!r} is not a number.", row=i, column=col)
            if not math.isfinite(float(v)):
                raise DataError(f"Point {i}, {col}: {v} is not a finite number.", row=i, column=col)
            if abs(float(v)) > MAX_ABS:
                raise DataError(f"Point {i}, {col}: {v} is too large (features must lie within ±1e50).",
                                row=i, column=col)
            X[i - 1, j] = float(v)
        labels.append(p[2])
    y, names = encode_labels(labels, rows=list(range(1, len(points) + 1)), column="label")
    return Dataset(X, y, ["x1", "x2"], names, "points")
