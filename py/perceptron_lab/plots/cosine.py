"""Seed 002's curve: the cosine of w_t with the separator u against t, above its floor √t·g,
and where the floor reaches 1 (t = 1/g²: no update can come later)."""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from ..i18n import N_, _, ngettext
from .figure import layout, legend_above, legend_fitting, prepare_figure
from .style import LINE_W, PALETTE, fs, rc
from .text import format_number


def describe_cosine(t, cos, floor, t_max):
    """The figure's text alternative, from its numbers."""
    if len(t) == 0:
        return _("No updates were made, so there is no cosine to show.")
    k = len(t) - 1
    return ngettext("After t = {t} update the cosine of w with u is {cos}; its floor √t·g is {floor}.",
                    "After t = {t} updates the cosine of w with u is {cos}; its floor √t·g is {floor}.",
                    int(t[k])).format(t=int(t[k]), cos=format_number(cos[k]), floor=format_number(floor[k])) + " " + \
        _("The floor reaches 1 at t = 1/g² = {value}, so no update can come after it.").format(value=format_number(t_max))


def cosine_figure(t, cos, floor, t_max, *, title=N_("The cosine argument (seed 002)"), width_px=None,
                  height_px=None, dpi=None, fig=None, dpr=1.0, scale=1.0):
    """cos(w_t, u) (solid, dots) over √t·g (dashed), the ceiling 1, and t = 1/g² (dotted)."""
    t, cos, floor = (np.asarray(a, dtype=float) for a in (t, cos, floor))
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    with rc():
        c, f = PALETTE["pos"], PALETTE["arrow"]
        handles = [Line2D([], [], color=c, lw=LINE_W * k), Line2D([], [], color=f, lw=LINE_W * k, ls="--")]
        labels = ["cos(wₜ, u)", _("√t·g (floor)")]
        rows, ncol = legend_fitting(fig, handles, labels)
        ax = layout(fig, _(title) if title else title, rows)[0]
        xmax = max(float(t.max()) if t.size else 1.0, min(float(t_max), 20 * max(float(t.max()) if t.size else 1, 1)))
        xmax = max(1.05 * xmax, 1.0)
        tt = np.linspace(0, xmax, 400)
        g = float(floor[0] / np.sqrt(t[0])) if t.size else 1.0 / np.sqrt(t_max)
        ax.plot(tt, np.minimum(np.sqrt(tt) * g, 1.2), color=f, lw=(LINE_W - 0.4) * k, ls="--", gid="floor")
        ax.plot(t, cos, color=c, lw=LINE_W * k, marker="o" if len(t) <= 60 else None, ms=4 * k, gid="cosine")
        ax.axhline(1.0, color=PALETTE["grey"], lw=0.8 * k)
        if t_max <= xmax:
            ax.axvline(t_max, color=PALETTE["grey"], lw=0.8 * k, ls=":", gid="t-max")
            ax.annotate(f"1/g² = {format_number(t_max)}", (t_max, 0.05), xytext=(-4 * k, 0),
                        textcoords="offset points", ha="right", fontsize=9 * k, color=PALETTE["grey"])
        ax.set_xlim(0, xmax)
        ax.set_ylim(min(0.0, float(cos.min()) if cos.size else 0.0) - 0.02, 1.08)
        ax.set_xlabel(_("t (updates)"))
        ax.set_ylabel(_("cosine"))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        legend_above(ax, handles, labels, ncol)
    fig.alt_text = describe_cosine(t, cos, floor, t_max)
    return fig
