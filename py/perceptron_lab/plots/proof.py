"""The proof plot: the two claims of the convergence proof against t, and where they meet."""

from __future__ import annotations

import math

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from ..i18n import N_, _
from .placement import place_clear, try_spots
from .figure import blit_png, capture_background, find_artist, layout, legend_above, legend_fitting, prepare_figure
from .style import FS_LABEL, FS_NOTE, LINE_W, PALETTE, fs, rc
from .text import describe_proof, format_number, plain


def proof_figure(t, u_dot_w, t_gamma, w_norm, sqrt_t_R, *, bound=None, upto=None, eta=1.0,
                 title=N_("The mistake bound, made visible"), width_px=None, height_px=None,
                 dpi=None, fig=None, dpr=1.0, scale=1.0, claim2="√t·R", bound_name="(R/γ)²", rescales=True):
    """The two claims of the proof against t (updates), as theory.proof_series gives them:
    u·w_t never below t·γ (Claim 1) and ‖w_t‖ never above √t·R (Claim 2). Since
    u·w_t <= ‖w_t‖, t·γ <= √t·R, so t <= (R/γ)²: the bounds meet there ("bound", dotted).
    u_dot_w and t_gamma may be None (no separator: only Claim 2 is drawn).
    eta: the run's learning rate. proof_series divides w by η (from w = 0 the run with η is
    η times the run with 1), and with η ≠ 1 the labels say w/η.
    upto cuts the series at step t (for a scrubber); the axes do not move with it."""
    t = np.asarray(t, dtype=float).reshape(-1)
    wn, sr = np.asarray(w_norm, dtype=float), np.asarray(sqrt_t_R, dtype=float)
    has_u = u_dot_w is not None and t_gamma is not None
    uw = np.asarray(u_dot_w, dtype=float) if has_u else None
    tg = np.asarray(t_gamma, dtype=float) if has_u else None
    if not (len(t) == len(wn) == len(sr)) or (has_u and not len(t) == len(uw) == len(tg)):
        raise ValueError("proof series must have the same length")
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    # γ and R back from the bound series, to draw the bounds as curves up to (R/γ)²
    ok = t > 0
    gamma = float(np.median(tg[ok] / t[ok])) if has_u and ok.any() else None
    R = float(np.median(sr[ok] / np.sqrt(t[ok]))) if ok.any() else None
    wt = "w$_t$/η" if float(eta) != 1.0 else "w$_t$"
    with rc():
        c_u, c_w = PALETTE["pos"], PALETTE["arrow"]
        handles, labels = [], []
        if has_u:
            handles += [Line2D([], [], color=c_u, lw=LINE_W * k), Line2D([], [], color=c_u, lw=LINE_W * k, ls="--")]
            labels += [f"u·{wt}", _("t·γ (lower bound)")]
        handles += [Line2D([], [], color=c_w, lw=LINE_W * k), Line2D([], [], color=c_w, lw=LINE_W * k, ls="--")]
        labels += [f"‖{wt}‖", _("{claim} (upper bound)").format(claim=claim2)]
        rows, ncol = legend_fitting(fig, handles, labels)
        if rows > 2:
            # a small plot: the short names in two rows (the caption and the title say which is a bound)
            labels = [f"u·{wt}", "t·γ"][:len(labels) - 2] + [f"‖{wt}‖", claim2]
            rows, ncol = legend_fitting(fig, handles, labels)
        ax = layout(fig, plain(_(title), 200) if title else None, rows)[0]
        tmax = float(t.max()) if t.size else 1.0
        show_bound = bound is not None and math.isfinite(bound) and bound > 0
        xmax = tmax
        if show_bound and bound <= 20 * max(tmax, 1):
            xmax = max(xmax, bound)
        xmax = max(xmax * 1.05, 1.0)
        keep = t <= upto if upto is not None else np.ones(len(t), dtype=bool)
        marker = len(t) <= 60
        thin = (LINE_W - 0.4) * k
        tt = np.linspace(0, xmax, 400)
        if has_u:
            ax.plot(t[keep], uw[keep], color=c_u, lw=LINE_W * k, marker="o" if marker else None,
                    ms=4 * k, zorder=4, gid="u-dot-w")
            if gamma is not None:
                ax.plot(tt, tt * gamma, color=c_u, lw=thin, ls="--", zorder=3, gid="t-gamma")
            else:
                ax.plot(t, tg, color=c_u, lw=thin, ls="--", zorder=3, gid="t-gamma")
        ax.plot(t[keep], wn[keep], color=c_w, lw=LINE_W * k, marker="s" if marker else None,
                ms=4 * k, zorder=4, gid="w-norm")
        if R is not None:
            ax.plot(tt, np.sqrt(tt) * R, color=c_w, lw=thin, ls="--", zorder=3, gid="sqrt-t-R")
        else:
            ax.plot(t, sr, color=c_w, lw=thin, ls="--", zorder=3, gid="sqrt-t-R")
        series = [a for a in (uw, wn) if a is not None and a.size]
        ymax = max([1e-9] + [float(np.nanmax(a)) for a in series])
        if R is not None:
            ymax = max(ymax, math.sqrt(xmax) * R if not show_bound or xmax < bound else math.sqrt(bound) * R)
        at_bound = None
        if show_bound and xmax >= bound:
            ax.axvline(bound, color="#333333", lw=1.4 * k, ls=":", zorder=2, gid="bound-t")
            at_bound = ax.annotate(_("bound\n{formula} = {value}").format(formula=bound_name, value=format_number(bound)), xy=(bound, 0),
                        xycoords=("data", "axes fraction"), xytext=(-4 * k, 6 * k),
                        textcoords="offset points", ha="right", va="bottom",
                        fontsize=fs(fig, FS_NOTE), color="#333333")
        elif show_bound:
            far = ax.annotate(_("bound {formula} = {value} is far to the right →").format(formula=bound_name, value=format_number(bound)), xy=(0.98, 0.03),
                        xycoords="axes fraction", ha="right", va="bottom", fontsize=fs(fig, FS_NOTE),
                        color="#333333", gid="bound-t")
        if upto is not None:
            ax.axvline(upto, color=PALETTE["highlight"], lw=1.6 * k, zorder=2, gid="upto")
        if not t.size:
            ax.text(0.5, 0.5, _("no updates were made"), transform=ax.transAxes, ha="center",
                    fontsize=fs(fig, FS_NOTE), gid="note")
        ymin = min(0.0, 1.1 * float(np.nanmin(uw))) if has_u and uw.size else 0.0
        ax.set_xlim(0, xmax)
        ax.set_ylim(ymin, ymax * 1.08)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8, min_n_ticks=1))
        ax.set_xlabel(_("t (updates)"), fontsize=fs(fig, FS_LABEL))
        ax.set_ylabel(_("value") if float(eta) == 1.0 else _("value (weights divided by η)"), fontsize=fs(fig, FS_LABEL))
        ax.grid(color="#eeeeee", lw=0.8, zorder=0)
        legend_above(ax, handles, labels, ncol)
        if at_bound is not None:
            # beside the dotted line, left or right of it, at the bottom or the top: clear of the curves
            def put(spot):
                side, y = spot
                at_bound.xy = (bound, y)
                at_bound.set_position((side * 4 * k, 6 * k if y == 0 else -6 * k))
                at_bound.set_ha("right" if side < 0 else "left")
                at_bound.set_va("bottom" if y == 0 else "top")
            try_spots(ax, at_bound, [(-1, 0), (1, 0), (-1, 1), (1, 1)], put)
        if show_bound and xmax < bound:
            # clear of the series (they start at the bottom left) and of the rising bounds
            spots = ((0.98, 0.03, "right", "bottom"), (0.02, 0.97, "left", "top"),
                     (0.98, 0.97, "right", "top"), (0.5, 0.97, "center", "top"))
            if not place_clear(ax, far, spots):
                far.set_text(f"{bound_name} = {format_number(bound)} →")     # a small plot: the short form
                if not place_clear(ax, far, spots):
                    far.set_visible(False)     # the page states the bound beside the plot
    fig.alt_text = describe_proof(t, uw, wn, gamma=gamma, R=R, bound=bound, upto=upto, eta=eta, claim2=claim2,
                                  bound_name=bound_name, rescales=rescales)
    fig.proof_words = {"claim2": claim2, "bound_name": bound_name, "rescales": rescales}
    fig.proof_gamma, fig.proof_R = gamma, R
    return fig


class ProofAnimator:
    """The proof plot during step-through and auto-play: the bounds, axes and legend are drawn
    once; each frame redraws only the two series up to t = upto and the marker line (Agg
    blitting), then encodes PNG. Arguments as proof_figure."""

    def __init__(self, t, u_dot_w, t_gamma, w_norm, sqrt_t_R, *, bound=None, eta=1.0, compress_level=1,
                 **figure_kw):
        self.t = np.asarray(t, dtype=float).reshape(-1)
        self.uw = None if u_dot_w is None or t_gamma is None else np.asarray(u_dot_w, dtype=float)
        self.wn = np.asarray(w_norm, dtype=float)
        self.bound, self.eta, self.compress_level = bound, eta, compress_level
        start = float(self.t[-1]) if self.t.size else 0.0
        self.fig = proof_figure(self.t, u_dot_w, t_gamma, w_norm, sqrt_t_R, bound=bound, upto=start, eta=eta,
                                **figure_kw)
        self.moving = [a for a in (find_artist(self.fig, "u-dot-w"), find_artist(self.fig, "w-norm"),
                                   find_artist(self.fig, "upto")) if a is not None]
        with rc():
            self._background = capture_background(self.fig, self.moving)

    def frame(self, upto):
        """PNG bytes of the proof plot cut at update t = upto."""
        keep = self.t <= upto
        uw_line, wn_line, up_line = (find_artist(self.fig, g) for g in ("u-dot-w", "w-norm", "upto"))
        if uw_line is not None:
            uw_line.set_data(self.t[keep], self.uw[keep])
        wn_line.set_data(self.t[keep], self.wn[keep])
        up_line.set_xdata([upto, upto])
        with rc():
            return blit_png(self.fig, wn_line.axes, self._background, self.moving, self.compress_level)

    def alt_text(self, upto):
        return describe_proof(self.t, self.uw, self.wn, gamma=self.fig.proof_gamma, R=self.fig.proof_R,
                              bound=self.bound, upto=upto, eta=self.eta, **self.fig.proof_words)
