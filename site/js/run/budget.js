// The run budget: a run that starts without a click (a shared link, a restored run) never
// costs more than params.json's limits.auto_run_seconds_max without asking first. The
// estimate is an upper bound (a separable run stops at its first clean epoch).
import { byId, el, clear, show, fmt, setText } from "../page/dom.js";
import { t, N_, pageLanguage } from "../i18n/i18n.js";
import { LIMITS, algorithmTraits } from "../state/state.js";
import SCHEMA from "../state/params.js";
import { PLOTS } from "../plot/plots.js";

const MANY_FEATURES_ONLY = ["projection", "weights"]; // drawn only for more than two features
const IMAGE_FEATURES = 64; // bridge/multiclass_fit.py: 64 features are drawn as 8×8 images
// Its own plots: the confusion matrix, and on 8×8 images each class's weights and a gallery of mistakes.
const multiclassExtraPlots = (features) => (features === IMAGE_FEATURES ? 3 : 1);

const BOOLEAN = { and: 4, or: 4, nand: 4, xor: 4 };  // rows of the Boolean presets (2 features)
// [rows, features, classes] of the real data sets shipped in py/perceptron_lab/data/real/ (all
// classes: an upper bound when two are chosen): params.json's "datasets", checked against the files.
const REAL = Object.freeze({ ...SCHEMA.datasets });
// A preset the table does not know is sized as the largest one (rows × features), with the most classes.
const UNKNOWN_PRESET = Object.values(REAL).reduce((a, b) => (b[0] * b[1] > a[0] * a[1] ? b : a));
const MOST_CLASSES = Math.max(...Object.values(REAL).map((r) => r[2]));

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
  return UNKNOWN_PRESET.slice(0, 2);
}

/** How many classes the multiclass perceptron would train: two chosen, a real data set's all,
 * a CSV's classes as read for multiclass, two for generated and placed data. */
export function classesOf(data, csvInfo) {
  if (data.kind === "preset" && data.name in REAL) {
    return Array.isArray(data.classes) && data.classes.length === 2 ? 2 : REAL[data.name][2];
  }
  if (data.kind === "csv") {
    if (!csvInfo) return MOST_CLASSES;
    // Read for the multiclass perceptron: {classes: [...]}; else the two labels {"-1", "+1"}.
    const classes = csvInfo.labels?.classes;
    return Array.isArray(classes) ? Math.max(2, classes.length) : 2;
  }
  if (data.kind === "points" || (data.kind === "preset" && (data.name in BOOLEAN || Number.isFinite(data.n)))) return 2;
  return MOST_CLASSES;
}

/** The plots' share: every plot the page may ask for (PLOTS; the projection and the weights
 * chart only with more than two features: an upper bound, as cycle and trajectory plots are
 * drawn only for some runs), each its box × dpr² image pixels. The size is this screen's (box
 * × pixel ratio), so a link's run is asked for where drawing it would take long. The boxes:
 * settings.plot_sizes ({kind: [w, h]}, each plot's own box as the page draws it: the boundary
 * fills the stage, the others a side column) where given, else plot_px for every plot. */
export function plotCost(settings, features) {
  if (settings.plots === false || !Array.isArray(settings.plot_px)) return null;
  const [width, height] = settings.plot_px.map(Number);
  const dpr = Number(settings.dpr) || 1;
  const kinds = PLOTS.filter((k) => features > 2 || !MANY_FEATURES_ONLY.includes(k));
  const own = settings.plot_sizes || {};
  const boxes = kinds.map((k) => (Array.isArray(own[k]) ? own[k].map(Number) : [width, height]));
  const pixels = boxes.reduce((sum, [w, h]) => sum + w * h, 0) * dpr * dpr;
  const same = boxes.every(([w, h]) => w === width && h === height);
  return { count: kinds.length, width, height, dpr, same, seconds: (pixels * LIMITS.cost_us_per_plot_pixel) / 1e6 };
}

/** The kernel perceptron's own costs, in µs (py/perceptron_lab/kernel.py): its rows × rows Gram
 * matrix; every example a mistake in every epoch (the upper bound), each adding a Gram row to
 * all rows scores; with plots, f on the kernel_plot_grid² grid of its regions
 * (plots/kernel.py) and on every training point, each a sum over at most every row. */
export function kernelCost(rows, features, epochs, withPlots, kernel = KERNEL_DEFAULT) {
  const pair = LIMITS.cost_us_per_kernel_pair + features * LIMITS.cost_us_per_kernel_value;
  const grid = LIMITS.kernel_plot_grid;
  return {
    gram: rows * rows * pair,
    train: rows * epochs * (LIMITS.cost_us_per_example + rows * LIMITS.cost_us_per_kernel_update),
    plot: withPlots ? (grid * grid + rows) * rows * pair : 0,
    theory: kernelTheoryCost(rows, kernel),
  };
}

const KERNEL_DEFAULT = SCHEMA.params.find((p) => p.name === "kernel").default;

/** The kernel run's theory, asked for after its first picture (theory/kernel_bound.py): for poly and
 * RBF up to kernel_theory_max_points rows it embeds the Gram matrix (an eigendecomposition) and finds
 * the max margin in as many dimensions as rows, ~rows³ (bench/run_budget.py at load 10: 0.25, 0.74 and 1.9 s
 * at 100, 200 and 300 RBF rows, its deadline at 400; 200 rows took 0.7 to 5.5 s in three runs at load 8-13),
 * and it stops at margin_seconds whatever it holds. The coefficient stays low enough that a 300-point RBF
 * link still runs by itself (9.3 s with its plots; its theory measured 1.9 s). */
export function kernelTheoryCost(rows, kernel) {
  if (kernel === "linear" || rows > LIMITS.kernel_theory_max_points) return 0;
  return Math.min(rows ** 3 * LIMITS.cost_us_per_kernel_theory_cube, LIMITS.margin_seconds * 1e6);
}

/** The point-vote pairs a voted run polls at most (run_cost.py vote_pairs): it keeps up to
 * min(rows × epochs, votes_max + rows) + 1 votes (a mistake on every example; it stops after the
 * epoch that passes votes_max), and every prediction polls each: vote_points_per_row × rows points
 * and, with plots, the regions grid, which bridge/figures.py sizes by the votes (60² to 200² points). */
export function votePairs(rows, epochs, withPlots) {
  const k = Math.min(rows * epochs, LIMITS.votes_max + rows) + 1;
  let pairs = LIMITS.vote_points_per_row * rows * k;
  if (withPlots) pairs += Math.min(200 ** 2 * k, Math.max(LIMITS.vote_grid_work, 60 ** 2 * k));
  return pairs;
}

/** The factor on the weights' per-example cost: past `ratchet.work` training values (rows × features,
 * the test rows set aside) pocket weighs only record runs (Gallant's ratchet) instead of every w.
 * Counted so that a run the core keeps in the costly rule is never priced as the cheap one. */
export function weightsFactor(cost, rows, features, settings = {}) {
  const r = cost.ratchet;
  const trainRows = Math.floor(rows * (1 - (Number(settings.test_fraction) || 0))) - 1;
  return r && trainRows * features > r.work ? r.factor : cost.factor ?? 1;
}

/** -> {rows, features, epochs, plots, algorithm, classes, gram (a kernel matrix is built), who, seconds}: the
 * longest the run could take in this tab. The cost model is the algorithm's (params.json `cost`). */
export function estimate(data, settings, csvInfo) {
  const [rows, d0] = shapeOf(data, csvInfo);
  const features = settings.feature_map === "poly2" ? (d0 * (d0 + 3)) / 2 : d0;
  const epochs = Number(settings.epochs) || 1;
  const plots = plotCost(settings, d0); // the projection and weights plots follow the raw features
  const est = { rows, features: d0, epochs, plots, algorithm: settings.algorithm, classes: null };
  const cost = algorithmTraits(settings.algorithm)?.cost ?? { model: "weights", factor: 1 };
  est.who = cost.who ?? null;
  let us;
  if (cost.model === "gram") {
    // Beyond kernel_max_points Python refuses the run at once (an n × n matrix), and says why.
    const k = rows <= LIMITS.kernel_max_points
      ? kernelCost(rows, features, epochs, plots !== null, settings.kernel ?? KERNEL_DEFAULT) : null;
    us = k ? k.gram + k.train + k.plot + k.theory : 0;
    est.gram = !!k; // no kernel matrix to speak of when refused
  } else if (cost.model === "classes") {
    // One weight vector per class: each example's scores are one numpy product of classes × x̃.
    est.classes = classesOf(data, csvInfo);
    us = rows * epochs * (LIMITS.cost_us_per_example + est.classes * LIMITS.cost_us_per_class
      + est.classes * (features + 1) * LIMITS.cost_us_per_class_value);
    // Its own plots besides (bridge/multiclass_fit.py: the confusion matrix; on 8×8 images each
    // class's weights and a gallery of mistakes): many small axes, whose cost is per figure,
    // and a number drawn in every cell of the confusion matrix (up to confusion_numbers_max classes).
    const written = est.classes <= LIMITS.confusion_numbers_max ? est.classes ** 2 : 0;
    if (plots) us += multiclassExtraPlots(d0) * LIMITS.cost_us_per_extra_plot + written * LIMITS.cost_us_per_confusion_cell;
  } else {
    us = rows * epochs * (LIMITS.cost_us_per_example + (features + 1) * LIMITS.cost_us_per_value) * weightsFactor(cost, rows, features, settings)
      + epochs * (cost.epoch_us ?? 0);
    if (algorithmTraits(settings.algorithm)?.votes) {
      us += votePairs(rows, epochs, plots !== null) * (LIMITS.cost_us_per_vote_pair + (features + 1) * LIMITS.cost_us_per_vote_value);
    }
  }
  return { ...est, seconds: us / 1e6 + (plots ? plots.seconds : 0) };
}

/** The comparison of variants (compare.js) as one run: the sum of each variant's estimate on
 * the same data and settings, without the page's plots (the comparison draws small ones). */
export function compareEstimate(data, settings, csvInfo, variants) {
  const each = variants.map((algorithm) => estimate(data, { ...settings, algorithm, plot_px: undefined }, csvInfo));
  return { ...each[0], algorithm: "compare", gram: false, plots: null, variants: variants.length,
    seconds: each.reduce((sum, e) => sum + e.seconds, 0) };
}

/** Step two of the budget, once training has answered: the later plots' share (main.js asks for
 * them after the picture) from the run's real counts instead of the upper bound counted before it.
 * A voted run polls each vote it kept (res.votes, often a third of the bound) at every test point
 * (the accuracy plot) and, past two features, at every training point (the score strip); every
 * later plot it draws costs its box × dpr² pixels and a figure's own cost (cost_us_per_extra_plot:
 * bench/budget_two_step.py measured 0.5 to 2 s for three small figures at load 14, not the 0.05 s
 * of their pixels). sizes: {kind: [w, h]}, the boxes asked for. -> {votes, points, width, plots, seconds} */
export function laterEstimate(res, settings, sizes) {
  const dpr = Number(settings.dpr) || 1;
  const features = (res?.feature_names || []).length; // the score strip is drawn past two raw features
  // Those it draws: the score strip and the weights past two features, the cycle for a cycled run.
  const drawn = Object.entries(sizes || {}).filter(([k]) => (features > 2 || !MANY_FEATURES_ONLY.includes(k))
    && (k !== "cycle" || res?.cycle));
  const boxes = drawn.map(([, box]) => box);
  const pixels = boxes.reduce((sum, [w, h]) => sum + Number(w) * Number(h), 0) * dpr * dpr;
  const n = res?.dataset || {};
  const width = Number(n.x_tilde_width) || 0; // x̃: the mapped features and the bias
  const votes = Number.isFinite(res?.votes) ? res.votes : 0;
  const points = votes ? (n.n_test || 0) + (features > 2 && "projection" in (sizes || {}) ? n.n_train || 0 : 0) : 0;
  const us = pixels * LIMITS.cost_us_per_plot_pixel + boxes.length * LIMITS.cost_us_per_extra_plot
    + votes * points * (LIMITS.cost_us_per_vote_pair + width * LIMITS.cost_us_per_vote_value);
  return { votes, points, width, plots: boxes.length, seconds: us / 1e6 };
}

/** The sentence for later plots that take long (laterEstimate over the budget): what the run kept. */
export function laterText(est) {
  const time = secondsText(est.seconds);
  if (!(est.votes && est.points)) return t("Drawing the other plots: up to about {time} in this tab.", { time });
  return t("Drawing the other plots: up to about {time} in this tab; this run kept {votes} votes, and each is polled at {points} points.",
    { time, votes: num(est.votes), points: num(est.points) });
}

/** The estimate in this device's seconds now: the coefficients are an unloaded tab's on the machine they
 * were measured on (pace 1); measurePace says how many times slower this tab runs at this moment. */
export function paced(est, pace) {
  const p = Number.isFinite(pace) && pace > 1 ? pace : 1;
  return { ...est, pace: p, seconds: est.seconds * p };
}

/** This tab's pace now (py/perceptron_lab/run_pace.py: Python times a small fixed workload of the
 * operations the estimate counts, ~20 ms unloaded, against params.json's pace_reference_ms), asked
 * just before a run nobody clicked for is weighed: a loaded phone or a shared laptop is where a long
 * run hurts most. call: the Python client's call. The page's test switch may pin it ({pace: N}; any
 * other switch of the suite pins 1, so a loaded test machine does not turn a test's link into a question).
 * A pace that cannot be measured (Python restarting) is 1, the estimate as it was. */
export async function measurePace(call, testSwitch = globalThis.__PERCEPTRON_LAB_TEST__) {
  if (testSwitch === true) return 1;
  if (testSwitch && typeof testSwitch === "object") return Number(testSwitch.pace) > 0 ? Number(testSwitch.pace) : 1;
  try {
    const r = await call({ cmd: "pace" });
    return r && r.ok && Number.isFinite(r.pace) ? Math.max(1, r.pace) : 1;
  } catch {
    return 1;
  }
}

// A reading that alone tips a run over the budget is taken again this often, this long apart: a cold
// start's burst (the service worker storing the build, the snapshot being made) passes within seconds.
const PACE_READINGS = 3;
const PACE_AGAIN_MS = 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** est (pace 1) in this device's seconds now, for a run nobody clicked for. A reading that puts a run
 * within the budget at pace 1 over it is read again a moment later, up to PACE_READINGS in all, and the
 * lowest counts: a small link's run opened during a cold start's burst is not turned into a question,
 * and a device that stays busy reads slow every time and is asked. */
export async function weighed(est, call, { testSwitch = globalThis.__PERCEPTRON_LAB_TEST__, pause = sleep } = {}) {
  let pace = await measurePace(call, testSwitch);
  // A pace the suite pins (testSwitch) is the same every time: read once.
  for (let k = testSwitch ? PACE_READINGS : 1; k < PACE_READINGS && overBudget(paced(est, pace)) && !overBudget(est); k++) {
    await pause(PACE_AGAIN_MS);
    pace = Math.min(pace, await measurePace(call, testSwitch));
  }
  return paced(est, pace);
}

export function overBudget(est) {
  return est.seconds > LIMITS.auto_run_seconds_max;
}

const num = (v) => Math.round(v).toLocaleString(pageLanguage() === "en" ? "en-US" : pageLanguage());
// params.json's cost.who (the algorithm named in the question), said through t().
N_("the kernel perceptron");
N_("the multiclass perceptron");

function secondsText(s) {
  if (s < 120) return `${Math.ceil(s)} s`;
  if (s < 7200) return `${Math.ceil(s / 60)} min`;
  return `${Math.ceil(s / 3600)} h`;
}

// Plots that cost less than this are not worth a clause of the question.
const PLOTS_SAID_S = 1;

export function askText(est) {
  const p = est.plots;
  const n = { rows: num(est.rows), features: num(est.features), epochs: num(est.epochs), who: t(est.who ?? "") };
  const plotArgs = p ? { count: p.count, width: num(p.width), height: num(p.height), dpr: fmt(p.dpr) } : {};
  const plots = !(p && p.seconds >= PLOTS_SAID_S) ? ""
    : p.same ? t(", drawn as up to {count} plots of {width} × {height} px at pixel ratio {dpr} (this screen's)", plotArgs)
      : t(", drawn as up to {count} plots of {width} × {height} px (the largest; the others smaller) at pixel ratio {dpr} (this screen's)", plotArgs);
  const what = est.gram ? t("{who} on {rows} rows × {features} features × {epochs} epochs, with a {rows} × {rows} kernel matrix", n)
    : est.variants ? t("a comparison of {variants} variants, each on {rows} rows × {features} features × {epochs} epochs", { ...n, variants: num(est.variants) })
      : est.classes ? t("{who} ({classes} classes) on {rows} rows × {features} features × {epochs} epochs", { ...n, classes: num(est.classes) })
        : t("{rows} rows × {features} features × {epochs} epochs", n);
  return t("This link asks for {what}{plots} (up to about {time} in this tab), so it was not started by itself.",
    { what, plots, time: secondsText(est.seconds) });
}

/** Show the question; onRun() starts the run. Any later run or link removes it. */
export function ask(est, onRun) {
  const box = byId("budget-prompt");
  clear(box);
  const close = () => { clear(box); show(box, false); };
  // Where the first result will be, the page said it waits for Python, which is here: say what it waits for.
  const empty = byId("results-empty");
  const say = (text) => { if (empty && !empty.hidden) setText(empty, text); };
  box.append(
    el("p", { text: askText(est) }),
    el("button", { type: "button", class: "small", id: "budget-run", text: t("Run"), on: { click: () => { close(); onRun(); } } }),
    " ",
    el("button", { type: "button", class: "secondary small", text: t("Not now"),
      on: { click: () => { close(); say(t("The run was not started: press Train to start it.")); } } }),
  );
  show(box, true);
  say(t("The run waits for your answer above."));
}

export function dismissAsk() {
  const box = byId("budget-prompt");
  if (box && !box.hidden) { clear(box); show(box, false); }
}
