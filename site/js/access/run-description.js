// What a screen reader hears of a run: one short sentence per update shown, the run's end,
// the points of the boundary plot and its line, all from the run's numbers (the result, the
// frame, the points), never from a picture. Pure (no DOM): node --test checks every sentence.
import { fmt } from "../page/format.js";
import { t } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";

export const SAY_LEVELS = [
  { value: "short", label: t("A short sentence per update") },
  { value: "full", label: t("The whole step text") },
  { value: "off", label: t("Nothing") },
];
export const DEFAULT_SAY = "short";

const vec = (v) => `(${v.map((x) => fmt(x, 4)).join(", ")})`;
const wrong = (n) => (n === 1 ? "1 point wrong" : `${n} points wrong`);

/** The example's coordinates as the plot shows them (the run's points), else its number. */
function example(res, i) {
  const p = res?.points?.[i];
  return p ? `example ${vec(p.slice(0, 2))}` : `example #${i + 1}`;
}

/**
 * One frame of the step-through in a sentence (the live region's "short" level):
 * "Update 3 of 18: example (0, 0) was misclassified, w is now (1, 1, −1); 2 points wrong."
 * frame: the bridge's frame answer; total: recorded updates; visits: examples visited, when
 * stepping by visit; res: the train result (its points name the example).
 */
export function updateSentence(frame, { total = 0, visits = 0, res = null } = {}) {
  const f = frame || {};
  const nWrong = Number.isInteger(f.n_wrong) ? `; ${wrong(f.n_wrong)}` : "";
  if (!Array.isArray(f.w)) {
    // Kernel and multiclass frames: the bridge words the step (no single w).
    const what = f.step === 0 ? "before any update" : (f.step_text || "").replace(/\.$/, "");
    return `Step ${f.step} of ${total}: ${what}${nWrong}.`;
  }
  if (Number.isInteger(f.visit) && !f.update) {
    return `Visit ${f.visit + 1} of ${visits}: ${example(res, f.index)} was classified correctly, ` +
      `w stays ${vec(f.w)}${nWrong}.`;
  }
  if (f.step === 0) return `Step 0 of ${total}: before any update, w = ${vec(f.w)}${nWrong}.`;
  const where = f.t !== f.step ? `Update t = ${f.t} (step ${f.step} of ${total})` : `Update ${f.step} of ${total}`;
  const head = Number.isInteger(f.visit) ? `Visit ${f.visit + 1} of ${visits}, ${where.toLowerCase()}` : where;
  const what = f.index === null || f.index === undefined
    ? `epoch ${f.epoch}'s batch update, w is now ${vec(f.w)}`
    : `${example(res, f.index)} was misclassified, w is now ${vec(f.w)}`;
  return `${head}: ${what}${nWrong}.`;
}

/** What the live region says for a frame at a level ("short" | "full" | "off"); fullText is
 * the step-through's own paragraph. "" says nothing. */
export function spokenStep(level, frame, ctx, fullText) {
  if (level === "off") return "";
  if (level === "full") return fullText || updateSentence(frame, ctx);
  return updateSentence(frame, ctx);
}

/** The end of a run in a sentence: how it stopped (averaged and voted train on to MaxIter after
 * the mistakes stop or the weights cycle), its updates and w, the training accuracy. */
export function runSentence(res) {
  if (!res || !res.ok) return "";
  const algo = res.settings?.algorithm || "online";
  const data = res.dataset?.name ? `${res.dataset.name}, ` : "";
  const on = (e) => (res.epochs > e ? `; it trained on for all ${res.epochs} epochs` : "");
  const ce = res.converged_epoch ?? res.epochs;
  const ye = res.cycle?.epoch ?? res.epochs;
  const how = res.status === "converged"
    ? (res.epochs > ce ? `mistakes stopped in epoch ${ce}${on(ce)}` : `converged in epoch ${ce}`)
    : res.status === "cycled"
      ? (res.epochs > ye ? `the weights cycle from epoch ${ye} on, so the data is not linearly separable${on(ye)}`
        : `stopped on a cycle of the weights in epoch ${ye}: the data is not linearly separable`)
      : `stopped after ${res.epochs} epochs`;
  const which = algorithmTraits(algo)?.votes ? "the last w" : "w";
  const w = Array.isArray(res.w) ? `, ${which} = ${vec(res.w)}` : "";
  const acc = Number.isFinite(res.train_accuracy) ? `; training accuracy ${fmt(res.train_accuracy * 100, 4)} %` : "";
  return `Trained (${data}${algo}): ${how}. ${res.updates} update${res.updates === 1 ? "" : "s"}${w}${acc}.`;
}

// ------------------------------------------------------------------ the boundary plot's points

/** The line of w on the plot's two features: {a, b, c} for a·x1 + b·x2 + c = 0, or null
 * when the plot is not that line (a feature map, standardized features, not two features). */
export function plotLine(res, w) {
  if (!res || !Array.isArray(res.points) || !Array.isArray(w)) return null;
  if (res.settings?.standardize || (res.settings?.feature_map || "none") !== "none") return null;
  const bias = res.settings?.bias !== false;
  if (w.length !== (bias ? 3 : 2)) return null;
  return { a: w[0], b: w[1], c: bias ? w[2] : 0 };
}

const score = (L, p) => L.a * p[0] + L.b * p[1] + L.c;

/** A signed number with a space after the sign, for equations: "+ 2", "− 1.5". */
const term = (v, name) => `${v < 0 ? "−" : "+"} ${fmt(Math.abs(v), 4)}${name ? `·${name}` : ""}`;

/** The line in words: its equation, where it crosses the axes, which side is +1. */
export function lineSentence(res, w) {
  const L = plotLine(res, w);
  if (!L) return "";
  const [n1, n2] = (res.feature_names || ["x1", "x2"]).map((s) => String(s));
  if (L.a === 0 && L.b === 0) {
    return L.c >= 0 ? "w is 0 on both features, so there is no line: every point is predicted +1."
      : "w is 0 on both features, so there is no line: every point is predicted −1.";
  }
  const eq = `${fmt(L.a, 4)}·${n1} ${term(L.b, n2)} ${term(L.c, "")} = 0`;
  const cross = [];
  if (L.a !== 0) cross.push(`the ${n1} axis at ${n1} = ${fmt(-L.c / L.a, 4)}`);
  if (L.b !== 0) cross.push(`the ${n2} axis at ${n2} = ${fmt(-L.c / L.b, 4)}`);
  const where = L.a === 0 ? `It is horizontal and crosses ${cross[0]}.`
    : L.b === 0 ? `It is vertical and crosses ${cross[0]}.`
      : L.c === 0 ? "It passes through the origin." : `It crosses ${cross.join(" and ")}.`;
  return `The line: ${eq}. ${where} Points where the left side is ≥ 0 are predicted +1.`;
}

/** One point of the plot: its coordinates, label, side of the line and signed distance to it
 * (its margin: positive on its own class's side). i: the point's row; of: how many. */
export function pointSentence(res, w, i) {
  const p = res.points[i];
  const L = plotLine(res, w);
  const label = p[2] > 0 ? "+1" : "−1";
  const shown = res.labels?.[p[2] > 0 ? "+1" : "-1"];
  const named = shown !== undefined && shown !== label ? `${label} (${shown})` : label;
  const head = `Point ${i + 1} of ${res.points.length}: ${vec(p.slice(0, 2))}, label ${named}`;
  if (!L) return `${head}.`;
  const s = score(L, p);
  const side = s >= 0 ? "+1" : "−1";
  const norm = Math.hypot(L.a, L.b);
  const right = (s >= 0 ? 1 : -1) === (p[2] > 0 ? 1 : -1);
  const margin = norm ? `, margin ${fmt((p[2] * s) / norm, 3)} (distance to the line ${fmt(Math.abs(s) / norm, 3)})` : "";
  return `${head}: on the ${side} side, ${right ? "classified correctly" : "misclassified"}${margin}.`;
}

/** The order the arrow keys visit the points in: by x1, then x2 (left to right). */
export function pointOrder(points) {
  return points.map((_, i) => i).sort((i, j) => points[i][0] - points[j][0] || points[i][1] - points[j][1] || i - j);
}

/** The nearest point above (dir +1) or below (dir −1) point i, or i itself when none is. */
export function pointAbove(points, i, dir) {
  let best = i, bestD = Infinity;
  const [x, y] = points[i];
  points.forEach((p, j) => {
    if ((p[1] - y) * dir <= 0) return;
    const d = Math.hypot(p[0] - x, p[1] - y);
    if (d < bestD) { bestD = d; best = j; }
  });
  return best;
}

/** How many points the line puts on the wrong side (a score ≥ 0 predicts +1), or null. */
export function wrongCount(res, w) {
  const L = plotLine(res, w);
  if (!L) return null;
  return res.points.filter((p) => (score(L, p) >= 0 ? 1 : -1) !== (p[2] > 0 ? 1 : -1)).length;
}

/** The boundary plot in two sentences, for the w it shows: at which update, the line, the
 * points on the wrong side. step: the update shown, or null for the run's answer. */
export function boundarySummary(res, w, step = null, total = 0) {
  const when = step === null ? "The run's answer" : step === 0 ? `Before any update (step 0 of ${total})` : `After update ${step} of ${total}`;
  const line = lineSentence(res, w);
  if (!line) return "";
  const n = wrongCount(res, w);
  return `${when}. ${line} ${n} of ${res.points.length} points ${n === 1 ? "is" : "are"} on the wrong side.`;
}

/** The mistakes plot in a sentence: the mistakes of each epoch (the first and last 8 of a long
 * run); upto: the epochs the plot shows while a run plays (null: all of them). */
export function mistakesSummary(res, upto = null) {
  const all = res?.epoch_mistakes;
  if (!Array.isArray(all) || !all.length) return "";
  const partial = Number.isInteger(upto) && upto < all.length;
  if (partial && upto <= 0) return `Mistakes per epoch: no epoch finished yet (the run has ${all.length}).`;
  const em = partial ? all.slice(0, upto) : all;
  const list = em.length <= 16 ? em.join(", ") : `${em.slice(0, 8).join(", ")}, …, ${em.slice(-8).join(", ")}`;
  const sum = em.reduce((a, b) => a + b, 0);
  if (em.length === 1) return partial ? `Mistakes in epoch 1 of ${all.length}: ${list} so far.` : `Mistakes in epoch 1, the only epoch: ${list}.`;
  return partial ? `Mistakes per epoch so far, epochs 1 to ${em.length} of ${all.length}: ${list}; ${sum} so far.`
    : `Mistakes per epoch, epochs 1 to ${em.length}: ${list}; ${sum} in total.`;
}

/** The accuracy plot in a sentence: first, best and last epoch. */
export function accuracySummary(res) {
  const acc = res?.epoch_accuracy;
  if (!Array.isArray(acc) || !acc.length) return "";
  const p = (a) => `${fmt(a * 100, 4)} %`;
  const best = Math.max(...acc);
  return `Training accuracy per epoch: ${p(acc[0])} after epoch 1, ${p(acc.at(-1))} after epoch ${acc.length}` +
    `${best > acc.at(-1) ? `; best ${p(best)} in epoch ${acc.indexOf(best) + 1}` : ""}.`;
}
