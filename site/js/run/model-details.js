// The kernel and multiclass results: support vectors and α (kernel); classes, the weights as one
// row per class, the confusion matrix and per-class accuracy (multiclass); their extra plots.
// Every sentence comes from the bridge (texts/kernel_multiclass.py); here only numbers are laid out.
import { byId, el, clear, fmt, pct, show, setText } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";

const EXTRA_PLOTS = {
  confusion: t("Confusion matrix on the training data (row: true class, column: predicted)"),
  class_weights: t("Each class's weights as an 8×8 image"),
  gallery: t("Current mistakes on the training data: true → predicted"),
};

/** A run whose model is not one weight vector (params.json: weights counts or rows) shows it here. */
export function hasModelDetails(res) {
  const weights = algorithmTraits(res?.algorithm)?.weights;
  return weights === "counts" || weights === "rows";
}

export function renderModelDetails(res) {
  const box = byId("model-details");
  const on = hasModelDetails(res);
  const counts = algorithmTraits(res?.algorithm)?.weights === "counts"; // α per example; else one row per class
  show(box, on);
  show(byId("weights").closest("section"), !on); // their weights are α (kernel) or one row per class: below
  // Novikoff's bound is about two classes: the multiclass run has none to show.
  show(byId("proof-h").closest("section"), algorithmTraits(res?.algorithm)?.bound !== false);
  const cap = byId("plot-boundary").closest("figure").querySelector("figcaption");
  cap.dataset.binary ??= cap.textContent;
  cap.textContent = !on ? cap.dataset.binary : counts
    ? t("Decision regions of f(x) = η·Σ αᵢ yᵢ k̃(xᵢ, x), k̃ = the kernel (+ 1 with the bias) (+1 blue, −1 orange); ringed in green: the support vectors, the training examples that caused an update")
    : t("Decision regions: where each class scores highest");
  if (!on) return;
  box.dataset.algorithm = res.algorithm;
  const body = clear(byId("model-details-body"));
  body.append(el("p", { class: "classifier-text", text: res.classifier_text || "" }));
  if (counts) {
    setText(byId("model-details-h"), t("Kernel perceptron: support vectors"));
    box.dataset.support = JSON.stringify(res.support);
    box.dataset.alpha = JSON.stringify(res.alpha);
    const k = res.kernel || {};
    const kname = k.kernel === "poly" ? t("polynomial, degree {degree}, coef0 {coef0}", { degree: k.degree, coef0: fmt(k.coef0) })
      : k.kernel === "rbf" ? `RBF, γ = ${fmt(k.gamma)}` : t("linear");
    body.append(
      el("p", { text: t("Kernel: {kernel}. Support vectors (the examples that caused an update, αᵢ > 0): {n} of {total} training examples.",
        { kernel: kname, n: res.support.length, total: res.alpha.length }) }),
      table([t("Example i"), "αᵢ", "yᵢ·η·αᵢ"], res.support.slice(0, 50).map((i, j) => [String(i + 1), String(res.alpha[i]), fmt(res.dual_coef[j], 4)]),
        t("The support vectors and their counts αᵢ")));
    if (res.support.length > 50) body.append(el("p", { class: "hint", text: t("The first 50 of {n} are listed; the model download has all.", { n: res.support.length }) }));
  } else {
    setText(byId("model-details-h"), t("Multiclass perceptron: {n} classes", { n: res.classes.length }));
    box.dataset.classes = JSON.stringify(res.classes);
    box.dataset.confusion = JSON.stringify(res.confusion);
    box.dataset.perClass = JSON.stringify(res.per_class_accuracy);
    const c = res.classes;
    body.append(el("p", { text: t("Classes in order: {list}.", { list: c.join(", ") }) }), ...confusionTable(c, res.confusion),
      table([t("Class"), t("Accuracy")], c.map((name, i) => [String(name), pct(res.per_class_accuracy[i])]),
        t("Training accuracy per class"), "per-class-table"));
    const names = res.w_names || [];
    if (names.length <= 12) {
      body.append(table([t("Class"), ...names], res.weights.map((row, i) => [String(c[i]), ...row.map((v) => fmt(v, 4))]),
        t("The weights: one row per class (bias last)"), "class-weights-table"));
    }
  }
  const figs = clear(byId("model-details-plots"));
  for (const [kind, caption] of Object.entries(EXTRA_PLOTS)) {
    const src = res.plots?.[kind];
    if (typeof src !== "string" || !src.startsWith("data:image/")) continue;
    figs.append(el("figure", { class: "fig" },
      el("img", { attrs: { id: `plot-${kind}`, src, alt: res.plot_alt?.[kind] || caption, width: "640", height: "480" } }),
      el("figcaption", { text: caption })));
  }
}

// A k×k matrix is a table up to MATRIX_MAX classes; beyond, its k² cells (10,000 for 100
// classes) took the page's main thread for half a second to build and lay out, and could not be
// read as a table anyway: the picture shows the matrix, a short table its largest mistakes.
const MATRIX_MAX = 20;
const TOP_MISTAKES = 20;

function confusionTable(c, C) {
  if (c.length <= MATRIX_MAX) {
    return [table([t("True \\ predicted"), ...c.map(String)], C.map((row, i) => [String(c[i]), ...row.map(String)]),
      t("Confusion matrix on the training data: rows are the true classes, columns the predicted ones"), "confusion-table")];
  }
  const cells = [];
  C.forEach((row, i) => row.forEach((n, j) => { if (i !== j && n > 0) cells.push([n, i, j]); }));
  cells.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const top = cells.slice(0, TOP_MISTAKES);
  const args = { classes: c.length, top: top.length, kinds: cells.length };
  const note = el("p", { class: "hint", text: !cells.length
    ? t("The confusion matrix of {classes} classes is shown as a picture, not as a table; no training point is predicted as another class.", args)
    : top.length < cells.length
      ? t("The confusion matrix of {classes} classes is shown as a picture, not as a table; the {top} most frequent of its {kinds} kinds of mistake (true class predicted as another) are listed.", args)
      : t("The confusion matrix of {classes} classes is shown as a picture, not as a table; its {kinds} kinds of mistake (true class predicted as another) are listed.", args) });
  if (!top.length) return [note];
  return [note, table([t("True class"), t("Predicted"), t("Training points")], top.map(([n, i, j]) => [String(c[i]), String(c[j]), String(n)]),
    t("The most frequent mistakes on the training data: true class, predicted class, how many points"), "confusion-top-table")];
}

function table(cols, rows, caption, id) {
  return el("div", { class: "table-wrap" },
    el("table", { class: "proof-table", attrs: id ? { id } : {} },
      el("caption", { class: "visually-hidden", text: caption }),
      el("thead", {}, el("tr", {}, cols.map((c) => el("th", { scope: "col", text: c })))),
      el("tbody", {}, rows.map(([head, ...cells]) =>
        el("tr", {}, el("th", { scope: "row", text: head }), cells.map((x) => el("td", { class: "num", text: x })))))));
}
