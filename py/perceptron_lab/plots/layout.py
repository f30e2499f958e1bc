"""Where the parts of a figure go: one axes at fixed pixel margins under the title and the
legend rows, titles and labels that fit their width, legends measured into rows and columns.

The layout is hand-made (pixel margins, legend rows measured) rather than matplotlib's
constrained layout: bench/plots.py measures constrained layout at about 1.7× the time of a
whole mistakes plot, and the step-through and proof frames must stay above 20 frames/s.
"""

from __future__ import annotations

import math

from .style import FS_LEGEND, FS_TICK, FS_TITLE, LEGEND_ROW_PX, M_BOTTOM, M_LEFT, M_RIGHT, M_TOP, TITLE_PX, DPI, fs, px


def margins(fig):
    """(left, right, bottom, top) axes margins in device pixels."""
    return px(fig, M_LEFT), px(fig, M_RIGHT), px(fig, M_BOTTOM), px(fig, M_TOP)


def layout(fig, title, legend_rows, *, rect=None):
    """Place one axes with fixed pixel margins under the title and the legend rows; returns
    (ax, axes width px, height px). rect = (x0, x1) figure fractions for side-by-side axes."""
    W, H = fig.bbox.width, fig.bbox.height
    left, right, bottom, top0 = margins(fig)
    top = top0 + (px(fig, TITLE_PX) if title else 0) + legend_rows * px(fig, LEGEND_ROW_PX)
    top = min(top, 0.6 * H - bottom)        # tiny figures: the axes keep 40 % of the height
    x0, x1 = (0.0, 1.0) if rect is None else rect
    ax = fig.add_axes([x0 + left / W, bottom / H, (x1 - x0) - (left + right) / W, 1 - (bottom + top) / H])
    if title:
        t = fig.text(left / W, 1 - px(fig, 6) / H, title, ha="left", va="top", fontsize=fs(fig, FS_TITLE),
                     fontweight="bold", gid="title")
        if t.get_window_extent(fig.canvas.get_renderer()).width > W - left - px(fig, 4):
            t.set_x(px(fig, 8) / W)      # a long title starts at the figure's edge rather than be cut
            fit_width(t, W - px(fig, 12))
        else:
            fit_width(t, W - left - px(fig, 4))
    ax.tick_params(labelsize=fs(fig, FS_TICK), width=fs(fig, 1), length=fs(fig, 4))
    for s in ax.spines.values():
        s.set_linewidth(fs(fig, 1))
    return ax, (x1 - x0) * W - left - right, H - bottom - top


def readable_ticks(ax, ax_w, ax_h):
    """At most one tick label per ~90 CSS px across and ~50 px up: big labels never touch."""
    from matplotlib.ticker import MaxNLocator
    fig = ax.figure
    ax.xaxis.set_major_locator(MaxNLocator(nbins=max(2, int(ax_w / px(fig, 90))), steps=[1, 2, 2.5, 5, 10]))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=max(2, int(ax_h / px(fig, 50))), steps=[1, 2, 2.5, 5, 10]))


def fit_width(text, max_px, extent=lambda box: box.width):
    """Keep a text inside max_px (titles of small plots, long names): shrink it to at most
    70 % of its size, then cut it short with an ellipsis. extent: the side measured (width)."""
    renderer = text.figure.canvas.get_renderer()
    size = text.get_fontsize()
    for f in (1.0, 0.9, 0.8, 0.7):
        text.set_fontsize(size * f)
        if extent(text.get_window_extent(renderer)) <= max_px:
            return
    s = text.get_text()
    while len(s) > 4 and extent(text.get_window_extent(renderer)) > max_px:
        s = s[:-1].rstrip()
        if s.endswith("\\"):       # never leave a lone backslash before the ellipsis
            s = s[:-1]
        text.set_text(s + "…")


def fit_ylabel(ax):
    """Keep the y label within its axes' height (a flat plot in presenter mode's large type drew
    "sepal width (cm)" over the legend above the axes): as fit_width, measured up the axes."""
    label = ax.yaxis.label
    if label.get_text():
        room = ax.get_window_extent(ax.figure.canvas.get_renderer()).height
        fit_width(label, room, extent=lambda box: box.height)


def shrink_to_fit(text, max_px, smallest=0.6):
    """Shrink a (multi-line) text until it is at most max_px wide, never below `smallest`
    of its size; nothing is cut."""
    renderer = text.figure.canvas.get_renderer()
    size = text.get_fontsize()
    f = 1.0
    while f > smallest and text.get_window_extent(renderer).width > max_px:
        f = max(smallest, f - 0.05)
        text.set_fontsize(size * f)


def legend_above(ax, handles, labels, ncol):
    fig = ax.figure
    legend = _legend_above(ax, handles, labels, ncol)
    room_under_title(fig, ax, legend)
    return legend


def _legend_above(ax, handles, labels, ncol):
    fig = ax.figure
    return ax.legend(handles, labels, loc="lower left", bbox_to_anchor=(0.0, 1.0),
                     ncol=ncol, frameon=False, fontsize=fs(fig, FS_LEGEND) * getattr(fig, "pl_legend_shrink", 1.0),
                     handlelength=_HANDLE_LEN,
                     handletextpad=_HANDLE_PAD, columnspacing=_COL_SPACING, borderaxespad=0.2,
                     borderpad=_BORDER_PAD)


_HANDLE_LEN, _HANDLE_PAD, _COL_SPACING, _BORDER_PAD = 1.6, 0.4, 1.0, 0.2     # as legend_above, in font sizes
LEGEND_SHRINK_MIN = 0.85  # a legend's text shrinks to this to keep two columns rather than one


def legend_rows(fig, labels, handles, avail_px):
    """How many rows the legend above the axes needs to fit avail_px: (rows, columns).
    The width is the legend's own arithmetic (handle, pad, widest text per column, column
    spacing) on measured label widths: no scratch axes, no cache."""
    if not labels:
        return 0, 1
    from matplotlib.text import Text
    renderer = fig.canvas.get_renderer()
    size = fs(fig, FS_LEGEND)
    em = size * fig.dpi / 72
    fig.pl_legend_shrink = 1.0
    widths = []
    for s in labels:
        t = Text(0, 0, s, fontsize=size)
        t.set_figure(fig)
        widths.append(t.get_window_extent(renderer).width)
    k = len(labels)

    def width_of(ncol, rows):
        # matplotlib fills a legend column by column
        cols = [widths[c * rows:(c + 1) * rows] for c in range(ncol)]
        return (sum((_HANDLE_LEN + _HANDLE_PAD) * em + max(c) for c in cols if c)
                + (ncol - 1) * _COL_SPACING * em + 2 * _BORDER_PAD * em)

    for ncol in range(k, 0, -1):
        rows = math.ceil(k / ncol)
        if ncol > 1 and math.ceil(k / (ncol - 1)) == rows:
            continue        # fewer columns, same rows: try that instead
        width = width_of(ncol, rows)
        if width * 1.02 <= avail_px:
            if ncol == 1 and k >= 4:
                # One label a row would take a phone's card (longer words: a Spanish or German
                # legend); two columns in text at least LEGEND_SHRINK_MIN of the size take half.
                two = width_of(2, math.ceil(k / 2)) * 1.02
                if avail_px / two >= LEGEND_SHRINK_MIN:
                    fig.pl_legend_shrink = min(1.0, avail_px / two)
                    return math.ceil(k / 2), 2
            return rows, ncol
    # Not even one column fits (small cards): that legend's text shrinks, to 70 % at most.
    fig.pl_legend_shrink = max(0.7, avail_px / (width * 1.02))
    return k, 1


def anchor_legend_left(fig, legend, ax):
    """Keep a legend at the figure's left margin after its axes moved right (to make room
    for long tick labels): the width it was measured for stays the width it gets."""
    left = margins(fig)[0]
    legend.set_bbox_to_anchor((left / fig.bbox.width, ax.get_position().y1), transform=fig.transFigure)


def legend_fitting(fig, handles, labels, width_fraction=1.0):
    left, right, _, _ = margins(fig)
    return legend_rows(fig, labels, handles, width_fraction * fig.bbox.width - left - right)


def legend_fitting_wide(fig, handles, labels):
    """(rows, ncol, wide): the legend in the axes' width, or, where that stacks more rows than half
    its entries (a phone's step-through: six labels, one a row, half the figure's height), in the
    figure's whole width, the y label's margin too, as the multiclass plot's is (anchor_legend_edge)."""
    rows, ncol = legend_fitting(fig, handles, labels)
    if rows <= math.ceil(len(labels) / 2):
        return rows, ncol, False
    shrink = fig.pl_legend_shrink
    wide_rows, wide_ncol = legend_rows(fig, labels, handles, fig.bbox.width - 2 * px(fig, LEGEND_EDGE_PX))
    if wide_rows < rows:
        return wide_rows, wide_ncol, True
    fig.pl_legend_shrink = shrink
    return rows, ncol, False


LEGEND_EDGE_PX = 8  # a legend in the figure's whole width keeps this far from its edges


def anchor_legend_edge(fig, legend, ax):
    """Start a legend at the figure's left edge (legend_fitting_wide's wide legend), above ax."""
    legend.set_bbox_to_anchor((px(fig, LEGEND_EDGE_PX) / fig.bbox.width, ax.get_position().y1), transform=fig.transFigure)


def tick_font_px(fig):
    """Tick label size in CSS pixels (the readability floor is 14)."""
    return fs(fig, FS_TICK) * DPI / 72


def room_under_title(fig, ax, legend):
    """Lower the axes top until the legend above it clears the title (a legend row of math
    text, "w$_t$", is taller than the row the layout planned)."""
    title = next((t for t in fig.texts if t.get_gid() == "title"), None)
    if title is None or legend is None:
        return
    renderer = fig.canvas.get_renderer()
    gap = title.get_window_extent(renderer).y0 - legend.get_window_extent(renderer).y1 - px(fig, 2)
    if gap < 0:
        pos = ax.get_position()
        ax.set_position([pos.x0, pos.y0, pos.width, max(0.2, pos.height + gap / fig.bbox.height)])


def room_for_ylabel(ax):
    """Move the axes' left edge right until its y tick labels and the y label fit in the figure
    (ticks like "−0.5" are wider than the fixed margin planned). Widths are the glyphs' own
    outlines (in points), not the rendered pixels, so the layout is the same at every dpr."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    fig = ax.figure
    ticks = ax.yaxis._update_ticks()      # the ticks a draw would draw, with their labels formatted
    widths = [TextPath((0, 0), t.label1.get_text(), size=t.label1.get_fontsize(),
                       prop=FontProperties(family="DejaVu Sans")).get_extents().width
              for t in ticks if t.label1.get_text()]
    label = ax.yaxis.label
    need_pt = max(widths, default=0) + fs(fig, 3.5 + 4)
    if label.get_text():
        need_pt += 1.2 * label.get_fontsize() + fs(fig, 4)
    need = need_pt * fig.dpi / 72 + px(fig, 4)
    box = ax.get_position()
    if box.x0 * fig.bbox.width < need:
        left = need / fig.bbox.width
        ax.set_position([left, box.y0, box.x1 - left, box.height])
