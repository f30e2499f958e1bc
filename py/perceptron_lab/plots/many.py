"""Views for many features (more than two), where a 2-feature slice shows little: the
projection every perceptron makes (the score w·x̃ of each point, per class, against the
threshold 0) and the weights, one signed bar per feature."""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..i18n import N_, _, ngettext
from .figure import anchor_legend_left, fit_width, layout, legend_above, legend_fitting, prepare_figure
from .style import FS_LABEL, FS_NOTE, FS_TICK, LINE_W, NEG_MARKER, PALETTE, POS_MARKER, fs, px, rc
from .text import class_label, describe_projection, describe_weights, expanded_names, format_number, plain

_GOLDEN = 0.6180339887498949


def _jitter(n):
    """Deterministic spread in [-0.3, 0.3] (low-discrepancy: no clumps, same picture every time)."""
    return ((np.arange(n) * _GOLDEN) % 1.0 - 0.5) * 0.6


def projection_figure(scores, y, *, label_names=None, score_label="w·x̃", title=N_("Every point's score w·x̃"),
                      width_px=None, height_px=None, dpi=None, fig=None, dpr=1.0, scale=1.0, xlim=None,
                      count_wrong=True):
    """One row per class: each point at its score (its w·x̃, or the voted score), the
    threshold 0 as a vertical line (score ≥ 0 predicts +1), the misclassified ringed.
    xlim: the score axis's limits (a moving strip keeps one axis for every update);
    count_wrong: the legend counts the misclassified (not where the rings move).
    fig.scores and fig.wrong hold what is drawn (in the order given); fig.rows each point's row."""
    sc = np.asarray(scores, dtype=float).reshape(-1)
    y = np.asarray(y).reshape(-1)
    if sc.shape != y.shape:
        raise ValueError("scores and y must have the same length")
    wrong = np.where(sc >= 0, 1, -1) != y
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    n = len(y)
    s = (40.0 if n <= 200 else max(6.0, 40.0 * np.sqrt(200 / n))) * k * k
    with rc():
        handles = [Line2D([], [], ls="", marker="o", ms=11 * k, mfc="none", mec=PALETTE["wrong"], mew=1.8 * k),
                   Line2D([], [], color=PALETTE["boundary"], lw=LINE_W * k)]
        labels = [_("misclassified ({n})").format(n=int(wrong.sum())) if count_wrong else _("misclassified"), _("threshold 0")]
        rows, ncol = legend_fitting(fig, handles, labels)
        ax = layout(fig, plain(_(title), 200) if title else None, rows)[0]
        jit = _jitter(n)
        rowpos = np.where(y > 0, 1.0, 0.0) + jit
        for sign, marker, colour, gid in ((1, POS_MARKER, PALETTE["pos"], "points-pos"),
                                          (-1, NEG_MARKER, PALETTE["neg"], "points-neg")):
            sel = y == sign
            ax.scatter(sc[sel], rowpos[sel], s=s, marker=marker, c=colour, edgecolors="white",
                       linewidths=0.4 * k, zorder=3, gid=gid, rasterized=n > 5000)
        ax.scatter(sc[wrong], rowpos[wrong], s=s * 4, marker="o", facecolors="none", edgecolors=PALETTE["wrong"],
                   linewidths=1.6 * k, zorder=4, gid="misclassified")
        ax.axvline(0.0, color=PALETTE["boundary"], lw=LINE_W * k, zorder=5, gid="threshold")
        lo, hi = (float(sc.min()), float(sc.max())) if n else (-1.0, 1.0)
        if xlim is not None:
            lo, hi = min(lo, xlim[0]), max(hi, xlim[1])
        span = max(hi - lo, abs(hi), abs(lo), 1e-12)
        ax.set_xlim(min(lo, 0) - 0.06 * span, max(hi, 0) + 0.06 * span)
        ax.set_ylim(-0.5, 1.5)
        ax.set_yticks([0, 1])
        ax.set_yticklabels([plain(class_label(label_names, -1), 24), plain(class_label(label_names, 1), 24)])
        ax.axvspan(0, ax.get_xlim()[1], color=PALETTE["pos_fill"], zorder=0, lw=0)
        ax.axvspan(ax.get_xlim()[0], 0, color=PALETTE["neg_fill"], zorder=0, lw=0)
        xlabel = ax.set_xlabel("", fontsize=fs(fig, FS_LABEL))
        leg = legend_above(ax, handles, labels, ncol)
        _room_for_tick_labels(ax)
        anchor_legend_left(fig, leg, ax)
        # Narrow plots (phones) keep the label's size and drop words instead: the shading and
        # the legend's threshold say the rest.
        cx = (ax.get_position().x0 + ax.get_position().x1) / 2 * fig.bbox.width
        room = 2 * min(cx, fig.bbox.width - cx) - px(fig, 8)
        renderer = fig.canvas.get_renderer()
        for text in (_("score {score}  (≥ 0 predicts {label})").format(score=score_label,
                                                                         label=plain(class_label(label_names, 1), 24)),
                     _("score {score}  (≥ 0 predicts +1)").format(score=score_label),
                     _("score {score}").format(score=score_label)):
            xlabel.set_text(text)
            if xlabel.get_window_extent(renderer).width <= room:
                break
        fit_width(xlabel, room)
    fig.scores, fig.wrong, fig.rows, fig.data_ax = sc, wrong, rowpos, ax
    fig.alt_text = describe_projection(sc, y, label_names=label_names, score_label=score_label)
    return fig


def _room_for_tick_labels(ax):
    """Move the axes' left edge right of its longest y tick label (class or feature names)."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    need = max((t.get_window_extent(renderer).width for t in ax.get_yticklabels()), default=0)
    need += px(fig, 8) + fs(fig, 7) * fig.dpi / 72        # tick length and padding
    box = ax.get_position()
    left = min(max(box.x0, need / fig.bbox.width), 0.55)
    ax.set_position([left, box.y0, box.x1 - left, box.height])


def weights_figure(w, feature_names=None, *, fit_intercept=True, feature_map="none", standardized=False,
                   title=None, max_bars=40, width_px=None, height_px=None, dpi=None, fig=None, dpr=1.0,
                   scale=1.0):
    """One horizontal bar per feature weight, signed (positive pushes towards +1: blue;
    negative: orange), in feature order; the bias is stated, not drawn (it has no feature).
    The title says whether the sizes compare: only on standardized features is a weight's
    size an importance; on raw features it depends on the feature's units. More than
    max_bars weights: the largest |w| are drawn and the title says how many are left out.
    fig.bar_values and fig.bar_names hold what is drawn."""
    w = np.asarray(w, dtype=float).reshape(-1)
    coef = w[:-1] if fit_intercept else w
    names = expanded_names(feature_names, len(w), fit_intercept, feature_map)
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    if title is None:
        # Standardized: sizes are per standard deviation, yet correlated features share their
        # effect and poly2's products of z-scores are no z-scores: neither is a plain importance.
        if standardized and feature_map != "none":
            title = _("Weights: standardized inputs, but poly2's terms are not z-scores (size ≠ importance)")
        elif standardized:
            title = _("Weights per standard deviation (correlated features share importance)")
        else:
            title = _("Weights (raw units: a size is not an importance)")
    with rc():
        handles = [Patch(color=PALETTE["pos"]), Patch(color=PALETTE["neg"])]
        labels = [_("pushes towards +1"), _("pushes towards −1")]
        rows, ncol = legend_fitting(fig, handles, labels)
        ax, _ax_w, ah = layout(fig, plain(title, 200), rows)
        # one bar per feature while the names stay readable (a row of 1.6 tick-label heights);
        # past that, the largest |w|, and the axis says how many are left out
        fit = max(1, int(ah // (1.6 * fs(fig, FS_TICK) * fig.dpi / 72)))
        idx = np.arange(len(coef))
        if len(coef) > min(max_bars, fit):
            idx = np.sort(np.argsort(-np.abs(coef), kind="stable")[:min(max_bars, fit)])
        vals = coef[idx]
        ypos = np.arange(len(idx))[::-1]           # first feature on top
        ax.barh(ypos, vals, color=[PALETTE["pos"] if v > 0 else PALETTE["neg"] for v in vals], height=0.7,
                zorder=3, gid="weight-bars")
        ax.axvline(0, color="#333333", lw=k, zorder=4)
        ax.set_yticks(ypos)
        ax.set_yticklabels([plain(names[i], 28) for i in idx], fontsize=fs(fig, FS_TICK))
        ax.set_ylim(-0.6, len(idx) - 0.4)
        m = float(np.max(np.abs(vals))) if len(vals) else 1.0
        m = m if m > 0 else 1.0
        ax.set_xlim(-1.08 * m, 1.08 * m)
        ax.grid(axis="x", color="#eeeeee", lw=0.8, zorder=0)
        xl = _("weight")
        if fit_intercept:
            xl = _("weight   (bias {value})").format(value=format_number(w[-1]))
        if len(idx) < len(coef):
            xl += ngettext("; {n} smaller not shown", "; {n} smaller not shown", len(coef) - len(idx)).format(n=len(coef) - len(idx))
        xlabel = ax.set_xlabel(xl, fontsize=fs(fig, FS_LABEL))
        leg = legend_above(ax, handles, labels, ncol)
        _room_for_tick_labels(ax)
        anchor_legend_left(fig, leg, ax)
        cx = (ax.get_position().x0 + ax.get_position().x1) / 2 * fig.bbox.width   # the label's centre
        fit_width(xlabel, 2 * min(cx, fig.bbox.width - cx) - px(fig, 8))
        if not standardized:
            caveat = ax.text(0.99, 0.01, _("standardize the features to compare sizes"), transform=ax.transAxes,
                             ha="right", va="bottom", fontsize=fs(fig, FS_NOTE), color=PALETTE["grey"], gid="caveat")
            from .placement import place_clear
            if not place_clear(ax, caveat, ((0.99, 0.01, "right", "bottom"), (0.99, 0.99, "right", "top"),
                                            (0.01, 0.99, "left", "top"), (0.01, 0.01, "left", "bottom"))):
                caveat.set_visible(False)     # no clear spot: the title says it (raw units)
    fig.bar_values, fig.bar_names, fig.bar_index = vals, [names[i] for i in idx], idx
    fig.alt_text = describe_weights(w, names, fit_intercept=fit_intercept, standardized=standardized,
                                    feature_map=feature_map)
    return fig
