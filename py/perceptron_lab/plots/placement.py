"""Where a note inside the axes goes: the first spot where it covers no data line, point,
bar or other text (tests/py/test_text_overlaps.py checks every figure kind for overlaps)."""

from __future__ import annotations

import numpy as np

CORNERS = ((0.99, 0.015, "right", "bottom"), (0.01, 0.015, "left", "bottom"),
           (0.01, 0.985, "left", "top"), (0.99, 0.985, "right", "top"))


def place_clear(ax, text, spots=CORNERS, *, lines=True):
    """Put an in-axes note (axes-fraction position) at the first spot (x, y, ha, va) where it
    covers no data line (lines=False: moving lines are not known yet), point, bar or text;
    the first spot if none is clear. Returns whether a clear spot was found."""
    def put(spot):
        x, y, ha, va = spot
        text.set_position((x, y))
        text.set_ha(ha)
        text.set_va(va)
    return try_spots(ax, text, spots, put, lines=lines)


def try_spots(ax, text, spots, put, *, lines=True):
    """put(spot) for each spot until text is clear of the data; back to the first if none is."""
    clear = obstacles(ax, text, lines=lines)
    renderer = ax.figure.canvas.get_renderer()
    for spot in spots:
        put(spot)
        if clear(text.get_window_extent(renderer)):
            return True
    put(spots[0])
    return False


def obstacles(ax, text, *, lines=True):
    """A test box -> bool: the box (display px) touches no line, point, bar or other text of ax."""
    from matplotlib.collections import PathCollection
    from matplotlib.patches import Rectangle

    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    k = fig.dpi / 72
    paths = [a.get_transform().transform(a.get_xydata()) for a in ax.lines
             if lines and a.get_visible() and len(a.get_xydata()) > 1]
    dots = []
    for c in ax.collections:
        if isinstance(c, PathCollection) and c.get_visible() and len(c.get_offsets()) and len(c.get_sizes()):
            pts = c.get_offset_transform().transform(c.get_offsets())
            r = np.sqrt(np.broadcast_to(np.asarray(c.get_sizes(), float), (len(pts),))) / 2 * k
            dots.append((pts, r))
    boxes = [p.get_window_extent(renderer) for p in ax.patches if isinstance(p, Rectangle) and p.get_visible()
             and p.get_height() != 0]
    boxes += [t.get_window_extent(renderer) for t in ax.texts if t is not text and t.get_visible() and t.get_text()]

    frame = ax.bbox

    def clear(b):
        if b.x0 < frame.x0 or b.x1 > frame.x1 or b.y0 < frame.y0 or b.y1 > frame.y1:
            return False        # a note stays inside its axes
        pad = 2 * fig.dpi / 100
        x0, x1, y0, y1 = b.x0 - pad, b.x1 + pad, b.y0 - pad, b.y1 + pad
        for xy in paths:
            if any(segment_in_box(p, q, x0, x1, y0, y1) for p, q in zip(xy, xy[1:])):
                return False
        for pts, r in dots:
            nx, ny = np.clip(pts[:, 0], x0, x1), np.clip(pts[:, 1], y0, y1)
            if np.any(np.hypot(nx - pts[:, 0], ny - pts[:, 1]) < r):
                return False
        return not any(bb.x0 < x1 and x0 < bb.x1 and bb.y0 < y1 and y0 < bb.y1 for bb in boxes)
    return clear


def segment_in_box(p, q, x0, x1, y0, y1):
    """Liang–Barsky: does the segment p-q pass through the box?"""
    if not (np.all(np.isfinite(p)) and np.all(np.isfinite(q))):
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pk == 0:
            if qk < 0:
                return False
        else:
            r = qk / pk
            if pk < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
    return t0 < t1
