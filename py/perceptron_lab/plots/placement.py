"""Where text goes in a plot: a note at the first spot where it covers no data line, point,
bar or other text; the boundary plot's strip kept free for its note, and its "w" beside the
arrow clear of the points (tests/py/test_text_overlaps.py checks every figure kind)."""

from __future__ import annotations

import textwrap

import numpy as np

from .style import FS_NOTE, fs, px

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


def note_band_view(scene, view, ax_w, ax_h):
    """The view grown upwards (and sideways as much, to keep equal units) so that the top
    strip where the note goes holds no point: XOR has points at every corner."""
    fig = scene.fig
    size = fs(fig, FS_NOTE)
    width_pt = ax_w / fig.dpi * 72
    chars = max(16, int(width_pt / (0.6 * size)) - 2)
    lines = len(textwrap.wrap(scene.zero_note(), chars))
    band = (lines * 1.2 * size + 0.6 * size + 3) * fig.dpi / 72 + 0.03 * ax_h + px(fig, 4)
    band = min(band, 0.45 * ax_h)
    f = ax_h / (ax_h - band)
    x0, x1, y0, y1 = view
    y1 = y0 + (y1 - y0) * f
    if scene.equal:
        cx, half = (x0 + x1) / 2, (x1 - x0) * f / 2
        x0, x1 = cx - half, cx + half
    return (x0, x1, y0, y1)


def w_label_spot(scene, tip, u, disp):
    """Where the "w" goes: beyond the arrow's tip, else beside it (either side), the first
    spot clear of every point and of the update's example's ring; inside the axes."""
    x0, x1, y0, y1 = scene.view
    sx, sy = scene.px_per_unit
    mx, my = px(scene.fig, 10) / sx, px(scene.fig, 10) / sy
    n = np.array([-u[1] * sy, u[0] * sx])
    n = n / max(float(np.hypot(*n)), 1e-300)
    d = px(scene.fig, 12)
    # offsets in display px: along w beyond the tip, then either side of the tip
    along = np.array([u[0] * sx, u[1] * sy]) / disp
    spots = [along * d, n * d, -n * d, along * d + n * d, along * d - n * d]
    P = np.column_stack([(scene.P[:, 0] - x0) * sx, (scene.P[:, 1] - y0) * sy])
    r = np.sqrt(scene.marker_s) / 2 * scene.fig.dpi / 72 + px(scene.fig, 9)
    # The update's example wears a ring three times a point's size: the "w" keeps clear of it too.
    H = np.asarray(scene.hl.get_offsets(), dtype=float).reshape(-1, 2) if getattr(scene, "hl", None) is not None else np.empty((0, 2))
    H = np.column_stack([(H[:, 0] - x0) * sx, (H[:, 1] - y0) * sy])
    r_ring = np.sqrt(scene.marker_s * 9) / 2 * scene.fig.dpi / 72 + px(scene.fig, 9)
    for off in spots:
        lab = (tip[0] + off[0] / sx, tip[1] + off[1] / sy)
        lab = (min(max(lab[0], x0 + mx), x1 - mx), min(max(lab[1], y0 + my), y1 - my))
        at = np.array([(lab[0] - x0) * sx, (lab[1] - y0) * sy])
        clear_of_ring = not len(H) or float(np.min(np.hypot(*(H - at).T))) > r_ring
        if clear_of_ring and (not len(P) or float(np.min(np.hypot(*(P - at).T))) > r):
            return lab
    return None
