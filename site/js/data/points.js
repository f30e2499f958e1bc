// Place points by clicking on a canvas, or edit them by keyboard in a small table (one row
// per point: x₁, x₂, class, Remove; plus "Add point"); a text box (x1, x2, label per line)
// takes many points at once. The canvas, the table and the text box show the same points.
// The table shows a page of PAGE rows at a time: a link may carry thousands of points, and a
// row per point (two inputs, a select, a button) built and laid out at once blocked the page
// for seconds; the text box holds them all.
import { byId, el, show } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { registerSlot, setFieldError, clearFieldError } from "../page/fields.js";
import { readNumber } from "../state/number.js";

const LIM = 2; // axes run from -LIM to LIM
const BLUE = "#0072B2";   // +1
const ORANGE = "#E69F00"; // -1
let points = [];          // [[x1, x2, label], ...]
let onChange = () => {};
let textShown = "";       // the text box's value as last read or written
const PAGE = 100;         // rows in the table at a time
let first = 0;            // the index of the table's first row
// The option text stays short so the select fits its cell; the dot beside it shows the marker.
const CLASSES = [
  { value: 1, label: "+1", dot: "dot dot-pos" },
  { value: -1, label: "−1", dot: "dot dot-neg" },
];

export function initPoints(changed) {
  onChange = changed;
  const canvas = byId("points-canvas");
  const text = byId("points-text");
  errorAt(null);
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
    syncAll();
    onChange();
  });
  text.addEventListener("change", () => {
    if (text.value !== textShown && readText()) onChange();
  });
  byId("points-clear").addEventListener("click", () => {
    points = [];
    first = 0;
    syncAll();
    tableStatus(t("All points removed."));
    onChange();
  });
  byId("points-add").addEventListener("click", addPoint);
  addPager();
  const rows = byId("points-rows");
  rows.addEventListener("change", onCellChange);
  rows.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-remove]");
    if (b) removePoint(Number(b.dataset.remove));
  });
  syncAll();
}

function round(v) {
  return Math.round(v * 100) / 100;
}

function writeText() {
  textShown = points.map((p) => `${p[0]}, ${p[1]}, ${p[2]}`).join("\n");
  byId("points-text").value = textShown;
}

/** Canvas, table and text box from `points`; any error of the old text or cells is gone. */
function syncAll() {
  errorAt(null);
  writeText();
  renderTable();
  draw();
}

/** The error slot "points" sits at `control` (a cell, the text box) or at the whole editor. */
function errorAt(control, message = null) {
  clearFieldError("points");
  for (const c of document.querySelectorAll("#points-rows [aria-invalid], #points-rows [aria-describedby], #points-text[aria-invalid]")) {
    c.removeAttribute("aria-invalid");
    if (c.closest("#points-rows")) c.removeAttribute("aria-describedby");
  }
  if (!control) {
    registerSlot("points", byId("points-editor"), byId("points-error"));
    return;
  }
  const isText = control.id === "points-text";
  registerSlot("points", control, byId("points-error"), isText ? byId("points-text-hint") : null);
  setFieldError("points", message);
}

// ---- the table: one row per point ----

function renderTable() {
  first = Math.max(0, Math.min(first, Math.floor((points.length - 1) / PAGE) * PAGE));
  const shown = points.slice(first, first + PAGE);
  byId("points-rows").replaceChildren(...shown.map((p, j) => row(p, first + j)));
  show(byId("points-empty"), points.length === 0);
  const many = points.length > PAGE;
  show(byId("points-pages"), many);
  if (!many) return;
  byId("points-page-text").textContent = t("Points {first}–{last} of {n} are in the table; the text box below has them all.",
    { first: first + 1, last: first + shown.length, n: points.length });
  byId("points-prev").disabled = first === 0;
  byId("points-next").disabled = first + PAGE >= points.length;
}

/** Previous / Next page of the table (made here: only a long list needs them). */
function addPager() {
  const turn = (step) => () => {
    if (!checkTable()) { focusError(); return; } // a cell being fixed stays in view
    first += step;
    renderTable();
  };
  const bar = el("div", { id: "points-pages", class: "buttons points-pages", hidden: true },
    el("button", { type: "button", id: "points-prev", class: "secondary", text: t("Previous {n}", { n: PAGE }), on: { click: turn(-PAGE) } }),
    el("button", { type: "button", id: "points-next", class: "secondary", text: t("Next {n}", { n: PAGE }), on: { click: turn(PAGE) } }),
    el("span", { id: "points-page-text", class: "hint", attrs: { "aria-live": "polite" } }));
  byId("points-table").closest(".points-table-wrap").after(bar);
}

function row(p, i) {
  const n = i + 1;
  const num = (col, v) => el("input", {
    type: "number", value: String(v), class: `pt-${col}`,
    attrs: { step: "any", inputmode: "decimal", autocomplete: "off", "aria-label": t("{feature} of point {n}", { feature: col === "x1" ? "x₁" : "x₂", n }) },
    data: { col },
  });
  const cls = CLASSES.find((c) => c.value === (p[2] > 0 ? 1 : -1));
  const select = el("select", { class: "pt-label", attrs: { "aria-label": t("Class of point {n}", { n }) } },
    CLASSES.map((c) => el("option", { value: String(c.value), text: c.label, selected: c === cls })));
  return el("tr", { data: { index: i } },
    el("th", { scope: "row", text: String(n) }),
    el("td", {}, num("x1", p[0])),
    el("td", {}, num("x2", p[1])),
    el("td", {}, el("span", { class: "pt-class" }, el("span", { class: cls.dot, attrs: { "aria-hidden": "true" } }), select)),
    el("td", {}, el("button", {
      type: "button", class: "secondary", text: t("Remove"),
      attrs: { "aria-label": t("Remove point {n}", { n }) }, data: { remove: i },
    })));
}

/** A cell was edited: a valid value goes into the points at once (the row is not rebuilt). */
function onCellChange(e) {
  const c = e.target;
  const tr = c.closest("tr");
  const i = Number(tr?.dataset.index);
  if (!tr || !(i >= 0 && i < points.length)) return;
  if (c.matches("select")) {
    const label = Number(c.value) > 0 ? 1 : -1;
    points[i][2] = label;
    tr.querySelector(".pt-class .dot").className = CLASSES.find((x) => x.value === label).dot;
  } else {
    const v = cellNumber(c);
    if (v === null) { checkTable(); return; }
    points[i][c.dataset.col === "x1" ? 0 : 1] = v;
  }
  if (checkTable()) errorAt(null); // else another cell still needs a number: its message stays
  writeText();
  draw();
  onChange();
}

function addPoint() {
  if (!readText() || !checkTable()) { focusError(); return; }
  points.push([0, 0, pointClass()]);
  first = points.length - 1; // the page that shows the new point
  syncAll();
  const n = points.length;
  byId("points-rows").lastElementChild?.querySelector("input")?.focus();
  tableStatus(t("Point {n} added at (0, 0), class {cls}: set its x₁ and x₂.", { n, cls: pointClass() > 0 ? "+1" : "−1" }));
  onChange();
}

function removePoint(i) {
  if (!(i >= 0 && i < points.length)) return;
  const [gone] = points.splice(i, 1);
  syncAll();
  // Focus stays in the table: the Remove button now in this row (or the row above), else Add point.
  const rows = byId("points-rows").children;
  const next = rows[Math.min(i - first, rows.length - 1)];
  (next ? next.querySelector("button[data-remove]") : byId("points-add")).focus();
  tableStatus(t("Removed point {n} ({x1}, {x2}, class {cls}); {left} left.", { n: i + 1, x1: gone[0], x2: gone[1], cls: gone[2] > 0 ? "+1" : "−1", left: points.length }));
  onChange();
}

/** The number in a cell, or null (empty, or text a number input cannot read). */
function cellNumber(c) {
  return readNumber(c.value).value ?? null;
}

/** Every x cell holds a number? Else the first bad one is marked and named. (The cells
 * themselves are checked, not a flag: clearAllErrors may have cleared the marks.) */
function checkTable() {
  const bad = [...byId("points-rows").querySelectorAll("input")].find((c) => cellNumber(c) === null);
  if (!bad) return true;
  const j = Number(bad.closest("tr").dataset.index);
  errorAt(bad, t("Point {n}: {x} must be a number.", { n: j + 1, x: bad.dataset.col === "x1" ? "x₁" : "x₂" }));
  bad.setAttribute("aria-invalid", "true");
  return false;
}

function focusError() {
  const bad = byId("points-rows").querySelector("[aria-invalid='true']");
  if (bad) bad.focus();
  else {
    byId("points-text-details").open = true;
    byId("points-text").focus();
  }
}

function tableStatus(text) {
  byId("points-table-status").textContent = text;
}

/** The text box changed since it was last read: parse it (table and canvas follow). */
function readText() {
  const text = byId("points-text");
  if (text.value === textShown) return true;
  if (!parseText()) return false;
  textShown = text.value; // the user's own layout stays in the box
  errorAt(null);
  renderTable();
  draw();
  return true;
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
      errorAt(byId("points-text"), t("Line {n}: write x₁, x₂, label (three numbers), e.g. 0.5, 1, 1.", { n: i + 1 }));
      return false;
    }
    if (nums[2] !== 1 && nums[2] !== -1) {
      errorAt(byId("points-text"), t("Line {n}: the label must be 1 or −1.", { n: i + 1 }));
      return false;
    }
    out.push(nums);
  }
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
  // Only the points on the canvas are drawn: shapes far off it (a link's ±1e9) cost the
  // rasterizer seconds for nothing to see.
  const off = (v) => !(v >= -LIM * 1.1 && v <= LIM * 1.1);
  for (const [x, y, label] of points) {
    if (off(x) || off(y)) continue;
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
  if (!readText() || !checkTable()) return { error: { name: "points", message: byId("points-error").textContent } };
  const pos = points.filter((p) => p[2] > 0).length;
  const neg = points.length - pos;
  if (pos === 0 || neg === 0) {
    return { error: { name: "points", message: t("Place at least one point of each class (+1 and −1).") } };
  }
  return { data: { kind: "points", points: points.map((p) => [...p]) } };
}

// ---- for placing points on the boundary plot (plot-points.js) ----

/** The placed points (the text box read first); null while the text box or a cell has an error. */
export function currentPoints() {
  return readText() && checkTable() ? points.map((p) => [...p]) : null;
}

/** Replace the points (mirrored to the table, the text box and the canvas). */
export function setPoints(list) {
  points = list.map((p) => [Number(p[0]), Number(p[1]), p[2] > 0 ? 1 : -1]);
  first = 0;
  syncAll();
  onChange();
}

/** The class chosen for a new point: 1 or -1. */
export function pointClass() {
  return Number(document.querySelector("input[name=point-class]:checked")?.value ?? 1) > 0 ? 1 : -1;
}
