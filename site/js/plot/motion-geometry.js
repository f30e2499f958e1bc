// The geometry of a moving boundary plot, in the figure's CSS pixels (no DOM: node tests run
// it). Python sends the static scene (axes box, view, points in px) and, per step, the model:
// a linear one as its line in the plotted plane (g·p + c = 0), a non-linear one as its scores
// on a grid, a multiclass one as the coefficients C of its class scores on a grid basis B.
// Between two steps the page tweens: w moves along the update w ← w + η·y·x̃, so
// the plane line's (g, c) and the grid scores move linearly too, and every animation frame
// shows a true picture of an intermediate w. Drawn as plots/boundary.py draws it.

/** Data (x, y) -> CSS px of the scene (origin top left). */
export function toPx(scene, x, y) {
  const { axes: a, xlim: [x0, x1], ylim: [y0, y1] } = scene;
  return [a.left + ((x - x0) / (x1 - x0)) * a.width, a.top + a.height - ((y - y0) / (y1 - y0)) * a.height];
}

export function lerp(a, b, f) {
  return a + (b - a) * f;
}

export function lerpArray(a, b, f) {
  const out = new Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] + (b[i] - a[i]) * f;
  return out;
}

/** The part of the polygon (list of [x, y]) where a·x + b·y + c ≥ 0 (Sutherland–Hodgman, one edge). */
export function clipHalfPlane(poly, a, b, c) {
  const out = [];
  const side = ([x, y]) => a * x + b * y + c;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i], q = poly[(i + 1) % poly.length];
    const sp = side(p), sq = side(q);
    if (sp >= 0) out.push(p);
    if ((sp >= 0) !== (sq >= 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}

/** The segment of the line through p0 along d inside the box [x0, x1, y0, y1], or null. */
export function clipLine(p0, d, [x0, x1, y0, y1]) {
  let lo = -Infinity, hi = Infinity;
  const lim = [[x0, x1], [y0, y1]];
  for (let k = 0; k < 2; k++) {
    const [a, b] = lim[k];
    if (d[k] === 0) {
      if (p0[k] < a || p0[k] > b) return null;
      continue;
    }
    let t0 = (a - p0[k]) / d[k], t1 = (b - p0[k]) / d[k];
    if (t0 > t1) [t0, t1] = [t1, t0];
    lo = Math.max(lo, t0);
    hi = Math.min(hi, t1);
  }
  if (!(hi > lo)) return null;
  return [[p0[0] + lo * d[0], p0[1] + lo * d[1]], [p0[0] + hi * d[0], p0[1] + hi * d[1]]];
}

/** A linear model's picture from its plane line (g0, g1, c), as plots/boundary.py draws it:
 * {pos, neg} region polygons, the line, the arrow of w (start, tip) and where its "w" goes,
 * all in px (null where there is none). */
export function linearPicture(scene, [g0, g1, c], ringAt = null) {
  const [x0, x1] = scene.xlim, [y0, y1] = scene.ylim;
  const rect = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  const px = (pts) => pts.map(([x, y]) => toPx(scene, x, y));
  const zero = g0 === 0 && g1 === 0;
  const posPoly = clipHalfPlane(rect, g0, g1, c);
  const negPoly = !zero || c < 0 ? clipHalfPlane(rect, -g0, -g1, -c) : [];
  const out = { pos: posPoly.length >= 3 ? px(posPoly) : null, neg: negPoly.length >= 3 ? px(negPoly) : null,
    line: null, arrow: null, label: null };
  const gn = Math.hypot(g0, g1);
  if (gn === 0) return out;
  const ctr = [(x0 + x1) / 2, (y0 + y1) / 2];
  const s = (g0 * ctr[0] + g1 * ctr[1] + c) / (gn * gn);
  const p0 = [ctr[0] - s * g0, ctr[1] - s * g1];
  const seg = clipLine(p0, [-g1, g0], [x0, x1, y0, y1]);
  let start = ctr;
  if (seg) {
    out.line = px(seg);
    start = [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2];
    if (c === 0 && x0 <= 0 && 0 <= x1 && y0 <= 0 && 0 <= y1) start = [0, 0];
  }
  // w on screen: ~28 % of the smaller axes side, from the middle of the visible line.
  const a = scene.axes;
  const sx = a.width / (x1 - x0), sy = a.height / (y1 - y0);
  const u = [g0 / gn, g1 / gn];
  const disp = Math.hypot(u[0] * sx, u[1] * sy);
  const L = 0.28 * Math.min(a.width, a.height) / disp;
  const tip = [start[0] + L * u[0], start[1] + L * u[1]];
  out.arrow = px([start, tip]);
  out.label = labelSpot(scene, out.arrow, ringAt);
  return out;
}

/** Where the "w" goes, as plots/placement.py w_label_spot places it: beyond the arrow's tip, else
 * beside it (either side), the first spot clear of every point and of the ring of the update's
 * example (ringAt: its centre in px), inside the axes; null if none is. */
export function labelSpot(scene, [[sx, sy], [tx, ty]], ringAt = null) {
  const k = scene.scale || 1, a = scene.axes, d = 12 * k, m = 10 * k;
  const n0 = Math.hypot(tx - sx, ty - sy) || 1;
  const al = [(tx - sx) / n0, (ty - sy) / n0], nn = [al[1], -al[0]];
  const offs = [[al[0] * d, al[1] * d], [nn[0] * d, nn[1] * d], [-nn[0] * d, -nn[1] * d],
    [(al[0] + nn[0]) * d, (al[1] + nn[1]) * d], [(al[0] - nn[0]) * d, (al[1] - nn[1]) * d]];
  const r = scene.arrow?.clear ?? 0;
  const ringR = (scene.highlight?.r ?? 0) + 9 * k;  // as far as a point's centre, from the ring's edge
  for (const [ox, oy] of offs) {
    const x = Math.min(Math.max(tx + ox, a.left + m), a.left + a.width - m);
    const y = Math.min(Math.max(ty + oy, a.top + m), a.top + a.height - m);
    if (ringAt && Math.hypot(ringAt[0] - x, ringAt[1] - y) <= ringR) continue;
    if (!(scene.points || []).some(([px, py]) => Math.hypot(px - x, py - y) <= r)) return [x, y];
  }
  return null;
}

/** The arrow head of a segment (start, tip) as a triangle [[x, y] ×3]: matplotlib's "-|>"
 * (head 0.4 × mutation scale long, 0.2 × wide on each side). */
export function arrowHead([sx, sy, tx, ty], mutation) {
  const dx = tx - sx, dy = ty - sy, n = Math.hypot(dx, dy) || 1;
  const ux = dx / n, uy = dy / n, len = 0.4 * mutation, half = 0.2 * mutation;
  const bx = tx - ux * len, by = ty - uy * len;
  return [[tx, ty], [bx - uy * half, by + ux * half], [bx + uy * half, by - ux * half]];
}

/** The class each grid cell predicts: argmax over classes of B·C (B: cells × rank, row-major;
 * C: rank × classes, row-major), the lowest class on ties, as np.argmax (plots/scene.RegionsMotion). */
export function cellClasses(B, C, rank, out = null) {
  const cells = B.length / rank, K = C.length / rank;
  const cls = out && out.length === cells ? out : new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    let best = -Infinity, arg = 0;
    for (let c = 0; c < K; c++) {
      let v = 0;
      for (let j = 0; j < rank; j++) v += B[i * rank + j] * C[j * K + c];
      if (v > best) { best = v; arg = c; }
    }
    cls[i] = arg;
  }
  return cls;
}

/** Float32 grid scores from base64 (little-endian), as frame_batches.py sends them. */
export function decodeScores(b64) {
  const bin = typeof atob === "function" ? atob(b64) : Buffer.from(b64, "base64").toString("binary");
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}

/** The 0-level of scores S (n × n, row 0 at the bottom, sampled at n points across the view)
 * as line segments in px: marching squares with linear interpolation along the cell edges,
 * what contourpy does (saddles split by the cell's mean). */
export function zeroContour(scene, S, n) {
  const [x0, x1] = scene.xlim, [y0, y1] = scene.ylim;
  const gx = (j) => x0 + (j * (x1 - x0)) / (n - 1), gy = (i) => y0 + (i * (y1 - y0)) / (n - 1);
  const segs = [];
  const at = (i, j) => S[i * n + j];
  const cross = (i1, j1, i2, j2) => {
    const a = at(i1, j1), b = at(i2, j2), t = a / (a - b);
    return toPx(scene, lerp(gx(j1), gx(j2), t), lerp(gy(i1), gy(i2), t));
  };
  for (let i = 0; i < n - 1; i++) {
    for (let j = 0; j < n - 1; j++) {
      // corners: bottom-left, bottom-right, top-right, top-left
      const c = [at(i, j) >= 0, at(i, j + 1) >= 0, at(i + 1, j + 1) >= 0, at(i + 1, j) >= 0];
      const code = c[0] | (c[1] << 1) | (c[2] << 2) | (c[3] << 3);
      if (code === 0 || code === 15) continue;
      const e = [() => cross(i, j, i, j + 1), () => cross(i, j + 1, i + 1, j + 1),
        () => cross(i + 1, j + 1, i + 1, j), () => cross(i + 1, j, i, j)];   // bottom, right, top, left
      const pairs = {
        1: [[3, 0]], 2: [[0, 1]], 3: [[3, 1]], 4: [[1, 2]], 6: [[0, 2]], 7: [[3, 2]], 8: [[2, 3]],
        9: [[2, 0]], 11: [[2, 1]], 12: [[1, 3]], 13: [[1, 0]], 14: [[0, 3]],
      };
      let list = pairs[code];
      if (code === 5 || code === 10) {
        const mid = (at(i, j) + at(i, j + 1) + at(i + 1, j + 1) + at(i + 1, j)) / 4 >= 0;
        list = (code === 5) === mid ? [[3, 2], [1, 0]] : [[3, 0], [1, 2]];
      }
      for (const [p, q] of list) segs.push([e[p](), e[q]()]);
    }
  }
  return segs;
}

/** A series of px points cut at update t = upto (t values per point), its last piece tweened. */
export function seriesUpTo(points, t, upto) {
  const out = [];
  for (let i = 0; i < points.length; i++) {
    if (t[i] <= upto) { out.push(points[i]); continue; }
    if (i > 0 && t[i - 1] < upto) {
      const f = (upto - t[i - 1]) / (t[i] - t[i - 1]);
      out.push([lerp(points[i - 1][0], points[i][0], f), lerp(points[i - 1][1], points[i][1], f)]);
    }
    break;
  }
  return out;
}

/** The update number t at a fractional step position (t values of steps 1..k; step 0 is t = 0). */
export function tAt(tOfStep, pos) {
  const k = Math.floor(pos), f = pos - k;
  const t = (s) => (s <= 0 ? 0 : tOfStep[Math.min(s, tOfStep.length) - 1]);
  return f ? lerp(t(k), t(k + 1), f) : t(k);
}
