"""Which figure shows what of a Fit: the plot kinds, their inputs and their text alternatives."""

import math

import numpy as np

from .. import settings
from ..errors import SettingsError
from ..features import prepare
from ..prep import for_plot

PLOT_KINDS = settings.options("plot_kinds")


def plots():
    from .. import plots as module  # matplotlib loads only when a plot is asked for

    return module


def plot_features(ds, s):
    m = ds.X.shape[1]
    pf = tuple(s["plot_features"]) if m >= 2 else (0, None)
    if max(i for i in pf if i is not None) >= m:
        raise SettingsError(f"There are only {m} features to plot.", field="plot_features")
    return pf


def proof_series(f):
    """The proof's two series along the online path, or None where the theorem says nothing."""
    from .. import theory

    run, th = f.run, f.theory
    # The proof is about the online path from w = 0 (the batch rule takes other steps).
    if th.u is None or run.algorithm == "batch" or not len(run.trace.w):
        return None
    return theory.proof_series(run.trace.w, th.u, th.gamma, th.R, run.eta, t=run.trace.step)


def figure(kind, f, *, upto=None):
    """(Figure, text alternative) of one plot of the Fit f; (None, None) where it has none."""
    p = plots()
    ds, test_ds, run, s, th = f.train_ds, f.test_ds, f.run, f.s, f.theory
    width, height = s["plot_px"]
    size = dict(width_px=width, height_px=height)
    if kind == "boundary":
        decision, grid = None, 200
        if run.votes is not None:
            grid = int(np.clip(math.sqrt(2e7 / len(run.votes[1])), 60, 200))  # every grid point polls every vote

            memo = {}

            def decision(Xraw):
                # The plot asks about the same points more than once, and each answer polls every vote.
                key = (Xraw.shape, Xraw.tobytes())
                if key not in memo:
                    memo.clear()
                    memo[key] = run.decision_function(prepare(Xraw, **f.prep))
                return memo[key]
        w_plot, plot_prep = for_plot(run.w, f.prep)  # standardized: the same boundary in raw units
        fig = p.boundary_figure(
            ds.X, ds.y, w=w_plot, plot_features=plot_features(ds, s), decision=decision,
            feature_names=ds.feature_names, label_names=ds.label_names,
            title=f"{ds.name}: {s['algorithm']} perceptron", grid=grid, **plot_prep, **size)
        return fig, fig.alt_text
    if kind == "mistakes":
        return (p.mistakes_figure(run.epoch_mistakes, bound=th.bound, **size),
                p.describe_mistakes(run.epoch_mistakes, th.bound))
    if kind == "accuracy":
        acc = [np.nan if a is None else a for a in run.epoch_accuracy]
        test_acc = None
        if test_ds is not None:
            test_acc = [float(np.mean(run.predict(prepare(test_ds.X, **f.prep)) == test_ds.y))]
        return p.accuracy_figure(acc, test_acc, **size), p.describe_accuracy(acc, test_acc)
    if kind == "proof":
        ps = proof_series(f)
        if ps is None:
            return None, None
        fig = p.proof_figure(ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"],
                             bound=th.bound, upto=upto, **size)
        return fig, p.describe_proof(ps["t"], ps["u_dot_w"], ps["w_norm"], gamma=th.gamma, R=th.R,
                                     bound=th.bound, upto=upto)
    raise SettingsError(f"Unknown plot {kind!r}.", field="plot")


def render(kinds, f):
    """PNG data URLs and text alternatives of these plots of f (+ the boundary's geometry)."""
    p = plots()
    out = {"plots": {}, "plot_alt": {}}
    for kind in kinds:
        fig, alt = figure(kind, f)
        out["plots"][kind] = None if fig is None else p.to_data_url(p.render(fig))
        out["plot_alt"][kind] = alt
        if kind == "boundary":
            out["boundary_geometry"] = p.axes_geometry(fig, fig.data_ax)
    return out
