// A run computed ahead (run/ahead.js) ships Python's answer written in English at build time.
// In another language its sentences are not shown as the page's text: until Python has loaded
// and answered the same run in the page's language, the numbers, the moving plot and the page's
// own words show, and the status says, in the page's language, that the words follow.
import { t, pageLanguage } from "./i18n.js";

const SENTENCE = /_(text|note)$/;

/** The shipped answer as the page shows it now: in English as it is; otherwise without its
 * English sentences (and without the alt texts of plots it does not have). */
export function withoutEnglish(answer) {
  if (pageLanguage() === "en" || !answer || answer.ok !== true) return answer;
  const out = { ...answer };
  for (const k of Object.keys(out)) if (SENTENCE.test(k) && typeof out[k] === "string") out[k] = "";
  if ("status_text" in out) out.status_text = t("Computed ahead: the run's sentences in your language follow once Python has loaded.");
  if (out.plot_alt && typeof out.plot_alt === "object") out.plot_alt = Object.fromEntries(Object.keys(out.plot_alt).map((k) => [k, ""]));
  return out;
}

/** The shipped frames as the page shows them: in another language without their English words
 * (a linear step's words are the page's own, from its numbers; a kernel or multiclass step says
 * its words follow). */
export function framesWithoutEnglish(frames) {
  if (pageLanguage() === "en" || !Array.isArray(frames)) return frames;
  return frames.map((fr) => {
    const out = { ...fr };
    for (const k of Object.keys(out)) if ((SENTENCE.test(k) || k === "alt" || k === "proof_alt") && typeof out[k] === "string") out[k] = "";
    return out;
  });
}

/** Python's sentences of the same run (train, then theory answers), to replace the wait; null in
 * English (the shipped sentences were already the right ones). */
export function sentencesOf(...answers) {
  if (pageLanguage() === "en") return null;
  const words = {};
  for (const a of answers) if (a?.ok) for (const [k, v] of Object.entries(a)) if (SENTENCE.test(k) && typeof v === "string") words[k] = v;
  return Object.keys(words).length ? words : null;
}
