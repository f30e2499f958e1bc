// "Compare variants": online, averaged, voted, pocket and batch trained on the same data,
// split, order and seed (bridge command "compare"), shown as cards side by side: the
// boundary, the mistakes per epoch, training and test accuracy, the status.
// Full-precision values go into data-* attributes for tests.
import { compareEstimate, overBudget, ask, weighed } from "./budget.js";
import { t, tn, N_ } from "../i18n/i18n.js";
import { csvInfo } from "../data/csv-upload.js";
import { byId, el, clear, fmt, pct, show, say as sayIn, setText } from "../page/dom.js";
import { algorithmTraits, COMPARE_ALGORITHMS } from "../state/state.js";
import { page } from "../state/page-state.js";

// The cards' names and one-line descriptions are the algorithm options' label and answer (params.json).
const nameOf = (algorithm) => { const label = algorithmTraits(algorithm)?.label; return label ? t(label) : label; };
const whatOf = (algorithm) => { const answer = algorithmTraits(algorithm)?.answer; return answer ? t(answer) : answer; };
const SVG = "http://www.w3.org/2000/svg";

let opts = null; // {request, call, cancel}
let busy = false;
let token = 0;
let weighing = 0; // the run budget's latest weighing of a run nobody clicked for
let total = 0;
let order = [...COMPARE_ALGORITHMS]; // the variants of the comparison running

/**
 * request() -> {data, settings} | null (null: the page has shown what to fix);
 * call(request) -> Promise<bridge response> (never rejects); cancel() stops the worker.
 */
export function initCompare(o) {
  opts = o;
  byId("compare-run").addEventListener("click", () => run()); // a click: never asked (auto = false)
  byId("compare-cancel").addEventListener("click", () => {
    if (busy) opts.cancel?.();
  });
  // A change of data or settings makes the cards out of date (they stay, marked as such).
  const stale = () => { if (!byId("compare-body").hidden) show(byId("compare-stale"), true); };
  byId("lab").addEventListener("change", stale);
  byId("lab").addEventListener("input", stale);
}

/** Are compare cards on screen (possibly marked out of date)? */
export function compareShown() {
  return !byId("compare-body").hidden;
}

/** Run the comparison as the button does; auto (a shared link with view=compare, nobody
 * clicked): above the run budget it is asked for first (budget.js), as a link's run is. */
export function runCompare({ auto = false } = {}) {
  return run(auto);
}

/** Tell the page the view changed (address-bar.js keeps view=compare in the address bar; tabs.js opens its tab). */
function viewChanged() {
  page.set({ compareShown: compareShown() });
}

/** Progress of a compare call: epoch counts on across the variants (see bridge.compare_request). */
export function compareProgress(epoch, mistakes) {
  if (!busy || !total) return;
  const bar = byId("compare-progress");
  bar.value = Math.min(epoch, bar.max);
  const per = total / order.length;
  const i = Math.min(order.length - 1, Math.floor((epoch - 1) / per));
  const name = nameOf(order[i]);
  byId("compare-progress-text").textContent =
    tn("{name} ({k} of {variants}): epoch {epoch} / {epochs} · {n} mistake", "{name} ({k} of {variants}): epoch {epoch} / {epochs} · {n} mistakes", mistakes,
      { name, k: i + 1, variants: order.length, epoch: epoch - i * per, epochs: per });
}

function setBusy(on) {
  busy = on;
  const section = byId("compare");
  section.dataset.state = on ? "running" : section.dataset.state === "running" ? "idle" : section.dataset.state;
  byId("compare-run").disabled = on;
  show(byId("compare-cancel"), on);
  show(byId("compare-progress"), on);
  byId("compare-cards").setAttribute("aria-busy", on ? "true" : "false");
  if (!on) byId("compare-progress-text").textContent = "";
}

function say(text, kind = "info") {
  sayIn(byId("compare-message"), text, kind);
}

async function run(auto = false) {
  if (busy || !opts) return;
  say("");
  const req = opts.request();
  if (!req) {
    byId("compare").dataset.state = "error";
    say(t("The comparison was not started: fix the value marked in the data or settings panel."), "error");
    viewChanged();
    return;
  }
  const settings = { ...req.settings };
  // Every variant runs; a kernel run on screen joins them with its kernel settings.
  const withKernel = algorithmTraits(settings.algorithm)?.family === "kernel";
  order = [...COMPARE_ALGORITHMS, ...(withKernel ? [settings.algorithm] : [])];
  delete settings.algorithm;
  delete settings.plot_px;   // small plots (the bridge's default for compare)
  if (auto) {
    const mine = ++weighing;
    const est = await weighed(compareEstimate(req.data, settings, csvInfo(), order), opts.call); // this device's seconds now (budget.js)
    if (busy || mine !== weighing) return; // a run started meanwhile, or a later request, goes on alone
    if (overBudget(est)) {
      ask(est, () => run());
      return;
    }
  }
  const mine = ++token;
  total = order.length * (settings.epochs || 100);
  const bar = byId("compare-progress");
  bar.max = total;
  bar.value = 0;
  setBusy(true);
  setText(byId("compare-progress-text"), t("Training the {n} variants…", { n: order.length }));
  const res = await opts.call({ cmd: "compare", data: req.data, settings, with_kernel: withKernel });
  if (mine !== token) return;
  setBusy(false);
  if (res && res.ok) {
    render(res);
    byId("compare").dataset.state = "done";
    // Said once by screen readers (the progress line is a polite live region).
    setText(byId("compare-progress-text"), t("Done: the {n} variants are compared below.", { n: order.length }));
    viewChanged();
    return;
  }
  const err = res?.error || { message: t("Something went wrong inside Perceptron Lab.") };
  byId("compare").dataset.state = err.kind === "cancelled" ? "cancelled" : "error";
  say(err.kind === "cancelled" ? t("Comparison cancelled.") : oneLine(err.message), err.kind === "cancelled" ? "info" : "error");
  viewChanged();
}

function oneLine(text) {
  const s = String(text ?? "").trim().split(/\r?\n/)[0];
  return s || t("Something went wrong inside Perceptron Lab.");
}

/** The best value of key among the variants (null if none has it). */
function best(variants, key) {
  const vals = variants.map((v) => v[key]).filter((x) => typeof x === "number");
  return vals.length ? Math.max(...vals) : null;
}

export function render(res) {
  const box = clear(byId("compare-cards"));
  const variants = res.variants || [];
  const hasTest = variants.some((v) => typeof v.test_accuracy === "number");
  const bestTest = best(variants, "test_accuracy");
  const bestTrain = best(variants, "train_accuracy");
  const ds = res.dataset || {};
  byId("compare-summary").textContent =
    t("{data}: {n} training points", { data: ds.name ?? t("The data"), n: ds.n_train ?? "?" }) +
    (ds.n_test ? t(", {n} held out for testing", { n: ds.n_test }) : t(" (no test set: set a test fraction to compare on unseen data)")) +
    `. ${res.separable_text || ""}`;
  for (const v of variants) box.append(card(v, { hasTest, bestTest, bestTrain, names: res.w_names || [] }));
  show(byId("compare-stale"), false);
  show(byId("compare-body"), true);
}

function card(v, { hasTest, bestTest, bestTrain, names }) {
  const id = `cmp-${v.algorithm}`;
  const isBest = hasTest ? v.test_accuracy === bestTest : v.train_accuracy === bestTrain;
  const img = el("img", {
    class: "cmp-plot", width: 320, height: 260, alt: v.plot_alt || t("{name}: decision boundary.", { name: nameOf(v.algorithm) }),
  });
  if (typeof v.plot === "string" && v.plot.startsWith("data:image/")) img.src = v.plot;
  const rows = [
    [N_("Mistakes (total)"), v.mistakes, String(v.mistakes)],
    [N_("Epochs run"), v.epochs, String(v.epochs)],
    [N_("Training accuracy"), v.train_accuracy, pct(v.train_accuracy)],
    [N_("Test accuracy"), v.test_accuracy ?? null, hasTest ? pct(v.test_accuracy) : t("— (no test set)")],
  ];
  if (v.votes) {
    rows.push([N_("Voting vectors w_k"), v.votes, String(v.votes)]);
    rows.push([N_("Distinct w among them"), v.votes_distinct ?? null, String(v.votes_distinct ?? "—")]);
  }
  const w = (v.weights || []).map((x, i) => `${names[i] ?? `x${i + 1}`}: ${fmt(x)}`).join(", ");
  return el("article", {
    class: "cmp-card", id, attrs: { "aria-labelledby": `${id}-h` },
    data: { algorithm: v.algorithm, status: v.status, best: String(isBest) },
  },
  el("h3", { id: `${id}-h` }, nameOf(v.algorithm) || v.algorithm,
    isBest ? el("span", { class: "cmp-badge", text: hasTest ? t("best test accuracy") : t("best training accuracy") }) : null),
  el("p", { class: "hint", text: whatOf(v.algorithm) || "" }),
  el("p", { class: "cmp-status", data: { status: v.status }, text: v.status_text || v.status }),
  v.classifier_text ? el("p", { class: "hint cmp-classifier", text: v.classifier_text }) : null,
  v.bound_text ? el("p", { class: "hint cmp-bound", text: v.bound_text }) : null,
  el("figure", { class: "fig cmp-fig" }, img,
    el("figcaption", { text: t("Decision boundary (+1 blue circles, −1 orange squares)") })),
  el("table", { class: "proof-table cmp-numbers" },
    el("tbody", {}, rows.map(([label, value, text]) => el("tr", {},
      el("th", { scope: "row", text: t(label) }),
      el("td", { class: "num", text, data: { value: JSON.stringify(value), key: label } }))))),
  el("p", { class: "cmp-weights", data: { weights: JSON.stringify(v.weights), bias: JSON.stringify(v.bias ?? null) } },
    el("span", { class: "status-label", text: t("Weights w") + " = " }), `(${w || "—"})`,
    v.bias === null || v.bias === undefined ? t(", no bias") : t(", bias b = {b}", { b: fmt(v.bias) })),
  spark(v.epoch_mistakes || [], id));
}

/** Mistakes per epoch as a small bar chart (SVG) with its numbers as the text alternative. */
function spark(series, id) {
  const n = series.length;
  const max = Math.max(1, ...series);
  const W = 300;
  const H = 60;
  const bw = W / Math.max(n, 1);
  const shown = series.length > 20 ? `${series.slice(0, 20).join(", ")}, … (${tn("{n} epoch", "{n} epochs", n)})` : series.join(", ");
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "cmp-spark");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", `${id}-spark-t`);
  svg.setAttribute("preserveAspectRatio", "none");
  const title = document.createElementNS(SVG, "title");
  title.id = `${id}-spark-t`;
  setText(title, t("Mistakes per epoch: {list}.", { list: shown || t("none") }));
  svg.append(title);
  series.forEach((m, i) => {
    const h = (m / max) * (H - 2);
    const r = document.createElementNS(SVG, "rect");
    r.setAttribute("x", String(i * bw + bw * 0.1));
    r.setAttribute("width", String(Math.max(bw * 0.8, 0.5)));
    r.setAttribute("y", String(H - h));
    r.setAttribute("height", String(Math.max(h, m > 0 ? 1 : 0)));
    svg.append(r);
  });
  const base = document.createElementNS(SVG, "line");
  base.setAttribute("x1", "0"); base.setAttribute("x2", String(W));
  base.setAttribute("y1", String(H - 0.5)); base.setAttribute("y2", String(H - 0.5));
  base.setAttribute("class", "cmp-spark-axis");
  svg.append(base);
  return el("figure", { class: "cmp-spark-fig", data: { series: JSON.stringify(series) } }, svg,
    el("figcaption", { text: t("Mistakes per epoch (most: {most}; last: {last})", { most: Math.max(0, ...series), last: series[n - 1] ?? "—" }) }));
}
