"""No text of a plot overlaps another text, a data point or a data line, and none is cut, in
every figure kind the page shows, at the widths the page uses (a 366 px phone, the lab's
640 px plots, presenter mode's 1100 px at text scale 1.5 on a 1920 px screen) and at device
pixel ratios 1 and 2; axis and tick labels are at least 14 CSS px. matplotlib's own text
bounding boxes (after a draw) are compared with each other, with every scatter point's
marker circle and with every data line's segments clipped to its axes."""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from matplotlib.collections import PathCollection
from matplotlib.legend import Legend
from matplotlib.text import Text

from perceptron_lab.bridge import figures, handle, session
from perceptron_lab.plots.style import DPI

SIZES = {"phone": (366, 1.0), "lab": (640, 1.0), "presenter": (1100, 1.5)}
ASPECT = {"boundary": 1.0, "cycle": 0.75, "trajectory": 0.75, "weights": 0.75}   # else 0.625 (index.html)

RUNS = {
    "and": ({"kind": "preset", "name": "and"}, {}, ["boundary", "mistakes", "accuracy", "proof", "trajectory"]),
    "xor": ({"kind": "preset", "name": "xor"}, {}, ["boundary", "cycle", "trajectory"]),
    "circles-poly2": ({"kind": "preset", "name": "circles"}, {"feature_map": "poly2"}, ["boundary", "proof", "mistakes"]),
    "clouds-voted": ({"kind": "preset", "name": "clouds", "n": 200}, {"algorithm": "voted", "epochs": 20},
                     ["boundary", "mistakes"]),
    "iris": ({"kind": "preset", "name": "iris"}, {"epochs": 30}, ["boundary", "projection", "weights"]),
}


def text_boxes(fig, renderer):
    """(text, its window bbox) of every drawn, non-empty text: titles, labels, legends,
    notes, annotations and the tick labels of the ticks in view."""
    out = []
    ticks = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for t in axis.get_ticklabels(which="both"):
                ticks.add(id(t))
            drawn = axis._update_ticks()    # the ticks in view, the ones a draw draws
            for tick in drawn:
                for t in (tick.label1, tick.label2):
                    if t.get_visible() and t.get_text().strip() and tick.get_visible():
                        out.append(t)
    for t in fig.findobj(Text):
        if id(t) in ticks or not t.get_visible() or not t.get_text().strip() or t in out:
            continue
        if any(p is not None and not p.get_visible() for p in _parents(t)):
            continue
        out.append(t)
    return [(t, t.get_window_extent(renderer)) for t in out if _drawn(t)]


def _parents(t):
    for ax in t.figure.axes:
        if t in ax.texts:
            return [ax]
    return []


def _drawn(t):
    # Tick labels of the other axis of a shared pair, and texts of hidden artists, are not drawn.
    return t.get_visible() and (t.axes is None or t.axes.get_visible())


def overlap(a, b, tol):
    return a.x0 < b.x1 - tol and b.x0 < a.x1 - tol and a.y0 < b.y1 - tol and b.y0 < a.y1 - tol


def segment_hits_box(p, q, box, tol):
    """Liang–Barsky: does the segment p-q pass through box shrunk by tol?"""
    x0, x1, y0, y1 = box.x0 + tol, box.x1 - tol, box.y0 + tol, box.y1 - tol
    if x0 >= x1 or y0 >= y1:
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


def in_legend(t):
    return any(isinstance(p, Legend) for p in _ancestors(t))


def _ancestors(t):
    for lg in t.figure.findobj(Legend):
        if t in lg.get_texts() or t is lg.get_title():
            yield lg


def problems(fig):
    """Every overlap and cut text of fig, as words."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    tol = fig.dpi / DPI          # one CSS px of slack
    boxes = text_boxes(fig, renderer)
    out = []
    frame = fig.bbox
    for t, b in boxes:
        if b.x0 < frame.x0 - tol or b.x1 > frame.x1 + tol or b.y0 < frame.y0 - tol or b.y1 > frame.y1 + tol:
            out.append(f"{t.get_text()!r} is cut by the figure's edge")
        if t.get_text().endswith("…"):
            out.append(f"{t.get_text()!r} is cut short")
    for (t, a), (u, b) in itertools.combinations(boxes, 2):
        if overlap(a, b, tol):
            out.append(f"{t.get_text()!r} overlaps {u.get_text()!r}")
    for ax in fig.axes:
        clip = ax.bbox
        for c in ax.collections:
            if not isinstance(c, PathCollection) or not c.get_visible() or not len(c.get_offsets()):
                continue
            pts = c.get_offset_transform().transform(c.get_offsets())
            sizes = np.broadcast_to(np.asarray(c.get_sizes(), dtype=float), (len(pts),)) if len(c.get_sizes()) else None
            if sizes is None:
                continue
            for (x, y), s in zip(pts, sizes):
                if not (clip.x0 <= x <= clip.x1 and clip.y0 <= y <= clip.y1):
                    continue
                r = math.sqrt(s) / 2 * fig.dpi / 72
                for t, b in boxes:
                    nx, ny = min(max(x, b.x0), b.x1), min(max(y, b.y0), b.y1)
                    if math.hypot(nx - x, ny - y) < r - tol:
                        out.append(f"{t.get_text()!r} covers a point of {c.get_gid()} at ({x:.0f}, {y:.0f})")
        for line in ax.lines:
            if not line.get_visible() or len(line.get_xydata()) < 2:
                continue
            xy = line.get_transform().transform(line.get_xydata())
            for t, b in boxes:
                if t.get_color() == line.get_color() and t.axes is ax:
                    continue        # a label on its own line (the cycle's numbered lines)
                inside = _clip_box(b, clip)
                if inside is None:
                    continue
                if any(segment_hits_box(p, q, inside, tol) for p, q in zip(xy, xy[1:])
                       if np.all(np.isfinite(p)) and np.all(np.isfinite(q))):
                    out.append(f"{t.get_text()!r} crosses the line {line.get_gid() or line.get_label()}")
    for ax in fig.axes:
        for t in [ax.xaxis.label, ax.yaxis.label] + [t for t, _ in boxes if t.axes is ax and t in ax.get_xticklabels() + ax.get_yticklabels()]:
            if t.get_visible() and t.get_text().strip() and t.get_fontsize() * DPI / 72 < 14 - 1e-9:
                out.append(f"{t.get_text()!r} is {t.get_fontsize() * DPI / 72:.1f} CSS px (< 14)")
    return sorted(set(out))


def _clip_box(b, clip):
    from matplotlib.transforms import Bbox
    x0, y0, x1, y1 = max(b.x0, clip.x0), max(b.y0, clip.y0), min(b.x1, clip.x1), min(b.y1, clip.y1)
    return None if x0 >= x1 or y0 >= y1 else Bbox([[x0, y0], [x1, y1]])


CASES = [(run, kind, size, dpr) for run, (_, _, kinds) in RUNS.items() for kind in kinds
         for size in SIZES for dpr in (1.0, 2.0)]


@pytest.fixture(scope="module")
def fits():
    out = {}
    for name, (data, settings, _) in RUNS.items():
        r = handle({"cmd": "train", "data": data, "settings": {"order": "fixed", "plots": False, **settings}})
        assert r["ok"], r
        out[name] = session.current()
    return out


@pytest.mark.parametrize("run,kind,size,dpr", CASES, ids=[f"{r}-{k}-{s}-dpr{int(d)}" for r, k, s, d in CASES])
def test_no_text_overlaps(fits, run, kind, size, dpr):
    f = fits[run]
    width, scale = SIZES[size]
    height = round(width * ASPECT.get(kind, 0.625))
    old = dict(f.s)
    f.s.update(dpr=dpr, scale=scale)
    try:
        fig, _ = figures.figure(kind, f, px=(width, height))
    finally:
        f.s.clear()
        f.s.update(old)
    assert fig is not None, (run, kind)
    assert problems(fig) == []
