// The run budget: a run that starts without a click (a shared link, a restored run) never
// costs more than params.json's limits.auto_run_seconds_max without asking first. The
// estimate is an upper bound (a separable run stops at its first clean epoch).
import { byId, el, clear, show } from "./dom.js";
import { LIMITS } from "../state.js";
import SCHEMA from "../params.js";
import { PLOTS } from "./plots.js";

const MANY_FEATURES_ONLY = ["projection", "weights"]; // drawn only for more than two features

const BOOLEAN = { and: 4, or: 4, nand: 4, xor: 4 };  // rows of the Boolean presets (2 features)
// [rows, features] of the real data sets shipped in py/perceptron_lab/datasets/ (all classes:
// an upper bound when two are chosen): params.json's "datasets", checked against the files.
const REAL = Object.freeze({ ...SCHEMA.datasets });
// A preset the table does not know is sized as the largest one (rows × features).
const UNKNOWN_PRESET = Object.values(REAL).reduce((a, b) => (b[0] * b[1] > a[0] * a[1] ? b : a));

/** [rows, features] of the data about to be trained on, from the request and what is known. */
export function shapeOf(data, csvInfo) {
  if (data.kind === "csv" && csvInfo) return [csvInfo.n, csvInfo.feature_names.length];
  if (data.kind === "points") return [data.points.length, 2];
  if (data.kind === "preset") {
    if (data.name in BOOLEAN) return [BOOLEAN[data.name], 2];
    if (Number.isFinite(data.n)) return [data.n, 2];
    if (data.name in REAL) {
      const [rows, features] = REAL[data.name];
      return [rows, Array.isArray(data.features) ? data.features.length : features];
    }
  }
  return UNKNOWN_PRESET;
}

/** The plots' share: every plot the page may ask for (PLOTS; the projection and the weights
 * chart only with more than two features: an upper bound, as cycle and trajectory plots are
 * drawn only for some runs), each plot_px × dpr² image pixels. The size is this screen's (box
 * × pixel ratio), so a link's run is asked for where drawing it would take long. */
export function plotCost(settings, features) {
  if (settings.plots === false || !Array.isArray(settings.plot_px)) return null;
  const [width, height] = settings.plot_px.map(Number);
  const dpr = Number(settings.dpr) || 1;
  const count = PLOTS.filter((k) => features > 2 || !MANY_FEATURES_ONLY.includes(k)).length;
  const pixels = width * height * dpr * dpr;
  return { count, width, height, dpr, seconds: (count * pixels * LIMITS.cost_us_per_plot_pixel) / 1e6 };
}

/** -> {rows, features, epochs, plots, seconds}: the longest the run could take in this tab. */
export function estimate(data, settings, csvInfo) {
  const [rows, d0] = shapeOf(data, csvInfo);
  const features = settings.feature_map === "poly2" ? (d0 * (d0 + 3)) / 2 : d0;
  const epochs = Number(settings.epochs) || 1;
  const factor = settings.algorithm === "pocket" ? LIMITS.cost_pocket_factor : 1;
  const us = rows * epochs * (LIMITS.cost_us_per_example + (features + 1) * LIMITS.cost_us_per_value) * factor;
  const plots = plotCost(settings, d0); // the projection and weights plots follow the raw features
  return { rows, features: d0, epochs, plots, seconds: us / 1e6 + (plots ? plots.seconds : 0) };
}

export function overBudget(est) {
  return est.seconds > LIMITS.auto_run_seconds_max;
}

const num = (v) => Math.round(v).toLocaleString("en-US");

function secondsText(s) {
  if (s < 120) return `${Math.ceil(s)} s`;
  if (s < 7200) return `${Math.ceil(s / 60)} min`;
  return `${Math.ceil(s / 3600)} h`;
}

// Plots that cost less than this are not worth a clause of the question.
const PLOTS_SAID_S = 1;

export function askText(est) {
  const p = est.plots;
  const plots = p && p.seconds >= PLOTS_SAID_S
    ? `, drawn as up to ${p.count} plots of ${num(p.width)} × ${num(p.height)} px at pixel ratio ${p.dpr} (this screen's)`
    : "";
  return `This link asks for ${num(est.rows)} rows × ${num(est.features)} features × ${num(est.epochs)} epochs${plots} ` +
    `(up to about ${secondsText(est.seconds)} in this tab), so it was not started by itself.`;
}

/** Show the question; onRun() starts the run. Any later run or link removes it. */
export function ask(est, onRun) {
  const box = byId("budget-prompt");
  clear(box);
  const close = () => { clear(box); show(box, false); };
  box.append(
    el("p", { text: askText(est) }),
    el("button", { type: "button", class: "small", id: "budget-run", text: "Run", on: { click: () => { close(); onRun(); } } }),
    " ",
    el("button", { type: "button", class: "secondary small", text: "Not now", on: { click: close } }),
  );
  show(box, true);
}

export function dismissAsk() {
  const box = byId("budget-prompt");
  if (box && !box.hidden) { clear(box); show(box, false); }
}
