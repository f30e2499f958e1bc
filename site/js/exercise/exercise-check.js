// Predict-the-update exercise, the pure part (no DOM, so node can test it): reading the
// student's typed numbers, checking an answer against one visit of the engine's trace
// (bridge "visits"), the worked arithmetic, score and streak, and the answers in a link.
//
// A visit is {t, epoch, index, x (x̃), y, a, ya, mistake, w_before, w_after} from Python; the
// kernel perceptron's visits carry counts instead of w: {…, a = f(x), alpha_before, alpha_after,
// terms: [[j, α_j, y_j, k̃(x_j, x)], …], terms_more}. An answer is {mistake: true|false,
// w: [numbers] | null} (w only when the student said "mistake": the new w, or for the kernel
// perceptron [the new α_i]). The engine's trace is the truth: nothing is recomputed here to decide.

import { readNumber } from "../state/number.js";
import { algorithmTraits } from "../state/state.js";
import { t, tn } from "../i18n/i18n.js";

/** Most answers a link carries (a link is input from a stranger: bounded). */
export const MAX_ANSWERS = 200;
const MAX_ANSWERS_CHARS = 8000;
// A number inside an exercise link, as encodeAnswers writes it (machine-written: decimal point only).
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A typed number -> {value} | {error}: the one number reader (number.js). Accepts a decimal
 * comma (1,5), the minus sign −, spaces around; not thousands separators, fractions or expressions.
 */
export function parseNumber(text) {
  return readNumber(text);
}

/** Is the typed v the engine's value u? Exact, or up to the last digits a person would type. */
export function sameNumber(v, u) {
  return v === u || Math.abs(v - u) <= 1e-9 * Math.max(1, Math.abs(u));
}

/** Is this a visit of the kernel perceptron (counts α instead of w)? */
export function isKernel(visit) {
  return typeof visit?.alpha_after === "number";
}

/** What a mistake's answer must type: the new w, or (kernel) [the new α_i]. */
export function expected(visit) {
  return isKernel(visit) ? [visit.alpha_after] : visit.w_after;
}

/** How many numbers an answer holds: the length of w, 1 for the kernel perceptron. */
export function answerWidth(res) {
  if (algorithmTraits(res?.algorithm)?.weights === "counts") return 1;
  return res?.visits?.[0]?.w_before?.length ?? 0;
}

/** Check one answer against its visit -> {right, mistakeRight, wRight (null if not asked)}. */
export function checkAnswer(visit, answer) {
  const mistakeRight = answer.mistake === visit.mistake;
  let wRight = null;
  if (visit.mistake && answer.mistake) {
    const w = Array.isArray(answer.w) ? answer.w : [];
    const want = expected(visit);
    wRight = w.length === want.length && w.every((v, i) => sameNumber(v, want[i]));
  }
  return { right: mistakeRight && wRight !== false, mistakeRight, wRight };
}

/** Score, current streak and best streak of a list of results ({right}). */
export function tally(results) {
  let score = 0, streak = 0, best = 0;
  for (const r of results) {
    if (r.right) { score++; streak++; best = Math.max(best, streak); } else streak = 0;
  }
  return { score, answered: results.length, streak, best };
}

/** Replay answers against the visits (in order) -> results; answers beyond the visits are dropped. */
export function replay(visits, answers) {
  return answers.slice(0, visits.length).map((a, i) => checkAnswer(visits[i], a));
}

// ------------------------------------------------------------------ the arithmetic

/** A number for the worked arithmetic, to 12 significant digits, "−" for minus: the engine's η·w
 * (0.1·3 = 0.30000000000000004 in binary) reads as the decimal sum a student writes (0.3);
 * answers are checked against the engine's own numbers with a tolerance (checkAnswer). */
export function num(x) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "—";
  const r = Number(x.toPrecision(12));
  const s = r === 0 ? "0" : String(r);
  return s.replace(/^-/, "−");
}

/** w₁·x₁ + w₂·x₂ + b = 0 with the signs where they belong ("− 4", never "+ −4"). */
export function lineText([w1, w2, b]) {
  const term = (v, x) => `${v < 0 ? "− " : "+ "}${num(Math.abs(v))}${x}`;
  return `${num(w1)}·x₁ ${term(w2, "·x₂")} ${term(b, "")} = 0`;
}

function paren(x) {
  return x < 0 ? `(${num(x)})` : num(x);
}

export function vec(v) {
  return `(${v.map(num).join(", ")})`;
}

/** 1 -> "₁" (the example numbers of the kernel sums). */
export function sub(n) {
  return String(n).replace(/\d/g, (d) => "₀₁₂₃₄₅₆₇₈₉"[d]);
}

/**
 * The kernel perceptron's arithmetic: f(x_i) = η·Σ α_j y_j k̃(x_j, x_i) with the numbers of
 * every example j with α_j > 0 (those beyond the visit's terms are counted, not shown), y·f,
 * and (mistake) the count α_i + 1.
 */
function workedKernel(visit, eta, kernelText) {
  const i = sub(visit.index + 1);
  const lines = [];
  if (kernelText) lines.push(t("k̃(x, x′) = {kernel}; f(x{i}) = η·Σⱼ αⱼ·yⱼ·k̃(xⱼ, x{i}) over the examples j with αⱼ > 0.", { kernel: kernelText, i }));
  if (!visit.terms.length) {
    lines.push(t("Every α is still 0, so f(x{i}) = 0.", { i }));
  } else {
    const parts = visit.terms.map(([, a, y, k]) => `${num(a)}·${paren(y)}·${paren(k)}`);
    if (visit.terms_more > 0) parts.push(`… (${tn("{n} more term", "{n} more terms", visit.terms_more)})`);
    const js = visit.terms.map(([j]) => j + 1).join(", ");
    const sum = eta === 1 ? parts.join(" + ") : `${num(eta)}·[${parts.join(" + ")}]`;
    lines.push(`f(x${i}) = ${sum} = ${num(visit.a)} (j = ${js}${visit.terms_more > 0 ? ", …" : ""})`);
  }
  const yf = `y·f(x${i}) = ${paren(visit.y)}·${paren(visit.a)} = ${num(visit.ya)}`;
  if (!visit.mistake) lines.push(t("{yf} > 0: no mistake, so α{i} stays {value}.", { yf, i, value: num(visit.alpha_before) }));
  else lines.push(t("{yf} ≤ 0: a mistake, so α{i} ← α{i} + 1 = {before} + 1 = {after}.", { yf, i, before: num(visit.alpha_before), after: num(visit.alpha_after) }));
  return lines;
}

/** The lines of arithmetic for one visit: a = w·x̃, y·a, and (mistake) the update. */
export function worked(visit, eta, kernelText = "") {
  if (isKernel(visit)) return workedKernel(visit, eta, kernelText);
  const { w_before: w, x, y } = visit;
  const terms = w.map((wi, i) => `${paren(wi)}·${paren(x[i])}`).join(" + ");
  const lines = [`a = w·x̃ = ${terms} = ${num(visit.a)}`];
  const ya = `y·a = ${paren(y)}·${paren(visit.a)} = ${num(visit.ya)}`;
  // The rule's threshold (Python's visits: 0, or the margin perceptron's τ, which updates correct examples too).
  const [cut, what] = visit.threshold ? [`τ = ${num(visit.threshold)}`, "update"] : ["0", "mistake"];
  if (!visit.mistake) {
    lines.push(what === "update" ? t("{ya} > {cut}: no update, so w stays {w}.", { ya, cut, w: vec(w) }) : t("{ya} > {cut}: no mistake, so w stays {w}.", { ya, cut, w: vec(w) }));
    return lines;
  }
  lines.push(what === "update" ? t("{ya} ≤ {cut}: an update, so w ← w + η·y·x̃.", { ya, cut }) : t("{ya} ≤ {cut}: a mistake, so w ← w + η·y·x̃.", { ya, cut }));
  const step = eta === 1 ? `${paren(y)}·${vec(x)}` : `${num(eta)}·${paren(y)}·${vec(x)}`;
  lines.push(`w ← ${vec(w)} + ${step} = ${vec(visit.w_after)}`);
  return lines;
}

// ------------------------------------------------------------------ answers in a link

function numText(v) {
  return String(v);
}

/** Answers -> "n_m0~0~-1_n" (n: no mistake; m: mistake, then the typed new w). */
export function encodeAnswers(answers) {
  return answers.map((a) => (a.mistake ? `m${(a.w || []).map(numText).join("~")}` : "n")).join("_");
}

/**
 * "n_m0~0~-1" -> {answers} | {error}. Every answer is checked: its kind, each number finite,
 * at most `width` numbers (the length of w), at most MAX_ANSWERS answers.
 */
export function decodeAnswers(text, width) {
  const s = String(text ?? "");
  if (s === "") return { answers: [] };
  if (s.length > MAX_ANSWERS_CHARS) return { error: "too long" };
  const parts = s.split("_");
  if (parts.length > MAX_ANSWERS) return { error: "too many" };
  const answers = [];
  for (const p of parts) {
    if (p === "n") { answers.push({ mistake: false, w: null }); continue; }
    if (!p.startsWith("m")) return { error: "bad answer" };
    const nums = p.slice(1) === "" ? [] : p.slice(1).split("~");
    if (nums.length > width) return { error: "bad answer" };
    const w = [];
    for (const t of nums) {
      if (!NUMBER.test(t)) return { error: "bad number" };
      const v = Number(t);
      if (!Number.isFinite(v)) return { error: "bad number" };
      w.push(v);
    }
    answers.push({ mistake: true, w });
  }
  return { answers };
}

/**
 * The exercise keys of a link's hash: view=exercise, exa (answers), exn (how many), exs (score),
 * exq (how many answers it asks for).
 * -> null when the link is not an exercise; else {answersText, count, score, notices, goal (only with exq)}.
 * Only our own validated numbers are ever echoed in a notice.
 */
export function readExerciseLink(hash) {
  const h = String(hash ?? "").replace(/^#/, "");
  const q = Object.create(null);
  for (const part of h.split("&")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    let k, v;
    try { k = decodeURIComponent(part.slice(0, i)); v = decodeURIComponent(part.slice(i + 1)); } catch { continue; }
    if (!(k in q)) q[k] = v;
  }
  if (q.view !== "exercise") return null;
  const out = { answersText: "", count: null, score: null, notices: [] };
  const whole = (t) => (/^\d{1,4}$/.test(t ?? "") ? Number(t) : null);
  if (typeof q.exa === "string") out.answersText = q.exa;
  if (typeof q.exl === "string") out.lessonAnswers = `exl=${q.exl}`; // lesson-answers.js reads them
  out.count = whole(q.exn);
  out.score = whole(q.exs);
  if ((q.exn !== undefined && out.count === null) || (q.exs !== undefined && out.score === null)) {
    out.notices.push(t("The exercise result in this link is not valid: the answers are replayed to score them."));
  }
  // exq: how many answers the exercise asks for (an LMS package's, or a teacher's link); 1..MAX_ANSWERS.
  if (q.exq !== undefined) {
    const g = whole(q.exq);
    out.goal = g !== null && g >= 1 && g <= MAX_ANSWERS ? g : null;
    if (out.goal === null) out.notices.push(t("The number of answers this link asks for is not valid: the exercise asks for all of them (up to {max}).", { max: MAX_ANSWERS }));
  }
  return out;
}

/** The exercise keys to append to a run's link (exq only when the exercise asks for a number of answers). */
export function exerciseKeys(answers, score, goal = null) {
  const parts = [["view", "exercise"], ...(goal ? [["exq", String(goal)]] : []), ["exn", String(answers.length)], ["exs", String(score)]];
  if (answers.length) parts.push(["exa", encodeAnswers(answers)]);
  return parts.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%7E/gi, "~")}`).join("&");
}

/**
 * What reopening a result link found: the replayed score against what the link claims.
 * -> one sentence for people.
 */
export function verdict(link, results) {
  const got = tally(results);
  const claimed = link.count !== null && link.score !== null;
  const base = tn("Replayed {n} answer: {score} right.", "Replayed {n} answers: {score} right.", got.answered, { score: got.score });
  if (!claimed) return base;
  const args = { score: link.score, count: link.count };
  if (link.count === got.answered && link.score === got.score) return `${base} ${t("This matches the link ({score} of {count}).", args)}`;
  return `${base} ${t("The link claims {score} right of {count}, which does not match its answers.", args)}`;
}
