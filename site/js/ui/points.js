// Place points by clicking on a canvas, or type them (x1, x2, label per line).
// The textarea is the keyboard route and always mirrors the canvas.
import { byId } from "./dom.js";
import { registerSlot, setFieldError, clearFieldError } from "./fields.js";

const LIM = 2; // axes run from -LIM to LIM
const BLUE = "#0072B2";   // +1
const ORANGE = "#E69F00"; // -1
let points = [];          // [[x1, x2, label], ...]
let onChange = () => {};

export function initPoints(changed) {
  onChange = changed;
  const canvas = byId("points-canvas");
  const text = byId("points-text");
  registerSlot("points", text, byId("points-error"), byId("points-text-hint"));
  canvas.addEventListener("click", (e) => {
    const r = canvas.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * 2 * LIM - LIM;
    const y = LIM - ((e.clientY - r.top) / r.height) * 2 * LIM;
    const near = points.findIndex((p) => Math.hypot(p[0] - x, p[1] - y) < (0.1 * 2 * LIM) / 4);
    if (near >= 0) points.splice(near, 1);
    else {
      const label = Number(document.querySelector("input[name=point-class]:checked")?.value ?? 1);
      points.push([round(x), round(y), label]);
    }
    clearFieldError("points");
    writeText();
    draw();
    onChange();
  });
  text.addEventListener("change", () => {
    if (parseText()) { draw(); onChange(); }
  });
  byId("points-clear").addEventListener("click", () => {
    points = [];
    clearFieldError("points");
    writeText();
    draw();
    onChange();
  });
  draw();
}

function round(v) {
  return Math.round(v * 100) / 100;
}

function writeText() {
  byId("points-text").value = points.map((p) => `${p[0]}, ${p[1]}, ${p[2]}`).join("\n");
}

/** Parse the textarea; on an error show it (with the line) and keep the old points. */
function parseText() {
  const lines = byId("points-text").value.split(/\r?\n/);
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const parts = line.split(/[,;\s]+/).filter(Boolean);
    const nums = parts.map(Number);
    if (parts.length !== 3 || !nums.every(Number.isFinite)) {
      setFieldError("points", `Line ${i + 1}: write x₁, x₂, label (three numbers), e.g. 0.5, 1, 1.`);
      return false;
    }
    if (nums[2] !== 1 && nums[2] !== -1) {
      setFieldError("points", `Line ${i + 1}: the label must be 1 or −1.`);
      return false;
    }
    out.push(nums);
  }
  clearFieldError("points");
  points = out;
  return true;
}

function draw() {
  const canvas = byId("points-canvas");
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const W = canvas.width;
  const px = (v) => ((v + LIM) / (2 * LIM)) * W;
  const py = (v) => ((LIM - v) / (2 * LIM)) * W;
  ctx.clearRect(0, 0, W, W);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, W, W);
  ctx.strokeStyle = "#d0d4da";
  ctx.lineWidth = 1;
  for (let g = -LIM; g <= LIM; g += 0.5) {
    ctx.beginPath(); ctx.moveTo(px(g), 0); ctx.lineTo(px(g), W); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(0, py(g)); ctx.lineTo(W, py(g)); ctx.stroke();
  }
  ctx.strokeStyle = "#555";
  ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(px(0), 0); ctx.lineTo(px(0), W); ctx.stroke();
  ctx.beginPath(); ctx.moveTo(0, py(0)); ctx.lineTo(W, py(0)); ctx.stroke();
  ctx.fillStyle = "#333";
  ctx.font = `${Math.round(W / 26)}px sans-serif`;
  ctx.fillText("x₁", W - W / 16, py(0) - 8);
  ctx.fillText("x₂", px(0) + 8, W / 20);
  const r = W / 60;
  for (const [x, y, label] of points) {
    ctx.lineWidth = 2;
    ctx.strokeStyle = "#000";
    if (label > 0) { // +1: blue circle
      ctx.fillStyle = BLUE;
      ctx.beginPath(); ctx.arc(px(x), py(y), r * 1.15, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
    } else {         // -1: orange square (shape differs too, for colour blindness)
      ctx.fillStyle = ORANGE;
      ctx.fillRect(px(x) - r, py(y) - r, 2 * r, 2 * r);
      ctx.strokeRect(px(x) - r, py(y) - r, 2 * r, 2 * r);
    }
  }
}

/** -> {data} or {error: {name, message}} */
export function pointsRequest() {
  if (!parseText()) return { error: { name: "points", message: byId("points-error").textContent } };
  const pos = points.filter((p) => p[2] > 0).length;
  const neg = points.length - pos;
  if (pos === 0 || neg === 0) {
    return { error: { name: "points", message: "Place at least one point of each class (+1 and −1)." } };
  }
  return { data: { kind: "points", points: points.map((p) => [...p]) } };
}

// ---- for placing points on the boundary plot (plot-points.js) ----

/** The placed points (the text box read first); null while the text box has an error. */
export function currentPoints() {
  return parseText() ? points.map((p) => [...p]) : null;
}

/** Replace the points (mirrored to the text box and the canvas). */
export function setPoints(list) {
  points = list.map((p) => [Number(p[0]), Number(p[1]), p[2] > 0 ? 1 : -1]);
  clearFieldError("points");
  writeText();
  draw();
  onChange();
}

/** The class chosen for a new point: 1 or -1. */
export function pointClass() {
  return Number(document.querySelector("input[name=point-class]:checked")?.value ?? 1) > 0 ? 1 : -1;
}
