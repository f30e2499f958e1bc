"""Plane geometry of the boundary plot: the view rectangle, half-planes and lines clipped to it.

Kept by hand after trying matplotlib's `Axes.axline`: the shipped matplotlib (3.8 in Pyodide
0.27.7) cannot move an axline (set_xy1/set_slope arrived in 3.10) so each step-through frame
would rebuild it; the weight arrow must start on the *visible* part of the line and the plot
must say when the line is outside the view, which needs this clip anyway; and the shaded
half-planes have no built-in equivalent. Each function is a few lines of exact arithmetic.
"""

from __future__ import annotations

import numpy as np


def clip_halfplane(poly, a, b, c):
    """Sutherland–Hodgman: the part of convex polygon poly where a*x + b*y + c >= 0."""
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] + c, a * q[0] + b * q[1] + c
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            r = fp / (fp - fq)
            out.append((p[0] + r * (q[0] - p[0]), p[1] + r * (q[1] - p[1])))
    return out


def clip_line(p0, d, view):
    """The segment of the line p0 + s*d inside the rectangle view, or None (Liang–Barsky)."""
    x0, x1, y0, y1 = view
    lo, hi = -np.inf, np.inf
    for pc, dc, a, b in ((p0[0], d[0], x0, x1), (p0[1], d[1], y0, y1)):
        if dc == 0:
            if pc < a or pc > b:
                return None
        else:
            s1, s2 = (a - pc) / dc, (b - pc) / dc
            lo, hi = max(lo, min(s1, s2)), min(hi, max(s1, s2))
    if lo >= hi:
        return None
    return (p0[0] + lo * d[0], p0[1] + lo * d[1]), (p0[0] + hi * d[0], p0[1] + hi * d[1])


def view_of(P, ax_w, ax_h, *, include_origin, one_d, max_stretch=None):
    """The data rectangle (x0, x1, y0, y1) that shows points P (k, 2) with 12 % padding, the
    origin too when it is near (no bias: the line goes through it), and equal units per
    pixel on both axes when their ranges are within 3× of each other, and, given max_stretch,
    when that does not widen either range more than max_stretch times (a curved boundary in a
    flat box, presenter mode's large type: the data was a blob in the middle of a wide empty
    view; a line and its w keep equal units, their right angle is what the picture shows).
    Returns (view, equal)."""
    if len(P) == 0:
        P = np.zeros((1, 2))
    lo, hi = P.min(axis=0).astype(float), P.max(axis=0).astype(float)
    if include_origin:
        span = max(float(np.max(hi - lo)), 1e-12)
        gap = np.maximum(0, np.maximum(lo, -hi))      # distance of 0 from [lo, hi]
        if np.all(gap <= span):
            lo, hi = np.minimum(lo, 0), np.maximum(hi, 0)
    rng = hi - lo
    if one_d:
        lo[1], hi[1], rng[1] = -1.0, 1.0, 2.0
    for k in range(2):
        if rng[k] <= 1e-12 * max(1.0, abs(lo[k])):
            c = lo[k]
            half = max(0.5, 0.5 * abs(c))
            lo[k], hi[k], rng[k] = c - half, c + half, 2 * half
    pad = 0.12 * rng
    if one_d:
        pad[1] = 0
    lo, hi = lo - pad, hi + pad
    rng = hi - lo
    equal = False
    if not one_d and 1 / 3 <= rng[0] / rng[1] <= 3:
        scale = max(rng[0] / ax_w, rng[1] / ax_h)
        half = np.array([scale * ax_w, scale * ax_h]) / 2
        if max_stretch is None or float(np.max(2 * half / rng)) <= max_stretch:
            equal = True
            c = (lo + hi) / 2
            lo, hi = c - half, c + half
    return (float(lo[0]), float(hi[0]), float(lo[1]), float(hi[1])), equal
