"""The kernel perceptron as code: the training and plotting cells of export/script.py's script.

The bridge trains it on the binary data (load_data, data.train_test_split) with
kernel_perceptron.train_kernel; KernelPerceptron calls the same core with the same settings, so
the printed α, η·α·y and bias are the page's bit for bit."""

from ..data.request import load_data
from ..settings import option
from .script import binary_split_code, estimator_call, status_line

TRAIN_NOTE = "Train from α = 0 and print the counts α, the dual coefficients and the bias (exactly, every digit)."
PICTURE_NOTE = "The decision regions (matplotlib)."
EVERY_CLASS = False  # two classes, -1 and +1
load = load_data
split_code = binary_split_code


def cells(s, ds, imports, plot_features):
    """(package imports, fit code, plot code)."""
    estimator = option("algorithm", s["algorithm"])["estimator"]  # the package's class (params.json)
    fit = (f"clf = {estimator}(\n    {estimator_call(s)},\n)\n"
           "clf.fit(train.X, train.y)  # labels: -1 and +1, as on the page\n" + status_line() +
           "print(\"alpha:\", clf.alpha_.tolist())  # updates caused by each training example\n"
           "print(\"dual_coef:\", clf.dual_coef_[0].tolist())  # η·α·y of the support vectors\n"
           + ("print(\"bias:\", clf.intercept_[0].item())" if s["bias"] else
              "print(\"bias: off (no constant feature)\")"))
    plot = ("fig = plots.kernel_figure(\n"
            f"    train.X, train.y, decision=clf.decision_function, alpha=clf.alpha_, "
            f"plot_features={plot_features!r},\n"
            f"    feature_names=ds.feature_names, label_names=ds.label_names, title={ds.name + ': ' + s['algorithm'] + ' perceptron'!r}, "
            "width_px=640, height_px=480,\n)")
    imports.append(f"from perceptron_lab import {estimator}")
    return ["from perceptron_lab import plots"], fit, plot

