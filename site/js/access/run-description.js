// What a screen reader hears of a run: one short sentence per update shown, the run's end,
// the points of the boundary plot and its line, all from the run's numbers (the result, the
// frame, the points), never from a picture. Pure (no DOM): node --test checks every sentence.
import { fmt, vectorSep } from "../page/format.js";
import { t, tn } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";

export const SAY_LEVELS = [
  { value: "short", label: t("A short sentence per update") },
  { value: "full", label: t("The whole step text") },
  { value: "off", label: t("Nothing") },
];
export const DEFAULT_SAY = "short";

const vec = (v) => `(${v.map((x) => fmt(x, 4)).join(vectorSep())})`;
const wrong = (n) => tn("{n} point wrong", "{n} points wrong", n);

/** The example's coordinates as the plot shows them (the run's points), else its number. */
function example(res, i) {
  const p = res?.points?.[i];
  return p ? t("example {point}", { point: vec(p.slice(0, 2)) }) : t("example #{number}", { number: i + 1 });
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
    const what = f.step === 0 ? t("before any update") : (f.step_text || "").replace(/\.$/, "");
    return `${t("Step {step} of {total}: {what}", { step: f.step, total, what })}${nWrong}.`;
  }
  if (Number.isInteger(f.visit) && !f.update) {
    return `${t("Visit {visit} of {visits}: {example} was classified correctly, w stays {w}",
      { visit: f.visit + 1, visits, example: example(res, f.index), w: vec(f.w) })}${nWrong}.`;
  }
  if (f.step === 0) return `${t("Step 0 of {total}: before any update, w = {w}", { total, w: vec(f.w) })}${nWrong}.`;
  const at = { t: f.t, step: f.step, total, visit: (f.visit ?? 0) + 1, visits };
  const head = Number.isInteger(f.visit)
    ? (f.t !== f.step ? t("Visit {visit} of {visits}, update t = {t} (step {step} of {total})", at) : t("Visit {visit} of {visits}, update {step} of {total}", at))
    : (f.t !== f.step ? t("Update t = {t} (step {step} of {total})", at) : t("Update {step} of {total}", at));
  const what = f.index === null || f.index === undefined
    ? t("epoch {epoch}'s batch update, w is now {w}", { epoch: f.epoch, w: vec(f.w) })
    : t("{example} was misclassified, w is now {w}", { example: example(res, f.index), w: vec(f.w) });
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
  const algorithm = algorithmTraits(algo)?.label ? t(algorithmTraits(algo).label) : algo;
  const on = (e) => (res.epochs > e ? t("; it trained on for all {epochs} epochs", { epochs: res.epochs }) : "");
  const ce = res.converged_epoch ?? res.epochs;
  const ye = res.cycle?.epoch ?? res.epochs;
  const how = res.status === "converged"
    ? (res.epochs > ce ? t("mistakes stopped in epoch {epoch}", { epoch: ce }) + on(ce) : t("converged in epoch {epoch}", { epoch: ce }))
    : res.status === "cycled"
      ? (res.epochs > ye ? t("the weights cycle from epoch {epoch} on, so the data is not linearly separable", { epoch: ye }) + on(ye)
        : t("stopped on a cycle of the weights in epoch {epoch}: the data is not linearly separable", { epoch: ye }))
      : t("stopped after {epochs} epochs", { epochs: res.epochs });
  const head = res.dataset?.name ? t("Trained on {data} with {algorithm}: {how}.", { data: res.dataset.name, algorithm, how })
    : t("Trained with {algorithm}: {how}.", { algorithm, how });
  const w = !Array.isArray(res.w) ? "" : `, ${algorithmTraits(algo)?.votes ? t("the last w = {w}", { w: vec(res.w) }) : t("w = {w}", { w: vec(res.w) })}`;
  const acc = Number.isFinite(res.train_accuracy) ? `; ${t("training accuracy {percent} %", { percent: fmt(res.train_accuracy * 100, 4) })}` : "";
  return `${head} ${tn("{n} update", "{n} updates", res.updates)}${w}${acc}.`;
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
    return L.c >= 0 ? t("w is 0 on both features, so there is no line: every point is predicted +1.")
      : t("w is 0 on both features, so there is no line: every point is predicted −1.");
  }
  const eq = `${fmt(L.a, 4)}·${n1} ${term(L.b, n2)} ${term(L.c, "")} = 0`;
  const cross = [];
  if (L.a !== 0) cross.push(t("the {name} axis at {name} = {value}", { name: n1, value: fmt(-L.c / L.a, 4) }));
  if (L.b !== 0) cross.push(t("the {name} axis at {name} = {value}", { name: n2, value: fmt(-L.c / L.b, 4) }));
  const where = L.a === 0 ? t("It is horizontal and crosses {crossing}.", { crossing: cross[0] })
    : L.b === 0 ? t("It is vertical and crosses {crossing}.", { crossing: cross[0] })
      : L.c === 0 ? t("It passes through the origin.") : t("It crosses {first} and {second}.", { first: cross[0], second: cross[1] });
  return t("The line: {equation}. {where} Points where the left side is ≥ 0 are predicted +1.", { equation: eq, where });
}

/** One point of the plot: its coordinates, label, side of the line and signed distance to it
 * (its margin: positive on its own class's side). i: the point's row; of: how many. */
export function pointSentence(res, w, i) {
  const p = res.points[i];
  const L = plotLine(res, w);
  const label = p[2] > 0 ? "+1" : "−1";
  const shown = res.labels?.[p[2] > 0 ? "+1" : "-1"];
  const named = shown !== undefined && shown !== label ? `${label} (${shown})` : label;
  const head = t("Point {number} of {count}: {point}, label {label}", { number: i + 1, count: res.points.length, point: vec(p.slice(0, 2)), label: named });
  if (!L) return `${head}.`;
  const s = score(L, p);
  const side = s >= 0 ? "+1" : "−1";
  const norm = Math.hypot(L.a, L.b);
  const right = (s >= 0 ? 1 : -1) === (p[2] > 0 ? 1 : -1);
  const margin = norm ? t(", margin {margin} (distance to the line {distance})", { margin: fmt((p[2] * s) / norm, 3), distance: fmt(Math.abs(s) / norm, 3) }) : "";
  const where = right ? t("on the {side} side, classified correctly", { side }) : t("on the {side} side, misclassified", { side });
  return `${head}: ${where}${margin}.`;
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
  const when = step === null ? t("The run's answer") : step === 0 ? t("Before any update (step 0 of {total})", { total }) : t("After update {step} of {total}", { step, total });
  const line = lineSentence(res, w);
  if (!line) return "";
  const n = wrongCount(res, w);
  return `${when}. ${line} ${tn("{n} of {count} points is on the wrong side.", "{n} of {count} points are on the wrong side.", n, { count: res.points.length })}`;
}

/** The mistakes plot in a sentence: the mistakes of each epoch (the first and last 8 of a long
 * run); upto: the epochs the plot shows while a run plays (null: all of them). */
export function mistakesSummary(res, upto = null) {
  const all = res?.epoch_mistakes;
  if (!Array.isArray(all) || !all.length) return "";
  const partial = Number.isInteger(upto) && upto < all.length;
  if (partial && upto <= 0) return t("Mistakes per epoch: no epoch finished yet (the run has {epochs}).", { epochs: all.length });
  const em = partial ? all.slice(0, upto) : all;
  const list = em.length <= 16 ? em.join(", ") : `${em.slice(0, 8).join(", ")}, …, ${em.slice(-8).join(", ")}`;
  const sum = em.reduce((a, b) => a + b, 0);
  if (em.length === 1) return partial ? t("Mistakes in epoch 1 of {epochs}: {list} so far.", { epochs: all.length, list }) : t("Mistakes in epoch 1, the only epoch: {list}.", { list });
  return partial ? t("Mistakes per epoch so far, epochs 1 to {last} of {epochs}: {list}; {sum} so far.", { last: em.length, epochs: all.length, list, sum })
    : t("Mistakes per epoch, epochs 1 to {last}: {list}; {sum} in total.", { last: em.length, list, sum });
}

/** The accuracy plot in a sentence: first, best and last epoch. */
export function accuracySummary(res) {
  const acc = res?.epoch_accuracy;
  if (!Array.isArray(acc) || !acc.length) return "";
  const p = (a) => `${fmt(a * 100, 4)} %`;
  const best = Math.max(...acc);
  const bestPart = best > acc.at(-1) ? t("; best {best} in epoch {epoch}", { best: p(best), epoch: acc.indexOf(best) + 1 }) : "";
  return `${t("Training accuracy per epoch: {first} after epoch 1, {last} after epoch {epochs}", { first: p(acc[0]), last: p(acc.at(-1)), epochs: acc.length })}${bestPart}.`;
}
