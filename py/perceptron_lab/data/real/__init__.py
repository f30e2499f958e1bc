"""Real datasets shipped with the package (files beside this module; sources and licenses
in README.md): iris, breast cancer (Wisconsin diagnostic), wine, and the 8x8 digits.

They are read with the app's own CSV reader, so a preset is exactly what uploading the
file would give. `load(name, classes=..., features=..., multiclass=...)`: the binary
perceptron takes two of the classes (default: the first two, as sorted), any subset of
the features (names or 0-based indices; default all), in the file's row order.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

import numpy as np

from ...errors import SettingsError
from ...i18n import N_, _
from ..csv_read import parse_csv
from ..dataset import Dataset, MulticlassDataset

__all__ = ["REAL", "load", "describe"]

# name: (file, title, what it is: said in the page's language where it is shown)
REAL = {
    "iris": ("iris.csv", "iris",
             N_("Fisher's iris: 150 flowers, 4 measurements (cm), 3 species (50 each). Setosa is linearly "
                "separable from the others; versicolor and virginica are not.")),
    "breast-cancer": ("breast_cancer.csv", "breast cancer",
                      N_("Wisconsin diagnostic breast cancer: 569 tumours, 30 features of cell nuclei, "
                         "malignant (212) or benign (357). The features' largest values range from 0.03 to "
                         "4 254: standardize.")),
    "wine": ("wine.csv", "wine",
             N_("Wine: 178 wines from 3 cultivars, 13 chemical measurements (59, 71 and 48 wines).")),
    "digits": ("digits.csv.gz", "digits",
               N_("Handwritten digits: 1 797 images of 8x8 pixels (64 features, ink 0 to 16), digits 0 to 9.")),
}


@lru_cache(maxsize=None)
def _table(name):
    """The whole file as a MulticlassDataset (read once per process)."""
    fname, title, _ = REAL[name]
    raw = resources.files(__name__).joinpath(fname).read_bytes()
    if fname.endswith(".gz"):
        raw = gzip.decompress(raw)
    return parse_csv(raw, name=title, multiclass=True, encoding="utf-8", delimiter=",", decimal=".")


def describe(name) -> dict:
    """What the page needs to offer choices: class names, feature names, size, a sentence."""
    t = _table(name)
    return {"classes": t.class_names_json(), "features": list(t.feature_names), "n": t.n,
            "info": _(REAL[name][2]), "plot": suggested_plot(t.X)}


def suggested_plot(X):
    """The two features to plot when the first two show nothing: if either is constant (digits'
    corner pixels are always blank), the two that vary most; else None (keep the first two)."""
    v = X.var(axis=0)
    if X.shape[1] < 3 or (v[0] > 0 and v[1] > 0):
        return None
    order = np.argsort(-v, kind="stable")  # ties: the earlier feature first
    return [int(order[0]), int(order[1])]


def _pick_features(t, features):
    if features is None:
        return list(range(t.m))
    if isinstance(features, (str, int)) or not hasattr(features, "__iter__"):
        features = [features]
    out = []
    for f in features:
        if isinstance(f, str) and f in t.feature_names:
            out.append(t.feature_names.index(f))
        elif isinstance(f, (int, np.integer)) and not isinstance(f, bool) and 0 <= int(f) < t.m:
            out.append(int(f))
        else:
            raise SettingsError(_("{data} has no feature {feature}: choose names from {names} or numbers 0 to "
                                  "{last}.").format(data=t.name, feature=repr(f), last=t.m - 1,
                                                    names=", ".join(t.feature_names[:8]) + (", …" if t.m > 8 else "")),
                                field="features")
    if not out or len(set(out)) != len(out):
        raise SettingsError(_("Choose at least one feature, each once."), field="features")
    return out


def _pick_classes(t, classes, multiclass):
    names = t.class_names_json()
    if classes is None:
        return list(range(len(names))) if multiclass else [0, 1]
    if isinstance(classes, (str, int)):
        classes = [classes]
    out = []
    for c in classes:
        key = str(c)
        if key not in names:
            raise SettingsError(_("{data} has no class {name}: its classes are {classes}.").format(
                data=t.name, name=repr(c), classes=", ".join(names)),
                                field="classes")
        out.append(names.index(key))
    if len(set(out)) != len(out) or len(out) < 2 or (not multiclass and len(out) != 2):
        raise SettingsError((_("Choose at least two different classes of {data}: {classes}.") if multiclass else
                             _("Choose two different classes of {data}: {classes}.")).format(
            data=t.name, classes=", ".join(names)), field="classes")
    return sorted(out)


def load(name, *, classes=None, features=None, multiclass=False):
    """A Dataset of two classes (-1 = the one that sorts first), or with multiclass=True a
    MulticlassDataset of the chosen classes (all by default), renumbered 0..k-1."""
    t = _table(name)
    cols = _pick_features(t, features)
    keep = _pick_classes(t, classes, multiclass)
    rows = np.isin(t.y, keep)
    X = t.X[rows][:, cols]
    names = [t.feature_names[j] for j in cols]
    renumber = {c: i for i, c in enumerate(keep)}
    y = np.array([renumber[int(c)] for c in t.y[rows]], dtype=np.int64)
    class_names = [t.classes[c] for c in keep]
    title = t.name if len(keep) == len(t.classes) else f"{t.name} ({' vs '.join(map(str, class_names))})"
    if multiclass:
        return MulticlassDataset(X, y, names, class_names, title)
    return Dataset(X, np.where(y == 1, 1, -1), names, {-1: class_names[0], 1: class_names[1]}, title)
