"""Curves over epochs: mistakes per epoch (with the bound) and accuracy per epoch."""

from __future__ import annotations

import math

import matplotlib
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, MaxNLocator

from ..i18n import N_, _
from .figure import layout, legend_above, legend_fitting, prepare_figure
from .placement import place_clear
from .style import FS_LABEL, FS_NOTE, LINE_W, PALETTE, fs, rc
from .text import describe_accuracy, describe_mistakes, format_number, plain


def compact_count(v, _pos=None) -> str:
    """A tick label of at most four characters: 8000, 16k, 2.5M (the plots' left margin is
    fixed; "40000" pushed the axis label out of a 366 px plot)."""
    a = abs(v)
    if a >= 1e6:
        return f"{v / 1e6:.3g}M"
    if a >= 1e4:
        return f"{v / 1e3:.3g}k"
    return f"{v:.10g}"


def finish_epoch_axes(ax, ylabel, handles, labels, ncol):
    """Whole-number epochs along x (even for a single epoch), labels, grid, legend above."""
    fig = ax.figure
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8, min_n_ticks=1))
    ax.set_xlabel(_("epoch"), fontsize=fs(fig, FS_LABEL))
    ax.set_ylabel(ylabel, fontsize=fs(fig, FS_LABEL))
    ax.grid(axis="y", color="#dddddd", lw=0.8, zorder=0)
    legend_above(ax, handles, labels, ncol)


def mistakes_figure(epoch_mistakes, *, bound=None, title=N_("Mistakes per epoch"), online_bound=True,
                    width_px=None, height_px=None, dpi=None, fig=None, dpr=1.0, scale=1.0, what="mistake",
                    bound_name="(R/γ)²"):
    """Bars: mistakes in each epoch; line: cumulative mistakes; dashed: the bound (R/γ)²
    (total online mistakes can never pass it on separable data). online_bound=False (batch):
    the bound is drawn as a labelled reference for the online perceptron, not a limit. what, bound_name:
    the run's rule's words ("update", "(R² + 2τ/η)/γ²": the margin perceptron updates correct examples too)."""
    m = np.asarray(list(epoch_mistakes), dtype=float)
    E = len(m)
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    with rc():
        handles = [matplotlib.patches.Patch(color=PALETTE["sky"]),
                   Line2D([], [], color=PALETTE["pos"], lw=LINE_W * k, marker="o", ms=4.5 * k)]
        labels = [_("updates in the epoch") if what == "update" else _("mistakes in the epoch"), _("cumulative")]
        show_bound = bound is not None and math.isfinite(bound)
        if show_bound:
            handles.append(Line2D([], [], color=PALETTE["arrow"], lw=LINE_W * k, ls="--"))
            labels.append((_("update bound {formula} = {value}") if what == "update" else
                           _("mistake bound {formula} = {value}")).format(formula=bound_name, value=format_number(bound))
                          if online_bound else
                          _("online bound (R/γ)² = {value}, reference only").format(value=format_number(bound)))
        rows, ncol = legend_fitting(fig, handles, labels)
        ax = layout(fig, plain(_(title), 200) if title else None, rows)[0]
        ep = np.arange(1, E + 1)
        cum = np.cumsum(m)
        if E:
            if E <= 100:
                ax.bar(ep, m, width=0.8, color=PALETTE["sky"], zorder=2)
            else:
                ax.stairs(m, np.arange(0.5, E + 1), fill=True, color=PALETTE["sky"], zorder=2, gid="bars")
            ax.plot(ep, cum, color=PALETTE["pos"], lw=LINE_W * k, marker="o" if E <= 40 else None,
                    ms=4.5 * k, zorder=3, gid="cumulative")
        top = max(float(cum[-1]) if E else 1.0, 1.0)
        if show_bound:
            if bound <= 5 * top:
                ax.axhline(bound, color=PALETTE["arrow"], lw=LINE_W * k, ls="--", zorder=4, gid="bound")
                top = max(top, bound)
            else:
                # The legend gives its value; top left stays clear of the rising cumulative line.
                far = ax.annotate(_("the bound is far above ↑"), xy=(0.02, 0.97),
                            xycoords="axes fraction", ha="left", va="top", fontsize=fs(fig, FS_NOTE),
                            color=PALETTE["arrow"], gid="bound")
        if not E:
            ax.text(0.5, 0.5, _("no epochs run"), transform=ax.transAxes, ha="center",
                    fontsize=fs(fig, FS_NOTE), gid="note")
        ax.set_ylim(0, top * 1.08)
        ax.set_xlim(0.4, max(E, 1) + 0.6)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=6, min_n_ticks=1))
        finish_epoch_axes(ax, _("mistakes"), handles, labels, ncol)
        ax.yaxis.set_major_formatter(FuncFormatter(compact_count))
        if show_bound and bound > 5 * max(float(cum[-1]) if E else 1.0, 1.0):
            if not place_clear(ax, far, ((0.02, 0.97, "left", "top"), (0.5, 0.97, "center", "top"),
                                         (0.98, 0.97, "right", "top"), (0.98, 0.5, "right", "center"))):
                far.set_visible(False)    # no clear spot: the legend gives the bound's value
    fig.alt_text = describe_mistakes(m, bound, online_bound=online_bound, what=what, bound_name=bound_name)
    return fig


def accuracy_figure(train_acc, test_acc=None, *, title=N_("Accuracy per epoch"), width_px=None,
                    height_px=None, dpi=None, fig=None, dpr=1.0, scale=1.0):
    """Training accuracy per epoch (0..1); test accuracy per epoch, or one final value."""
    tr = np.asarray([np.nan if a is None else a for a in train_acc], dtype=float)
    E = len(tr)
    fig = prepare_figure(fig, width_px, height_px, dpi, dpr=dpr, scale=scale)
    k = fs(fig, 1)
    with rc():
        handles = [Line2D([], [], color=PALETTE["pos"], lw=LINE_W * k, marker="o", ms=5 * k)]
        labels = [_("training")]
        te = None
        if test_acc is not None:
            te = np.atleast_1d(np.asarray(test_acc, dtype=float))
            handles.append(Line2D([], [], color=PALETTE["arrow"], lw=LINE_W * k, ls="--", marker="s", ms=5 * k))
            labels.append(_("test"))
        rows, ncol = legend_fitting(fig, handles, labels)
        ax = layout(fig, plain(_(title), 200) if title else None, rows)[0]
        ep = np.arange(1, E + 1)
        if E:
            ax.plot(ep, tr, color=PALETTE["pos"], lw=LINE_W * k, marker="o" if E <= 40 else None,
                    ms=5 * k, zorder=3, gid="train")
        if te is not None and te.size:
            if te.size == E and E > 1:
                ax.plot(ep, te, color=PALETTE["arrow"], lw=LINE_W * k, ls="--",
                        marker="s" if E <= 40 else None, ms=5 * k, zorder=3, gid="test")
            else:   # one final test accuracy: a marker at the last epoch
                ax.plot([max(E, 1)], [te[-1]], color=PALETTE["arrow"], ls="", marker="s",
                        ms=8 * k, zorder=4, gid="test")
                ax.annotate(_("test {value}").format(value=format_number(te[-1])), xy=(max(E, 1), te[-1]), xytext=(-6 * k, -14 * k),
                            textcoords="offset points", ha="right", fontsize=fs(fig, FS_NOTE),
                            color=PALETTE["arrow"])
        if not E:
            ax.text(0.5, 0.5, _("no epochs run"), transform=ax.transAxes, ha="center",
                    fontsize=fs(fig, FS_NOTE), gid="note")
        ax.set_ylim(0, 1.04)
        ax.set_xlim(0.5, max(E, 1) + 0.5)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
        finish_epoch_axes(ax, _("accuracy"), handles, labels, ncol)
    fig.alt_text = describe_accuracy(tr, test_acc)
    return fig
