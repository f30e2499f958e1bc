"""Step-through frames of the boundary plot: one figure, only the model artists change."""

from __future__ import annotations

import numpy as np
from matplotlib.path import Path

from ..i18n import _
from .boundary import _BoundaryScene, is_nonlinear
from .curves import mistakes_figure
from .figure import blit_png, capture_background, find_artist, new_figure
from .style import rc
from .text import describe_boundary, describe_mistakes


class BoundaryAnimator:
    """The static part (axes, ticks, labels, legend) is drawn once and each frame restores it
    and draws only the changing artists (Agg blitting), then encodes PNG: for a linear model
    the half-planes, line and arrow; for a non-linear one (poly2) the region image and the
    0-contour; the points and marks above them in both. dpr and scale as in boundary_figure:
    frames are width_px·dpr pixels wide."""

    def __init__(self, X, y, *, fit_intercept=True, normalize=False, feature_map="none",
                 plot_features=(0, 1), feature_names=None, label_names=None, title=None,
                 width_px=480, height_px=360, dpi=None, grid=100, compress_level=1, dpr=1.0, scale=1.0):
        self.fig = new_figure(width_px, height_px, dpi, dpr=dpr, scale=scale)
        self.scene = _BoundaryScene(self.fig, X, y, fit_intercept=fit_intercept, normalize=normalize,
                                    feature_map=feature_map, plot_features=plot_features,
                                    nonlinear=is_nonlinear(feature_map, None), feature_names=feature_names,
                                    label_names=label_names, title=title, grid=grid, legend_all=True,
                                    rings=("highlight",))
        self.scene.finish_build(True, True, True)
        for points in self.scene.points:
            points.set_paths([_ExtentsKept(p) for p in points.get_paths()])
        self.size = (int(self.fig.bbox.width), int(self.fig.bbox.height))
        self.compress_level = compress_level
        self._background = None
        self.n_wrong = 0

    def frame(self, w, highlight=None, wrong=None):
        """PNG bytes of the plot for weights w (and example `highlight` ringed; wrong: the run's own
        verdict per point, else w's)."""
        scene = self.scene
        with rc():
            wrong = scene._update(w, None, highlight, wrong)   # update() without a second rc() (~1 ms)
            self.n_wrong = int(wrong.sum())
            if self._background is None:
                self._background = capture_background(self.fig, scene.animated_artists())
            return blit_png(self.fig, scene.ax, self._background, scene.animated_artists(), self.compress_level)

    def alt_text(self, w):
        return describe_boundary(w, self.scene.names, self.scene.fit_intercept, self.scene.feature_map,
                                 self.n_wrong, self.scene.n, label_names=self.scene.label_names)


class MistakesAnimator:
    """The mistakes-per-epoch plot while a run plays: the whole run's figure (its axes, bound
    and legend) drawn once without the bars and the cumulative line; a frame draws those of
    the epochs finished so far (Agg blitting), so the axes stay put as the bars grow and the
    last frame is the final figure. Arguments as mistakes_figure."""

    def __init__(self, epoch_mistakes, *, bound=None, compress_level=1, **figure_kw):
        self.epoch_mistakes = list(epoch_mistakes)
        self.m = np.asarray(self.epoch_mistakes, dtype=float)
        self.bound, self.compress_level = bound, compress_level
        self.fig = mistakes_figure(self.epoch_mistakes, bound=bound, **figure_kw)
        # the run's words for its alt text too (the margin perceptron's updates and bound; batch's reference)
        self.alt_words = {k: figure_kw[k] for k in ("what", "bound_name", "online_bound") if k in figure_kw}
        ax = self.ax = self.fig.axes[0]
        self.bars = [b for c in ax.containers for b in c.patches]      # up to 100 epochs
        self.stairs = find_artist(self.fig, "bars")                     # more: one step patch
        self.cum = find_artist(self.fig, "cumulative")
        # The bound and the spines are drawn above the bars (by zorder), so they move with them.
        self.moving = self.bars + [a for a in (self.stairs, self.cum, find_artist(self.fig, "bound")) if a is not None]
        self.moving += list(ax.spines.values())
        with rc():
            self._background = capture_background(self.fig, self.moving)

    def frame(self, done):
        """PNG bytes of the plot with the first `done` epochs finished."""
        done = max(0, min(int(done), len(self.m)))
        for i, b in enumerate(self.bars):
            b.set_visible(i < done)
        if self.stairs is not None:
            self.stairs.set_data(np.where(np.arange(len(self.m)) < done, self.m, 0.0))
        if self.cum is not None:
            self.cum.set_data(np.arange(1, done + 1), np.cumsum(self.m[:done]))
        with rc():
            return blit_png(self.fig, self.ax, self._background, self.moving, self.compress_level)

    def alt_text(self, done):
        if not done:
            return _("Epoch 1 is under way: no epoch has finished yet.")
        return describe_mistakes(self.epoch_mistakes[:done], self.bound, **self.alt_words)


class _ExtentsKept(Path):
    """A marker path that remembers its extents per (affine) transform. Every draw of a
    one-marker scatter asks for the extents of its marker (to choose Agg's draw_markers); for
    the circle marker, made of Bézier curves, that finds each curve's extrema with np.roots,
    which in Pyodide costs about as much as drawing all the points. The points are redrawn on
    every frame (above the regions), with the same marker and size: the answer never changes."""

    def __init__(self, path):
        super().__init__(path.vertices, path.codes)
        self._extents = {}

    def get_extents(self, transform=None, **kwargs):
        if kwargs or (transform is not None and not transform.is_affine):
            return super().get_extents(transform, **kwargs)
        key = None if transform is None else transform.get_matrix().tobytes()
        if key not in self._extents:
            self._extents[key] = super().get_extents(transform)
        return self._extents[key]
