"""Which figure shows what of a Fit: the plot kinds, their inputs and their text alternatives."""

import math

import numpy as np

from ..i18n import _
from ..texts.names import perceptron as perceptron_name
from .. import settings
from ..errors import SettingsError
from ..core.features import feature_names, prepare
from ..data.prep import for_plot

PLOT_KINDS = settings.options("plot_kinds")


def plots():
    from .. import plots as module  # matplotlib loads only when a plot is asked for

    return module


def plot_features(ds, s):
    m = ds.X.shape[1]
    pf = tuple(s["plot_features"]) if m >= 2 else (0,)  # one feature: drawn along x
    if max(i for i in pf if i is not None) >= m:
        raise SettingsError(_("There are only {m} features to plot.").format(m=m), field="plot_features")
    return pf


TABLE_POINTS_MAX = 5000  # as linear_fit.POINTS_MAX: a table past that is no help to anyone


def point_rows(f):
    """The table behind a kernel or multiclass regions plot (access/plot-tables.js): every training
    point in the plotted features, its class and the answer's prediction, from the run itself (the
    regions have no one line of w to score a point by). None past TABLE_POINTS_MAX points."""
    ds = f.train_ds
    if ds.X.ndim != 2 or len(ds.y) > TABLE_POINTS_MAX:
        return None
    pf = [i for i in plot_features(ds, f.s) if i is not None]
    pred = f.predict_raw(ds.X)
    return {"features": [str(ds.feature_names[i]) for i in pf],
            "rows": [[*(float(v) for v in ds.X[r, pf]), str(f.label_name(ds.y[r])), str(f.label_name(pred[r]))]
                     for r in range(len(ds.y))]}


def proof_series(f):
    """The proof's two series along the online path, or None where the theorem says nothing."""
    from ..theory import proof as theory

    run, th = f.run, f.theory
    # The proof is about the online path from w = 0 (the batch rule takes other steps).
    if th.u is None or not per_example(run) or not len(run.trace.w):
        return None
    return theory.proof_series(run.trace.w, th.u, th.gamma, th.R, run.eta, t=run.trace.step,
                               norm_slope=run.rule.norm_slope(th.R, run.eta))


def mistakes_words(run):
    """The mistakes plot's words from the run's rule: whether its bound counts these updates (the batch
    rule's does not), and the margin perceptron's updates and bound."""
    online = per_example(run)
    if not run.rule.margin:
        return {"online_bound": online}
    return {"online_bound": online, "what": "update", "bound_name": run.rule.bound_formula, "title": _("Updates per epoch")}


def proof_words(run):
    """The proof plot's names for Claim 2's bound and the bound, from the run's rule (only the margin
    perceptron's differ from the notes' √t·R and (R/γ)²)."""
    rule = run.rule
    if not rule.margin:
        return {}
    return {"claim2": "√(t·(R² + 2τ/η))", "bound_name": rule.bound_formula, "rescales": rule.eta_rescales()}


def proof_alt(f, ps, upto):
    """The proof plot's text alternative at update upto, in the words of the run's rule."""
    run, th = f.run, f.theory
    coefficient = None if th.R is None else math.sqrt(run.rule.norm_slope(th.R, run.eta))  # of √t in Claim 2
    return plots().describe_proof(ps["t"], ps["u_dot_w"], ps["w_norm"], gamma=th.gamma, R=coefficient,
                                  bound=th.bound, upto=upto, eta=run.eta, **proof_words(run))


def wrong_at(f, k):
    """The training points misclassified after update k of the Fit f, decided on w in units of η
    as training decides (η·w, or w in raw units of standardized features, can tip a point on the line)."""
    tr = f.run.trace
    w1 = tr.w_units[k - 1] if k and tr.w_units is not None else np.zeros(f.Z.shape[1])
    return np.where(f.Z @ w1 >= 0, 1, -1) != f.train_ds.y


def per_example(run):
    """Does the run update on one example at a time (params.json; batch sums a whole epoch)?"""
    return settings.option("algorithm", run.algorithm)["per_example"]


def many_features(f):
    """The projection and weights plots are drawn when the boundary plot is a slice: more than 2 features."""
    return f.ds.X.shape[1] > 2


def strip_main(f):
    """The main plot is the score strip: more than two features, unless the reader chose the slice
    (a 2-D slice cannot show where the other features put a point)."""
    return many_features(f) and f.s.get("main_plot", "scores") != "slice"


def slice_title(f, what):
    """The title of a 2-D slice of more than two features: the line (or regions) is drawn at the
    other features' means, each point at its own values (the page's caption says what that
    cannot show: a point's side is not its prediction)."""
    m = f.ds.X.shape[1]
    if m <= 2:
        return _("{name}: {what}").format(name=f.train_ds.name, what=what)
    return _("{name}: a slice, 2 of {m} features").format(name=f.train_ds.name, m=m)


def strip_figure(f, size_kw):
    """The score strip of the run's classifier: every training point at its w·x̃ (voted: its vote)."""
    run, ds = f.run, f.train_ds
    voted = run.model.votes is not None
    return plots().projection_figure(
        run.decision_function(f.Z), ds.y, label_names=ds.label_names,
        score_label="Σ c·sign(w·x̃)" if voted else "w·x̃",
        title=(_("{name}: votes Σ c·sign(w·x̃)") if voted else _("{name}: scores w·x̃")).format(name=ds.name),
        **size_kw)


def weights_height(f):
    """One readable row per weight (bias excluded), within the plots' largest size."""
    n = len(f.run.model.w) - (1 if f.s["bias"] else 0)
    return int(min(settings.param("plot_px")["max"], max(360, 26 * n + 110)))


def size(kind, f, px=None):
    """The figure keywords of one plot: its CSS box (px, else plot_px; the weights chart grows
    with the number of weights), the device pixel ratio and the presenter scale."""
    width, height = px or f.s["plot_px"]
    if kind == "weights":
        height = weights_height(f)
    return dict(width_px=width, height_px=height, dpr=f.s["dpr"], scale=f.s["scale"])


def figure(kind, f, *, upto=None, px=None):
    """(Figure, text alternative) of one plot of the Fit f; (None, None) where it has none.
    px: (width, height) CSS pixels of the box it is shown in (default: the settings' plot_px)."""
    p = plots()
    ds, test_ds, run, s = f.train_ds, f.test_ds, f.run, f.s
    th = None if kind == "boundary" else f.theory  # the first picture never waits for the margin
    size_kw = size(kind, f, px)
    if kind == "boundary" and strip_main(f):
        fig = strip_figure(f, size_kw)
        return fig, fig.alt_text
    if kind == "boundary":
        decision, grid = None, 200
        if run.model.votes is not None:
            grid = int(np.clip(math.sqrt(settings.LIMITS["vote_grid_work"] / len(run.model.votes[1])), 60, 200))  # every grid point polls every vote (the run budget counts them)

            memo = {}

            def decision(Xraw):
                # The plot asks about the same points more than once, and each answer polls every vote.
                key = (Xraw.shape, Xraw.tobytes())
                if key not in memo:
                    memo.clear()
                    memo[key] = run.decision_function(prepare(Xraw, **f.prep))
                return memo[key]
        w_plot, plot_prep = for_plot(run.model.w, f.prep)  # standardized: the same boundary in raw units
        fig = p.boundary_figure(
            ds.X, ds.y, w=w_plot, plot_features=plot_features(ds, s), decision=decision,
            feature_names=ds.feature_names, label_names=ds.label_names,
            title=slice_title(f, perceptron_name(s['algorithm'])), grid=grid,
            vote=run.model.votes is not None, wrong=run.predict(f.Z) != ds.y, **plot_prep, **size_kw)
        return fig, fig.alt_text
    if kind == "mistakes":
        # The bound limits online updates; the batch rule's steps (one per epoch) are a different process.
        words = mistakes_words(run)
        alt_words = {k: v for k, v in words.items() if k != "title"}
        return (p.mistakes_figure(run.epoch_mistakes, bound=th.bound, **words, **size_kw),
                p.describe_mistakes(run.epoch_mistakes, th.bound, **alt_words))
    if kind == "accuracy":
        acc = [np.nan if a is None else a for a in run.epoch_accuracy]
        test_acc = None
        if test_ds is not None:
            test_acc = [float(np.mean(run.predict(prepare(test_ds.X, **f.prep)) == test_ds.y))]
        return p.accuracy_figure(acc, test_acc, **size_kw), p.describe_accuracy(acc, test_acc)
    if kind == "proof":
        ps = proof_series(f)
        if ps is None:
            return None, None
        fig = p.proof_figure(ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"],
                             bound=th.bound, upto=upto, eta=run.eta, **proof_words(run), **size_kw)
        return fig, proof_alt(f, ps, upto)
    if kind == "projection":
        if not many_features(f):
            return None, None
        voted = run.model.votes is not None
        fig = p.projection_figure(run.decision_function(f.Z), ds.y, label_names=ds.label_names,
                                  score_label="Σ c·sign(w·x̃)" if voted else "w·x̃",
                                  title=_("Every training point's vote Σ c·sign(w·x̃)") if voted else
                                  _("Every training point's score w·x̃"),
                                  **size_kw)
        return fig, fig.alt_text
    if kind == "weights":
        if not many_features(f):
            return None, None
        voted = run.model.votes is not None  # its w is the last voter's, not the classifier
        title = None
        if voted:
            title = (_("The last w (one voter): per standard deviation") if s["standardize"] else
                     _("The last w (one voter): raw units, size ≠ importance"))
        fig = p.weights_figure(run.model.w, ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"],
                               standardized=s["standardize"], title=title, **size_kw)
        return fig, (_("The last w, one of the voters.") + " " if voted else "") + fig.alt_text
    if kind == "cycle":
        # Only a cycled run of a linear model on an exact trace has a cycle to draw.
        if (run.cycle is None or run.trace.subsampled or s["feature_map"] != "none" or s["standardize"]
                or not len(run.trace.w)):
            return None, None
        fig = p.cycle_figure(ds.X, ds.y, run.trace.w, run.trace.epoch, run.cycle,
                             fit_intercept=s["bias"], normalize=s["normalize"], plot_features=plot_features(ds, s),
                             feature_names=ds.feature_names, label_names=ds.label_names,
                             title=_("{name}: the cycle").format(name=ds.name), **size_kw)
        return fig, fig.alt_text
    if kind == "trajectory":
        if not per_example(run) or len(run.trace.w) < 2:
            return None, None
        pf = plot_features(ds, s)
        comps = (0, 1) if run.trace.w.shape[1] >= 2 else (0, 0)
        if s["feature_map"] == "none" and pf[1] is not None:
            comps = pf
        names = feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"])
        fig = p.trajectory_figure(run.trace.w, run.trace.step, u=th.u if th.reason == "margin" else None, components=comps, component_names=names,
                                  **size_kw)
        return fig, fig.alt_text
    raise SettingsError(_("Unknown plot {kind}.").format(kind=repr(kind)), field="plot")


def render(kinds, f, sizes=None):
    """PNG data URLs and text alternatives of these plots of f (+ the boundary's geometry);
    sizes: {kind: (width, height)} CSS boxes where they differ from plot_px."""
    p = plots()
    out = {"plots": {}, "plot_alt": {}}
    for kind in kinds:
        fig, alt = figure(kind, f, px=(sizes or {}).get(kind))
        out["plots"][kind] = None if fig is None else p.to_data_url(p.render(fig))
        out["plot_alt"][kind] = alt
        if kind == "boundary":
            out["main_plot"] = "scores" if strip_main(f) else "slice" if many_features(f) else "plane"  # the caption says which
        if kind == "boundary" and not strip_main(f):
            # + the text scale it was drawn with (the view's limits depend on the axes' shape)
            out["boundary_geometry"] = {**p.axes_geometry(fig, fig.data_ax), "scale": f.s["scale"]}
    return out
