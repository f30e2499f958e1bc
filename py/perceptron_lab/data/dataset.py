"""Datasets: the -1/+1 label convention, the Dataset types, the train/test split and the points
a user places on the canvas (the named presets are in presets.py).

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

from .. import settings
from ..errors import DataError
from ..i18n import _, ngettext
from .labels import MAX_CLASSES, encode_classes, encode_labels, label_str  # noqa: F401 (re-exported)

__all__ = [
    "Dataset",
    "MulticlassDataset",
    "encode_labels",
    "encode_classes",
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


class _Rows:
    """n examples of m features: the sizes both datasets report (X is (n, m))."""

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def m(self) -> int:
        return int(self.X.shape[1])


@dataclass
class Dataset(_Rows):
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

    def label_mapping_json(self) -> dict:
        """{"-1": str, "+1": str}: the original label behind each internal label."""
        return {"-1": label_str(self.label_names[-1]), "+1": label_str(self.label_names[1])}


@dataclass
class MulticlassDataset(_Rows):
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

    def class_names_json(self) -> list:
        return [label_str(c) for c in self.classes]


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
    return held_out(ds.y, (-1, 1), test_fraction, seed)


def held_out(y, classes, test_fraction, seed=0):
    """The one train/test split of every algorithm: the rows held out for testing (bool array),
    or None for test_fraction 0.

    About test_fraction of each class (in the order of `classes`, one seeded permutation each)
    is held out; every class keeps at least one example for training, and the test part gets
    at least one (from the largest class, the last of equally large ones). DataError when that
    is impossible.
    """
    f = settings.check("test_fraction", test_fraction, say_value=True)  # params.json's range, the page's words
    seed = settings.check("seed", seed, say_value=True)
    if f == 0.0:
        return None
    rng = np.random.default_rng(seed)
    counts = [int(np.sum(y == c)) for c in classes]
    if min(counts) == 0 or len(y) < len(classes) + 1:
        raise DataError((
            _("Too few examples to hold some out for testing: there are {n}, and the training part must keep both "
              "classes while the test part gets at least one. Set the test fraction to 0 or add data.")
            if len(classes) == 2 else
            _("Too few examples to hold some out for testing: there are {n}, and the training part must keep every "
              "class while the test part gets at least one. Set the test fraction to 0 or add data.")
        ).format(n=len(y)))
    take = [min(int(round(n * f)), n - 1) for n in counts]
    if sum(take) == 0:
        largest = max(range(len(counts)), key=lambda k: (counts[k], k))
        take[largest] = 1
    test_idx = []
    for c, k in zip(classes, take):
        test_idx.extend(rng.permutation(np.flatnonzero(y == c))[:k].tolist())
    mask = np.zeros(len(y), dtype=bool)
    mask[test_idx] = True
    return mask


test_mask.__test__ = False  # a library function, not a pytest test


# --------------------------------------------------------------------------- points

MAX_POINTS = settings.LIMITS["points_max"]


def points_dataset(points) -> Dataset:
    """[[x1, x2, label], ...] placed by the user -> Dataset. Errors name the point
    (row = 1-based position in the list) and the field (x1, x2 or label)."""
    if not isinstance(points, (list, tuple, np.ndarray)):
        raise DataError(_("The points must be a list of [x1, x2, label]."))
    points = list(points)
    if len(points) < 2:
        raise DataError(ngettext("Place at least 2 points (one of each class); there is {n}.",
                                 "Place at least 2 points (one of each class); there are {n}.",
                                 len(points)).format(n=len(points)))
    if len(points) > MAX_POINTS:
        raise DataError(_("There are {n} points; the limit is {limit}.").format(n=len(points), limit=MAX_POINTS))
    X = np.empty((len(points), 2))
    labels = []
    for i, p in enumerate(points, start=1):
        if isinstance(p, np.ndarray):
            p = p.tolist()
        if not isinstance(p, (list, tuple)) or len(p) != 3:
            raise DataError(_("Point {i} must be [x1, x2, label], not {value}.").format(i=i, value=repr(p)), row=i)
        for j, col in enumerate(("x1", "x2")):
            v = p[j]
            if isinstance(v, np.generic):
                v = v.item()
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                raise DataError(_("Point {i}, {column}: {value} is not a number.").format(i=i, column=col, value=repr(v)),
                                row=i, column=col)
            if not math.isfinite(float(v)):
                raise DataError(_("Point {i}, {column}: {value} is not a finite number.").format(
                    i=i, column=col, value=v), row=i, column=col)
            if abs(float(v)) > MAX_ABS:
                raise DataError(_("Point {i}, {column}: {value} is too large (features must lie within ±1e50).").format(
                    i=i, column=col, value=v), row=i, column=col)
            X[i - 1, j] = float(v)
        labels.append(p[2])
    y, names = encode_labels(labels, rows=list(range(1, len(points) + 1)), column="label")
    return Dataset(X, y, ["x1", "x2"], names, "points")
