"""What every estimator checks at its boundary: X a finite 2-D array of numbers, y one label per row
without gaps, exactly two classes; and how its repr tells a changed parameter."""

import numbers

import numpy as np

from ..data.dataset import MAX_ABS, too_large
from ..errors import DataError
from ..i18n import _


def _same(a, b):
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 - arrays and odd objects are simply "changed"
        return False


def _as_matrix(X):
    """A finite 2-D float64 array with at least one row and one column, or DataError."""
    if X is None:
        raise DataError(_("X is missing: pass a 2-D array of shape (n_samples, n_features)."))
    try:
        A = np.asarray(X)
    except ValueError:
        raise DataError(_("X is ragged: every row must have the same number of features.")) from None
    if A.dtype.kind == "O":
        try:
            A = A.astype(np.float64)
        except (TypeError, ValueError):
            raise DataError(_("X must hold numbers only.")) from None
    if A.dtype.kind == "c":
        raise DataError(_("X holds complex numbers: the perceptron needs real numbers."))
    if A.dtype.kind not in "biuf":
        raise DataError(_("X must hold numbers, not {dtype} values.").format(dtype=A.dtype))
    if A.ndim != 2:
        raise DataError((_("X must be 2-D (n_samples, n_features), but it has 1 dimension. Reshape it with "
                           "X.reshape(-1, 1) for one feature.") if A.ndim == 1 else
                         _("X must be 2-D (n_samples, n_features), but it has {ndim} dimension(s).")).format(
            ndim=A.ndim))
    if A.shape[0] == 0:
        raise DataError(_("X has no examples (0 rows)."))
    if A.shape[1] == 0:
        raise DataError(_("X has no features (0 columns)."))
    A = A.astype(np.float64, copy=False)
    lo, hi = A.min(), A.max()  # NaN propagates: two passes settle the common, valid case
    if np.isfinite(lo) and np.isfinite(hi) and -MAX_ABS <= lo and hi <= MAX_ABS:
        return A
    bad = ~np.isfinite(A)
    if bad.any():
        r, c = np.argwhere(bad)[0]
        raise DataError(_("X[{r}, {c}] is {value}: every feature must be a finite number.").format(
            r=r, c=c, value=A[r, c]),
                        row=int(r) + 1, column=int(c))
    big = too_large(A)
    if big is not None:
        r, c = big
        raise DataError(_("X[{r}, {c}] is {value}: too large, features must lie within ±1e50.").format(
            r=r, c=c, value=A[r, c]),
                        row=r + 1, column=c)
    return A


def _as_labels(y, name="y"):
    """y as a 1-D array of labels without NaN or None, or DataError."""
    if y is None:
        raise DataError(_("{name} is missing: pass one label per example.").format(name=name))
    try:
        y = np.asarray(y)
    except ValueError:
        raise DataError(_("{name} is ragged: it must be a 1-D list of labels.").format(name=name)) from None
    if y.ndim != 1:
        raise DataError(_("{name} must be 1-D (one label per example), but it has shape {shape}.").format(
            name=name, shape=y.shape))
    if y.dtype.kind in "fc":  # one vectorised test instead of a Python step per label
        missing = np.flatnonzero(np.isnan(y))
    elif y.dtype.kind == "O":
        missing = [i for i, v in enumerate(y.tolist())
                   if v is None or (isinstance(v, numbers.Number) and v != v)]
    else:
        missing = ()
    if len(missing):
        i = int(missing[0])
        raise DataError(_("{name}[{i}] is {value}: every label must be given.").format(
            name=name, i=i, value=y[i]), row=i + 1)
    return y


def _two_classes(y, name):
    """The sorted distinct labels of y, which must be exactly two."""
    try:
        classes = np.unique(y)
    except TypeError:
        raise DataError(_("The labels in {name} mix numbers and text: use one kind.").format(name=name)) from None
    if len(classes) != 2:
        shown = ", ".join(repr(c) for c in classes[:5].tolist()) + (", ..." if len(classes) > 5 else "")
        raise DataError((_("{name} has only one class ({shown}): the perceptron separates exactly 2 classes. Only "
                           "binary classification is supported.") if len(classes) == 1 else
                         _("{name} has {n} classes ({shown}): the perceptron separates exactly 2 classes. Only "
                           "binary classification is supported.")).format(name=name, n=len(classes), shown=shown))
    return classes
