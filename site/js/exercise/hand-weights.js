// Find the weights by hand (2-D data): sliders and number fields for w₁, w₂, b; the line,
// w and the misclassified points are redrawn in the page while a slider moves (no Python per
// drag); on release Python confirms (bridge "hand"): whether w separates and its margins.
// t("Compare with the perceptron") trains from w = 0 on the same points and draws both lines.
import { byId, el, clear, show, fmt, say as sayIn, setText } from "../page/dom.js";
import { t, tn } from "../i18n/i18n.js";
import { createPlot, drawPlot, wrongPoints } from "../plot/boundary-svg.js";
import { parseNumber, vec } from "./exercise-check.js";
import { algorithmTraits } from "../state/state.js";

const FIELDS = [["w1", "w₁"], ["w2", "w₂"], ["b", "b"]];
const NOTES_AND = { data: { kind: "preset", name: "and" }, w: [20, 20, -30] };
const SLIDER = 40; // sliders span −40..40; the number fields take any value

let call = null;
let request = null;
let hand = null; // {data, points, w: [w1, w2, b], perceptron: null | result}
let plot = null;
let seq = 0;     // answers of older confirmations are dropped

export function initHandWeights(opts) {
  call = opts.call;
  request = opts.request;
  const section = byId("hand") || el("section", { id: "hand" });
  if (!section.isConnected) (byId("exercise") || byId("compare") || byId("results")).after(section);
  section.className = "panel hand";
  section.setAttribute("aria-labelledby", "hand-h");
  plot = createPlot(t("The data and the hand-made line"));
  clear(section).append(
    el("h2", { id: "hand-h", text: t("Find the weights by hand") }),
    el("p", { class: "hint", text: t("Choose w₁, w₂ and b yourself: the line w₁x₁ + w₂x₂ + b = 0 moves as you go, and the points it gets wrong (y·a ≤ 0) are ringed.") }),
    el("div", { class: "exercise-bar" },
      el("button", { type: "button", id: "hand-notes", text: t("AND with the notes' a = 20x₁ + 20x₂ − 30"), on: { click: () => open(NOTES_AND) } }),
      el("button", { type: "button", id: "hand-open", class: "secondary", text: t("Use the data above"), on: { click: () => openCurrent() } })),
    el("p", { id: "hand-message", class: "message", role: "status", attrs: { "aria-live": "polite" }, hidden: true }),
    el("div", { id: "hand-body", class: "exercise-grid", hidden: true },
      el("div", {},
        ...FIELDS.map(([k, label]) => el("div", { class: "hand-row" },
          el("label", { htmlFor: `hand-${k}-range`, text: label }),
          el("input", { type: "range", id: `hand-${k}-range`, min: -SLIDER, max: SLIDER, step: 0.5,
            on: { input: () => fromSlider(k), change: confirm } }),
          el("input", { type: "text", id: `hand-${k}`, inputMode: "decimal", class: "hand-number",
            attrs: { "aria-label": t("{field} (number)", { field: label }) }, on: { input: () => fromField(k), change: confirm } }))),
        el("p", { id: "hand-live", class: "hand-live" }),
        el("p", { id: "hand-check", class: "hand-check", role: "status", attrs: { "aria-live": "polite" } }),
        el("button", { type: "button", id: "hand-compare", text: t("Compare with the perceptron"), on: { click: () => confirm(true) } }),
        el("p", { id: "hand-perceptron", class: "hand-check", attrs: { "aria-live": "polite" } })),
      el("figure", { class: "exercise-figure" }, plot, el("figcaption", { id: "hand-caption", class: "hint" }))),
  );
}

function say(text, kind = "info") {
  sayIn(byId("hand-message"), text, kind);
}

function openCurrent() {
  const req = request();
  if (!req) { say(t("Fix the value marked above first."), "error"); return; }
  open({ data: req.data, w: hand?.w || [1, 1, 0] });
}

async function open({ data, w }) {
  say(t("Loading the points…"));
  const r = await call({ cmd: "hand", data, w });
  if (!r || !r.ok) { say(r?.error?.message || t("The points could not be loaded."), "error"); return; }
  say("");
  hand = { data, points: r.points, w: [...w], perceptron: null, name: r.name };
  show(byId("hand-body"), true);
  clear(byId("hand-perceptron"));
  FIELDS.forEach(([k], i) => setField(k, w[i]));
  redraw();
  showCheck(r.hand);
  byId("hand-w1-range").focus();
}

function setField(k, v) {
  byId(`hand-${k}`).value = String(v);
  byId(`hand-${k}-range`).value = String(Math.max(-SLIDER, Math.min(SLIDER, v)));
}

function fromSlider(k) {
  const i = FIELDS.findIndex(([n]) => n === k);
  hand.w[i] = Number(byId(`hand-${k}-range`).value);
  byId(`hand-${k}`).value = String(hand.w[i]);
  stale();
  redraw();
}

function fromField(k) {
  const i = FIELDS.findIndex(([n]) => n === k);
  const r = parseNumber(byId(`hand-${k}`).value);
  const field = byId(`hand-${k}`);
  const wasBad = field.getAttribute("aria-invalid") === "true";
  const bad = "error" in r ? r.error : Math.abs(r.value) > 1e12 ? t("Use a number between −10¹² and 10¹².") : null;
  field.setAttribute("aria-invalid", String(!!bad));
  field.setAttribute("aria-describedby", "hand-live");
  const live = byId("hand-live");
  live.classList.toggle("is-error", !!bad);
  if (bad) {
    // Said next to the fields; the picture keeps the last weights that were numbers.
    setText(live, t("{field}: {problem} The line shows the last weights entered, w = {w}.", { field: FIELDS[i][1], problem: bad, w: vec(hand.w) }));
    stale();
    return;
  }
  hand.w[i] = r.value;
  byId(`hand-${k}-range`).value = String(Math.max(-SLIDER, Math.min(SLIDER, r.value)));
  stale();
  redraw();
  // Back to a number after a typo: checked at once (the field's change event may never come,
  // as its value can equal the one it had when focused).
  if (wasBad) confirm();
}

function stale() {
  byId("hand-check").textContent = "";
  hand.perceptron = null;
  clear(byId("hand-perceptron"));
}

function redraw() {
  const [w1, w2, b] = hand.w;
  const n = hand.points.length;
  const wrong = wrongPoints(hand.points, w1, w2, b).length;
  const line = w1 === 0 && w2 === 0 ? t("no line (w₁ = w₂ = 0)") : t("the line {equation}", { equation: `${fmt(w1)}·x₁ ${w2 < 0 ? "−" : "+"} ${fmt(Math.abs(w2))}·x₂ ${b < 0 ? "−" : "+"} ${fmt(Math.abs(b))} = 0` });
  const lines = hand.perceptron ? [{ w: hand.perceptron.w, cls: "bsvg-line bsvg-perceptron" }] : [];
  drawPlot(plot, hand.points, { w: hand.w, lines, alt: t("{name}: {n} points and {line}; {wrong} misclassified.", { name: hand.name, n, line, wrong }) });
  setText(byId("hand-live"), t("w = {w}: {wrong} of {n} points misclassified.", { w: vec(hand.w), wrong, n }));
  byId("hand-caption").textContent = [t("Solid: your line, the short stroke is w (it points to the +1 side)."),
    ...(hand.perceptron ? [t("Dashed: the perceptron's line.")] : []), t("Filled circles: +1, squares: −1.")].join(" ");
}

function describe(m) {
  if (m.separates) {
    return t("separates, margin γ = {margin} (min y·w·x̃/‖w‖), distance from the line to the nearest point {distance}.", { margin: fmt(m.margin), distance: fmt(m.distance) });
  }
  const k = m.n_wrong;
  return tn("does not separate: {n} point misclassified (y·a ≤ 0)", "does not separate: {n} points misclassified (y·a ≤ 0)", k)
    + (m.margin === null ? t(", and w = 0 has no line.") : t("; min y·w·x̃/‖w‖ = {margin}.", { margin: fmt(m.margin) }));
}

function showCheck(m) {
  setText(byId("hand-check"), t("Checked by Python: w = {w} {verdict}", { w: vec(m.w), verdict: describe(m) }));
  byId("hand").dataset.separates = String(m.separates);
}

async function confirm(compare = false) {
  if (!hand || byId("hand-body").querySelector("[aria-invalid=true]")) return;
  const mine = ++seq;
  const settings = compare === true ? request()?.settings : undefined;
  if (compare === true && !settings) { say(t("Fix the value marked above first."), "error"); return; }
  const r = await call({ cmd: "hand", data: hand.data, w: hand.w, compare: compare === true, settings });
  if (mine !== seq) return;
  if (!r || !r.ok) { say(r?.error?.message || t("Python could not check these weights."), "error"); return; }
  showCheck(r.hand);
  if (r.perceptron) {
    const p = r.perceptron;
    hand.perceptron = p;
    const algorithm = algorithmTraits(p.algorithm)?.label ? t(algorithmTraits(p.algorithm).label) : p.algorithm;
    const status = { converged: t("converged"), cycled: t("cycled"), max_epochs: t("stopped at the epoch limit") }[p.status] ?? p.status;
    const last = algorithmTraits(p.algorithm)?.votes ? ` ${t("(its last w; this perceptron predicts by all its w)")}` : "";
    byId("hand-perceptron").textContent = `${tn("{algorithm} from w = 0 ({status}, {mistakes} mistakes in {n} epoch): w = {w}",
      "{algorithm} from w = 0 ({status}, {mistakes} mistakes in {n} epochs): w = {w}", p.epochs, { algorithm, status, mistakes: p.mistakes, w: vec(p.w) })}${last} ${describe(p)}`;
    redraw();
  }
}
