"""Data for the multiclass perceptron: every class of a data spec as a MulticlassDataset whose
classes are their names as text, and the split.

The binary loaders map two labels to ±1; the multiclass perceptron needs every class. Where
the reader can read all classes (`multiclass=True`) it does; any binary Dataset is also taken
as two classes (−1 → class 0, +1 → class 1), so presets and placed points work with every algorithm.
"""

import numpy as np

from ..errors import DataError, SettingsError
from ..i18n import _
from . import csv_read
from .dataset import MulticlassDataset, held_out
from .labels import MoreThanTwoClasses
from .presets import preset
from .request import PRESET_FIELDS, csv_dataset, load_data


def _label(v):
    return str(v)


def from_binary(ds):
    return MulticlassDataset(ds.X, (ds.y > 0).astype(np.int64), list(ds.feature_names),
                             [_label(ds.label_names[-1]), _label(ds.label_names[1])], ds.name)


def _from_multi(m):
    """The same data with its classes as text (the names the page and the files show)."""
    return MulticlassDataset(m.X, m.y, list(m.feature_names), m.class_names_json(), m.name)


def load_classes(spec):
    """A MulticlassDataset from a data spec (preset, CSV, points), every class kept where the reader can."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    if kind == "preset":
        args = {k: spec[k] for k in ("n", "margin", "spread", "seed", "classes", "features") if k in spec}
        try:
            return _from_multi(preset(spec.get("name"), multiclass=True, **args))
        except SettingsError as e:
            raise SettingsError(e.message, field=PRESET_FIELDS.get(e.field, "preset")) from None
    if kind == "csv":
        source, kw = csv_read.spec_args(spec)  # text or base64 bytes, as the binary loader reads them
        return _from_multi(csv_dataset(source, kw, multiclass=True))  # the binary loader's reading
    return from_binary(load_data(spec))


def binary_or_pointer(spec):
    """load_data(spec) for the binary algorithms; when the data has more than two classes the
    error says so and points to the multiclass perceptron."""
    try:
        return load_data(spec)
    except MoreThanTwoClasses:
        raise  # the reader already points to the multiclass perceptron
    except DataError as e:
        try:
            k = len(load_classes(spec).classes)
        except (DataError, SettingsError):
            raise e from None
        if k > 2:
            raise DataError(_("{message} This data has {k} classes: choose the Multiclass algorithm to train on all "
                              "of them.").format(message=e.message, k=k), row=e.row, column=e.column) from None
        raise


def split(cd, test_fraction, seed):
    """(train, test or None): the one split of every algorithm (dataset.held_out), order kept."""
    try:
        mask = held_out(cd.y, range(len(cd.classes)), test_fraction, seed)
    except DataError as e:
        raise SettingsError(e.message, field="test_fraction") from None
    if mask is None:
        return cd, None

    def part(sel, suffix):
        return MulticlassDataset(cd.X[sel], cd.y[sel], cd.feature_names, cd.classes, f"{cd.name} ({suffix})")

    return part(~mask, "train"), part(mask, "test")
