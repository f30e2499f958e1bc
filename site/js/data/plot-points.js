// "Place points" on the decision-boundary plot itself: a click adds a point of the chosen
// class at the clicked data coordinates, a click near a point removes it; then the lab
// retrains. result.boundary_geometry says where the data axes sit in the PNG; the <img>
// may be shown scaled, so clicks are scaled back to the PNG's pixels first.
// The keyboard route stays the points table of the data panel (points.js).
import { byId, show } from "../page/dom.js";
import { currentPoints, setPoints, pointClass } from "./points.js";
import { t, tn } from "../i18n/i18n.js";
import { localDecimal } from "../i18n/current.js";
import { vectorSep } from "../page/format.js";

/** A point's place as the page writes numbers: (0.5, 1), or (0,5; 1) with a decimal comma. */
const pointText = (p) => `(${localDecimal(String(p[0]))}${vectorSep()}${localDecimal(String(p[1]))})`;

const NEAR_PX = 12; // a click this close (CSS pixels) to a point removes it

let values = null;
let retrain = () => {};
let geom = null;

export function initPlotPoints(opts) {
  ({ values, retrain } = opts);
  const img = byId("plot-boundary");
  img.addEventListener("click", onClick);
  byId("source-slot").addEventListener("change", refresh);
  refresh();
}

/** A new result: its plot geometry (null when the plot has none). */
export function plotPointsResult(res) {
  geom = validGeometry(res?.boundary_geometry) ? res.boundary_geometry : null;
  const img = byId("plot-boundary");
  if (geom) img.dataset.geometry = JSON.stringify(geom);
  else delete img.dataset.geometry;
  refresh();
}

function validGeometry(g) {
  return g && [g.left, g.top, g.width, g.height, g.image_width, g.image_height].every(Number.isFinite)
    && g.width > 0 && g.height > 0 && Array.isArray(g.xlim) && Array.isArray(g.ylim)
    && g.xlim[1] !== g.xlim[0] && g.ylim[1] !== g.ylim[0];
}

function active() {
  return values?.source === "points" && !!geom;
}

function refresh() {
  const on = active();
  byId("plot-boundary").closest("figure").classList.toggle("is-placing", on);
  show(byId("plot-points-hint"), values?.source === "points");
}

function status(text) {
  const s = byId("plot-points-status");
  s.textContent = text;
}

/** PNG pixel -> data coordinates, and back (through the axes box of the geometry). */
function toData(px, py) {
  const g = geom;
  return [g.xlim[0] + ((px - g.left) / g.width) * (g.xlim[1] - g.xlim[0]),
    g.ylim[1] - ((py - g.top) / g.height) * (g.ylim[1] - g.ylim[0])];
}

function toPixel(x, y) {
  const g = geom;
  return [g.left + ((x - g.xlim[0]) / (g.xlim[1] - g.xlim[0])) * g.width,
    g.top + ((g.ylim[1] - y) / (g.ylim[1] - g.ylim[0])) * g.height];
}

/** Round to about 3 significant digits of the axis span (0.01 on a span of 4). */
function rounder(span) {
  const step = 10 ** (Math.floor(Math.log10(Math.abs(span))) - 2);
  return (v) => Number((Math.round(v / step) * step).toFixed(Math.max(0, -Math.floor(Math.log10(step)))));
}

function onClick(e) {
  if (!active()) return;
  const img = e.currentTarget;
  const r = img.getBoundingClientRect();
  const sx = r.width / geom.image_width;
  const sy = r.height / geom.image_height;
  if (!(sx > 0 && sy > 0)) return;
  const px = (e.clientX - r.left) / sx;
  const py = (e.clientY - r.top) / sy;
  const pts = currentPoints();
  if (!pts) { status(t("Fix the points in the data panel first (see the message there).")); return; }
  // Nearest existing point, measured on screen.
  let best = -1, bestD = Infinity;
  pts.forEach((p, i) => {
    const [qx, qy] = toPixel(p[0], p[1]);
    const d = Math.hypot((qx - px) * sx, (qy - py) * sy);
    if (d < bestD) { best = i; bestD = d; }
  });
  let said;
  if (best >= 0 && bestD <= NEAR_PX) {
    const [gone] = pts.splice(best, 1);
    said = t("Removed the {label} point at {point}.", { label: gone[2] > 0 ? "+1" : "−1", point: pointText(gone) });
  } else {
    if (px < geom.left || px > geom.left + geom.width || py < geom.top || py > geom.top + geom.height) {
      status(t("Click inside the plot’s axes to place a point."));
      return;
    }
    const [x, y] = toData(px, py);
    const p = [rounder(geom.xlim[1] - geom.xlim[0])(x), rounder(geom.ylim[1] - geom.ylim[0])(y), pointClass()];
    pts.push(p);
    said = t("Added a {label} point at {point}.", { label: p[2] > 0 ? "+1" : "−1", point: pointText(p) });
  }
  setPoints(pts);
  const pos = pts.filter((p) => p[2] > 0).length;
  const neg = pts.length - pos;
  const n = tn("{n} point", "{n} points", pts.length);
  if (pos && neg) {
    status(t("{said} {points}; retraining…", { said, points: n }));
    retrain();
  } else {
    status(t("{said} {points}. Place a point of the {label} class too, then the lab retrains.", { said, points: n, label: pos ? "−1" : "+1" }));
  }
}
