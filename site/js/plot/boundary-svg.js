// A small SVG of 2-D data and the line w₁x₁ + w₂x₂ + b = 0, drawn in the page (no Python
// round trip), for the exercise and for finding the weights by hand. Points of class +1 are
// filled circles, −1 hollow squares (not colour alone); misclassified points get a ring.
// The geometry (box, clipping) is exported for node tests; nothing touches the DOM on import.

const NS = "http://www.w3.org/2000/svg";
const SIZE = 320;
const PAD = 16;

/** The data box with a margin, never of zero width. */
export function dataBox(points) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const [a, b] of points) { x0 = Math.min(x0, a); x1 = Math.max(x1, a); y0 = Math.min(y0, b); y1 = Math.max(y1, b); }
  if (!Number.isFinite(x0)) return { x0: -1, x1: 1, y0: -1, y1: 1 };
  const mx = Math.max((x1 - x0) * 0.15, 0.5), my = Math.max((y1 - y0) * 0.15, 0.5);
  return { x0: x0 - mx, x1: x1 + mx, y0: y0 - my, y1: y1 + my };
}

/** The part of w₁x + w₂y + b = 0 inside the box: [[x, y], [x, y]] or null (no line, or outside). */
export function clipLine(w1, w2, b, box) {
  if (w1 === 0 && w2 === 0) return null;
  const pts = [];
  const add = (x, y) => {
    const eps = 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
    if (x >= box.x0 - eps && x <= box.x1 + eps && y >= box.y0 - eps && y <= box.y1 + eps
      && !pts.some(([u, v]) => Math.abs(u - x) <= eps && Math.abs(v - y) <= eps)) pts.push([x, y]);
  };
  if (w2 !== 0) { add(box.x0, -(w1 * box.x0 + b) / w2); add(box.x1, -(w1 * box.x1 + b) / w2); }
  if (w1 !== 0) { add(-(w2 * box.y0 + b) / w1, box.y0); add(-(w2 * box.y1 + b) / w1, box.y1); }
  return pts.length >= 2 ? [pts[0], pts[1]] : null;
}

/** Indices of the points w misclassifies (y·a ≤ 0, a = w₁x₁ + w₂x₂ + b), as the perceptron counts them. */
export function wrongPoints(points, w1, w2, b) {
  const out = [];
  points.forEach(([x, y, label], i) => { if (label * (w1 * x + w2 * y + b) <= 0) out.push(i); });
  return out;
}

/** The axes of the view: x₁ = 0 and x₂ = 0 where they cross it, and each range's ends (3 digits). */
export function axisMarks(box) {
  const short = (v) => String(Number(v.toPrecision(3))).replace(/^-/, "−");
  return { x1Zero: box.y0 < 0 && box.y1 > 0, x2Zero: box.x0 < 0 && box.x1 > 0,
    x1: [short(box.x0), short(box.x1)], x2: [short(box.y0), short(box.y1)] };
}

function node(tag, attrs) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

/** A fresh <svg> with its title (the text alternative is set by update). */
export function createPlot(label) {
  const svg = node("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "bsvg", role: "img", "aria-label": label });
  return svg;
}

/**
 * Redraw: points, the line of (w1, w2, b) and the direction of (w1, w2), rings on the
 * misclassified points, a thicker outline on `current` (an index). lines: extra lines
 * [{w: [w1, w2, b], cls}] (e.g. the perceptron's beside the hand-made one). wrong: the indices
 * to ring when no line decides them (the kernel perceptron's curved boundary).
 */
export function drawPlot(svg, points, { w = null, current = null, lines = [], alt = "", wrong: given = null } = {}) {
  const box = dataBox(points);
  const sx = (x) => PAD + ((x - box.x0) / (box.x1 - box.x0)) * (SIZE - 2 * PAD);
  const sy = (y) => SIZE - PAD - ((y - box.y0) / (box.y1 - box.y0)) * (SIZE - 2 * PAD);
  svg.replaceChildren();
  svg.append(node("rect", { x: 0.5, y: 0.5, width: SIZE - 1, height: SIZE - 1, class: "bsvg-frame" }));
  // The axes and the ranges, so the line's numbers can be read off the picture.
  const ax = axisMarks(box), grey = { stroke: "#767676", "stroke-width": 1, "stroke-dasharray": "3 3", class: "bsvg-axis" };
  if (ax.x1Zero) svg.append(node("line", { x1: PAD, y1: sy(0), x2: SIZE - PAD, y2: sy(0), ...grey }));
  if (ax.x2Zero) svg.append(node("line", { x1: sx(0), y1: PAD, x2: sx(0), y2: SIZE - PAD, ...grey }));
  const label = (x, y, text, anchor) => {
    const t = node("text", { x, y, "font-size": 10, fill: "#595959", "text-anchor": anchor, class: "bsvg-tick" });
    t.textContent = text;
    svg.append(t);
  };
  label(PAD, SIZE - 4, ax.x1[0], "start");
  label(SIZE / 2, SIZE - 4, "x₁", "middle");
  label(SIZE - PAD, SIZE - 4, ax.x1[1], "end");
  label(2, SIZE - PAD, ax.x2[0], "start");
  label(2, SIZE / 2, "x₂", "start");
  label(2, PAD - 4, ax.x2[1], "start");
  const all = (w ? [{ w, cls: "bsvg-line" }] : []).concat(lines);
  for (const { w: [w1, w2, b], cls } of all) {
    const seg = clipLine(w1, w2, b, box);
    if (!seg) continue;
    const [[ax, ay], [bx, by]] = seg;
    svg.append(node("line", { x1: sx(ax), y1: sy(ay), x2: sx(bx), y2: sy(by), class: cls }));
    // w points to the +1 side: an arrow from the middle of the visible segment.
    const mx = (ax + bx) / 2, my = (ay + by) / 2, len = Math.hypot(w1, w2);
    const scale = 0.12 * Math.min(box.x1 - box.x0, box.y1 - box.y0) / len;
    svg.append(node("line", { x1: sx(mx), y1: sy(my), x2: sx(mx + w1 * scale), y2: sy(my + w2 * scale), class: `${cls} bsvg-arrow` }));
  }
  const wrong = new Set(given ?? (w ? wrongPoints(points, w[0], w[1], w[2]) : []));
  points.forEach(([x, y, label], i) => {
    const cx = sx(x), cy = sy(y);
    const shape = label > 0 ? node("circle", { cx, cy, r: 5, class: "bsvg-pos" })
      : node("rect", { x: cx - 4.5, y: cy - 4.5, width: 9, height: 9, class: "bsvg-neg" });
    svg.append(shape);
    if (wrong.has(i)) svg.append(node("circle", { cx, cy, r: 9, class: "bsvg-wrong" }));
    if (i === current) svg.append(node("circle", { cx, cy, r: 13, class: "bsvg-current" }));
  });
  svg.setAttribute("aria-label", alt);
  return { wrong: [...wrong] };
}
