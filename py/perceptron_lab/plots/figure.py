"""Figure set-up and output: exact pixel sizes, device pixel ratio, presenter scale, the
fixed-margin layout, titles and legends that fit, PNG/SVG/data URLs.

The layout is hand-made (pixel margins, legend rows measured) rather than matplotlib's
constrained layout: bench/plots.py measures constrained layout at about 1.7× the time of a
whole mistakes plot, and the step-through and proof frames must stay above 20 frames/s.
"""

from __future__ import annotations

import base64
import io
import math
import struct
import zlib

import numpy as np

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..errors import SettingsError
from .style import (DPI, DPR_RANGE, FS_LEGEND, FS_TICK, FS_TITLE, LEGEND_ROW_PX, M_BOTTOM, M_LEFT,
                    M_RIGHT, M_TOP, MAX_IMAGE_PX, MAX_PX, MIN_PX, SCALE_RANGE, SLIDE_WIDTH, TITLE_PX,
                    fs, px, rc)


def _check_range(name, v, lo, hi, field):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
        raise SettingsError(f"{name} must be a number from {lo:g} to {hi:g}, got {v!r}.", field=field)
    return float(v)


def check_px(width_px, height_px):
    """Whole CSS pixels within MIN_PX..MAX_PX, or a SettingsError naming plot_size."""
    w, h = int(width_px), int(height_px)
    if w != width_px or h != height_px or not (MIN_PX <= w <= MAX_PX and MIN_PX <= h <= MAX_PX):
        raise SettingsError(
            f"Plot size must be whole pixels between {MIN_PX} and {MAX_PX}, "
            f"got {width_px} x {height_px}.",
            field="plot_size",
        )
    return w, h


def _figsize(width_px, height_px, dpi):
    # Agg truncates width*dpi to an int: 4.1 * 100 = 409.99999... would lose a pixel.
    return ((width_px + 1e-3) / dpi, (height_px + 1e-3) / dpi)


def new_figure(width_px=480, height_px=360, dpi=None, *, dpr=1.0, scale=1.0):
    """A Figure with an Agg canvas: width_px x height_px CSS pixels, rendered at dpr device
    pixels per CSS pixel (a PNG of width_px·dpr x height_px·dpr), fonts and markers times
    scale (presenter mode). dpi, when given, overrides 100·dpr (kept for older callers)."""
    width_px, height_px = check_px(width_px, height_px)
    dpr = _check_range("The device pixel ratio", dpr, *DPR_RANGE, "dpr")
    scale = _check_range("The presenter scale", scale, *SCALE_RANGE, "scale")
    dpi = DPI * dpr if dpi is None else dpi
    if max(width_px, height_px) * dpi / DPI > MAX_IMAGE_PX:
        raise SettingsError(f"The image would be over {MAX_IMAGE_PX} pixels wide: lower the size or dpr.",
                            field="dpr")
    fig = Figure(figsize=_figsize(width_px, height_px, DPI), dpi=dpi)
    FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    fig.pl_scale = scale
    return fig


def prepare_figure(fig, width_px, height_px, dpi, *, dpr=1.0, scale=1.0):
    """A new figure, or the given one cleared (and resized when a size is given).
    A size left as None is 480 x 360 for a new figure, the figure's own otherwise."""
    if fig is None:
        return new_figure(480 if width_px is None else width_px, 360 if height_px is None else height_px,
                          dpi, dpr=dpr, scale=scale)
    w0, h0 = round(fig.get_figwidth() * DPI), round(fig.get_figheight() * DPI)
    width_px, height_px = check_px(w0 if width_px is None else width_px, h0 if height_px is None else height_px)
    fig.clear()
    if dpi is not None and fig.dpi != dpi:
        fig.set_dpi(dpi)
    fig.set_size_inches(*_figsize(width_px, height_px, DPI), forward=False)
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    fig.patch.set_facecolor("white")
    fig.pl_scale = scale
    return fig


def css_size(fig):
    """(width, height) of fig in CSS pixels."""
    return round(fig.get_figwidth() * DPI), round(fig.get_figheight() * DPI)


def render(fig, fmt="png", dpi=None, *, min_width=None):
    """PNG bytes (fmt "png") or SVG text (fmt "svg") of fig. dpi scales the pixel size
    (dpi=200 on a 480 x 360 figure made at 100 gives 960 x 720); min_width (PNG) raises the
    dpi so the image is at least that many pixels wide (slides: SLIDE_WIDTH). SVG is vector:
    dpi and min_width do not change it."""
    dpi = fig.dpi if dpi is None else dpi
    if min_width is not None:
        css_w = fig.get_figwidth() * DPI
        dpi = max(dpi, DPI * min_width / css_w)
    with rc():
        if fmt == "png":
            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=dpi, facecolor="white", metadata={"Software": None})
            return buf.getvalue()
        if fmt == "svg":
            buf = io.StringIO()
            fig.savefig(buf, format="svg", facecolor="white", metadata={"Date": None})
            return buf.getvalue()
    raise ValueError(f"fmt must be 'png' or 'svg', got {fmt!r}")


def capture_background(fig, moving):
    """Agg blitting, once: the figure drawn without the `moving` artists (marked animated), kept."""
    for a in moving:
        a.set_animated(True)
    fig.canvas.draw()
    return fig.canvas.copy_from_bbox(fig.bbox)


def blit_png(fig, ax, background, moving, compress_level=1):
    """Agg blitting, per frame: the kept background, the moving artists drawn over it in the
    order of a full draw (by zorder, ties in the order given), as PNG bytes."""
    fig.canvas.restore_region(background)
    for a in sorted(moving, key=lambda a: a.get_zorder()):
        if a.get_visible():
            ax.draw_artist(a)
    return encode_rgba(fig, compress_level)


def encode_rgba(fig, compress_level=1):
    """PNG bytes of what the Agg canvas of fig holds now (animators: no redraw).

    Written here rather than by Pillow: Pillow tries PNG's row filters on every row, which
    costs about three times the zlib pass itself on a plot (bench/step_through.py's frames
    encode two of these each). Filter type 0 (none) on every row and a fast zlib level give
    a file of about the same size, with exactly the canvas's pixels (RGBA, 8 bits)."""
    rgba = np.asarray(fig.canvas.buffer_rgba())
    h, w = rgba.shape[:2]
    rows = np.empty((h, 1 + 4 * w), dtype=np.uint8)
    rows[:, 0] = 0                                   # each row's filter type: none
    rows[:, 1:] = rgba.reshape(h, 4 * w)
    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)   # 8-bit RGBA, no interlace
    return (_PNG_SIGNATURE + _png_chunk(b"IHDR", header)
            + _png_chunk(b"IDAT", zlib.compress(rows, compress_level)) + _png_chunk(b"IEND", b""))


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _png_chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def render_for_slides(fig, fmt="png"):
    """An export: PNG at least SLIDE_WIDTH pixels wide (same picture, more pixels); SVG as is."""
    return render(fig, fmt, min_width=SLIDE_WIDTH if fmt == "png" else None)


def axes_geometry(fig, ax):
    """Where ax sits in the rendered image, for mapping clicks to data: pixel box from the
    top-left corner and the data limits (call after the figure is drawn). Pixels are the
    image's own (CSS px × dpr); css_scale says how many image pixels make one CSS pixel."""
    x0, y0, x1, y1 = ax.get_window_extent().extents
    height = fig.bbox.height
    return {"left": float(x0), "top": float(height - y1), "width": float(x1 - x0), "height": float(y1 - y0),
            "image_width": float(fig.bbox.width), "image_height": float(height),
            "css_scale": float(fig.dpi / DPI),
            "xlim": [float(v) for v in ax.get_xlim()], "ylim": [float(v) for v in ax.get_ylim()]}


def to_data_url(data, mime=None):
    """data: URL of PNG bytes (or of SVG text)."""
    if isinstance(data, str):
        raw, mime = data.encode("utf-8"), mime or "image/svg+xml"
    else:
        raw, mime = bytes(data), mime or "image/png"
    return f"data:{mime};base64," + base64.b64encode(raw).decode("ascii")


def find_artist(fig, gid):
    """The first artist of fig with this gid (a legend's texts too), or None."""
    from matplotlib.legend import Legend
    for ax in fig.axes:
        for a in ax.get_children():
            if a.get_gid() == gid:
                return a
            if isinstance(a, Legend):
                for t in a.get_texts():
                    if t.get_gid() == gid:
                        return t
    for a in fig.get_children():
        if a.get_gid() == gid:
            return a
    return None


def find_artists(fig, gid):
    """Every artist of fig with this gid."""
    out = [a for ax in fig.axes for a in ax.get_children() if a.get_gid() == gid]
    return out + [a for a in fig.get_children() if a.get_gid() == gid]


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


def fit_width(text, max_px):
    """Keep a text inside max_px (titles of small plots, long names): shrink it to at most
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
        if s.endswith("\\"):       # never leave a lone backslash before the ellipsis
            s = s[:-1]
        text.set_text(s + "…")


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
    for ncol in range(k, 0, -1):
        rows = math.ceil(k / ncol)
        if ncol > 1 and math.ceil(k / (ncol - 1)) == rows:
            continue        # fewer columns, same rows: try that instead
        # matplotlib fills a legend column by column
        cols = [widths[c * rows:(c + 1) * rows] for c in range(ncol)]
        width = sum((_HANDLE_LEN + _HANDLE_PAD) * em + max(c) for c in cols if c)
        width += (ncol - 1) * _COL_SPACING * em + 2 * _BORDER_PAD * em
        if width * 1.02 <= avail_px:
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
