"""The score strip the page animates itself (more than two features): every training point at
its score w·x̃ after each update, one row per class, the threshold 0 fixed. matplotlib draws
the axes, shading, threshold and legend once (projection_figure with one score axis for the
whole run); each update sends the points' x in the figure's CSS px (scene.py's frame), so the
strip moves with w. Between two updates w moves along a line, so every x moves linearly too:
the page tweens them exactly (site/js/plot/frame-store.js)."""

from __future__ import annotations

import numpy as np

from .figure import css_size, find_artist
from .many import projection_figure
from .scene import PT, axes_box, static_svg, to_px
from .style import FS_NOTE, PALETTE, POS_MARKER, NEG_MARKER, fs, rc

MOVING = ("points-pos", "points-neg", "misclassified")


class StripMotion:
    """Z: the training x̃ (n, d) the run's w reads; y in {-1, +1}; span: (lo, hi) of every
    score along the run, so one axis holds them all."""

    def __init__(self, Z, y, *, span, label_names=None, title=None, width_px=480, height_px=360,
                 dpr=1.0, scale=1.0):
        self.Z, self.y = np.asarray(Z, dtype=np.float64), np.asarray(y)
        self.label_names = label_names
        self.fig = projection_figure(np.zeros(len(self.y)), self.y, label_names=label_names, title=title,
                                     width_px=width_px, height_px=height_px, dpr=dpr, scale=scale,
                                     xlim=span, count_wrong=False)
        self.ax = self.fig.data_ax
        self.rows = self.fig.rows
        self.moving = {g: find_artist(self.fig, g) for g in MOVING}
        self.n_wrong = 0
        self.scores = np.zeros(len(self.y))

    def scene(self):
        fig, ax = self.fig, self.ax
        with rc():
            svg = static_svg(fig, [a for a in self.moving.values() if a is not None])
        W, H = css_size(fig)
        k = fs(fig, 1)
        dots = self.moving["points-pos"] or self.moving["points-neg"]
        area = float(dots.get_sizes()[0]) if dots is not None and len(dots.get_sizes()) else 40.0 * k * k
        at0 = to_px(fig, ax, np.column_stack([np.zeros(len(self.y)), self.rows]))
        ring = self.moving["misclassified"]
        return {"svg": svg, "width": W, "height": H, "axes": axes_box(fig, ax),
                "xlim": list(map(float, ax.get_xlim())), "ylim": list(map(float, ax.get_ylim())),
                "points": at0.tolist(), "kernel": False, "grid": None, "scale": k, "equal": False,
                "strip": {"rows": at0[:, 1].tolist(), "labels": [int(v) for v in self.y],
                          "r": float(np.sqrt(area) / 2 * PT), "edge": "#ffffff", "lw": 0.4 * k * PT,
                          "pos": {"color": PALETTE["pos"], "marker": POS_MARKER},
                          "neg": {"color": PALETTE["neg"], "marker": NEG_MARKER}},
                "wrong": {"r": float(np.sqrt(area * 4) / 2 * PT), "lw": float(ring.get_linewidths()[0] * PT),
                          "color": PALETTE["wrong"]},
                "highlight": {"r": float(np.sqrt(area * 9) / 2 * PT), "lw": 2.8 * k * PT, "color": PALETTE["highlight"]},
                "note": {"font": fs(fig, FS_NOTE) * PT, "top": True}}

    def frame(self, w=None, highlight=None, wrong=None):
        """The points' x (CSS px) at the scores Z·w; wrong: the run's own verdict per point (else the
        sign of the score); the figure's artists follow (the GIF)."""
        sc = self.Z @ np.asarray(w, dtype=np.float64)
        self.scores = sc
        if wrong is None:
            wrong = np.where(sc >= 0, 1, -1) != self.y
        wrong = np.asarray(wrong, dtype=bool)
        self.n_wrong = int(wrong.sum())
        P = np.column_stack([sc, self.rows])
        for gid, sel in (("points-pos", self.y == 1), ("points-neg", self.y != 1), ("misclassified", wrong)):
            a = self.moving[gid]
            if a is not None:
                a.set_offsets(P[sel] if sel.any() else np.zeros((0, 2)))
        xs = to_px(self.fig, self.ax, P)[:, 0]
        return {"strip": xs.tolist(), "wrong": np.flatnonzero(wrong).tolist(), "n_wrong": self.n_wrong, "note": ""}

    def alt_text(self, w=None):
        from .text import describe_projection
        return describe_projection(self.scores, self.y, label_names=self.label_names)
