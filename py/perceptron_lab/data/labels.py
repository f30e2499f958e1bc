"""Labels as people write them -> the classes the algorithms use: two classes to -1/+1
(the one that sorts first is -1), or any number of classes to indices 0..k-1.

Sorting: numerically if every label is a number (so "1" and "1.0" are one class and
"9" < "10"), else as strings. Errors name the row and the column when the caller gives them.
"""

from __future__ import annotations

import math
import numbers
import re

import numpy as np

from ..errors import DataError
from ..i18n import N_, _

__all__ = ["encode_labels", "encode_classes", "label_str", "MAX_CLASSES"]


def label_str(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# --------------------------------------------------------------------------- labels

_NUMBER_RE = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def _as_number(value):
    """The value as a finite float if it is a number (or a string holding one), else None."""
    if isinstance(value, (bool, np.bool_)):
        return float(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, str) and _NUMBER_RE.fullmatch(value.strip()):
        return float(value)
    return None


def _numbers(values):
    """_as_number of each value, each distinct value parsed once (labels repeat a lot)."""
    seen = {}
    try:
        return [seen[v] if v in seen else seen.setdefault(v, _as_number(v)) for v in values]
    except TypeError:  # an unhashable value: encode_labels' checks name it
        return [_as_number(v) for v in values]


def _quote_list(values, limit=5) -> str:
    shown = ", ".join(f"'{label_str(v)}'" for v in values[:limit])
    if len(values) > limit:
        shown += f" and {len(values) - limit} more"
    return shown


def encode_labels(values, *, rows=None, column=None):
    """Map two distinct labels to -1/+1. Returns (y int8 array, {-1: original, +1: original}).

    The label that sorts first is -1: numerically if every label is a number (so "1" and
    "1.0" are one class, "9" < "10"), else as strings. `rows` (optional, one 1-based row
    number per value) and `column` only make the DataError messages point at the file.
    """
    values = list(values.tolist() if isinstance(values, np.ndarray) else values)
    if not values:
        raise DataError(_("There are no labels: the data has no examples."), column=column)

    cleaned = []
    for i, v in enumerate(values):
        if isinstance(v, np.generic):
            v = v.item()
        if isinstance(v, str):
            v = v.strip()
        row = rows[i] if rows is not None else None
        if v is None or (isinstance(v, str) and v == ""):
            raise DataError(_bad_label("missing", row, i, column, v), row=row, column=column)
        if isinstance(v, float) and not math.isfinite(v):
            raise DataError(_bad_label("invalid", row, i, column, v), row=row, column=column)
        if not isinstance(v, (str, numbers.Real)):
            raise DataError(_bad_label("type", row, i, column, v), row=row, column=column)
        cleaned.append(v)

    nums = _numbers(cleaned)
    numeric = all(x is not None for x in nums)
    keys = nums if numeric else [str(v) for v in cleaned]

    first_seen = {}  # key -> (original value, index of first occurrence)
    third_index = None
    for i, (k, v) in enumerate(zip(keys, cleaned)):
        if k not in first_seen:
            first_seen[k] = (v, i)
            if len(first_seen) == 3:  # remember where a third class first appears
                third_index = i
    classes = sorted(first_seen)
    originals = [first_seen[k][0] for k in sorted(first_seen, key=lambda k: first_seen[k][1])]
    if len(classes) == 1:
        raise DataError(
            _one_class(column, label_str(originals[0])),
            column=column,
        )
    if len(classes) > 2:
        row = rows[third_index] if rows is not None else None
        raise MoreThanTwoClasses(
            _(_MANY[row is not None, column is not None]).format(
                n=len(classes), classes=_quote_list(originals), row=row, column=column),
            row=row,
            column=column,
        )
    neg, pos = classes
    y = np.where(np.array([k == pos for k in keys]), 1, -1).astype(np.int8)
    return y, {-1: first_seen[neg][0], 1: first_seen[pos][0]}


class MoreThanTwoClasses(DataError):
    """Labels of more than two classes where two are read; the message points to the multiclass perceptron."""


MAX_CLASSES = 100


def encode_classes(values, *, rows=None, column=None):
    """Labels -> (class indices int64, [original label of each class]), for 2 to MAX_CLASSES
    classes, sorted as encode_labels sorts them (numbers numerically, "1" and "1.0" one class)."""
    values = list(values.tolist() if isinstance(values, np.ndarray) else values)
    where = f" in column '{column}'" if column is not None else ""
    if not values:
        raise DataError(_("There are no labels: the data has no examples."), column=column)
    cleaned = [_check_one(v, i, rows, where, column) for i, v in enumerate(values)]
    nums = _numbers(cleaned)
    keys = nums if all(x is not None for x in nums) else [str(v) for v in cleaned]
    first = {}  # key -> original label
    for i, k in enumerate(keys):
        if k not in first:
            first[k] = cleaned[i]
            if len(first) > MAX_CLASSES:
                row = rows[i] if rows is not None else None
                raise DataError(_(_TOO_MANY[row is not None, column is not None]).format(
                    limit=MAX_CLASSES, row=row, column=column), row=row, column=column)
    if len(first) == 1:
        raise DataError(_one_class(column, label_str(cleaned[0])), column=column)
    order = sorted(first)
    index = {k: j for j, k in enumerate(order)}
    return np.array([index[k] for k in keys], dtype=np.int64), [first[k] for k in order]


# A bad label, named by its row (a file's) or example (placed points) and its column: whole sentences.
_BAD_LABEL = {
    ("missing", True, True): N_("Row {row}: the label in column '{column}' is missing."),
    ("missing", True, False): N_("Row {row}: the label is missing."),
    ("missing", False, True): N_("Example {example}: the label in column '{column}' is missing."),
    ("missing", False, False): N_("Example {example}: the label is missing."),
    ("invalid", True, True): N_("Row {row}: the label in column '{column}' is {value}, which is not a valid label."),
    ("invalid", True, False): N_("Row {row}: the label is {value}, which is not a valid label."),
    ("invalid", False, True): N_("Example {example}: the label in column '{column}' is {value}, which is not a "
                                 "valid label."),
    ("invalid", False, False): N_("Example {example}: the label is {value}, which is not a valid label."),
    ("type", True, True): N_("Row {row}: the label in column '{column}' must be a number or a text, not {value}."),
    ("type", True, False): N_("Row {row}: the label must be a number or a text, not {value}."),
    ("type", False, True): N_("Example {example}: the label in column '{column}' must be a number or a text, "
                              "not {value}."),
    ("type", False, False): N_("Example {example}: the label must be a number or a text, not {value}."),
}


def _bad_label(kind, row, i, column, v):
    return _(_BAD_LABEL[kind, row is not None, column is not None]).format(
        row=row, example=i + 1, column=column, value=repr(v) if kind == "type" else v)


def _one_class(column, label):
    return (_("All labels are '{label}': there is only one class. The perceptron needs examples of two classes.")
            if column is None else
            _("All labels in column '{column}' are '{label}': there is only one class. The perceptron needs examples "
              "of two classes.")).format(column=column, label=label)


# (a row is known, a column is known) -> the whole sentence: no sentence is put together from pieces.
_MANY = {
    (True, True): N_("The labels in column '{column}' have {n} different classes: {classes} (the third one first "
                     "appears in row {row}). The perceptron separates exactly two classes; keep two of them, choose "
                     "another label column, or use the multiclass perceptron."),
    (True, False): N_("The labels have {n} different classes: {classes} (the third one first appears in row {row}). "
                      "The perceptron separates exactly two classes; keep two of them, choose another label column, "
                      "or use the multiclass perceptron."),
    (False, True): N_("The labels in column '{column}' have {n} different classes: {classes}. The perceptron "
                      "separates exactly two classes; keep two of them, choose another label column, or use the "
                      "multiclass perceptron."),
    (False, False): N_("The labels have {n} different classes: {classes}. The perceptron separates exactly two "
                       "classes; keep two of them, choose another label column, or use the multiclass perceptron."),
}
_TOO_MANY = {
    (True, True): N_("The labels in column '{column}' have more than {limit} different classes (row {row} brings "
                     "one too many): is this the label column?"),
    (True, False): N_("The labels have more than {limit} different classes (row {row} brings one too many): is "
                      "this the label column?"),
    (False, True): N_("The labels in column '{column}' have more than {limit} different classes: is this the label "
                      "column?"),
    (False, False): N_("The labels have more than {limit} different classes: is this the label column?"),
}


def _check_one(v, i, rows, where, column):
    if isinstance(v, np.generic):
        v = v.item()
    row = rows[i] if rows is not None else None
    if v is None or (isinstance(v, str) and v.strip() == ""):
        raise DataError(_bad_label("missing", row, i, column, v), row=row, column=column)
    if isinstance(v, float) and not math.isfinite(v):
        raise DataError(_bad_label("invalid", row, i, column, v), row=row, column=column)
    if not isinstance(v, (str, numbers.Real)):
        raise DataError(_bad_label("type", row, i, column, v), row=row, column=column)
    return v.strip() if isinstance(v, str) else v
