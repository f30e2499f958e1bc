"""The multiclass perceptron as code: the data read with every class, the per-class split, and
the training and plotting cells of export/script.py's script.

The bridge trains it on every class (load_classes: presets and CSV files read with
multiclass=True, placed points as two classes) with the per-class seeded split;
MulticlassPerceptron calls the same core with the same settings, so the printed W is the page's
bit for bit. The split and the two-class reading of placed points are imported from where the
bridge has them (data/classes.py), by the names found at export time, so the script runs the
very functions the page ran.
"""

from ..data import classes
from ..data.classes import load_classes
from ..settings import option
from .script import estimator_call, status_line

TRAIN_NOTE = "Train from W = 0 and print W, one row per class (exactly, every digit)."
PICTURE_NOTE = "The decision regions (matplotlib)."
EVERY_CLASS = True  # the data is read with every class (bridge: load_classes)
load = load_classes


def split_code(s, imports):
    """The multiclass split line: the page's per-class seeded split (or all for training)."""
    if s["test_fraction"] == 0:
        return "train = ds"
    imports.append(f"from {classes.__name__} import {classes.split.__name__} as split_by_class")
    return (f"train, test = split_by_class(ds, {s['test_fraction']!r}, {s['seed']!r})"
            "  # the page's held-out part: about that share of every class")


def points_code(imports):
    """Placed points: their two labels as classes 0 and 1, as the page."""
    from_binary = classes.from_binary.__name__
    imports.append(f"from {classes.__name__} import {from_binary}")
    return f"ds = {from_binary}(points_dataset(POINTS))"


def cells(s, ds, imports, plot_features):
    """(package imports, fit code, plot code)."""
    estimator = option("algorithm", s["algorithm"])["estimator"]  # the package's class (params.json)
    # standardize=True: the estimator z-scores with the training part's mean and std, as the page.
    fit = (f"clf = {estimator}(\n    {estimator_call(s)},\n)\n"
           f"clf.fit(train.X, train.y)  # class indices 0, 1, ... in the order of ds.classes\n" + status_line() +
           "print(\"classes:\", [str(c) for c in ds.classes])\n"
           "print(\"weights:\", clf.run_.model.W.tolist())  # one row per class"
           + (", the bias last" if s["bias"] else ""))
    scores = "clf.decision_function"
    title = repr(f"{ds.name}: {s['algorithm']} perceptron")
    plot = ("fig = plots.regions_figure(\n"
            f"    train.X, train.y, scores={scores}, classes=[str(c) for c in ds.classes],\n"
            f"    plot_features={plot_features!r}, feature_names=ds.feature_names, title={title}, "
            "width_px=640, height_px=480,\n)")
    imports.append(f"from perceptron_lab import {estimator}")
    return ["from perceptron_lab import plots"], fit, plot
