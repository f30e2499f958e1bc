"""The kernel and multiclass perceptrons as code: the estimator cells of script_export's script.

The bridge trains the kernel perceptron on the binary data (load_data, data.train_test_split)
with kernel.train_kernel, and the multiclass perceptron on every class (load_classes: presets and
CSV files read with multiclass=True, placed points as two classes) with the per-class seeded
split. KernelPerceptron and MulticlassPerceptron call the same cores with the same settings, so
the printed numbers (α, η·α·y, the bias; W per class) are the page's bit for bit. The split and
the two-class reading of placed points are imported from where the bridge has them, by name
found at export time, so the script runs the very functions the page ran.
"""

from .. import settings

KERNEL = "KernelPerceptron"
MULTICLASS = "MulticlassPerceptron"


def class_helpers():
    """(module, split, from_binary): the per-class split and two-class reading of a Dataset the bridge uses."""
    from ..data import classes

    return classes.__name__, classes.split.__name__, classes.from_binary.__name__


def split_code(s, imports):
    """The multiclass split line: the page's per-class seeded split (or all for training)."""
    if s["test_fraction"] == 0:
        return "train = ds"
    module, split, _ = class_helpers()
    imports.append(f"from {module} import {split} as split_by_class")
    return (f"train, test = split_by_class(ds, {s['test_fraction']!r}, {s['seed']!r})"
            "  # the page's held-out part: about that share of every class")


def fit_cells(s, ds_name, fmt, imports, plot_features):
    """(fit code, plot code) for s["algorithm"] "kernel" or "multiclass"; appends to imports."""
    common = (f"max_epochs={s['epochs']!r}, eta={s['eta']!r}, fit_intercept={s['bias']!r},\n"
              f"    order={s['order']!r}, random_state={s['seed']!r}, normalize={s['normalize']!r}")
    title = repr(f"{ds_name}: {s['algorithm']} perceptron")
    size = "width_px=640, height_px=480"
    status = "print(\"status:\", clf.status_, \"after\", clf.n_iter_, \"epochs,\", clf.run_.mistakes, \"mistakes\")\n"
    if settings.option("algorithm", s["algorithm"])["family"] == "kernel":
        imports.append(f"from perceptron_lab import {KERNEL}")
        fit = (f"clf = {KERNEL}(\n    kernel={s['kernel']!r}, degree={s['degree']!r}, coef0={s['coef0']!r}, "
               f"gamma={s['gamma']!r},\n    {common},\n)\n"
               "clf.fit(train.X, train.y)  # labels: -1 and +1, as on the page\n" + status +
               "print(\"alpha:\", clf.alpha_.tolist())  # updates caused by each training example\n"
               "print(\"dual_coef:\", clf.dual_coef_[0].tolist())  # η·α·y of the support vectors\n"
               + ("print(\"bias:\", clf.intercept_[0].item())" if s["bias"] else
                  "print(\"bias: off (no constant feature)\")"))
        plot = ("fig = plots.kernel_figure(\n"
                f"    train.X, train.y, decision=clf.decision_function, alpha=clf.alpha_, "
                f"plot_features={plot_features!r},\n"
                f"    feature_names=ds.feature_names, label_names=ds.label_names, title={title}, {size},\n)")
        return fit, plot
    imports.append(f"from perceptron_lab import {MULTICLASS}")
    raw = "train.X"
    prep = ""
    if s["standardize"]:
        from ..data.prep import Standardization

        imports.append(f"from {Standardization.__module__} import Standardization")
        prep = ("# Standardize: z-scores with the training part's mean and standard deviation, as the page.\n"
                "standardization = Standardization.fit(train.X)\n")
        raw = "standardization.transform(train.X)"
    fit = (f"{prep}clf = {MULTICLASS}(\n    average={s['average']!r}, {common},\n"
           f"    feature_map={s['feature_map']!r}, early_stop={s['early_stop']!r},\n)\n"
           f"clf.fit({raw}, train.y)  # class indices 0, 1, ... in the order of ds.classes\n" + status +
           "print(\"classes:\", [str(c) for c in ds.classes])\n"
           "print(\"weights:\", clf.run_.W.tolist())  # one row per class"
           + (", the bias last" if s["bias"] else ""))
    scores = ("lambda X: clf.decision_function(standardization.transform(X))" if s["standardize"]
              else "clf.decision_function")
    plot = ("fig = plots.regions_figure(\n"
            f"    train.X, train.y, scores={scores}, classes=[str(c) for c in ds.classes],\n"
            f"    plot_features={plot_features!r}, feature_names=ds.feature_names, title={title}, {size},\n)")
    return fit, plot


def points_code(imports):
    """Placed points for the multiclass perceptron: their two labels as classes 0 and 1, as the page."""
    module, _, from_binary = class_helpers()
    imports.append(f"from {module} import {from_binary}")
    return f"ds = {from_binary}(points_dataset(POINTS))"
