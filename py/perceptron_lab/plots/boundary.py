"""The boundary plot: the data in the plane of two chosen features (the others held at their
means) and the model: the line w·x̃ = 0, the half-planes, the weight arrow, the mistakes.

_BoundaryScene builds the static part once; update(w, ...) redraws the model part, so the
step-through animator (animator.py) can blit frames."""

from __future__ import annotations

import math
import textwrap

import matplotlib
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Polygon

from ..errors import SettingsError
from ..i18n import _
from .figure import (anchor_legend_edge, fit_ylabel, layout, readable_ticks, room_for_ylabel, legend_above, legend_fitting_wide,
                     prepare_figure)
from .geometry import view_of
from .model_in_plane import ModelInPlane
from .placement import note_band_view
from .style import FS_LABEL, FS_NOTE, LINE_W, MARKER_S, NEG_MARKER, PALETTE, POS_MARKER, fs, rc
from .text import class_label, describe_boundary, plain


from .scores import check_xy, misclassified, scores  # noqa: F401 (plots.misclassified is found here)

# A curved boundary (kernel regions) keeps equal units only while they widen the data's view at most
# this much: its shape reads the same slightly stretched, and a blob in a wide empty view does not.
CURVED_MAX_STRETCH = 1.5


class _BoundaryScene(ModelInPlane):
    """One boundary plot: the static part (points, axes, legend) is built once, the model
    part (regions, line, arrow, marks, note) is redrawn by update(w, ...).
    voted=True: the regions are the decision callable's (the vote) and the line is w, the
    last weight vector, drawn dashed and named so."""

    def __init__(self, fig, X, y, *, fit_intercept, normalize, feature_map, plot_features,
                 nonlinear, feature_names, label_names, title, grid, legend_all, voted=False, note_band=False,
                 rings=()):
        X, y = check_xy(X, y)
        n, m = X.shape
        pf = tuple(int(i) for i in (plot_features if plot_features is not None else (0, 1)))
        if m == 1:
            pf = (0,)
        if len(pf) != (1 if m == 1 else 2) or len(set(pf)) != len(pf) or any(i < 0 or i >= m for i in pf):
            raise SettingsError(
                _("plot_features must be two different feature numbers from 0 to {last}, got {given}.").format(
                    last=m - 1, given=list(plot_features)), field="plot_features")
        self.fig, self.X, self.y, self.n, self.m = fig, X, y, n, m
        self.f0, self.f1 = pf[0], (pf[1] if m > 1 else None)
        self.fit_intercept, self.normalize, self.feature_map = fit_intercept, normalize, feature_map
        self.nonlinear, self.grid, self.voted = nonlinear, int(grid), voted
        self.means = X.mean(axis=0) if n else np.zeros(m)
        self.names = [str(s) for s in feature_names] if feature_names is not None else \
            [f"x{i + 1}" for i in range(m)]
        self.label_names = label_names
        px_ = X[:, self.f0]
        py_ = X[:, self.f1] if self.f1 is not None else np.zeros(n)
        self.P = np.column_stack([px_, py_])          # the points in the plotted plane
        self.title, self.legend_all = title, legend_all
        self.note_band = note_band   # keep a strip at the top free of points for the note (w = 0)
        self.rings = tuple(rings)    # the rings the legend names: "highlight" (an update's example), "support"

    def raw_from_plane(self, P):
        R = np.tile(self.means, (len(P), 1))
        R[:, self.f0] = P[:, 0]
        if self.f1 is not None:
            R[:, self.f1] = P[:, 1]
        return R

    # -- static part --------------------------------------------------------------------

    def _legend_entries(self, legend_all, has_wrong, has_line, has_arrow):
        fig = self.fig
        ms = fs(fig, 8)
        hl = [Line2D([], [], ls="", marker=POS_MARKER, color=PALETTE["pos"], ms=ms),
              Line2D([], [], ls="", marker=NEG_MARKER, color=PALETTE["neg"], ms=ms)]
        lab = [plain(class_label(self.label_names, 1), 40), plain(class_label(self.label_names, -1), 40)]
        if legend_all or has_wrong:
            hl.append(Line2D([], [], ls="", marker="o", ms=fs(fig, 12), mfc="none",
                             mec=PALETTE["wrong"], mew=fs(fig, 1.8)))
            lab.append(_("misclassified (by the vote)") if self.voted else _("misclassified"))
        # Every ring drawn is named: a reader meets the pink one at each step, the green ones on a kernel run.
        if "highlight" in self.rings:
            hl.append(Line2D([], [], ls="", marker="o", ms=fs(fig, 14), mfc="none",
                             mec=PALETTE["highlight"], mew=fs(fig, 2.8)))
            lab.append(_("the update's example"))
        if "support" in self.rings:
            hl.append(Line2D([], [], ls="", marker="o", ms=fs(fig, 12), mfc="none",
                             mec=PALETTE["green"], mew=fs(fig, 1.6)))
            lab.append(_("support vector (αᵢ > 0)"))
        if self.voted:
            hl.append(matplotlib.patches.Patch(fc=PALETTE["pos_fill"], ec=PALETTE["boundary"]))
            lab.append(_("voted classifier (regions)"))
            if has_line:
                hl.append(Line2D([], [], color=PALETTE["boundary"], lw=fs(fig, LINE_W), ls="--"))
                lab.append(_("last w (one voter)"))
        elif legend_all or has_line:
            hl.append(Line2D([], [], color=PALETTE["boundary"], lw=fs(fig, LINE_W)))
            lab.append(_("boundary"))
        if ((legend_all and not self.nonlinear) or has_arrow) and not self.voted:
            hl.append(Line2D([], [], color=PALETTE["arrow"], lw=fs(fig, LINE_W), marker=">",
                             ms=fs(fig, 7), markevery=[1]))
            lab.append(_("last w") if self.voted else _("w (weights)"))
        if self.m > 2:
            hl.append(Line2D([], [], ls="", marker=""))
            lab.append(_("other features at their means"))
        return hl, lab

    def finish_build(self, has_wrong, has_line, has_arrow):
        """Make the axes (needs to know which legend entries appear)."""
        fig = self.fig
        with rc():
            handles, labels = self._legend_entries(self.legend_all, has_wrong, has_line, has_arrow)
            rows, ncol, wide = legend_fitting_wide(fig, handles, labels)
            ax, ax_w, ax_h = layout(fig, None if self.title is None else plain(self.title, 200), rows)
            self.ax = ax
            include_origin = not self.fit_intercept and not self.nonlinear and self.m <= 2
            stretch = CURVED_MAX_STRETCH if self.nonlinear else None
            self.view, self.equal = view_of(self.P, ax_w, ax_h, include_origin=include_origin,
                                            one_d=self.f1 is None, max_stretch=stretch)
            if self.note_band:
                self.view = note_band_view(self, self.view, ax_w, ax_h)
            x0, x1, y0, y1 = self.view
            ax.set_xlim(x0, x1)
            ax.set_ylim(y0, y1)
            ax.set_autoscale_on(False)
            self.px_per_unit = (ax_w / (x1 - x0), ax_h / (y1 - y0))
            readable_ticks(ax, ax_w, ax_h)
            ax.set_xlabel(plain(self.names[self.f0]), fontsize=fs(fig, FS_LABEL))
            if self.f1 is not None:
                ax.set_ylabel(plain(self.names[self.f1]), fontsize=fs(fig, FS_LABEL))
                x0_before = ax.get_position().x0
                room_for_ylabel(ax)          # wide tick labels ("−0.5"): the label stays in the figure
                if ax.get_position().x0 != x0_before:
                    ax_w -= (ax.get_position().x0 - x0_before) * fig.bbox.width
                    self.view, self.equal = view_of(self.P, ax_w, ax_h, include_origin=include_origin,
                                                    one_d=False, max_stretch=stretch)
                    if self.note_band:
                        self.view = note_band_view(self, self.view, ax_w, ax_h)
                    x0, x1, y0, y1 = self.view
                    ax.set_xlim(x0, x1)
                    ax.set_ylim(y0, y1)
                    self.px_per_unit = (ax_w / (x1 - x0), ax_h / (y1 - y0))
                    readable_ticks(ax, ax_w, ax_h)
            else:
                ax.set_yticks([])
            self.legend = legend_above(ax, handles, labels, ncol)
            if wide:
                anchor_legend_edge(fig, self.legend, ax)
            fit_ylabel(ax)   # no taller than the axes left under the legend (a flat plot in large type)
            self.legend.set_gid("legend")
            for t in self.legend.get_texts():
                if t.get_text() == _("other features at their means"):
                    t.set_gid("subnote")
            self._build_artists(ax)

    def zero_note(self, wrong=None):
        # At w = 0 every point ties (a = w·x̃ = 0). The fill and the rings show the tie's prediction (+1),
        # training's rule y·a ≤ 0 counts every point as a mistake: the note says which is which, or
        # XOR's two rings and "every point is a mistake" read as two answers to one question. Short:
        # four lines at most in a 300 px plot, in the strip kept free of points (placement.note_band_view);
        # no-break spaces keep "y·a ≤ 0" on one line.
        label = plain(class_label(self.label_names, 1), 40)
        if wrong is not None and not np.any(wrong):
            return _("w = 0: no boundary; ties predict {label}, none wrong; yet all are mistakes (y·a ≤ 0)").format(
                label=label)
        return _("w = 0: no boundary; ties predict {label}, ringed if wrong; all are mistakes (y·a ≤ 0)").format(
            label=label)

    def _build_artists(self, ax):
        fig = self.fig
        k = fs(fig, 1)
        x0, x1, y0, y1 = self.view
        # data points, by class (colour AND marker); areas in pt² grow with the scale squared
        s = MARKER_S * 1.25 if self.n <= 50 else \
            MARKER_S if self.n <= 200 else max(14.0, MARKER_S * math.sqrt(200 / self.n))
        s *= k * k
        self.marker_s = s
        pos, neg = self.y > 0, self.y <= 0
        self.points = [
            ax.scatter(self.P[pos, 0], self.P[pos, 1], s=s, marker=POS_MARKER, c=PALETTE["pos"],
                       edgecolors="white", linewidths=0.6 * k, zorder=3, gid="points-pos"),
            ax.scatter(self.P[neg, 0], self.P[neg, 1], s=s * 0.9, marker=NEG_MARKER, c=PALETTE["neg"],
                       edgecolors="white", linewidths=0.6 * k, zorder=3, gid="points-neg"),
        ]
        empty = np.empty((0, 2))
        self.wrong = ax.scatter(empty[:, 0], empty[:, 1], s=s * 4.2, marker="o", facecolors="none",
                                edgecolors=PALETTE["wrong"], linewidths=1.8 * k, zorder=4, gid="misclassified")
        self.hl = ax.scatter(empty[:, 0], empty[:, 1], s=s * 9, marker="o", facecolors="none",
                             edgecolors=PALETTE["highlight"], linewidths=2.8 * k, zorder=4.5, gid="highlight")
        self.line = Line2D([], [], color=PALETTE["boundary"], lw=LINE_W * k, zorder=5,
                           ls="--" if self.voted else "-", gid="last-w-line" if self.voted else "boundary")
        ax.add_line(self.line)
        self.arrow = FancyArrowPatch((0, 0), (0, 0), arrowstyle="-|>", mutation_scale=17 * k,
                                     color=PALETTE["arrow"], lw=2.4 * k, zorder=6, shrinkA=0, shrinkB=0,
                                     gid="weight-arrow")
        ax.add_patch(self.arrow)
        self.arrow_label = ax.text(0, 0, "w", color=PALETTE["arrow"], fontsize=fs(fig, FS_LABEL),
                                   fontweight="bold", ha="center", va="center", zorder=6,
                                   gid="weight-arrow-label")
        # the note goes to the top or the bottom edge, whichever has fewer points near it, and
        # under the points (zorder): XOR has two at each edge, and a note must not hide data
        frac = (self.P[:, 1] - y0) / (y1 - y0)
        at_top = self.note_band or np.sum(frac > 0.8) <= np.sum(frac < 0.2)
        self.note = ax.text(0.5, 0.97 if at_top else 0.03, "", transform=ax.transAxes, ha="center",
                            va="top" if at_top else "bottom", fontsize=fs(fig, FS_NOTE), zorder=2.5, gid="note",
                            bbox=dict(boxstyle="round,pad=0.3", fc="white", ec="#999999", alpha=0.9))
        self.subnote = None    # "other features at their means" is a legend entry: no spot in the axes is always free
        self.reg_pos = Polygon(np.zeros((3, 2)), closed=True, fc=PALETTE["pos_fill"], ec="none",
                               zorder=0.5, gid="regions-pos")
        self.reg_neg = Polygon(np.zeros((3, 2)), closed=True, fc=PALETTE["neg_fill"], ec="none",
                               zorder=0.5, gid="regions-neg")
        self.image = None
        self.contour = None
        if self.nonlinear:
            self.gx = np.linspace(x0, x1, self.grid)
            self.gy = np.linspace(y0, y1, self.grid)
            GX, GY = np.meshgrid(self.gx, self.gy)
            self.grid_raw = self.raw_from_plane(np.column_stack([GX.ravel(), GY.ravel()]))
            self.image = ax.imshow(np.ones((2, 2, 4)), extent=self.view, origin="lower",
                                   interpolation="nearest", aspect="auto", zorder=0.5, gid="regions")
        else:
            ax.add_patch(self.reg_pos)
            ax.add_patch(self.reg_neg)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)

    # -- model part ---------------------------------------------------------------------

    def update(self, w=None, decision=None, highlight=None, wrong=None):
        """Redraw the model: returns the misclassified mask (wrong: the model's own, when given)."""
        with rc():
            return self._update(w, decision, highlight, wrong)

    def _update(self, w, decision, highlight, wrong=None):
        if wrong is None:
            sc = scores(self.X, w=w, fit_intercept=self.fit_intercept, normalize=self.normalize,
                        feature_map=self.feature_map, decision=decision)
            wrong = np.where(sc >= 0, 1, -1) != self.y
        self.wrong.set_offsets(self.P[wrong] if wrong.any() else np.empty((0, 2)))
        if highlight is not None:
            i = int(highlight)
            if not 0 <= i < self.n:
                raise ValueError(f"highlight {i} is not a row of X (0..{self.n - 1})")
            self.hl.set_offsets(self.P[i:i + 1])
        else:
            self.hl.set_offsets(np.empty((0, 2)))
        w_zero = w is not None and decision is None and not np.any(np.asarray(w, dtype=float))
        self.line.set_data([], [])
        self.arrow_geom = None
        self.arrow.set_visible(False)
        self.arrow_label.set_visible(False)
        if self.nonlinear:
            note = self._update_regions(w, decision)
            if self.voted and w is not None and np.any(w):
                self._update_line(np.asarray(w, dtype=float))
        else:
            note = self._update_linear(np.asarray(w, dtype=float))
        if w_zero:
            note = self.zero_note(wrong)
        self.note.set_text(self._fit_note(note))
        self.note.set_visible(bool(note))
        return wrong

    def _fit_note(self, note):
        """The note in lines that fit the plot's width (a small frame clipped it at both ends)."""
        width_pt = self.ax.get_position().width * self.fig.get_figwidth() * 72
        chars = max(16, int(width_pt / (0.6 * self.note.get_fontsize())) - 2)  # DejaVu Sans: ~0.6 em per character
        return textwrap.fill(note, chars) if note else note

    def animated_artists(self):
        arts = [self.reg_pos, self.reg_neg] if not self.nonlinear else [self.image]
        arts += list(self.points) + [self.wrong, self.hl, self.line]
        if self.contour is not None:
            arts.append(self.contour)
        arts += [self.arrow, self.arrow_label, self.note]
        if self.subnote is not None:
            arts.append(self.subnote)
        return arts + list(self.ax.spines.values())


def is_nonlinear(feature_map, decision):
    return decision is not None or feature_map != "none"


def boundary_figure(X, y, *, w=None, fit_intercept=True, normalize=False, feature_map="none",
                    plot_features=(0, 1), decision=None, feature_names=None, label_names=None,
                    title=None, highlight=None, width_px=None, height_px=None, dpi=None,
                    grid=200, fig=None, vote=False, dpr=1.0, scale=1.0, wrong=None, rings=()):
    """The data (two chosen features; the others held at their means) and the model.

    Linear model (feature_map "none", no decision): the line w·x̃ = 0 drawn exactly, the
    weight vector (its two plotted components) as an arrow from a point on the line (from the
    origin when there is no bias), the half-planes shaded. Otherwise (feature_map "poly2" or
    a decision callable raw X -> scores): the regions on a grid x grid and the 0-contour.
    vote=True with decision (a vote of weight vectors, as the voted perceptron's) and w (the last
    of them): the regions are the vote's and the last w's line is drawn dashed and named
    "last w (one voter)".
    Misclassified points get a black ring; highlight=i rings example i. wrong: the model's own
    verdict per point (a run's predictions from its η = 1 weights), where w here (η·w, or w in raw
    units of standardized features) could round a point exactly on the line to the other side.
    fig.alt_text holds the text alternative, fig.n_wrong the number misclassified,
    fig.weight_arrow the arrow's (start, tip) in data coordinates (None when not drawn).
    rings: rings drawn on top that the legend names ("support": a kernel run's support vectors);
    the highlight's ring is named whenever one is drawn.
    User strings (names, labels, title) are drawn literally, never as math text.
    """
    if w is None and decision is None:
        raise ValueError("boundary_figure needs w or decision")
    voted = vote and decision is not None and w is not None and feature_map == "none"
    nonlinear = is_nonlinear(feature_map, decision)
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    scene = _BoundaryScene(fig, X, y, fit_intercept=fit_intercept, normalize=normalize,
                           feature_map=feature_map, plot_features=plot_features, nonlinear=nonlinear,
                           feature_names=feature_names, label_names=label_names, title=title, grid=grid,
                           legend_all=False, voted=voted,
                           rings=tuple(rings) + (("highlight",) if highlight is not None else ()),
                           note_band=decision is None and w is not None and not np.any(np.asarray(w, dtype=float)))
    wrong_pre = misclassified(scene.X, scene.y, w=w, fit_intercept=fit_intercept, normalize=normalize,
                              feature_map=feature_map, decision=decision) if wrong is None else np.asarray(wrong)
    w_arr = None if w is None else np.asarray(w, dtype=float)
    has_model = decision is not None or (w_arr is not None and np.any(w_arr))
    has_arrow = (not nonlinear or voted) and w_arr is not None and bool(
        np.any(w_arr[[p for p in (scene.f0, scene.f1) if p is not None]]))
    scene.finish_build(bool(wrong_pre.any()), has_model if not voted else bool(has_arrow), has_arrow)
    wrong = scene.update(w, decision, highlight, wrong_pre)
    fig.n_wrong = int(wrong.sum())
    fig.weight_arrow = scene.arrow_geom
    fig.data_ax = scene.ax
    fig.alt_text = describe_boundary(w_arr if (decision is None or voted) else None, scene.names, fit_intercept,
                                     feature_map, fig.n_wrong, scene.n, label_names=label_names,
                                     vote=voted)
    return fig
