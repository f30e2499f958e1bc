"""The moving plots the page draws itself: matplotlib draws the static scene once (an SVG of
the axes, ticks, labels, legend and points, transparent where the model goes) and gives the
model part of every step as geometry in the figure's CSS pixels (origin top left), computed
by the very code that draws the exported figure (_BoundaryScene._update, proof_figure), so
what moves on screen is what an export shows. The page stacks: the regions, the static SVG,
then the rings, line, contour, arrow and note (site/js/plot/plot-motion.js).
"""

from __future__ import annotations

import base64
import io

import numpy as np

from .boundary import _BoundaryScene, is_nonlinear
from .figure import css_size, find_artist, new_figure
from .proof import proof_figure
from .style import DPI, FS_LABEL, FS_NOTE, LINE_W, PALETTE, fs, rc

PT = DPI / 72   # CSS px per point


def static_svg(fig, hidden):
    """SVG text of fig without the `hidden` artists, figure and axes backgrounds transparent."""
    was = [(a, a.get_visible()) for a in hidden]
    for a in hidden:
        a.set_visible(False)
    try:
        with rc():
            buf = io.StringIO()
            fig.savefig(buf, format="svg", transparent=True, metadata={"Date": None})
        return buf.getvalue()
    finally:
        for a, v in was:
            a.set_visible(v)


def to_px(fig, ax, pts, nd=2):
    """Data coordinates (k, 2) -> CSS px of the figure, origin top left, rounded."""
    pts = np.asarray(pts, dtype=float).reshape(-1, 2)
    d = ax.transData.transform(pts)
    k = fig.dpi / DPI
    H = css_size(fig)[1]
    return np.round(np.column_stack([d[:, 0] / k, H - d[:, 1] / k]), nd)


def axes_box(fig, ax):
    x0, y0, x1, y1 = ax.get_window_extent().extents
    k = fig.dpi / DPI
    H = css_size(fig)[1]
    return {"left": round(x0 / k, 2), "top": round(H - y1 / k, 2),
            "width": round((x1 - x0) / k, 2), "height": round((y1 - y0) / k, 2)}



def signed_f4(S):
    """S as little-endian float32 keeping every sign: a negative score below float32's range would
    round to −0, which the page reads as ≥ 0 (the +1 side), so it becomes the least negative float32."""
    out = np.ascontiguousarray(S, dtype="<f4")
    out[(out == 0) & (np.asarray(S) < 0)] = -np.float32(1e-45)
    return out


class BoundaryMotion:
    """The boundary plot for the page to animate: scene() once, frame(w | decision, ...) per
    step. Arguments as BoundaryAnimator (decision: a kernel run's scores at the step)."""

    def __init__(self, X, y, *, fit_intercept=True, normalize=False, feature_map="none", plot_features=(0, 1),
                 feature_names=None, label_names=None, title=None, width_px=480, height_px=360,
                 grid=60, dpr=1.0, scale=1.0, kernel=False):
        self.fig = new_figure(width_px, height_px, dpr=dpr, scale=scale)
        self.kernel = kernel
        self.scene_ = _BoundaryScene(self.fig, X, y, fit_intercept=fit_intercept, normalize=normalize,
                                     feature_map=feature_map, plot_features=plot_features,
                                     nonlinear=kernel or is_nonlinear(feature_map, None),
                                     feature_names=feature_names, label_names=label_names, title=title,
                                     grid=grid, legend_all=True, note_band=True,
                                     rings=("highlight",) + (("support",) if kernel else ()))
        s = self.scene_
        s.finish_build(True, True, not s.nonlinear)
        self.n_wrong = 0

    def model_artists(self):
        s = self.scene_
        arts = [s.reg_pos, s.reg_neg, s.wrong, s.hl, s.line, s.arrow, s.arrow_label, s.note]
        return arts + ([s.image] if s.image is not None else [])

    def scene(self):
        s, fig = self.scene_, self.fig
        with rc():
            svg = static_svg(fig, self.model_artists())
        W, H = css_size(fig)
        k = fs(fig, 1)
        ring = lambda area: float(np.sqrt(area) / 2 * PT)  # noqa: E731 (scatter size: area in pt²)
        return {"svg": svg, "width": W, "height": H, "axes": axes_box(fig, s.ax),
                "xlim": list(map(float, s.ax.get_xlim())), "ylim": list(map(float, s.ax.get_ylim())),
                "points": to_px(fig, s.ax, s.P).tolist(), "kernel": self.kernel,
                "grid": s.grid if s.nonlinear else None, "scale": k, "equal": bool(s.equal),
                "wrong": {"r": ring(s.marker_s * 4.2), "lw": 1.8 * k * PT, "color": PALETTE["wrong"]},
                "highlight": {"r": ring(s.marker_s * 9), "lw": 2.8 * k * PT, "color": PALETTE["highlight"]},
                "support": {"lw": 1.6 * k * PT, "color": PALETTE["green"]},
                "line": {"lw": LINE_W * k * PT, "color": PALETTE["boundary"]},
                "arrow": {"lw": 2.4 * k * PT, "head": 17 * k * PT, "color": PALETTE["arrow"],
                          "font": fs(fig, FS_LABEL) * PT,
                          # the "w" keeps this far from every point's centre (BoundaryScene._label_spot)
                          "clear": float(np.sqrt(s.marker_s) / 2 * PT + 9 * k)},
                "note": {"font": fs(fig, FS_NOTE) * PT, "top": bool(s.note.get_va() == "top")},
                "fill": {"pos": PALETTE["pos_fill"], "neg": PALETTE["neg_fill"]}}

    def frame(self, w=None, decision=None, highlight=None, alpha=None, wrong=None):
        """The model part after one step, in CSS px (see scene()); wrong: the run's own verdict per point."""
        s, fig, ax = self.scene_, self.fig, self.scene_.ax
        wrong = s.update(w, decision, highlight, wrong)
        self.n_wrong = int(wrong.sum())
        out = {"wrong": np.flatnonzero(wrong).tolist(), "n_wrong": self.n_wrong}
        if s.nonlinear:
            # the scores on the grid (row 0 at the bottom), float32: the page tweens between steps
            out["scores"] = base64.b64encode(signed_f4(s.grid_scores).tobytes()).decode("ascii")
        else:
            g, c = s._plane_line(np.asarray(w, dtype=float))
            out["plane"] = [float(g[0]), float(g[1]), float(c)]
            out["regions"] = {c: (to_px(fig, ax, p.get_xy()).tolist() if p.get_visible() else None)
                              for c, p in (("pos", s.reg_pos), ("neg", s.reg_neg))}
        xs, ys = s.line.get_data()
        out["line"] = to_px(fig, ax, np.column_stack([xs, ys])).tolist() if len(xs) else None
        out["contour"] = [] if s.contour is None else [
            to_px(fig, ax, p.vertices, 1).ravel().tolist() for p in s.contour.get_paths() if len(p.vertices) > 1]
        out["arrow"] = None
        if s.arrow.get_visible() and s.arrow_geom is not None:
            out["arrow"] = to_px(fig, ax, s.arrow_geom).ravel().tolist()
            out["arrow_label"] = to_px(fig, ax, s.arrow_label.get_position()).ravel().tolist()
        out["note"] = s.note.get_text() if s.note.get_visible() else ""
        if alpha is not None:
            a = np.asarray(alpha)
            sv = np.flatnonzero(a)
            top = max(1, int(a.max())) if len(a) else 1
            k = fs(fig, 1)
            out["support"] = [[int(i), round(float(np.sqrt(60.0 * k * k * (1 + 3 * a[i] / top)) / 2 * PT), 2)]
                              for i in sv]
        return out

    def alt_text(self, w):
        from .text import describe_boundary
        s = self.scene_
        return describe_boundary(w, s.names, s.fit_intercept, s.feature_map, self.n_wrong, s.n,
                                 label_names=s.label_names)




class ProofMotion:
    """The proof plot for the page: the bounds, axes and legend as a static SVG; the two
    series and the marker line of t as pixel polylines the page cuts at each step."""

    def __init__(self, t, u_dot_w, t_gamma, w_norm, sqrt_t_R, *, bound=None, eta=1.0, **figure_kw):
        self.t = np.asarray(t, dtype=float).reshape(-1)
        self.uw = None if u_dot_w is None or t_gamma is None else np.asarray(u_dot_w, dtype=float)
        self.wn = np.asarray(w_norm, dtype=float)
        self.fig = proof_figure(self.t, u_dot_w, t_gamma, w_norm, sqrt_t_R, bound=bound,
                                upto=float(self.t[-1]) if self.t.size else 0.0, eta=eta, **figure_kw)

    def scene(self):
        fig = self.fig
        moving = {g: find_artist(fig, g) for g in ("u-dot-w", "w-norm", "upto")}
        ax = moving["w-norm"].axes
        with rc():
            svg = static_svg(fig, [a for a in moving.values() if a is not None])
        W, H = css_size(fig)
        k = fs(fig, 1)
        series = []
        for gid, ys, marker in (("u-dot-w", self.uw, "o"), ("w-norm", self.wn, "s")):
            a = moving[gid]
            if a is None or ys is None:
                continue
            series.append({"id": gid, "color": a.get_color(), "lw": a.get_linewidth() * PT,
                           "marker": marker if a.get_marker() not in (None, "None", "") else None,
                           "ms": a.get_markersize() * PT,
                           "points": to_px(fig, ax, np.column_stack([self.t, ys])).tolist()})
        x_of = lambda t: float(to_px(fig, ax, [[t, 0]])[0, 0])  # noqa: E731
        return {"svg": svg, "width": W, "height": H, "axes": axes_box(fig, ax), "t": self.t.tolist(),
                "series": series, "upto": {"color": PALETTE["highlight"], "lw": 1.6 * k * PT,
                                           "x0": x_of(0.0), "x1": x_of(1.0)}}


class RegionsMotion:
    """The multiclass regions plot for the page: the axes, legend and points as a static SVG;
    per step the class scores on the plot's grid as C (r × classes), with the grid's features
    sent once as a basis B (grid² × r, float32) so that B·C = features(grid)·Wᵀ: the page takes
    the argmax per cell, as regions_figure does, and W between two steps tweens exactly.
    features: raw X (k, m) -> the x̃ the run's W reads (prepare with the run's options)."""

    def __init__(self, X, y, *, features, classes, plot_features=(0, 1), feature_names=None, title=None,
                 width_px=480, height_px=360, dpr=1.0, scale=1.0):
        from .figure import find_artist
        from .multiclass import _tint, colour, regions_figure

        X = np.asarray(X, dtype=np.float64)
        self.y, self.k, self.m = np.asarray(y), len(classes), X.shape[1]
        self.names = feature_names or [f"x{i + 1}" for i in range(self.m)]
        self.f0, self.f1 = plot_features[0], plot_features[1]
        self.features = features
        zeros = lambda R: np.zeros((len(R), self.k))  # noqa: E731 (w = 0: every cell the first class)
        self.fig = regions_figure(X, y, scores=zeros, classes=classes, plot_features=plot_features,
                                  feature_names=feature_names, title=title, highlight=0, width_px=width_px,
                                  height_px=height_px, dpr=dpr, scale=scale)
        self.ax = self.fig.data_ax
        self.image, self.wrong, self.hl = (find_artist(self.fig, g) for g in ("regions", "misclassified", "highlight"))
        n = self.image.get_array().shape[0]
        (x0, x1), (y0, y1) = self.ax.get_xlim(), self.ax.get_ylim()
        gx, gy = np.meshgrid(np.linspace(x0, x1, n), np.linspace(y0, y1, n))   # as regions_figure samples
        R = np.tile(X.mean(axis=0), (n * n, 1))
        R[:, self.f0], R[:, self.f1] = gx.ravel(), gy.ravel()
        self.G = features(R)                                   # (n², d): the grid's x̃
        U, S, Vt = np.linalg.svd(self.G, full_matrices=False)
        r = max(1, int(np.sum(S > S[0] * 1e-10))) if S.size and S[0] > 0 else 1
        self.B, self.V = U[:, :r] * S[:r], Vt[:r]              # G = B·V up to rounding
        self.n = n
        self.P = np.column_stack([X[:, self.f0], X[:, self.f1]])
        self.fills = ["#%02x%02x%02x" % tuple(round(255 * v) for v in _tint(colour(c))) for c in range(self.k)]
        self.n_wrong = 0

    def scene(self):
        fig, ax = self.fig, self.ax
        with rc():
            svg = static_svg(fig, [self.image, self.wrong, self.hl])
        W, H = css_size(fig)
        area = self.wrong.get_sizes()[0]
        return {"svg": svg, "width": W, "height": H, "axes": axes_box(fig, ax),
                "xlim": list(map(float, ax.get_xlim())), "ylim": list(map(float, ax.get_ylim())),
                "points": to_px(fig, ax, self.P).tolist(), "kernel": False, "grid": None, "scale": fs(fig, 1),
                "wrong": {"r": float(np.sqrt(area) / 2 * PT), "lw": float(self.wrong.get_linewidths()[0] * PT),
                          "color": "#000000"},
                "highlight": {"r": float(np.sqrt(self.hl.get_sizes()[0]) / 2 * PT),
                              "lw": float(self.hl.get_linewidths()[0] * PT), "color": "#CC79A7"},
                "note": {"font": fs(fig, FS_NOTE) * PT, "top": True},
                "regions": {"n": self.n, "rank": int(self.B.shape[1]), "fills": self.fills,
                            "basis": base64.b64encode(np.ascontiguousarray(self.B, dtype="<f4").tobytes()).decode("ascii")}}

    def frame(self, W, Z, highlight=None, draw=False):
        """The step with weights W (classes × d) and the training x̃ Z: C, the wrong points; with
        draw, the figure's artists too (the GIF and the export's look)."""
        W = np.asarray(W, dtype=np.float64)
        wrong = np.argmax(Z @ W.T, axis=1) != self.y
        self.n_wrong = int(wrong.sum())
        if draw:
            self.image.set_data(np.argmax(self.G @ W.T, axis=1).reshape(self.n, self.n))
            self.wrong.set_offsets(self.P[wrong] if wrong.any() else np.zeros((0, 2)))
            self.hl.set_visible(highlight is not None)
            if highlight is not None:
                self.hl.set_offsets(self.P[[highlight]])
        C = self.V @ W.T
        return {"coef": [float(v) for v in C.ravel()], "wrong": np.flatnonzero(wrong).tolist(),
                "n_wrong": self.n_wrong, "note": ""}

    def alt_text(self):
        from .multiclass import regions_alt
        return regions_alt(len(self.y), self.k, self.m, self.names[self.f0], self.names[self.f1], self.n_wrong)
