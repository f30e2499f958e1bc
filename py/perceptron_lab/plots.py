"""Plots of Perceptron Lab: matplotlib ``Figure`` + Agg canvas, never pyplot.

Every plot function returns a ``Figure`` of exactly ``width_px`` x ``height_px`` pixels at
``dpi`` (default 100); ``render(fig, "png" | "svg")`` turns it into PNG bytes or SVG text,
``to_data_url`` into a ``data:`` URL for an ``<img>``.

The plotting code knows nothing about training algorithms. The model is described by what
the caller passes:

- a linear model: ``w`` (the weights over x̃, bias LAST when ``fit_intercept``) plus the way
  x̃ was prepared (``fit_intercept``, ``normalize``, ``feature_map``), see ``features.prepare``;
- any other model (voted perceptron, ...): ``decision``, a callable raw X (k, m) -> scores
  (k,), whose sign is the prediction (a score of exactly 0 predicts +1).

Artists that tests and the web page may want to find carry a gid (``find_artist``); the gid
is also the element id in SVG output: "boundary", "regions-pos", "regions-neg", "regions",
"contour", "weight-arrow", "misclassified", "highlight", "note", "points-pos", "points-neg",
"bars", "cumulative", "bound", "train", "test", "u-dot-w", "t-gamma", "w-norm",
"sqrt-t-R", "bound-t", "upto".

Colours are Okabe–Ito (colour-blind safe); the two classes differ by marker shape too.
"""

from __future__ import annotations

import base64
import io
import math

import numpy as np
import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Polygon
from matplotlib.ticker import MaxNLocator

from .errors import SettingsError

__all__ = [
    "PALETTE", "render", "to_data_url", "new_figure", "find_artist", "misclassified",
    "boundary_figure", "mistakes_figure", "accuracy_figure", "proof_figure",
    "describe_boundary", "describe_mistakes", "describe_accuracy", "describe_proof",
    "format_number", "FigureCache", "BoundaryAnimator",
]

# Okabe–Ito
PALETTE = {
    "pos": "#0072B2",        # +1 class: blue, "o"
    "neg": "#E69F00",        # -1 class: orange, "s"
    "pos_fill": "#D9EAF3",   # +1 region: 15 % blue on white
    "neg_fill": "#FBF1D9",   # -1 region: 15 % orange on white
    "boundary": "#000000",
    "wrong": "#000000",      # ring around misclassified points
    "arrow": "#D55E00",      # weight vector: vermillion
    "highlight": "#CC79A7",  # reddish purple ring for the current example
    "green": "#009E73",
    "sky": "#56B4E9",
    "grey": "#666666",
}
POS_MARKER, NEG_MARKER = "o", "s"

DPI = 100
MIN_PX, MAX_PX = 160, 4000
# Sizes in points (at dpi 100 a point is 1.39 px): readable on a 400 px wide image.
FS_TICK, FS_LABEL, FS_TITLE, FS_LEGEND, FS_NOTE = 9, 10, 11, 8.5, 9
LINE_W = 2.0
MARKER_S = 40.0          # scatter marker area, pt²

# Axes margins in pixels (left, right, bottom, top without title/legend).
_M_LEFT, _M_RIGHT, _M_BOTTOM, _M_TOP = 58, 12, 44, 10
_TITLE_PX = 22

_RC = {
    "font.family": "DejaVu Sans",
    "font.size": FS_TICK,
    "axes.titlesize": FS_TITLE,
    "axes.labelsize": FS_LABEL,
    "xtick.labelsize": FS_TICK,
    "ytick.labelsize": FS_TICK,
    "legend.fontsize": FS_LEGEND,
    "axes.unicode_minus": True,
    "svg.hashsalt": "perceptron-lab",   # deterministic SVG ids
    "svg.fonttype": "path",
    "path.simplify": True,
}


def _rc():
    return matplotlib.rc_context(_RC)


# ---------------------------------------------------------------------------------------
# figures and output


def new_figure(width_px=480, height_px=360, dpi=DPI):
    """A Figure with an Agg canvas that renders to exactly width_px x height_px at dpi."""
    width_px, height_px = _check_px(width_px, height_px)
    fig = Figure(figsize=_figsize(width_px, height_px, dpi), dpi=dpi)
    FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    return fig


def _figsize(width_px, height_px, dpi):
    # Agg truncates width*dpi to an int: 4.1 * 100 = 409.99999... would lose a pixel.
    return ((width_px + 1e-3) / dpi, (height_px + 1e-3) / dpi)


def _check_px(width_px, height_px):
    w, h = int(width_px), int(height_px)
    if w != width_px or h != height_px or not (MIN_PX <= w <= MAX_PX and MIN_PX <= h <= MAX_PX):
        raise SettingsError(
            f"Plot size must be whole pixels between {MIN_PX} and {MAX_PX}, "
            f"got {width_px} x {height_px}.",
            field="plot_size",
        )
    return w, h


def _prepare_figure(fig, width_px, height_px, dpi):
    """A new figure, or the given one cleared (and resized when a size is given).
    A size left as None is 480 x 360 at dpi 100 for a new figure, the figure's own otherwise."""
    if fig is None:
        return new_figure(480 if width_px is None else width_px,
                          360 if height_px is None else height_px, DPI if dpi is None else dpi)
    dpi = fig.dpi if dpi is None else dpi
    w0, h0 = int(fig.bbox.width * dpi / fig.dpi), int(fig.bbox.height * dpi / fig.dpi)
    width_px, height_px = _check_px(w0 if width_px is None else width_px,
                                    h0 if height_px is None else height_px)
    fig.clear()
    if fig.dpi != dpi:
        fig.set_dpi(dpi)
    fig.set_size_inches(*_figsize(width_px, height_px, dpi), forward=False)
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    return fig


def render(fig, fmt="png", dpi=None):
    """PNG bytes (fmt "png") or SVG text (fmt "svg") of fig; dpi scales the pixel size
    (dpi=200 on a 480 x 360 figure made at 100 gives 960 x 720 for high-density screens)."""
    dpi = fig.dpi if dpi is None else dpi
    with _rc():
        if fmt == "png":
            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=dpi, facecolor="white",
                        metadata={"Software": None})
            return buf.getvalue()
        if fmt == "svg":
            buf = io.StringIO()
            fig.savefig(buf, format="svg", dpi=dpi, facecolor="white", metadata={"Date": None})
            return buf.getvalue()
    raise ValueError(f"fmt must be 'png' or 'svg', got {fmt!r}")


def axes_geometry(fig, ax):
    """Where ax sits in the rendered image, for mapping clicks to data: pixel box from the
    top-left corner and the data limits (call after the figure is drawn)."""
    x0, y0, x1, y1 = ax.get_window_extent().extents
    height = fig.bbox.height
    return {"left": float(x0), "top": float(height - y1), "width": float(x1 - x0), "height": float(y1 - y0),
            "image_width": float(fig.bbox.width), "image_height": float(height),
            "xlim": [float(v) for v in ax.get_xlim()], "ylim": [float(v) for v in ax.get_ylim()]}


def to_data_url(data, mime=None):
    """data: URL of PNG bytes (or of SVG text)."""
    if isinstance(data, str):
        raw, mime = data.encode("utf-8"), mime or "image/svg+xml"
    else:
        raw, mime = bytes(data), mime or "image/png"
    return f"data:{mime};base64," + base64.b64encode(raw).decode("ascii")


def find_artist(fig, gid):
    """The first artist of fig with this gid, or None."""
    for ax in fig.axes:
        for a in ax.get_children():
            if a.get_gid() == gid:
                return a
    for a in fig.get_children():
        if a.get_gid() == gid:
            return a
    return None


def _layout(fig, title, legend_rows, legend_px_per_row=18):
    """Place the single axes with fixed pixel margins; returns (ax, axes width px, height px)."""
    W, H = fig.bbox.width, fig.bbox.height
    top = _M_TOP + (_TITLE_PX if title else 0) + legend_rows * legend_px_per_row
    top = min(top, 0.6 * H - _M_BOTTOM)        # tiny figures: the axes keep 40 % of the height
    ax = fig.add_axes([_M_LEFT / W, _M_BOTTOM / H, 1 - (_M_LEFT + _M_RIGHT) / W,
                       1 - (_M_BOTTOM + top) / H])
    if title:
        _fit_width(fig.text(_M_LEFT / W, 1 - 6 / H, title, ha="left", va="top", fontsize=FS_TITLE,
                            fontweight="bold", gid="title"), W - _M_LEFT - 4)
    ax.tick_params(labelsize=FS_TICK, width=1, length=4)
    for s in ax.spines.values():
        s.set_linewidth(1)
    return ax, W - _M_LEFT - _M_RIGHT, H - _M_BOTTOM - top


def _fit_width(text, max_px):
    """Keep a title inside the figure (small plots, e.g. 320 px cards): shrink it to at most
    70 % of its size, then cut it short with an ellipsis."""
    renderer = text.figure.canvas.get_renderer()
    size = text.get_fontsize()
    for f in (1.0, 0.9, 0.8, 0.7):
        text.set_fontsize(size * f)
        if text.get_window_extent(renderer).width <= max_px:
            return
    s = text.get_text()
    while len(s) > 4 and text.get_window_extent(renderer).width > max_px:
        s = s[:-1].rstrip()
        text.set_text(s + "…")


def _legend_above(ax, handles, labels, ncol):
    return ax.legend(handles, labels, loc="lower left", bbox_to_anchor=(0.0, 1.0),
                     ncol=ncol, frameon=False, fontsize=FS_LEGEND, handlelength=1.6,
                     handletextpad=0.4, columnspacing=1.0, borderaxespad=0.2, borderpad=0.2)


_PROBES = {}


def _probe_axes(dpi):
    """One small hidden axes per dpi, reused to measure legends (cheaper than a new figure)."""
    ax = _PROBES.get(dpi)
    if ax is None:
        ax = _PROBES[dpi] = new_figure(MIN_PX, MIN_PX, dpi).add_axes([0, 0, 1, 1])
    return ax


def _legend_rows(fig, labels, handles, avail_px):
    """How many rows the legend above the axes needs to fit avail_px (1 or 2 or 3)."""
    if not labels:
        return 0, 1
    probe_ax = _probe_axes(fig.dpi)
    renderer = probe_ax.figure.canvas.get_renderer()
    k = len(labels)
    for rows in (1, 2, 3):
        ncol = math.ceil(k / rows)
        leg = _legend_above(probe_ax, handles, labels, ncol)
        width = leg.get_window_extent(renderer).width
        leg.remove()
        if width <= avail_px or rows == 3:
            return rows, ncol
    return 3, math.ceil(k / 3)


# ---------------------------------------------------------------------------------------
# numbers and text


def format_number(v):
    """A short, plain number: 3 significant digits, at least one decimal (20 -> '20.0'),
    a real minus sign. Very large or small numbers in e-notation."""
    v = float(v)
    if not math.isfinite(v):
        return "∞" if v > 0 else ("−∞" if v < 0 else "nan")
    if v == 0:
        return "0.0"
    a = abs(v)
    if a >= 1e5 or a < 1e-3:
        s = f"{a:.3g}"
    else:
        decimals = max(1, 2 - math.floor(math.log10(a)))
        s = f"{a:.{decimals}f}"
        if "." in s:
            s = s.rstrip("0")
            if s.endswith("."):
                s += "0"
    return ("−" if v < 0 else "") + s


def _equation(w, names, fit_intercept, max_terms=12):
    """'20.0·x1 + 20.0·x2 − 30.0 = 0' (zero weights left out)."""
    w = np.asarray(w, dtype=float)
    coef = w[:-1] if fit_intercept else w
    terms = [(c, n) for c, n in zip(coef, names) if c != 0]
    extra = 0
    if len(terms) > max_terms:
        extra = len(terms) - max_terms
        terms = sorted(terms, key=lambda t: -abs(t[0]))[:max_terms]
        order = {n: i for i, n in enumerate(names)}
        terms.sort(key=lambda t: order[t[1]])
    parts = [(c, f"{format_number(abs(c))}·{n}") for c, n in terms]
    if fit_intercept and w[-1] != 0:
        parts.append((w[-1], format_number(abs(w[-1]))))
    if not parts:
        return "0 = 0"
    out = ("−" if parts[0][0] < 0 else "") + parts[0][1]
    for c, s in parts[1:]:
        out += (" − " if c < 0 else " + ") + s
    if extra:
        out += f" + … ({extra} smaller terms not read out)"
    return out + " = 0"


def _expanded_names(feature_names, n_weights, fit_intercept, feature_map):
    d = n_weights - (1 if fit_intercept else 0)
    names = list(feature_names) if feature_names is not None else None
    if names is not None and len(names) == d:
        return names
    if names is not None and feature_map == "poly2":
        from .features import poly2_names
        expanded = poly2_names(names)
        if len(expanded) == d:
            return expanded
    return [f"x{i + 1}" for i in range(d)]


def _label_text(label_names, sign):
    """The original label behind internal label sign (+1/-1), or '+1' / '−1'."""
    if label_names:
        for key in (sign, str(sign), f"{sign:+d}"):
            if key in label_names:
                text = str(label_names[key])
                return "−1" if text == "-1" else text
    return "+1" if sign > 0 else "−1"


def describe_boundary(w, feature_names, fit_intercept, feature_map, n_wrong, n,
                      *, label_names=None):
    """Text alternative of a boundary plot, e.g.
    'Decision boundary 20.0·x1 + 20.0·x2 − 30.0 = 0; 0 of 4 points misclassified.'
    w may be None for a model given only as a decision function (voted perceptron)."""
    wrong = f"{int(n_wrong)} of {int(n)} points misclassified."
    if w is None:
        return f"Decision regions of the model shown; {wrong}"
    w = np.asarray(w, dtype=float)
    if not np.any(w):
        plus = _label_text(label_names, 1)
        if plus != "+1":
            plus += " (the +1 class)"
        return (f"w = 0: no decision boundary yet, every point is predicted {plus}; {wrong} "
                "(Training counts y·(w·x̃) ≤ 0 as a mistake, so at w = 0 every example is one.)")
    names = _expanded_names(feature_names, len(w), fit_intercept, feature_map)
    eq = _equation(w, names, fit_intercept)
    coef = w[:-1] if fit_intercept else w
    if not np.any(coef):
        side = "+1" if w[-1] >= 0 else "−1"
        return (f"Only the bias is non-zero ({format_number(w[-1])}): no boundary, every point "
                f"is predicted {side}; {wrong}")
    kind = "Decision boundary" if feature_map == "none" else \
        "Decision boundary (a curve: linear in the degree-2 features)"
    return f"{kind} {eq}; {wrong}"


def _list_numbers(values, limit=12):
    vals = [str(int(v)) if float(v).is_integer() else format_number(v) for v in values]
    if len(vals) <= limit:
        return ", ".join(vals)
    return ", ".join(vals[:limit // 2]) + ", …, " + ", ".join(vals[-(limit // 2):])


def describe_mistakes(epoch_mistakes, bound=None):
    """Text alternative of the mistakes plot, with the per-epoch counts, the total and the bound."""
    m = [int(v) for v in epoch_mistakes]
    if not m:
        return "No epochs were run, so there are no mistakes to show."
    total = sum(m)
    s = (f"Mistakes per epoch over {len(m)} epoch{'s' if len(m) != 1 else ''}: "
         f"{_list_numbers(m)}; {total} mistake{'s' if total != 1 else ''} in total, "
         f"{m[-1]} in the last epoch.")
    if bound is not None and math.isfinite(bound):
        rel = "within" if total <= bound else "above"
        s += f" Mistake bound (R/γ)² = {format_number(bound)}: the total is {rel} it."
    return s


def describe_accuracy(train_acc, test_acc=None):
    """Text alternative of the accuracy plot."""
    tr = list(train_acc)
    if not tr:
        return "No epochs were run, so there is no accuracy to show."
    s = (f"Training accuracy per epoch over {len(tr)} epochs: from {format_number(tr[0])} "
         f"to {format_number(tr[-1])}, best {format_number(max(tr))}.")
    if test_acc is not None:
        te = np.atleast_1d(np.asarray(test_acc, dtype=float))
        if te.size:
            s += f" Test accuracy {format_number(te[-1])}."
    return s


def describe_proof(t, u_dot_w, w_norm, *, gamma=None, R=None, bound=None, upto=None):
    """Text alternative of the proof plot at step upto (default: the last)."""
    t = np.asarray(t, dtype=float)
    if t.size == 0:
        return "No updates were made, so the proof has nothing to show."
    k = len(t) - 1 if upto is None else max(0, int(np.searchsorted(t, upto, side="right")) - 1)
    s = f"After t = {int(t[k])} update{'s' if t[k] != 1 else ''}: "
    if u_dot_w is not None:
        s += f"u·w = {format_number(u_dot_w[k])}"
        if gamma is not None:
            s += f" (lower bound t·γ = {format_number(t[k] * gamma)})"
        s += ", "
    s += f"‖w‖ = {format_number(w_norm[k])}"
    if R is not None:
        s += f" (upper bound √t·R = {format_number(math.sqrt(t[k]) * R)})"
    s += "."
    if bound is not None:
        s += f" The two bounds meet at t = (R/γ)² = {format_number(bound)}."
    return s


# ---------------------------------------------------------------------------------------
# the boundary plot


def _prepared_scores(X, w, fit_intercept, normalize, feature_map):
    from .features import prepare
    Z = prepare(X, fit_intercept=fit_intercept, normalize=normalize, feature_map=feature_map)
    w = np.asarray(w, dtype=float)
    if Z.shape[1] != w.shape[0]:
        raise ValueError(f"w has {w.shape[0]} components but x̃ has {Z.shape[1]}")
    return Z @ w


def _scores(X, *, w, fit_intercept, normalize, feature_map, decision):
    if decision is not None:
        return np.asarray(decision(np.asarray(X, dtype=float)), dtype=float).reshape(-1)
    return _prepared_scores(X, w, fit_intercept, normalize, feature_map)


def misclassified(X, y, *, w=None, fit_intercept=True, normalize=False, feature_map="none",
                  decision=None):
    """Boolean mask of the points whose prediction (score >= 0 -> +1, else -1) is not y."""
    s = _scores(X, w=w, fit_intercept=fit_intercept, normalize=normalize,
                feature_map=feature_map, decision=decision)
    pred = np.where(s >= 0, 1, -1)
    return pred != np.asarray(y).reshape(-1)


def _clip_halfplane(poly, a, b, c):
    """Sutherland–Hodgman: the part of convex polygon poly where a*x + b*y + c >= 0."""
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] + c, a * q[0] + b * q[1] + c
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            r = fp / (fp - fq)
            out.append((p[0] + r * (q[0] - p[0]), p[1] + r * (q[1] - p[1])))
    return out


def _clip_line(p0, d, view):
    """The segment of the line p0 + s*d inside the rectangle view, or None (Liang–Barsky)."""
    x0, x1, y0, y1 = view
    lo, hi = -np.inf, np.inf
    for pc, dc, a, b in ((p0[0], d[0], x0, x1), (p0[1], d[1], y0, y1)):
        if dc == 0:
            if pc < a or pc > b:
                return None
        else:
            s1, s2 = (a - pc) / dc, (b - pc) / dc
            lo, hi = max(lo, min(s1, s2)), min(hi, max(s1, s2))
    if lo >= hi:
        return None
    return (p0[0] + lo * d[0], p0[1] + lo * d[1]), (p0[0] + hi * d[0], p0[1] + hi * d[1])


class _BoundaryScene:
    """One boundary plot: the static part (points, axes, legend) is built once, the model
    part (regions, line, arrow, marks, note) is redrawn by update(w, ...)."""

    def __init__(self, fig, X, y, *, fit_intercept, normalize, feature_map, plot_features,
                 nonlinear, feature_names, label_names, title, grid, legend_all):
        X = np.asarray(X, dtype=np.float64)
        if X.ndim == 1:
            X = X[:, None]
        y = np.asarray(y).reshape(-1)
        if X.ndim != 2 or X.shape[0] != y.shape[0]:
            raise ValueError("X must be (n, m) and y (n,)")
        n, m = X.shape
        if m < 1:
            raise ValueError("X needs at least one feature")
        pf = tuple(int(i) for i in (plot_features if plot_features is not None else (0, 1)))
        if m == 1:
            pf = (0,)
        if len(pf) != (1 if m == 1 else 2) or len(set(pf)) != len(pf) or \
                any(i < 0 or i >= m for i in pf):
            raise SettingsError(
                f"plot_features must be two different feature numbers from 0 to {m - 1}, "
                f"got {list(plot_features)}.", field="plot_features")
        self.fig, self.X, self.y, self.n, self.m = fig, X, y, n, m
        self.f0, self.f1 = pf[0], (pf[1] if m > 1 else None)
        self.fit_intercept, self.normalize, self.feature_map = fit_intercept, normalize, feature_map
        self.nonlinear, self.grid = nonlinear, int(grid)
        self.means = X.mean(axis=0) if n else np.zeros(m)
        names = list(feature_names) if feature_names is not None else \
            [f"x{i + 1}" for i in range(m)]
        self.names = names
        self.label_names = label_names
        px = X[:, self.f0]
        py = X[:, self.f1] if self.f1 is not None else np.zeros(n)
        self.P = np.column_stack([px, py])          # the points in the plotted plane

        self.title, self.legend_all = title, legend_all

    # -- geometry of the plane --------------------------------------------------------

    def raw_from_plane(self, P):
        R = np.tile(self.means, (len(P), 1))
        R[:, self.f0] = P[:, 0]
        if self.f1 is not None:
            R[:, self.f1] = P[:, 1]
        return R

    def _view(self, ax_w, ax_h, include_origin):
        P = self.P
        if len(P) == 0:
            P = np.zeros((1, 2))
        lo, hi = P.min(axis=0), P.max(axis=0)
        if include_origin:
            span = max(float(np.max(hi - lo)), 1e-12)
            gap = np.maximum(0, np.maximum(lo, -hi))      # distance of 0 from [lo, hi]
            if np.all(gap <= span):
                lo, hi = np.minimum(lo, 0), np.maximum(hi, 0)
        rng = hi - lo
        if self.f1 is None:
            lo[1], hi[1], rng[1] = -1.0, 1.0, 2.0
        for k in range(2):
            if rng[k] <= 1e-12 * max(1.0, abs(lo[k])):
                c = lo[k]
                half = max(0.5, 0.5 * abs(c))
                lo[k], hi[k], rng[k] = c - half, c + half, 2 * half
        pad = 0.12 * rng
        if self.f1 is None:
            pad[1] = 0
        lo, hi = lo - pad, hi + pad
        rng = hi - lo
        self.equal = False
        if self.f1 is not None and 1 / 3 <= rng[0] / rng[1] <= 3:
            # equal aspect: the same data units per pixel on both axes
            self.equal = True
            scale = max(rng[0] / ax_w, rng[1] / ax_h)
            c = (lo + hi) / 2
            half = np.array([scale * ax_w, scale * ax_h]) / 2
            lo, hi = c - half, c + half
        return (float(lo[0]), float(hi[0]), float(lo[1]), float(hi[1]))

    # -- static part --------------------------------------------------------------------

    def _legend_entries(self, legend_all, has_wrong, has_line, has_arrow):
        ms = 7
        pos = _label_text(self.label_names, 1)
        neg = _label_text(self.label_names, -1)
        hl = [Line2D([], [], ls="", marker=POS_MARKER, color=PALETTE["pos"], ms=ms),
              Line2D([], [], ls="", marker=NEG_MARKER, color=PALETTE["neg"], ms=ms)]
        lab = [pos if pos == "+1" else f"{pos} (+1)", neg if neg == "−1" else f"{neg} (−1)"]
        if legend_all or has_wrong:
            hl.append(Line2D([], [], ls="", marker="o", ms=11, mfc="none",
                             mec=PALETTE["wrong"], mew=1.6))
            lab.append("misclassified")
        if legend_all or has_line:
            hl.append(Line2D([], [], color=PALETTE["boundary"], lw=LINE_W))
            lab.append("boundary")
        if (legend_all and not self.nonlinear) or has_arrow:
            hl.append(Line2D([], [], color=PALETTE["arrow"], lw=LINE_W, marker=">", ms=6,
                             markevery=[1]))
            lab.append("w (weights)")
        return hl, lab

    def finish_build(self, has_wrong, has_line, has_arrow):
        """Make the axes (needs to know which legend entries appear)."""
        fig = self.fig
        with _rc():
            handles, labels = self._legend_entries(self.legend_all, has_wrong, has_line,
                                                   has_arrow)
            avail = fig.bbox.width - _M_LEFT - _M_RIGHT
            rows, ncol = _legend_rows(fig, labels, handles, avail)
            ax, ax_w, ax_h = _layout(fig, self.title, rows)
            self.ax = ax
            include_origin = (not self.fit_intercept and not self.nonlinear and self.m <= 2)
            self.view = self._view(ax_w, ax_h, include_origin)
            x0, x1, y0, y1 = self.view
            ax.set_xlim(x0, x1)
            ax.set_ylim(y0, y1)
            ax.set_autoscale_on(False)
            self.px_per_unit = (ax_w / (x1 - x0), ax_h / (y1 - y0))
            ax.set_xlabel(self.names[self.f0], fontsize=FS_LABEL)
            if self.f1 is not None:
                ax.set_ylabel(self.names[self.f1], fontsize=FS_LABEL)
            else:
                ax.set_yticks([])
            self.legend = _legend_above(ax, handles, labels, ncol)
            self.legend.set_gid("legend")

            # data points, by class (colour AND marker)
            s = MARKER_S * 1.25 if self.n <= 50 else \
                MARKER_S if self.n <= 200 else max(12.0, MARKER_S * math.sqrt(200 / self.n))
            self.marker_s = s
            pos, neg = self.y > 0, self.y <= 0
            self.points = [
                ax.scatter(self.P[pos, 0], self.P[pos, 1], s=s, marker=POS_MARKER,
                           c=PALETTE["pos"], edgecolors="white", linewidths=0.6, zorder=3,
                           gid="points-pos"),
                ax.scatter(self.P[neg, 0], self.P[neg, 1], s=s * 0.9, marker=NEG_MARKER,
                           c=PALETTE["neg"], edgecolors="white", linewidths=0.6, zorder=3,
                           gid="points-neg"),
            ]
            empty = np.empty((0, 2))
            self.wrong = ax.scatter(empty[:, 0], empty[:, 1], s=s * 4.2, marker="o",
                                    facecolors="none", edgecolors=PALETTE["wrong"],
                                    linewidths=1.6, zorder=4, gid="misclassified")
            self.hl = ax.scatter(empty[:, 0], empty[:, 1], s=s * 9, marker="o",
                                 facecolors="none", edgecolors=PALETTE["highlight"],
                                 linewidths=2.6, zorder=4.5, gid="highlight")
            self.line = Line2D([], [], color=PALETTE["boundary"], lw=LINE_W, zorder=5,
                               gid="boundary")
            ax.add_line(self.line)
            self.arrow = FancyArrowPatch((0, 0), (0, 0), arrowstyle="-|>", mutation_scale=16,
                                         color=PALETTE["arrow"], lw=2.4, zorder=6,
                                         shrinkA=0, shrinkB=0, gid="weight-arrow")
            ax.add_patch(self.arrow)
            self.arrow_label = ax.text(0, 0, "w", color=PALETTE["arrow"], fontsize=FS_LABEL,
                                       fontweight="bold", ha="center", va="center", zorder=6,
                                       gid="weight-arrow-label")
            # the note goes to the top or the bottom edge, whichever has fewer points near it
            frac = (self.P[:, 1] - y0) / (y1 - y0)
            at_top = np.sum(frac > 0.8) <= np.sum(frac < 0.2)
            self.note = ax.text(0.5, 0.97 if at_top else 0.03, "", transform=ax.transAxes,
                                ha="center", va="top" if at_top else "bottom",
                                fontsize=FS_NOTE, zorder=7, gid="note",
                                bbox=dict(boxstyle="round,pad=0.3", fc="white", ec="#999999",
                                          alpha=0.9))
            self.subnote = None
            if self.m > 2:
                others = "other features at their means"
                self.subnote = ax.text(0.99, 0.015, others, transform=ax.transAxes,
                                       ha="right", va="bottom", fontsize=FS_NOTE - 1,
                                       color=PALETTE["grey"], zorder=7, gid="subnote")
            # regions
            self.reg_pos = Polygon(np.zeros((3, 2)), closed=True, fc=PALETTE["pos_fill"],
                                   ec="none", zorder=0.5, gid="regions-pos")
            self.reg_neg = Polygon(np.zeros((3, 2)), closed=True, fc=PALETTE["neg_fill"],
                                   ec="none", zorder=0.5, gid="regions-neg")
            self.image = None
            self.contour = None
            if self.nonlinear:
                x0, x1, y0, y1 = self.view
                self.gx = np.linspace(x0, x1, self.grid)
                self.gy = np.linspace(y0, y1, self.grid)
                GX, GY = np.meshgrid(self.gx, self.gy)
                self.grid_raw = self.raw_from_plane(np.column_stack([GX.ravel(), GY.ravel()]))
                self.image = ax.imshow(np.ones((2, 2, 4)), extent=self.view, origin="lower",
                                       interpolation="nearest", aspect="auto", zorder=0.5,
                                       gid="regions")
            else:
                ax.add_patch(self.reg_pos)
                ax.add_patch(self.reg_neg)
            ax.set_xlim(x0, x1)
            ax.set_ylim(y0, y1)

    # -- model part ---------------------------------------------------------------------

    def update(self, w=None, decision=None, highlight=None):
        """Redraw the model: returns the misclassified mask."""
        with _rc():
            return self._update(w, decision, highlight)

    def _update(self, w, decision, highlight):
        scores = _scores(self.X, w=w, fit_intercept=self.fit_intercept,
                         normalize=self.normalize, feature_map=self.feature_map,
                         decision=decision)
        wrong = np.where(scores >= 0, 1, -1) != self.y
        self.wrong.set_offsets(self.P[wrong] if wrong.any() else np.empty((0, 2)))
        if highlight is not None:
            i = int(highlight)
            if not 0 <= i < self.n:
                raise ValueError(f"highlight {i} is not a row of X (0..{self.n - 1})")
            self.hl.set_offsets(self.P[i:i + 1])
        else:
            self.hl.set_offsets(np.empty((0, 2)))

        w_zero = w is not None and decision is None and not np.any(np.asarray(w, dtype=float))
        note = ""
        self.line.set_data([], [])
        self.arrow_geom = None
        self.arrow.set_visible(False)
        self.arrow_label.set_visible(False)
        plus = _label_text(self.label_names, 1)
        if self.nonlinear:
            note = self._update_regions(w, decision)
        else:
            note = self._update_linear(np.asarray(w, dtype=float))
        if w_zero:
            note = f"w = 0: no boundary yet (every point is predicted {plus})"
        self.note.set_text(note)
        self.note.set_visible(bool(note))
        return wrong

    def _update_regions(self, w, decision):
        S = _scores(self.grid_raw, w=w, fit_intercept=self.fit_intercept,
                    normalize=self.normalize, feature_map=self.feature_map,
                    decision=decision).reshape(self.grid, self.grid)
        pos = np.array(matplotlib.colors.to_rgba(PALETTE["pos_fill"]))
        neg = np.array(matplotlib.colors.to_rgba(PALETTE["neg_fill"]))
        self.image.set_data(np.where((S >= 0)[..., None], pos, neg))
        if self.contour is not None:
            self.contour.remove()
            self.contour = None
        if np.nanmin(S) < 0 < np.nanmax(S):
            self.contour = self.ax.contour(self.gx, self.gy, S, levels=[0.0],
                                           colors=[PALETTE["boundary"]],
                                           linewidths=LINE_W, zorder=5)
            self.contour.set_gid("contour")
            return ""
        side = _label_text(self.label_names, 1 if np.nanmin(S) >= 0 else -1)
        return f"no boundary in this view: every point here is predicted {side}"

    def _update_linear(self, w):
        x0, x1, y0, y1 = self.view
        m, f0, f1 = self.m, self.f0, self.f1
        coef = w[:m]
        b = w[m] if self.fit_intercept else 0.0
        g = np.array([coef[f0], coef[f1] if f1 is not None else 0.0])
        others = [j for j in range(m) if j not in (f0, f1)]
        c = float(b + sum(coef[j] * self.means[j] for j in others))
        rect = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        pos_poly = _clip_halfplane(rect, g[0], g[1], c)
        neg_poly = _clip_halfplane(rect, -g[0], -g[1], -c)
        # ties (score exactly 0) belong to +1; the shared edge is drawn by both
        self._set_poly(self.reg_pos, pos_poly)
        self._set_poly(self.reg_neg, neg_poly if not np.all(g == 0) or c < 0 else [])
        gn = float(np.hypot(*g))
        if gn == 0:
            if not np.any(w):
                return ""          # the caller writes the w = 0 note
            side = _label_text(self.label_names, 1 if c >= 0 else -1)
            return f"boundary not in this plane: every point here is predicted {side}"
        # the line g·p + c = 0 through the point nearest the view centre
        ctr = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        p0 = ctr - (g @ ctr + c) / gn ** 2 * g
        seg = _clip_line(p0, np.array([-g[1], g[0]]), self.view)
        note = ""
        if seg is None:
            start = ctr
            note = "the boundary is outside the view"
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
        target_px = 0.28 * min((x1 - x0) * sx, (y1 - y0) * sy)
        L = target_px / disp
        tip = start + L * u
        self.arrow.set_positions(tuple(start), tuple(tip))
        self.arrow.set_visible(True)
        lab = tip + (12 / disp) * u
        mx, my = 10 / sx, 10 / sy                 # keep the "w" 10 px inside the axes
        lab = (min(max(lab[0], x0 + mx), x1 - mx), min(max(lab[1], y0 + my), y1 - my))
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

    def animated_artists(self):
        arts = [self.reg_pos, self.reg_neg] if not self.nonlinear else [self.image]
        arts += list(self.points) + [self.wrong, self.hl, self.line, self.arrow,
                                     self.arrow_label, self.note]
        if self.subnote is not None:
            arts.append(self.subnote)
        return arts + list(self.ax.spines.values())


def _is_nonlinear(feature_map, decision):
    return decision is not None or feature_map != "none"


def boundary_figure(X, y, *, w=None, fit_intercept=True, normalize=False, feature_map="none",
                    plot_features=(0, 1), decision=None, feature_names=None, label_names=None,
                    title=None, highlight=None, width_px=None, height_px=None, dpi=None,
                    grid=200, fig=None):
    """The data (two chosen features; the others held at their means) and the model.

    Linear model (feature_map "none", no decision): the line w·x̃ = 0 drawn exactly, the
    weight vector (its two plotted components) as an arrow from a point on the line (from the
    origin when there is no bias), the half-planes shaded. Otherwise (feature_map "poly2" or
    a decision callable raw X -> scores): the regions on a grid x grid and the 0-contour.
    Misclassified points get a black ring; highlight=i rings example i.
    fig.alt_text holds the text alternative, fig.n_wrong the number misclassified,
    fig.weight_arrow the arrow's (start, tip) in data coordinates (None when not drawn).
    """
    if w is None and decision is None:
        raise ValueError("boundary_figure needs w or decision")
    nonlinear = _is_nonlinear(feature_map, decision)
    fig = _prepare_figure(fig, width_px, height_px, dpi)
    scene = _BoundaryScene(fig, X, y, fit_intercept=fit_intercept, normalize=normalize,
                           feature_map=feature_map, plot_features=plot_features,
                           nonlinear=nonlinear, feature_names=feature_names,
                           label_names=label_names, title=title, grid=grid, legend_all=False)
    wrong_pre = misclassified(scene.X, scene.y, w=w, fit_intercept=fit_intercept,
                              normalize=normalize, feature_map=feature_map, decision=decision)
    w_arr = None if w is None else np.asarray(w, dtype=float)
    has_model = decision is not None or (w_arr is not None and np.any(w_arr))
    has_arrow = (not nonlinear) and w_arr is not None and bool(
        np.any(w_arr[list(p for p in (scene.f0, scene.f1) if p is not None)]))
    scene.finish_build(bool(wrong_pre.any()), has_model, has_arrow)
    wrong = scene.update(w, decision, highlight)
    fig.n_wrong = int(wrong.sum())
    fig.weight_arrow = scene.arrow_geom
    fig.data_ax = scene.ax
    fig.alt_text = describe_boundary(None if decision is not None else w_arr,
                                     scene.names, fit_intercept, feature_map, fig.n_wrong,
                                     scene.n, label_names=label_names)
    return fig


class BoundaryAnimator:
    """Step-through frames of the boundary plot: one figure, only the model artists change.

    For a linear model the static part (axes, ticks, labels, legend) is drawn once and each
    frame restores it and draws only the changing artists (Agg blitting), then encodes PNG.
    """

    def __init__(self, X, y, *, fit_intercept=True, normalize=False, feature_map="none",
                 plot_features=(0, 1), feature_names=None, label_names=None, title=None,
                 width_px=480, height_px=360, dpi=DPI, grid=100, compress_level=1):
        self.fig = new_figure(width_px, height_px, dpi)
        self.scene = _BoundaryScene(self.fig, X, y, fit_intercept=fit_intercept,
                                    normalize=normalize, feature_map=feature_map,
                                    plot_features=plot_features,
                                    nonlinear=_is_nonlinear(feature_map, None),
                                    feature_names=feature_names, label_names=label_names,
                                    title=title, grid=grid, legend_all=True)
        self.scene.finish_build(True, True, True)
        self.size = (int(self.fig.bbox.width), int(self.fig.bbox.height))
        self.compress_level = compress_level
        self._background = None
        self.n_wrong = 0

    def _capture_background(self):
        scene, canvas = self.scene, self.fig.canvas
        arts = scene.animated_artists()
        for a in arts:
            a.set_animated(True)
        canvas.draw()
        self._background = canvas.copy_from_bbox(self.fig.bbox)

    def frame(self, w, highlight=None):
        """PNG bytes of the plot for weights w (and example `highlight` ringed)."""
        scene, canvas = self.scene, self.fig.canvas
        with _rc():
            wrong = scene.update(w, None, highlight)
            self.n_wrong = int(wrong.sum())
            if scene.nonlinear:
                # the contour is a new artist each frame: a full draw is simplest
                canvas.draw()
            else:
                if self._background is None:
                    self._capture_background()
                canvas.restore_region(self._background)
                ax = scene.ax
                for a in sorted(scene.animated_artists(), key=lambda a: a.get_zorder()):
                    if a.get_visible():
                        ax.draw_artist(a)
            return self._encode(canvas.buffer_rgba())

    def _encode(self, rgba):
        from PIL import Image
        img = Image.frombuffer("RGBA", self.size, bytes(rgba), "raw", "RGBA", 0, 1)
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=self.compress_level)
        return buf.getvalue()

    def alt_text(self, w):
        return describe_boundary(w, self.scene.names, self.scene.fit_intercept,
                                 self.scene.feature_map, self.n_wrong, self.scene.n,
                                 label_names=self.scene.label_names)


# ---------------------------------------------------------------------------------------
# mistakes, accuracy, proof


def _finish_epoch_axes(ax, ylabel, handles, labels, ncol):
    """Whole-number epochs along x (even for a single epoch), labels, grid, legend above."""
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8, min_n_ticks=1))
    ax.set_xlabel("epoch", fontsize=FS_LABEL)
    ax.set_ylabel(ylabel, fontsize=FS_LABEL)
    ax.grid(axis="y", color="#dddddd", lw=0.8, zorder=0)
    _legend_above(ax, handles, labels, ncol)


def mistakes_figure(epoch_mistakes, *, bound=None, title="Mistakes per epoch",
                    width_px=None, height_px=None, dpi=None, fig=None):
    """Bars: mistakes in each epoch; line: cumulative mistakes; dashed: the bound (R/γ)²
    (total mistakes can never pass it on separable data)."""
    m = np.asarray(list(epoch_mistakes), dtype=float)
    E = len(m)
    fig = _prepare_figure(fig, width_px, height_px, dpi)
    with _rc():
        handles = [matplotlib.patches.Patch(color=PALETTE["sky"]),
                   Line2D([], [], color=PALETTE["pos"], lw=LINE_W, marker="o", ms=4)]
        labels = ["mistakes in the epoch", "cumulative"]
        show_bound = bound is not None and math.isfinite(bound)
        if show_bound:
            handles.append(Line2D([], [], color=PALETTE["arrow"], lw=LINE_W, ls="--"))
            labels.append(f"mistake bound (R/γ)² = {format_number(bound)}")
        rows, ncol = _legend_rows(fig, labels, handles, fig.bbox.width - _M_LEFT - _M_RIGHT)
        ax, _, _ = _layout(fig, title, rows)
        ep = np.arange(1, E + 1)
        cum = np.cumsum(m)
        if E:
            if E <= 100:
                ax.bar(ep, m, width=0.8, color=PALETTE["sky"], zorder=2)
            else:
                ax.stairs(m, np.arange(0.5, E + 1), fill=True, color=PALETTE["sky"],
                          zorder=2, gid="bars")
            ax.plot(ep, cum, color=PALETTE["pos"], lw=LINE_W, marker="o" if E <= 40 else None,
                    ms=4, zorder=3, gid="cumulative")
        top = float(cum[-1]) if E else 1.0
        top = max(top, 1.0)
        if show_bound:
            if bound <= 5 * top:
                ax.axhline(bound, color=PALETTE["arrow"], lw=LINE_W, ls="--", zorder=4,
                           gid="bound")
                top = max(top, bound)
            else:
                ax.annotate(f"bound (R/γ)² = {format_number(bound)} is far above ↑",
                            xy=(0.5, 0.98), xycoords="axes fraction", ha="center", va="top",
                            fontsize=FS_NOTE, color=PALETTE["arrow"], gid="bound")
        if not E:
            ax.text(0.5, 0.5, "no epochs run", transform=ax.transAxes, ha="center",
                    fontsize=FS_NOTE, gid="note")
        ax.set_ylim(0, top * 1.08)
        ax.set_xlim(0.4, max(E, 1) + 0.6)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=6, min_n_ticks=1))
        _finish_epoch_axes(ax, "mistakes", handles, labels, ncol)
    fig.alt_text = describe_mistakes(m, bound)
    return fig


def accuracy_figure(train_acc, test_acc=None, *, title="Accuracy per epoch", width_px=None,
                    height_px=None, dpi=None, fig=None):
    """Training accuracy per epoch (0..1); test accuracy per epoch, or one final value."""
    tr = np.asarray(list(train_acc), dtype=float)
    E = len(tr)
    fig = _prepare_figure(fig, width_px, height_px, dpi)
    with _rc():
        handles = [Line2D([], [], color=PALETTE["pos"], lw=LINE_W, marker="o", ms=5)]
        labels = ["training"]
        te = None
        if test_acc is not None:
            te = np.atleast_1d(np.asarray(test_acc, dtype=float))
            handles.append(Line2D([], [], color=PALETTE["arrow"], lw=LINE_W, ls="--",
                                  marker="s", ms=5))
            labels.append("test")
        rows, ncol = _legend_rows(fig, labels, handles, fig.bbox.width - _M_LEFT - _M_RIGHT)
        ax, _, _ = _layout(fig, title, rows)
        ep = np.arange(1, E + 1)
        if E:
            ax.plot(ep, tr, color=PALETTE["pos"], lw=LINE_W, marker="o" if E <= 40 else None,
                    ms=5, zorder=3, gid="train")
        if te is not None and te.size:
            if te.size == E and E > 1:
                ax.plot(ep, te, color=PALETTE["arrow"], lw=LINE_W, ls="--",
                        marker="s" if E <= 40 else None, ms=5, zorder=3, gid="test")
            else:   # one final test accuracy: a marker at the last epoch
                ax.plot([max(E, 1)], [te[-1]], color=PALETTE["arrow"], ls="", marker="s",
                        ms=8, zorder=4, gid="test")
                ax.annotate(f"test {format_number(te[-1])}", xy=(max(E, 1), te[-1]),
                            xytext=(-6, -14), textcoords="offset points", ha="right",
                            fontsize=FS_NOTE, color=PALETTE["arrow"])
        if not E:
            ax.text(0.5, 0.5, "no epochs run", transform=ax.transAxes, ha="center",
                    fontsize=FS_NOTE, gid="note")
        ax.set_ylim(0, 1.04)
        ax.set_xlim(0.5, max(E, 1) + 0.5)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
        _finish_epoch_axes(ax, "accuracy", handles, labels, ncol)
    fig.alt_text = describe_accuracy(tr, test_acc)
    return fig


def proof_figure(t, u_dot_w, t_gamma, w_norm, sqrt_t_R, *, bound=None, upto=None,
                 title="The mistake bound, made visible", width_px=None, height_px=None,
                 dpi=None, fig=None):
    """The two claims of the proof against t (updates), as theory.proof_series gives them:
    u·w_t never below t·γ (Claim 1) and ‖w_t‖ never above √t·R (Claim 2). Since
    u·w_t <= ‖w_t‖, t·γ <= √t·R, so t <= (R/γ)²: the bounds meet there ("bound", dotted).
    u_dot_w and t_gamma may be None (no separator: only Claim 2 is drawn).
    upto cuts the series at step t (for a scrubber); the axes do not move with it."""
    t = np.asarray(t, dtype=float).reshape(-1)
    wn, sr = np.asarray(w_norm, dtype=float), np.asarray(sqrt_t_R, dtype=float)
    has_u = u_dot_w is not None and t_gamma is not None
    uw = np.asarray(u_dot_w, dtype=float) if has_u else None
    tg = np.asarray(t_gamma, dtype=float) if has_u else None
    if not (len(t) == len(wn) == len(sr)) or (has_u and not len(t) == len(uw) == len(tg)):
        raise ValueError("proof series must have the same length")
    fig = _prepare_figure(fig, width_px, height_px, dpi)
    # γ and R back from the bound series, to draw the bounds as curves up to (R/γ)²
    ok = t > 0
    gamma = float(np.median(tg[ok] / t[ok])) if has_u and ok.any() else None
    R = float(np.median(sr[ok] / np.sqrt(t[ok]))) if ok.any() else None
    with _rc():
        c_u, c_w = PALETTE["pos"], PALETTE["arrow"]
        handles, labels = [], []
        if has_u:
            handles += [Line2D([], [], color=c_u, lw=LINE_W),
                        Line2D([], [], color=c_u, lw=LINE_W, ls="--")]
            labels += ["u·w$_t$", "t·γ (lower bound)"]
        handles += [Line2D([], [], color=c_w, lw=LINE_W),
                    Line2D([], [], color=c_w, lw=LINE_W, ls="--")]
        labels += ["‖w$_t$‖", "√t·R (upper bound)"]
        rows, ncol = _legend_rows(fig, labels, handles, fig.bbox.width - _M_LEFT - _M_RIGHT)
        ax, _, _ = _layout(fig, title, rows)
        tmax = float(t.max()) if t.size else 1.0
        show_bound = bound is not None and math.isfinite(bound) and bound > 0
        xmax = tmax
        if show_bound and bound <= 20 * max(tmax, 1):
            xmax = max(xmax, bound)
        xmax = max(xmax * 1.05, 1.0)
        keep = t <= upto if upto is not None else np.ones(len(t), dtype=bool)
        marker = len(t) <= 60
        thin = LINE_W - 0.4
        tt = np.linspace(0, xmax, 400)
        if has_u:
            ax.plot(t[keep], uw[keep], color=c_u, lw=LINE_W, marker="o" if marker else None,
                    ms=3.5, zorder=4, gid="u-dot-w")
            if gamma is not None:
                ax.plot(tt, tt * gamma, color=c_u, lw=thin, ls="--", zorder=3, gid="t-gamma")
            else:
                ax.plot(t, tg, color=c_u, lw=thin, ls="--", zorder=3, gid="t-gamma")
        ax.plot(t[keep], wn[keep], color=c_w, lw=LINE_W, marker="s" if marker else None,
                ms=3.5, zorder=4, gid="w-norm")
        if R is not None:
            ax.plot(tt, np.sqrt(tt) * R, color=c_w, lw=thin, ls="--", zorder=3, gid="sqrt-t-R")
        else:
            ax.plot(t, sr, color=c_w, lw=thin, ls="--", zorder=3, gid="sqrt-t-R")
        series = [a for a in (uw, wn) if a is not None and a.size]
        ymax = max([1e-9] + [float(np.nanmax(a)) for a in series])
        if R is not None:
            ymax = max(ymax, math.sqrt(xmax) * R if not show_bound or xmax < bound
                       else math.sqrt(bound) * R)
        if show_bound and xmax >= bound:
            ax.axvline(bound, color="#333333", lw=1.4, ls=":", zorder=2, gid="bound-t")
            ax.annotate(f"bound\n(R/γ)² = {format_number(bound)}", xy=(bound, 0),
                        xycoords=("data", "axes fraction"), xytext=(-4, 6),
                        textcoords="offset points", ha="right", va="bottom",
                        fontsize=FS_NOTE, color="#333333")
        elif show_bound:
            ax.annotate(f"bound (R/γ)² = {format_number(bound)} is far to the right →",
                        xy=(0.98, 0.03), xycoords="axes fraction", ha="right", va="bottom",
                        fontsize=FS_NOTE, color="#333333", gid="bound-t")
        if upto is not None:
            ax.axvline(upto, color=PALETTE["highlight"], lw=1.6, zorder=2, gid="upto")
        if not t.size:
            ax.text(0.5, 0.5, "no updates were made", transform=ax.transAxes, ha="center",
                    fontsize=FS_NOTE, gid="note")
        ymin = min(0.0, 1.1 * float(np.nanmin(uw))) if has_u and uw.size else 0.0
        ax.set_xlim(0, xmax)
        ax.set_ylim(ymin, ymax * 1.08)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8, min_n_ticks=1))
        ax.set_xlabel("t (updates)", fontsize=FS_LABEL)
        ax.set_ylabel("value", fontsize=FS_LABEL)
        ax.grid(color="#eeeeee", lw=0.8, zorder=0)
        _legend_above(ax, handles, labels, ncol)
    fig.alt_text = describe_proof(t, uw, wn, gamma=gamma, R=R, bound=bound, upto=upto)
    return fig


# ---------------------------------------------------------------------------------------
# reuse


class FigureCache:
    """One Figure per plot kind (and size), cleared and reused by the plot functions:

        cache = FigureCache()
        fig = boundary_figure(X, y, w=w, fig=cache.get("boundary", 480, 360))
    """

    def __init__(self):
        self._figs = {}

    def get(self, kind, width_px=480, height_px=360, dpi=DPI):
        fig = self._figs.get(kind)
        if fig is None:
            fig = self._figs[kind] = new_figure(width_px, height_px, dpi)
            return fig
        return _prepare_figure(fig, width_px, height_px, dpi)

    def __len__(self):
        return len(self._figs)

    def clear(self):
        self._figs.clear()
