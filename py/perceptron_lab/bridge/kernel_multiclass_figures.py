"""Which figure shows what of a kernel or multiclass run (a KernelOrMulticlassFit), and its text alternative.

The plot kinds are the binary runs' (boundary, mistakes, accuracy; proof has none here) plus, for
multiclass, `confusion` and, on 8×8 images such as digits, `class_weights` and `gallery`.
"""

import numpy as np

from ..errors import SettingsError
from ..core.features import prepare
from .figures import plot_features, plots

EXTRA_KINDS = ("confusion", "class_weights", "gallery")
IMAGE_SIDE = 8


def is_images(f):
    return f.algorithm == "multiclass" and f.train_ds.X.shape[1] == IMAGE_SIDE * IMAGE_SIDE


def extra_kinds(f):
    if f.algorithm != "multiclass":
        return ()
    return EXTRA_KINDS if is_images(f) else ("confusion",)


def boundary(f, *, step=None, highlight=None, size):
    """The regions after the first `step` recorded updates (None: the answer)."""
    p, ds, s = plots(), f.train_ds, f.s
    pf = plot_features(ds, s)
    if f.algorithm == "kernel":
        run = f.run
        alpha = run.alpha if step is None else run.trace.alpha_at(step, len(run.alpha))
        title = f"{ds.name}: kernel perceptron ({s['kernel']})" + ("" if step is None else ", step through")
        return p.kernel_figure(ds.X, ds.y, decision=lambda X: run.decision_function(X, step=step), alpha=alpha,
                               plot_features=pf, feature_names=ds.feature_names, label_names=ds.label_names,
                               title=title, highlight=highlight, **size)
    W = f.run.W if step is None else f.run.trace.weights_at(step, f.Z, len(ds.classes), f.run.eta)
    prep = f.prep
    title = f"{ds.name}: multiclass perceptron" + ("" if step is None else ", step through")
    return p.regions_figure(ds.X, ds.y, scores=lambda X: prepare(X, **prep) @ W.T, classes=ds.classes,
                            plot_features=pf, feature_names=ds.feature_names, title=title, highlight=highlight,
                            **size)


def figure(kind, f):
    """(Figure, alt text) of one plot of f; (None, None) where it has none."""
    p, ds, run, s = plots(), f.train_ds, f.run, f.s
    width, height = s["plot_px"]
    size = dict(width_px=width, height_px=height)
    if kind == "boundary":
        fig = boundary(f, size=size)
        return fig, fig.alt_text
    if kind == "mistakes":
        bound = f.summary["theory"]["bound"] if f.algorithm == "kernel" else None  # Novikoff in feature space
        return p.mistakes_figure(run.epoch_mistakes, bound=bound, **size), p.describe_mistakes(run.epoch_mistakes, bound)
    if kind == "accuracy":
        acc = list(run.epoch_accuracy)
        test = None if f.test_accuracy is None else [f.test_accuracy]
        return p.accuracy_figure(acc, test, **size), p.describe_accuracy(acc, test)
    if kind == "proof":
        return None, None
    if kind in extra_kinds(f):
        if kind == "confusion":
            fig = p.confusion_figure(f.summary["confusion"], ds.classes, title="Confusion matrix (training)", **size)
        elif kind == "class_weights":
            fig = p.weight_images_figure(run.W, ds.classes, side=IMAGE_SIDE, title="Each class's weights", **size)
        else:
            fig = p.mistakes_gallery_figure(ds.X, ds.y, run.predict(f.Z), ds.classes, side=IMAGE_SIDE,
                                            title="Current mistakes: true → predicted", **size)
        return fig, fig.alt_text
    raise SettingsError(f"Unknown plot {kind!r}.", field="plot")


def render(kinds, f, *, extras=True):
    """PNG data URLs and alt texts of these plots of f (with extras: the multiclass ones too)."""
    p = plots()
    out = {"plots": {}, "plot_alt": {}}
    for kind in list(kinds) + (list(extra_kinds(f)) if extras else []):
        fig, alt = figure(kind, f)
        out["plots"][kind] = None if fig is None else p.to_data_url(p.render(fig))
        out["plot_alt"][kind] = alt
        if kind == "boundary" and f.algorithm == "kernel":
            out["boundary_geometry"] = p.axes_geometry(fig, fig.data_ax)
    return out
