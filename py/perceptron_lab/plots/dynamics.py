"""How w moves: the cycle of a non-separable run under a fixed order (the weight vectors of
one cycle drawn, the repeating w named) and the trajectory of w's direction over the updates."""

from __future__ import annotations

import matplotlib
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from ..i18n import N_, _, ngettext, number_separator
from .boundary import check_xy
from .figure import layout, readable_ticks, room_for_ylabel, shrink_to_fit, legend_above, legend_fitting, prepare_figure
from .geometry import clip_line, view_of
from .style import FS_LABEL, FS_NOTE, FS_TICK, LINE_W, MARKER_S, NEG_MARKER, PALETTE, POS_MARKER, fs, px, rc
from .text import angle_deg, class_label, describe_cycle, describe_trajectory, format_number, plain


def cycle_vectors(trace_w, trace_epoch, cycle):
    """(W_cycle, repeating_w) of a cycled run: the weights after each update of the last
    `period` epochs (one full cycle) and the w at the end of it, which is also the w of
    `period` epochs earlier. trace_w (k, d) and trace_epoch (k,) are the run's trace (not
    subsampled); cycle = {"epoch": E, "period": p} as core.train reports it."""
    W = np.asarray(trace_w, dtype=float)
    ep = np.asarray(trace_epoch).reshape(-1)
    E, p = int(cycle["epoch"]), int(cycle["period"])
    sel = (ep > E - p) & (ep <= E)
    done = ep <= E
    repeating = W[done][-1] if done.any() else np.zeros(W.shape[1])
    return W[sel], repeating


def _plane_line(w, m, f0, f1, others, means, fit_intercept):
    """(g, c): the line g·p + c = 0 of w in the plotted plane, other features at their means."""
    coef, b = w[:m], (w[m] if fit_intercept else 0.0)
    g = np.array([coef[f0], coef[f1] if f1 is not None else 0.0])
    return g, float(b + sum(coef[j] * means[j] for j in others))


def _cycle_list(shown, segs, n_cycle, rep, cycle):
    lines = [f"w{i} = {_vec(w)}" + ("" if seg is not None else "  " + _("(no line)"))
             for i, (w, seg) in enumerate(zip(shown, segs), start=1)]
    if n_cycle > len(shown):
        lines.append(ngettext("… {n} more update", "… {n} more updates", n_cycle - len(shown)).format(n=n_cycle - len(shown)))
    rep_txt = _("w = 0 (no boundary)") if not np.any(rep) else f"w = {_vec(rep)}"
    e0 = int(cycle["epoch"]) - int(cycle["period"])
    return lines + ["", _("after epoch {epoch}:").format(epoch=int(cycle['epoch'])), rep_txt,
                    _("as at the start") if e0 == 0 else _("as after epoch {epoch}").format(epoch=e0),
                    _("so it repeats forever")]


def _plot_fraction(fig, lines):
    """The share of the width the plot gets: what the list of vectors leaves, or all of it."""
    from matplotlib.text import Text
    t = Text(0, 0, "\n".join(lines), fontsize=fs(fig, FS_NOTE))
    t.set_figure(fig)
    b = t.get_window_extent(fig.canvas.get_renderer())
    W, H = fig.bbox.width, fig.bbox.height
    frac = 1 - (b.width + px(fig, 16)) / W
    return frac if frac >= 0.55 and b.height <= H - px(fig, 40) else 1.0


def _vec(w):
    return "(" + number_separator().join(format_number(v) for v in w) + ")"


def cycle_figure(X, y, trace_w, trace_epoch, cycle, *, fit_intercept=True, normalize=False,
                 plot_features=(0, 1), feature_names=None, label_names=None, title=None,
                 width_px=None, height_px=None, dpi=None, fig=None, dpr=1.0, scale=1.0, max_lines=12):
    """Left: the data and the boundary of every weight vector of one cycle (numbered in order,
    darker = later; the line of w = 0 does not exist and is named instead). Right: the
    vectors of the cycle, with the repeating one marked. For linear models (feature_map
    "none"); x̃ is X with the bias last, scaled to unit length when normalize (the
    boundary in the plane does not depend on that scaling). fig.cycle_w and
    fig.repeating_w hold the vectors drawn."""
    X, y = check_xy(X, y)
    n, m = X.shape
    W_cycle, rep = cycle_vectors(trace_w, trace_epoch, cycle)
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    f0, f1 = (0, None) if m == 1 else tuple(int(i) for i in plot_features)
    means = X.mean(axis=0) if n else np.zeros(m)
    P = np.column_stack([X[:, f0], X[:, f1] if f1 is not None else np.zeros(n)])
    names = [str(s) for s in feature_names] if feature_names is not None else [f"x{i + 1}" for i in range(m)]
    shown = W_cycle[:max_lines]
    cmap = matplotlib.colormaps["viridis"]
    colours = [cmap(0.85 * i / max(1, len(shown) - 1)) for i in range(len(shown))]
    with rc():
        handles = [Line2D([], [], ls="", marker=POS_MARKER, color=PALETTE["pos"], ms=8 * k),
                   Line2D([], [], ls="", marker=NEG_MARKER, color=PALETTE["neg"], ms=8 * k),
                   Line2D([], [], color=colours[0] if colours else "k", lw=LINE_W * k)]
        labels = [plain(class_label(label_names, 1), 30), plain(class_label(label_names, -1), 30),
                  _("line of w after update k")]
        # The list of the cycle's vectors goes beside the plot at its full size when it fits
        # there with the plot keeping at least 55 % of the width; else the plot takes it all
        # (the page lists the vectors under the figure): no half-empty figure, no tiny text.
        list_lines = _cycle_list(shown, [None if not np.any(w[[f0] + ([f1] if f1 is not None else [])]) else 1
                                         for w in shown], len(W_cycle), rep, cycle)
        frac = _plot_fraction(fig, list_lines)
        rows, ncol = legend_fitting(fig, handles, labels, frac)
        p_ = int(cycle["period"])
        t = title if title is not None else \
            ngettext("The weights cycle: w repeats every epoch", "The weights cycle: w repeats every {n} epochs",
                     p_).format(n=p_)
        ax, ax_w, ax_h = layout(fig, plain(t, 200), rows, rect=(0.0, frac))
        # the view shows the data and, when not too far, the nearest point of each line of the cycle
        others = [j for j in range(m) if j not in (f0, f1)]
        span = max(float(np.ptp(P, axis=0).max()) if n else 1.0, 1e-9)
        centre = P.mean(axis=0) if n else np.zeros(2)
        extra = []
        for w in shown:
            g, c = _plane_line(w, m, f0, f1, others, means, fit_intercept)
            gn2 = float(g @ g)
            if gn2 > 0:
                q = centre - (g @ centre + c) / gn2 * g
                if np.linalg.norm(q - centre) <= 1.5 * span:
                    extra.append(q)
        view = view_of(np.vstack([P] + [np.array(extra)] if extra else [P]), ax_w, ax_h,
                          include_origin=not fit_intercept, one_d=f1 is None)[0]
        x0, x1, y0, y1 = view
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_autoscale_on(False)
        readable_ticks(ax, ax_w, ax_h)
        pos = y > 0
        s = MARKER_S * 1.25 * k * k
        ax.scatter(P[pos, 0], P[pos, 1], s=s, marker=POS_MARKER, c=PALETTE["pos"], edgecolors="white",
                   zorder=3, gid="points-pos")
        ax.scatter(P[~pos, 0], P[~pos, 1], s=s * 0.9, marker=NEG_MARKER, c=PALETTE["neg"], edgecolors="white",
                   zorder=3, gid="points-neg")
        ax.set_xlabel(plain(names[f0]), fontsize=fs(fig, FS_LABEL))
        if f1 is not None:
            ax.set_ylabel(plain(names[f1]), fontsize=fs(fig, FS_LABEL))
        fig.cycle_lines = []
        for i, (w, col) in enumerate(zip(shown, colours), start=1):
            g, c = _plane_line(w, m, f0, f1, others, means, fit_intercept)
            gn = float(np.hypot(*g))
            seg = None
            if gn > 0:
                ctr = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
                seg = clip_line(ctr - (g @ ctr + c) / gn ** 2 * g, np.array([-g[1], g[0]]), view)
            fig.cycle_lines.append(seg)
            if seg is None:
                continue
            (ax_, ay_), (bx_, by_) = seg
            ax.plot([ax_, bx_], [ay_, by_], color=col, lw=LINE_W * k, zorder=4, gid=f"cycle-w{i}")
            f = 0.12 + 0.76 * ((i - 1) / max(1, len(shown) - 1))    # stagger the numbers along the lines
            ax.annotate(str(i), (ax_ + f * (bx_ - ax_), ay_ + f * (by_ - ay_)), fontsize=fs(fig, FS_NOTE),
                        color=col, fontweight="bold", ha="center", va="center", zorder=5,
                        bbox=dict(boxstyle="circle,pad=0.15", fc="white", ec=col, lw=k))
        legend_above(ax, handles, labels, ncol)
        room_for_ylabel(ax)
        # the list of vectors
        W, H = fig.bbox.width, fig.bbox.height
        if frac < 1:
            lines = _cycle_list(shown, fig.cycle_lines, len(W_cycle), rep, cycle)
            top = min(ax.get_position().y1 + px(fig, 24) / H, 1 - px(fig, 6) / H)
            txt = fig.text(frac + px(fig, 6) / W, top, "\n".join(lines), ha="left", va="top",
                           fontsize=fs(fig, FS_NOTE), gid="cycle-list")
            shrink_to_fit(txt, (1 - frac) * W - px(fig, 10))
    fig.cycle_w, fig.repeating_w = W_cycle, rep
    fig.alt_text = describe_cycle(W_cycle, rep, period=cycle["period"], epoch=cycle["epoch"])
    return fig


def _angle_ticks(ax, lo, hi, steps):
    """Degree ticks as dense as the axes' height allows: labels ~1.9 lines apart (at 366 px
    the two halves of the angle plot are ~80 px tall: 0°, 90°, 180° and −180°, 0°, 180°)."""
    fig = ax.figure
    need = 1.9 * fs(fig, FS_TICK) * fig.dpi / 72
    height = ax.get_position().height * fig.bbox.height
    step = next((s for s in steps if height / ((hi - lo) / s) >= need), steps[-1])
    ticks = list(range(lo, hi + 1, step))
    ax.set_yticks(ticks, [f"{t}°".replace("-", "−") for t in ticks])


def _heading(W, comps):
    """Polar angle (degrees) of the two chosen components of each w (None where both are 0)."""
    a, b = W[:, comps[0]], W[:, comps[1]]
    out = np.degrees(np.arctan2(b, a))
    out[(a == 0) & (b == 0)] = np.nan
    return out


def trajectory_figure(W, t=None, *, u=None, components=(0, 1), component_names=None,
                      title=N_("Where w points, update by update"), width_px=None, height_px=None,
                      dpi=None, fig=None, dpr=1.0, scale=1.0):
    """w's direction over the updates. Top: the angle between w_t and the final w, and, where
    the data is separable, between w_t and the max-margin separator u (the proof's Claim 1
    pulls it down). Bottom: the heading of (w[c0], w[c1]), the two chosen weight components
    (e.g. the two plotted features): it settles when training converges and keeps turning
    when it cycles or wanders. W: (k, d) weights after each update; t: (k,) update numbers
    (default 1..k). fig.angle_u, fig.angle_final, fig.heading hold the series drawn."""
    W = np.asarray(W, dtype=float)
    if W.ndim != 2:
        raise ValueError("W must be (k, d)")
    kk, d = W.shape
    t = np.arange(1, kk + 1, dtype=float) if t is None else np.asarray(t, dtype=float).reshape(-1)
    if len(t) != kk:
        raise ValueError("t must have one entry per row of W")
    final = W[-1] if kk else np.zeros(d)
    ang_f = np.array([np.nan if (a := angle_deg(w, final)) is None else a for w in W])
    ang_u = None
    if u is not None:
        ang_u = np.array([np.nan if (a := angle_deg(w, u)) is None else a for w in W])
    comps = tuple(int(c) for c in components)
    head = _heading(W, comps) if d >= 2 and max(comps) < d else None
    cn = component_names or [f"w{c + 1}" for c in comps]
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    mk = "o" if kk <= 60 else None
    with rc():
        handles = [Line2D([], [], color=PALETTE["arrow"], lw=LINE_W * k)]
        labels = [_("angle(w_t, final w)")]
        if ang_u is not None:
            handles.insert(0, Line2D([], [], color=PALETTE["pos"], lw=LINE_W * k))
            labels.insert(0, _("angle(w_t, u), u max-margin"))
        if head is not None:
            handles.append(Line2D([], [], color=PALETTE["green"], lw=LINE_W * k))
            labels.append(_("heading of ({first}, {second})").format(first=plain(cn[0], 20), second=plain(cn[1], 20)))
        rows, ncol = legend_fitting(fig, handles, labels)
        if rows > 1:
            # a small plot: short names in one row (each panel says what it measures on its y axis)
            short = {_("angle(w_t, final w)"): _("∠(w, final w)"), _("angle(w_t, u), u max-margin"): "∠(w, u)"}
            labels = [short.get(lab, _("heading") if head is not None and i == len(labels) - 1 else lab)
                      for i, lab in enumerate(labels)]
            rows, ncol = legend_fitting(fig, handles, labels)
        ax = layout(fig, plain(_(title), 200) if title else None, rows)[0]
        if head is not None:        # split the axes: angles on top, heading below
            box = ax.get_position()
            gap = px(fig, 30) / fig.bbox.height
            h2 = (box.height - gap) / 2
            ax.set_position([box.x0, box.y0 + h2 + gap, box.width, h2])
            ax2 = fig.add_axes([box.x0, box.y0, box.width, h2], sharex=ax)
            ax2.tick_params(labelsize=fs(fig, FS_TICK), width=k, length=4 * k)
            ax2.plot(t, head, color=PALETTE["green"], lw=LINE_W * k, marker=mk, ms=3.5 * k, gid="heading")
            ax2.set_ylim(-180, 180)
            _angle_ticks(ax2, -180, 180, (90, 180))
            ax2.set_xlabel(_("t (updates)"), fontsize=fs(fig, FS_LABEL))
            ax2.set_ylabel(_("heading"), fontsize=fs(fig, FS_LABEL))
            ax2.grid(color="#eeeeee", lw=0.8)
            ax.tick_params(labelbottom=False)
        else:
            ax.set_xlabel(_("t (updates)"), fontsize=fs(fig, FS_LABEL))
        if ang_u is not None:
            ax.plot(t, ang_u, color=PALETTE["pos"], lw=LINE_W * k, marker=mk, ms=3.5 * k, gid="angle-u")
        ax.plot(t, ang_f, color=PALETTE["arrow"], lw=LINE_W * k, marker=mk, ms=3.5 * k, gid="angle-final")
        ax.set_ylim(0, 180)
        _angle_ticks(ax, 0, 180, (45, 90, 180))
        ax.set_ylabel(_("angle"), fontsize=fs(fig, FS_LABEL))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8, min_n_ticks=1))
        ax.set_xlim(0, max(float(t[-1]) if kk else 1.0, 1.0) * 1.02)
        ax.grid(color="#eeeeee", lw=0.8)
        if not kk:
            ax.text(0.5, 0.5, _("no updates were made"), transform=ax.transAxes, ha="center",
                    fontsize=fs(fig, FS_NOTE), gid="note")
        panels = fig.axes
        for a in panels:
            room_for_ylabel(a)       # "180°" and the y label inside the figure
        left = max(a.get_position().x0 for a in panels)
        for a in panels:             # both panels start where the wider one needs
            b = a.get_position()
            a.set_position([left, b.y0, b.x1 - left, b.height])
        legend_above(ax, handles, labels, ncol)
    fig.angle_u, fig.angle_final, fig.heading = ang_u, ang_f, head
    fig.alt_text = describe_trajectory(t, None if ang_u is None else list(ang_u), list(ang_f))
    return fig
