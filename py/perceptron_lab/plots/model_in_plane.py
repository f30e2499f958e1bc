"""The model in the plotted plane, as the boundary plot draws it after each update: a
linear model's line g·p + c = 0 (the unplotted features at their means), its half-planes and
the arrow of w; a non-linear one's regions and 0-level from its scores on a grid.
A mixin of plots/boundary.py's _BoundaryScene, which holds the axes and the artists."""

from __future__ import annotations

import math

import matplotlib
import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.path import Path

from .geometry import clip_halfplane, clip_line
from ..i18n import _
from .placement import w_label_spot
from .scores import scores
from .style import LINE_W, PALETTE, fs
from .text import label_text, plain


class ModelInPlane:

    def _update_regions(self, w, decision):
        S = scores(self.grid_raw, w=w, fit_intercept=self.fit_intercept, normalize=self.normalize,
                   feature_map=self.feature_map, decision=decision).reshape(self.grid, self.grid)
        self.grid_scores = S   # the page draws the regions from these (plots/scene.py)
        # 8-bit RGBA: matplotlib draws it without normalising floats, about 4x faster per frame
        pos, neg = (np.round(255 * np.array(matplotlib.colors.to_rgba(PALETTE[c]))).astype(np.uint8)
                    for c in ("pos_fill", "neg_fill"))
        self.image.set_data(np.where((S >= 0)[..., None], pos, neg))
        if self.contour is not None:
            self.contour.remove()
            self.contour = None
        if np.any(S >= 0) and np.any(S < 0):
            # The 0-level lines from contourpy (what ax.contour runs, with its default
            # algorithm) in one plain collection: a ContourSet costs more than the rest of an
            # animation frame, and frames make a new one every step.
            import contourpy
            # A tie (f = 0, e.g. where an RBF's terms underflow) is on the +1 side, as the fill has it;
            # contourpy puts 0 below the level, and would draw the line where the fill does not change.
            lifted = np.where(S == 0, np.finfo(np.float64).tiny, S)
            gen = contourpy.contour_generator(self.gx, self.gy, lifted, name="mpl2014", line_type="SeparateCode")
            verts, codes = gen.lines(0.0)
            self.contour = PathCollection([Path(v, c) for v, c in zip(verts, codes)], facecolors="none",
                                          edgecolors=[PALETTE["boundary"]], linewidths=fs(self.fig, LINE_W),
                                          zorder=5, gid="contour")
            self.ax.add_collection(self.contour, autolim=False)
            return ""
        side = plain(label_text(self.label_names, 1 if np.all(S >= 0) else -1), 40)
        return _("no boundary in this view: every point here is predicted {label}").format(label=side)

    def _plane_line(self, w):
        """The line in the plotted plane: g·p + c = 0."""
        m, f0, f1 = self.m, self.f0, self.f1
        coef = w[:m]
        b = w[m] if self.fit_intercept else 0.0
        g = np.array([coef[f0], coef[f1] if f1 is not None else 0.0])
        others = [j for j in range(m) if j not in (f0, f1)]
        c = float(b + sum(coef[j] * self.means[j] for j in others))
        return g, c

    def _update_linear(self, w):
        x0, x1, y0, y1 = self.view
        g, c = self._plane_line(w)
        rect = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        # ties (score exactly 0) belong to +1; the shared edge is drawn by both
        self._set_poly(self.reg_pos, clip_halfplane(rect, g[0], g[1], c))
        self._set_poly(self.reg_neg, clip_halfplane(rect, -g[0], -g[1], -c) if not np.all(g == 0) or c < 0 else [])
        if float(np.hypot(*g)) == 0:
            if not np.any(w):
                return ""          # the caller writes the w = 0 note
            side = plain(label_text(self.label_names, 1 if c >= 0 else -1), 40)
            return _("boundary not in this plane: every point here is predicted {label}").format(label=side)
        return self._update_line(w)

    def _update_line(self, w):
        """The line of w and its arrow; returns a note when the line is not in view."""
        x0, x1, y0, y1 = self.view
        g, c = self._plane_line(w)
        gn = float(np.hypot(*g))
        if gn == 0:
            return ""
        # the line g·p + c = 0 through the point nearest the view centre
        ctr = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        p0 = ctr - (g @ ctr + c) / gn ** 2 * g
        seg = clip_line(p0, np.array([-g[1], g[0]]), self.view)
        note = ""
        if seg is None:
            start = ctr
            note = _("the boundary is outside the view") if not self.voted else _("the last w's line is outside the view")
        else:
            (ax_, ay_), (bx_, by_) = seg
            self.line.set_data([ax_, bx_], [ay_, by_])
            start = np.array([(ax_ + bx_) / 2, (ay_ + by_) / 2])
            if c == 0 and x0 <= 0 <= x1 and y0 <= 0 <= y1:
                start = np.zeros(2)               # through the origin: draw w from there
        # w restricted to the plotted features, ~28 % of the smaller axes side long on screen
        sx, sy = self.px_per_unit
        u = g / gn
        disp = math.hypot(u[0] * sx, u[1] * sy)
        L = 0.28 * min((x1 - x0) * sx, (y1 - y0) * sy) / disp
        tip = start + L * u
        self.arrow.set_positions(tuple(start), tuple(tip))
        self.arrow.set_visible(True)
        lab = w_label_spot(self, tip, u, disp)
        if lab is not None:      # no clear spot (a dense cloud): the legend names the arrow
            self.arrow_label.set_position(lab)
            self.arrow_label.set_visible(True)
        self.arrow_geom = (tuple(map(float, start)), tuple(map(float, tip)))
        return note

    @staticmethod
    def _set_poly(patch, pts):
        if len(pts) >= 3:
            patch.set_xy(np.asarray(pts))
            patch.set_visible(True)
        else:
            patch.set_visible(False)
