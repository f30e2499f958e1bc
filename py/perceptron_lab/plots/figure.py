"""Figure set-up and output: exact pixel sizes, device pixel ratio, presenter scale,
PNG/SVG/data URLs, finding a figure's artists. Where the parts go (axes, titles, legends):
layout.py, whose names are re-exported here for the plots that import them from this module."""

from __future__ import annotations

import base64
import io
import math
import struct
import zlib

import numpy as np

import matplotlib.scale
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import ScalarFormatter

from ..errors import SettingsError
from ..i18n import _, number
from .style import DPI, DPR_RANGE, MAX_IMAGE_PX, MAX_PX, MIN_PX, SCALE_RANGE, SLIDE_WIDTH, rc


class MarkedScalarFormatter(ScalarFormatter):
    """matplotlib's tick labels with the language's decimal mark (0,25 in German and Spanish), read
    when a label is drawn. Python's `locale` (axes.formatter.use_locale) is no way: Pyodide has the C
    locale only, and the language is the request's, not the process's."""

    def __call__(self, x, pos=None):
        return number(super().__call__(x, pos))

    def get_offset(self):
        return number(super().get_offset())


# Every linear axis takes its default tick labels from here (matplotlib.scale.LinearScale).
matplotlib.scale.ScalarFormatter = MarkedScalarFormatter


def _check_range(name, v, lo, hi, field):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
        raise SettingsError(_("{name} must be a number from {lo} to {hi}, got {v}.").format(
            name=name, lo=format(lo, "g"), hi=format(hi, "g"), v=repr(v)), field=field)
    return float(v)


def check_px(width_px, height_px):
    """Whole CSS pixels within MIN_PX..MAX_PX, or a SettingsError naming plot_size."""
    w, h = int(width_px), int(height_px)
    if w != width_px or h != height_px or not (MIN_PX <= w <= MAX_PX and MIN_PX <= h <= MAX_PX):
        raise SettingsError(
            _("Plot size must be whole pixels between {low} and {high}, got {width} x {height}.").format(
                low=MIN_PX, high=MAX_PX, width=width_px, height=height_px),
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
        raise SettingsError(_("The image would be over {limit} pixels wide: lower the size or dpr.").format(
            limit=MAX_IMAGE_PX),
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


from .layout import (anchor_legend_edge, anchor_legend_left, fit_width, fit_ylabel, layout, legend_above, legend_fitting, legend_fitting_wide,  # noqa: E402,F401
                     legend_rows, margins, readable_ticks, room_for_ylabel, room_under_title, shrink_to_fit,
                     tick_font_px)
