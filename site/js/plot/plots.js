// The plots: <img> elements with data: URLs from result.plots and alt text from result.plot_alt,
// and the size each is drawn at (its CSS box × devicePixelRatio, so it stays crisp at any zoom).
import { byId, show } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { watchScrollCue } from "../page/scroll-cue.js";

export const PLOTS = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"];
// Drawn by Python only when the data has more than two features (the boundary is then a slice).
const MANY = ["projection", "weights"];

const FALLBACK_ALT = {
  boundary: t("The training points (+1 blue, −1 orange) and the learned decision boundary."),
  mistakes: t("Number of mistakes in each epoch."),
  accuracy: t("Training accuracy after each epoch."),
  proof: t("The two quantities of the convergence proof after each mistake."),
  projection: t("Every training point's score w·x̃ by class, with the threshold at 0."),
  weights: t("One bar per feature weight."),
  cycle: t("The weight vectors of one cycle and their boundaries."),
  trajectory: t("The direction of w over the updates."),
};

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
// The bridge's limits (params.json plot_px, dpr, scale).
const PX = [160, 2000];
const FLATTEST = 0.3; // height ÷ width: flatter, and the axes would be a strip

/** Image pixels per CSS pixel and the text scale: the reader's font-size preference (16 px = 1). */
export function plotView() {
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return {
    dpr: Math.round(clamp(window.devicePixelRatio || 1, 1, 4) * 100) / 100,
    scale: Math.round(clamp(root / 16, 0.5, 3) * 100) / 100,
  };
}

// Drawn for one w only (the primal perceptrons): the kernel and multiclass runs refuse them.
const ONE_W = ["projection", "weights", "cycle", "trajectory"];

/** The plots drawn after the first picture for a run of this algorithm (asking a kernel or
 * multiclass run for a one-w plot fails the whole request: "Unknown plot 'projection'"). */
export function laterPlots(algorithm) {
  const own = !["kernel", "multiclass"].includes(algorithm);
  return PLOTS.filter((k) => k !== "boundary" && (own || !ONE_W.includes(k)));
}

/** [width, height] in CSS px of the box plot `name` is shown in: the boundary plot fills the
 * box the layout gives it (css/lab.css: the stage), so it is asked for at that box's size;
 * the others at their column's width and their width attribute's aspect.
 * Hidden figures (before the first result, in a closed tab) are measured as they will be
 * laid out: their hidden ancestors are shown for the measurement only, in the same task,
 * so nothing paints. */
export function plotBox(name) {
  const img = byId(`plot-${name}`);
  const unhidden = [];
  for (let n = img; n && n !== document.body; n = n.parentElement) {
    if (n.hidden) { n.hidden = false; unhidden.push(n); }
  }
  // What a result replaces (the placeholder, a run's question) is measured away too: the box is the one
  // the result will be shown in.
  const away = ["results-empty", "budget-prompt"].map((id) => byId(id)).filter((n) => n && !n.hidden);
  for (const n of away) n.hidden = true;
  const box = img.getBoundingClientRect();
  for (const n of unhidden) n.hidden = true;
  for (const n of away) n.hidden = false;
  const aspect = (Number(img.getAttribute("height")) || 3) / (Number(img.getAttribute("width")) || 4);
  const w = Math.round(clamp(box.width || 480, ...PX));
  if (name !== "boundary" || box.height > 2.2 * box.width || box.height < PX[0]) {
    return [w, Math.round(clamp(w * aspect, ...PX))];
  }
  // The boundary plot is drawn at its box's height, so its text keeps its size: a flat box (a
  // short window, a low iframe) gets a picture no wider than 1/FLATTEST of its height, shown
  // whole in the middle of the box (object-fit: contain), never a taller picture shrunk to fit.
  const h = Math.round(clamp(box.height, ...PX));
  return [Math.round(clamp(Math.min(w, h / FLATTEST), ...PX)), h];
}

/** {kind: [width, height]} for a plots request. */
export function plotSizes(kinds) {
  return Object.fromEntries(kinds.map((k) => [k, plotBox(k)]));
}

/** Put the pictures of `plots` in place; `playing`: the kinds the show is drawing its frames
 * in right now (their pictures stay, the show puts the final ones back when it ends). */
export function renderPlots(plots = {}, alts = {}, { playing = [] } = {}) {
  for (const name of PLOTS) {
    const img = byId(`plot-${name}`);
    const fig = img.closest("figure");
    if (name === "cycle") byId("cycle-caption").textContent = plots?.cycle ? alts?.cycle || "" : "";
    // Not in this answer yet (it follows in a second call): keep the old picture, dimmed.
    const pending = !plots || !(name in plots);
    fig.classList.toggle("pending", pending);
    fig.setAttribute("aria-busy", String(pending));
    if (pending) continue;
    const src = plots[name];
    const ok = typeof src === "string" && src.startsWith("data:image/");
    if (ok && playing.includes(name)) {
      show(fig, true);
      continue;
    }
    if (ok) {
      img.src = src;
      img.alt = alts?.[name] || FALLBACK_ALT[name];
    } else {
      img.removeAttribute("src");
      img.alt = "";
    }
    show(fig, ok);
  }
  if (plots && "proof" in plots) show(byId("proof-missing"), !plots.proof);
  if (plots && MANY.some((k) => k in plots)) show(byId("plots-many"), MANY.some((k) => plots[k]));
}

/** The big plot's one-line caption, true for the picture of this run (result.main_plot: what
 * Python drew; the multiclass and kernel runs draw their own kinds). */
export function captionMain(res, settings = {}) {
  const cap = byId("boundary-caption");
  if (!cap || !res) return;
  const multi = settings.algorithm === "multiclass";
  // Said of the shading, which every run has (w = 0 draws no line: XOR ends there).
  let text = t("Shaded by the prediction: w·x̃ ≥ 0 blue (+1), w·x̃ < 0 orange (−1)");
  const many = (res.feature_names?.length ?? 0) > 2;
  // Python says what it drew; an answer computed ahead (run/ahead.js) may not: the same rule as
  // bridge/figures.strip_main (a primal run on more than two features, unless the slice is chosen).
  const scores = res.main_plot ? res.main_plot === "scores"
    : many && !multi && settings.algorithm !== "kernel" && settings.main_plot !== "slice";
  if (scores) text = t("Every point at its score w·x̃: right of 0 is predicted +1");
  else if (many) {
    // A slice cannot show where the other features put a point: its place is not its prediction.
    text = multi ? t("A 2-D slice: a point's region here is not its prediction; the ringed ones are misclassified")
      : t("A 2-D slice: a point's side here is not its prediction; the ringed ones are misclassified");
  } else if (multi) text = t("The region each class wins (its score is the largest)");
  else if (settings.algorithm === "kernel") text = t("Shaded by the prediction: f(x) ≥ 0 blue (+1), f(x) < 0 orange (−1)");
  cap.textContent = text;
  cap.title = text;
  // Presenter mode hides the caption, but not a slice's: the room must read what the picture cannot show.
  cap.closest("figure")?.toggleAttribute("data-slice", many && !scores);
  // Its box has a fixed height (two lines on a phone): a longer sentence says it goes on.
  if (!cap.dataset.cue) { cap.dataset.cue = "1"; watchScrollCue(cap); }
  // So has the status above the plot (three or four lines): a long verdict says it goes on.
  const status = document.querySelector(".stage-head .status-line");
  if (status && !status.dataset.cue) { status.dataset.cue = "1"; watchScrollCue(status); }
}
