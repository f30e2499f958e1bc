// The exercise's words for a first-year student: what to do, and which visit is asked about
// and the kernel counts so far (pure, no DOM).
import { vec, sub } from "./exercise-check.js";
import { t, pageLanguage } from "../i18n/i18n.js";

/** What the student does: type the new w, or (the kernel perceptron) the example's new count.
 * threshold: the rule's τ (the visits answer's; the margin perceptron updates whenever y·a ≤ τ). */
export function introText(counts, threshold = 0) {
  return t("Follow the perceptron example by example, from w = 0, on the data and settings of the run on screen:") + " "
    + (threshold ? t("say whether each example makes an update (y·a ≤ τ = {tau}) and, if it does,", { tau: threshold }) + " "
      : t("say whether each example is a mistake (y·a ≤ 0) and, if it is,") + " ")
    + (counts ? t("type the example's new count αᵢ (how many updates it has caused).") + " " : t("type the new w = w + η·y·x̃.") + " ")
    + t("The lab checks every answer against its own training run.");
}

/** "Visit 9: example 1 of the data, in epoch 3 (the 3rd pass over the data): " */
export function visitText(v) {
  const nth = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;
  return t("Visit {t}: example {k} of the data, in epoch {epoch} (the {nth} pass over the data): ",
    { t: v.t, k: v.index + 1, epoch: v.epoch, nth: pageLanguage() === "en" ? nth(v.epoch) : t("{n}th", { n: v.epoch }) });
}

/** The counts after the visits answered so far (kernel), α in training order; ex: {res, answers}. */
export function counts(ex) {
  const alpha = new Array(ex.res.dataset.n_train).fill(0);
  for (const v of ex.res.visits.slice(0, ex.answers.length)) alpha[v.index] = v.alpha_after;
  return alpha;
}

/** The counts in words: all of them when few, else the ones above 0. */
export function countsText(alpha) {
  if (alpha.length <= 12) return `α = ${vec(alpha)}`;
  const on = alpha.flatMap((a, j) => (a ? [`α${sub(j + 1)} = ${a}`] : []));
  if (!on.length) return t("every α is 0");
  return on.length <= 8 ? t("{counts}, the other α are 0", { counts: on.join(", ") }) : t("{n} examples have α > 0", { n: on.length });
}

/** The question of each visit: a mistake (y·a ≤ 0; the kernel's y·f(x)), or the margin perceptron's update (y·a ≤ τ). */
export function questionText(counts, threshold = 0) {
  if (threshold) return t("Does this example make an update (y·a ≤ τ = {tau})?", { tau: threshold });
  return counts ? t("Is this example a mistake (y·f(x) ≤ 0)?") : t("Is this example a mistake (y·a ≤ 0)?");
}
