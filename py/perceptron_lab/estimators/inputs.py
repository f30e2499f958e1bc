"""What every estimator checks at its boundary: X a finite 2-D array of numbers, y one label per row
without gaps, exactly two classes; and how its repr tells a changed parameter."""

import numbers

import numpy as np

from ..data.dataset import MAX_ABS, too_large
from ..errors import DataError


def _same(a, b):
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - arrays and odd objects are simply "changed"
        return False


def _as_matrix(X):
    """A finite 2-D float64 array with at least one row and one column, or DataError."""
    if X is None:
        raise DataError("X is missing: pass a 2-D array of shape (n_samples, n_features).")
    try:
        A = np.asarray(X)
    except ValueError:
        raise DataError("X is ragged: every row must have the same number of features.") from None
    if A.dtype.kind == "O":
        try:
            A = A.astype(np.float64)
        except (TypeError, ValueError):
            raise DataError("X must hold numbers only.") from None
    if A.dtype.kind == "c":
        raise DataError("X holds complex numbers: the perceptron needs real numbers.")
    if A.dtype.kind not in "biuf":
        raise DataError(f"X must hold numbers, not {A.dtype} values.")
    if A.ndim != 2:
        hint = " Reshape it with X.reshape(-1, 1) for one feature." if A.ndim == 1 else ""
        raise DataError(f"X must be 2-D (n_samples, n_features), but it has {A.ndim} dimension(s).{hint}")
    if A.shape[0] == 0:
        raise DataError("X has no examples (0 rows).")
    if A.shape[1] == 0:
        raise DataError("X has no features (0 columns).")
    A = A.astype(np.float64, copy=False)
    lo, hi = A.min(), A.max()  # NaN propagates: two passes settle the common, valid case
    if np.isfinite(lo) and np.isfinite(hi) and -MAX_ABS <= lo and hi <= MAX_ABS:
        return A
    bad = ~np.isfinite(A)
    if bad.any():
        r, c = np.argwhere(bad)[0]
        raise DataError(f"X[{r}, {c}] is {A[r, c]}: every feature must be a finite number.",
                        row=int(r) + 1, column=int(c))
    big = too_large(A)
    if big is not None:
        r, c = big
        raise DataError(f"X[{r}, {c}] is {A[r, c]}: too large, features must lie within ±1e50.",
                        row=r + 1, column=c)
    return A


def _as_labels(y, name="y"):
    """y as a 1-D array of labels without NaN or None, or DataError."""
    if y is None:
        raise DataError(f"{name} is missing: pass one label per example.")
    try:
        y = np.asarray(y)
    except ValueError:
        raise DataError(f"{name} is ragged: it must be a 1-D list of labels.") from None
    if y.ndim != 1:
        raise DataError(f"{name} must be 1-D (one label per example), but it has shape {y.shape}.")
    if y.dtype.kind in "fc":  # one vectorised test instead of a Python step per label
        missing = np.flatnonzero(np.isnan(y))
    elif y.dtype.kind == "O":
        missing = [i for i, v in enumerate(y.tolist())
                   if v is None or (isinstance(v, numbers.Number) and v != v)]
    else:
        missing = ()
    if len(missing):
        i = int(missing[0])
        raise DataError(f"{name}[{i}] is {y[i]}: every label must be given.", row=i + 1)
    return y


def _two_classes(y, name):
    """The sorted distinct labels of y, which must be exactly two."""
    try:
        classes = np.unique(y)
    except TypeError:
        raise DataError(f"The labels in {name} mix numbers and text: use one kind.") from None
    if len(classes) != 2:
        shown = ", ".join(repr(c) for c in classes[:5].tolist()) + (", ..." if len(classes) > 5 else "")
        what = "only one class" if len(classes) == 1 else f"{len(classes)} classes"
        raise DataError(f"{name} has {what} ({shown}): the perceptron separates exactly 2 classes. "
                        "Only binary classification is supported.")
    return classes
