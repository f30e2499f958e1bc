// The words and numbers of one step of the step-through: the paragraph read by people and
// screen readers, the update as a table (x̃, w before, the change, w after) and the angle
// line. Pure (no DOM): stepper.js turns the result into elements, node --test checks it.
import { fmt, vectorSep, localDecimal } from "../page/format.js";
import { t, tn } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";

// A negative factor after "·" in parentheses: (+1)·(−1), not (+1)·−1.
const factor = (v) => (v < 0 ? `(${fmt(v, 4)})` : fmt(v, 4));

const vec = (v) => `(${v.map((x) => fmt(x, 4)).join(vectorSep())})`;
const sgn = (y) => (y > 0 ? "+1" : "−1");
// One decimal, as Python's angle words (texts.angle_text): one angle is never written two ways.
const deg = (a) => (a === null || a === undefined ? t("undefined (w = 0)") : `${localDecimal(a.toFixed(1))}°`);

/** How the update turned w relative to x̃, from the two angles (null: w = 0); the same rule as
 * Python's texts.angle_text, so the claim never contradicts the numbers beside it. */
export function angleTurn(y, before, after) {
  const none = (a) => a === null || a === undefined;
  const d1 = (a) => localDecimal(a.toFixed(1));
  if (none(before) && none(after)) return t("w is 0 before and after, so it has no angle to x̃");
  if (none(before)) return t("w was 0 before the update, so the angle is defined only after it: {after}°", { after: d1(after) });
  if (none(after)) return t("the update made w = 0, so w has no angle to x̃ after it");
  if (Math.abs(before - after) <= 1e-9) {
    return t("the angle stayed at {after}°: w and x̃ are collinear, so the update only changed the length of w", { after: d1(after) });
  }
  const p = { before: d1(before), after: d1(after) };
  if (y > 0) return after < before ? t("the angle to this positive example shrank from {before}° to {after}°: w turned toward it", p)
    : t("the angle to this positive example grew from {before}° to {after}°: w turned away from it", p);
  return after < before ? t("the angle to this negative example shrank from {before}° to {after}°: w turned toward it", p)
    : t("the angle to this negative example grew from {before}° to {after}°: w turned away from it", p);
}

/** The angle between u and v in degrees, or null when either is the zero vector. */
export function angle(u, v) {
  const dot = u.reduce((s, ui, i) => s + ui * v[i], 0);
  const nu = Math.hypot(...u), nv = Math.hypot(...v);
  if (!nu || !nv) return null;
  return (Math.acos(Math.max(-1, Math.min(1, dot / (nu * nv)))) * 180) / Math.PI;
}

/** The note above the controls: what a step is for this run's algorithm and trace. */
export function stepNote(r) {
  const tr = r?.trace;
  if (!tr) return "";
  const parts = [];
  const note = algorithmTraits(r.settings?.algorithm)?.step_note; // params.json: what a step is for it
  if (note) parts.push(t(note));
  if (tr.subsampled) {
    const kept = r.steps; // every family's answer counts its recorded updates
    parts.push(t("The run made {total} updates; {kept} of them, evenly spaced, are recorded, so a step may skip updates (t says which update it is).", { total: tr.total, kept }));
  }
  return parts.join(" ");
}

export const NO_UPDATE_TEXT = t("This run made no update: w stayed 0.");

/** The proof plot's text alternative for a frame. */
export function proofAlt(r) {
  return r.step === 0
    ? `${t("Before the first update (t = 0), w = 0; the plot marks where the first update lands.")} ${r.proof_alt || ""}`
    : (r.proof_alt || "");
}

/** A multiclass step's W written out, one row per class (the page's own frames carry W and
 * the class names), and the update of its two rows; null where the frame has no W. */
function rowsMath(r, names) {
  if (!Array.isArray(r.W) || !Array.isArray(r.classes)) return null;
  const cols = r.W[0].map((_, i) => names[i] ?? `x${i + 1}`);
  const eq = r.step === 0 ? [] : [`W[${r.true_class}] ← W[${r.true_class}] + η·x̃`, `W[${r.rival_class}] ← W[${r.rival_class}] − η·x̃`];
  // The two rows the update moved are marked (moved: true), not the table's last row.
  const moved = (c) => r.step > 0 && (c === r.true_class || c === r.rival_class);
  return { eq, cols, rows: r.W.map((row, k) => [`W[${r.classes[k]}]`, row, { moved: moved(r.classes[k]) }]), angle: null };
}

/**
 * One frame of the bridge ({step, t, epoch, index, x, y, w, w_before, activation, ...}) in
 * words. names: the components of w; total: the recorded updates.
 * -> {text, math: null | {eq: [strings], cols, rows: [[label, numbers]], angle: {before, after, text}}}
 */
export function describeStep(r, { names = [], total = 0 } = {}) {
  const traits = algorithmTraits(r.algorithm);
  if (traits && traits.weights !== "vector") {
    // The bridge says the step in words (texts/kernel_multiclass.py): which αᵢ grew, or which two rows of W moved.
    const zero = traits.start;
    const what = r.step === 0 ? t("before any update ({start}).", { start: t(zero) })
      : r.step_text || t("(the words of this step follow once Python has loaded)");
    const where = r.t !== undefined && r.t !== r.step ? t("Update t = {t} (step {step} of {total})", { t: r.t, step: r.step, total }) : t("Step {step} of {total}", { step: r.step, total });
    return { text: `${where}: ${what} ${r.alt || ""}`, math: rowsMath(r, names) };
  }
  const wAfter = r.w || [];
  const n = wAfter.length;
  const cols = Array.from({ length: n }, (_, i) => names[i] ?? `w${i + 1}`);
  if (r.step === 0) {
    return {
      text: `${t("Step 0 of {total}: before any update, w = {w}.", { total, w: vec(wAfter) })} ${r.alt || ""}`,
      math: null,
    };
  }
  const where = r.t !== r.step ? t("update t = {t} (step {step} of {total})", { t: r.t, step: r.step, total }) : t("update {t} of {total}", { t: r.t, total });
  const head = t("Epoch {epoch}, {where}", { epoch: r.epoch, where });
  if (r.index === null || r.index === undefined) {
    // Batch: one update per epoch, summed over that epoch's mistakes.
    const before = r.w_before || Array(n).fill(0);
    const delta = wAfter.map((v, i) => v - before[i]);
    const text = t("{head}: the batch update adds η·Σ y·x̃ over the epoch’s misclassified points: w ← {before} + {delta} = {after}. {wrong} after it.",
      { head, before: vec(before), delta: vec(delta), after: vec(wAfter), wrong: wrongText(r.n_wrong, wAfter) });
    return { text, math: { eq: [], cols, rows: [[t("w before"), before], [t("+ η·Σ y·x̃"), delta], [t("= w after"), wAfter]], angle: null } };
  }
  const x = r.x || [];
  const y = r.y;
  const eta = r.eta ?? 1;
  const exact = r.exact !== false;
  // With a subsampled trace the previous recorded w is not the w just before this update:
  // undo the update itself instead (online rule), and measure the angle from there.
  const before = exact ? r.w_before : wAfter.map((v, i) => v - eta * y * x[i]);
  const angleBefore = exact ? r.angle_before : angle(before, x);
  const a = r.activation;
  const ya = r.y_activation ?? y * a;
  const step = x.map((v) => eta * y * v);
  // The run's rule (Python's frame): the margin perceptron updates at y·a ≤ τ, correct examples too.
  const [cut, what] = r.threshold ? [`τ = ${fmt(r.threshold, 4)}`, t("an update")] : ["0", t("a mistake")];
  // Python words the turn from the exact angles (texts.angle_text); a subsampled frame's
  // "before" angle is reconstructed here, so its words are too, by the same rule.
  const turn = exact && r.angle_text ? r.angle_text : angleTurn(y, angleBefore, r.angle_after);
  // The new w leads: the point of the update is in view in the fixed box beside the plot.
  const text = t("{head}: new w = {after}, from example #{k}, x̃ = {x}, y = {y}. ", { head, after: vec(wAfter), k: r.index + 1, x: vec(x), y: sgn(y) }) +
    t("Activation a = w·x̃ = {a}, so y·a = {ya} ≤ {cut}: {what}, and w is updated. ", { a: fmt(a, 4), ya: fmt(ya, 4), cut, what }) +
    `w ← w + η·y·x̃ = ${vec(before)} + ${fmt(eta, 4)}·(${sgn(y)})·${vec(x)} = ${vec(wAfter)}. ` +
    t("Angle between w and x̃: {turn}. ", { turn }) +
    t("{wrong} now.", { wrong: wrongText(r.n_wrong, wAfter) });
  const math = {
    eq: [
      `a = w·x̃ = ${fmt(a, 4)};`,
      `y·a = (${sgn(y)})·${factor(a)} = ${fmt(ya, 4)} ≤ ${cut}: ${what};`,
      `η = ${fmt(eta, 4)}`,
    ],
    cols,
    rows: [[t("x̃ (example)"), x], [t("w before"), before], ["+ η·y·x̃", step], [t("= w after"), wAfter]],
    angle: {
      before: angleBefore ?? null,
      after: r.angle_after ?? null,
      text: t("Angle between w and x̃: {before} → {after}: {turn}.", { before: deg(angleBefore), after: deg(r.angle_after), turn }),
    },
  };
  return { text, math };
}

/** How many examples a run visited, where the visits can be stepped through (per-example
 * updates, every update recorded), else null. */
export function visitCount(r) {
  const tr = r?.trace;
  if (!tr || tr.subsampled || algorithmTraits(r.settings?.algorithm)?.update === "epoch") return null;
  return (r.epochs || 0) * (r.dataset?.n_train || 0) || null;
}

/** One visit of the step-through by example: an update (describeStep's words after
 * "Visit v of V") or a correct prediction, which leaves w as it is. */
export function describeVisit(r, { names = [], total = 0, visits = 0 } = {}) {
  const where = t("Visit {v} of {visits}", { v: r.visit + 1, visits });
  if (r.update) {
    const d = describeStep(r, { names, total });
    return { ...d, text: `${where}: ${d.text}` };
  }
  const w = r.w || [];
  const cols = Array.from({ length: w.length }, (_, i) => names[i] ?? `w${i + 1}`);
  const a = r.activation, ya = r.y_activation ?? r.y * a;
  const cut = r.threshold ? `τ = ${fmt(r.threshold, 4)}` : "0";  // the margin perceptron's rule: y·a ≤ τ updates
  const text = t("{where}, epoch {epoch}: example #{k}, x̃ = {x}, y = {y}. ", { where, epoch: r.epoch, k: r.index + 1, x: vec(r.x || []), y: sgn(r.y) }) +
    t("Activation a = w·x̃ = {a}, so y·a = {ya}. y·a > {cut}: no update, w stays {w} ", { a: fmt(a, 4), ya: fmt(ya, 4), cut, w: vec(w) }) +
    tn("({n} update so far).", "({n} updates so far).", r.step);
  return {
    text,
    math: { eq: [`a = w·x̃ = ${fmt(a, 4)};`, `y·a = (${sgn(r.y)})·${factor(a)} = ${fmt(ya, 4)} > ${cut}: ${t("no update")}`],
      cols, rows: [[t("x̃ (example)"), r.x || []], [t("w (unchanged)"), w]], angle: null },
  };
}

/** "1 of the points is misclassified", "3 of the points are misclassified". At w = 0 every
 * score is 0, which the rule (y·a ≤ 0) counts as a mistake for every point, whatever the tie's
 * prediction gets right: the words say what the next epoch will do. */
function wrongText(n, w = null) {
  if (Array.isArray(w) && w.length && w.every((v) => v === 0)) return t("At w = 0 every point scores a = 0, so every one counts as a mistake");
  if (n === 0) return t("No point is misclassified");
  return tn("{n} of the points is misclassified", "{n} of the points are misclassified", n);
}
