// The numbers of a training result: status, weights and bias, R, γ, bound vs mistakes,
// label mapping, accuracies. Full-precision values go into data-* attributes for tests.
import { byId, el, clear, fmt, pct, show, setText } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";
import { renderPlots, captionMain } from "../plot/plots.js";
import { showStatus } from "./status-line.js";
import { hasModelDetails, renderModelDetails } from "./model-details.js";
import { page } from "../state/page-state.js";
import { setFieldNote } from "../page/fields.js";


/** Number into a cell: readable text, exact value (JSON, i.e. shortest round-trip) in data-value. */
function num(id, value, text) {
  const node = byId(id);
  node.textContent = text ?? fmt(value);
  node.dataset.value = JSON.stringify(value ?? null);
  return node;
}

const COMPUTING = t("computing…");

export function labelMapping(labels, classes = null) {
  // The multiclass perceptron has no −1/+1: one weight vector per class.
  if (!labels && Array.isArray(classes)) {
    const list = classes.length > 12 ? `${classes.slice(0, 12).join(", ")}, …` : classes.join(", ");
    return t("{count} classes ({list}), one weight vector each", { count: classes.length, list });
  }
  if (!labels) return "—";
  const neg = String(labels["-1"]), pos = String(labels["+1"] ?? labels["1"]);
  // Data labelled −1/+1 already: "−1 = -1, +1 = +1" said nothing.
  if (/^[-−]1(\.0*)?$/.test(neg) && /^\+?1(\.0*)?$/.test(pos)) return t("−1 and +1, as in the data");
  return `−1 = ${neg}, +1 = ${pos}`;
}

/** What standardizing did in this run: Python's notice (constant columns), or the plain fact. */
function standardizeNote(res) {
  const st = res.standardization;
  if (!st) return "";
  return st.notice || t("This run standardized all {n} features with the training split's mean and standard deviation.", { n: st.mean.length });
}

/** The result panel, the main plot's caption and the standardize field's note follow the run on screen (page state `result`). */
export function initResults() {
  page.on(["result"], ({ result }) => {
    renderResult(result.res, result.settings);
    captionMain(result.res, result.settings);
    setFieldNote("standardize", standardizeNote(result.res));
  });
}

export function renderResult(res, settings = {}) {
  show(byId("results-empty"), false);
  show(byId("results-body"), true);
  page.set({ resultShown: true }); // first-picture.js: the preview gives way
  show(byId("stale-note"), false);
  show(byId("to-results"), true);

  const status = byId("status");
  showStatus(res.status_text || res.status || "");
  status.dataset.status = res.status || "";

  // Weights with feature names.
  const weights = hasModelDetails(res) ? [] : (res.weights || []);
  // w_names covers the mapped features (poly2) and ends with "bias"; feature_names are the raw x.
  const names = Array.isArray(res.w_names) && res.w_names.length >= weights.length
    ? res.w_names.slice(0, weights.length) : (res.feature_names || []);
  const table = byId("weights");
  table.dataset.values = JSON.stringify(weights);
  table.dataset.names = JSON.stringify(names);
  const body = table.tBodies[0];
  clear(body);
  weights.forEach((w, i) => {
    body.append(el("tr", {},
      el("th", { scope: "row", text: names[i] ?? `x${i + 1}` }),
      el("td", { class: "num", text: fmt(w, 6), data: { value: JSON.stringify(w) } })));
  });
  // The checkbox setting owns id "bias"; the learned bias is #bias-value (also #weights[data-bias]).
  table.dataset.bias = JSON.stringify(res.bias ?? null);
  num("bias-value", res.bias ?? null, res.bias === null || res.bias === undefined ? t("none (bias is off)") : fmt(res.bias, 6));

  // Which classifier the weights, accuracies and plot belong to (texts.py says it from the numbers).
  say(note("classifier-note", byId("bias-value").closest("p")), res.classifier_text);

  renderTheory(res);

  // Labels and accuracy.
  const labels = byId("labels");
  labels.textContent = labelMapping(res.labels, res.classes);
  labels.dataset.value = JSON.stringify(res.labels ?? null);
  num("train-accuracy", res.train_accuracy ?? null, pct(res.train_accuracy));
  num("test-accuracy", res.test_accuracy ?? null,
    res.test_accuracy === null || res.test_accuracy === undefined ? t("— (no test set)") : pct(res.test_accuracy));
  num("epochs-run", res.epochs ?? null, String(res.epochs ?? "—"));
  num("updates", res.updates ?? null, String(res.updates ?? "—"));

  renderPlots(res.plots, res.plot_alt);
  if (res.proof_text) byId("proof-missing").textContent = res.proof_text; // why there is no proof plot
  byId("results").dataset.algorithm = algorithmTraits(settings.algorithm) ? settings.algorithm : "";
  renderModelDetails(res);
}

/** R, γ, (R/γ)² against the real mistakes and every sentence that depends on them; again when
 * the theory request answers (run/theory.js). While it is pending the margin's cells say so. */
export function renderTheory(res) {
  showStatus(res.status_text || res.status || "");
  // The proof: R, γ, (R/γ)² against the real mistakes. Every sentence comes from texts.py.
  const separable = res.separable;
  const hasBound = separable === true && res.bound !== null && res.bound !== undefined;
  const pending = res.theory_pending === true; // the page's theory request is on its way (run/theory.js)
  const sepNote = byId("separable-note");
  sepNote.textContent = res.separable_text || "";
  sepNote.dataset.separable = String(separable ?? "unknown");
  sepNote.dataset.theory = pending ? "pending" : "done";
  const extra = byId("theory-note");
  extra.textContent = separable === true || separable === false ? (res.theory_note || "") : "";
  show(extra, !!extra.textContent);
  num("R", res.R ?? null);
  // A model of counts on the examples (the dual form, params.json weights "counts") lives in its
  // kernel's feature space, and so does its R: R² = max k̃(x, x), not max ‖x̃‖².
  byId("R").closest("tr").querySelector("th").textContent = algorithmTraits(res.settings?.algorithm)?.weights === "counts"
    ? t("Radius R (max ‖φ̃(x)‖, feature space)") : t("Radius R (max ‖x̃‖)");
  const hasGamma = typeof res.gamma === "number";
  num("gamma", hasGamma ? res.gamma : null, hasGamma ? fmt(res.gamma) : pending ? COMPUTING
    : separable === false ? t("— (no margin)") : t("— (not computed)"));
  num("bound", hasBound ? res.bound : null, hasBound ? fmt(res.bound) : pending ? COMPUTING : t("— (no bound)"));
  // The run's rule names its bound and what M counts (the margin perceptron: updates, (R² + 2τ/η)/γ²).
  const boundName = res.bound_name || "(R/γ)²", counted = res.counts_updates ? t("updates") : t("mistakes");
  setText(byId("bound").closest("tr").querySelector("th"), t("Bound {name}", { name: boundName }));
  byId("mistakes").closest("tr").querySelector("th").textContent = res.counts_updates ? t("Updates M") : t("Mistakes M");
  byId("now-bound").previousElementSibling.textContent = boundName;
  byId("now-mistakes").previousElementSibling.textContent = counted;
  byId("gamma").closest("table").setAttribute("aria-busy", String(pending));
  num("mistakes", res.mistakes ?? null, String(res.mistakes ?? "—"));
  const mw = res.margin_of_w;
  num("margin-w", mw ?? null, mw === null || mw === undefined ? "—" : fmt(mw));
  show(byId("margin-w").closest("tr"), mw !== null && mw !== undefined);
  const verdict = byId("bound-verdict");
  verdict.textContent = res.bound_text || ""; // empty: the note above already says why there is no bound
  if (hasBound) verdict.dataset.holds = String(res.mistakes <= res.bound);
  else delete verdict.dataset.holds;
  say(note("split-note", byId("test-accuracy").closest("table")), res.split_text);
  // Why there is no proof plot; a primal run's completed theory with a proof plot says nothing.
  if (res.proof_text || res.theory_pending === false) byId("proof-missing").textContent = res.proof_text || "";
  renderNow(res, hasBound, pending);
}

/** The few numbers beside the plot: epochs, mistakes, R, γ and the bound (R/γ)². */
function renderNow(res, hasBound, pending) {
  num("now-epoch", res.epochs ?? null, String(res.epochs ?? "—"));
  num("now-mistakes", res.mistakes ?? null, String(res.mistakes ?? "—"));
  // R keeps its whole digits (4975, not 4970: the Numbers tab says 4975).
  const whole = (x) => (Math.abs(x) >= 1 && Math.abs(x) < 1e6 ? Math.max(3, Math.floor(Math.log10(Math.abs(x))) + 1) : 3);
  num("now-R", res.R ?? null, typeof res.R === "number" ? fmt(res.R, whole(res.R)) : "—");
  const wait = pending ? "…" : "—";
  num("now-gamma", typeof res.gamma === "number" ? res.gamma : null, typeof res.gamma === "number" ? fmt(res.gamma, 3) : wait);
  num("now-bound", hasBound ? res.bound : null, hasBound ? fmt(res.bound, 3) : wait);
}

/** The note paragraph `id` right after `anchor`, made on first use (class hint). */
function note(id, anchor) {
  let p = document.getElementById(id);
  if (!p) {
    p = el("p", { class: "hint", attrs: { id } });
    anchor.after(p);
  }
  return p;
}

function say(node, text) {
  node.textContent = text || "";
  show(node, !!text);
}

const STALE = t("Data or settings changed since this result: press Train to update it.");
const EARLIER = t("This result is from an earlier run: the last one stopped without a result. Press Train to try again.");

/** Data or settings changed after the shown result. */
export function markStale() {
  if (byId("results-body").hidden) return;
  byId("stale-note").textContent = STALE;
  show(byId("stale-note"), true);
}

/** A run ended without a result (out of memory, a crash): the result on screen is an earlier
 * run's, whatever the controls say now. */
export function markEarlier() {
  if (byId("results-body").hidden) return;
  byId("stale-note").textContent = EARLIER;
  show(byId("stale-note"), true);
}
