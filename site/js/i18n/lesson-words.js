// The words of a lesson's answer buttons, in the page's language. The lesson files' directives
// stay English in every language (`@ask compare narrow bound larger smaller`: the engine checks the
// answer by them), so Python labels the choices with those words; the page translates them here.
// A choice that is the run's own text (an example, x̃₁ = (0; 0; 1), y = −1) is shown as it is.
import { t, N_ } from "./i18n.js";

const WORDS = new Set([N_("Yes"), N_("No"), N_("More"), N_("Fewer"), N_("The same"), N_("Larger"), N_("Smaller"),
  N_("Online"), N_("Averaged"), N_("Voted"), N_("Pocket"), N_("Batch")]);

export const choiceLabel = (label) => (WORDS.has(label) ? t(label) : label);

/** The engine's answer ("the same", "yes", "larger") in the page's language; as it is when the
 * page has no word for it (English, an example's number, a vector). */
export function truthWord(truth) {
  const s = String(truth ?? "");
  const cap = s.charAt(0).toUpperCase() + s.slice(1);
  return WORDS.has(cap) && t(cap) !== cap ? t(cap) : s;
}

// The variants' code names as English sentences use them ("the online perceptron"); a catalog
// gives each the word its sentences use ("das Perzeptron „gemittelt“").
const ALGORITHM_WORDS = new Set([N_("online"), N_("batch"), N_("averaged"), N_("voted"), N_("pocket"), N_("margin"), N_("kernel"), N_("multiclass")]);

/** A variant's code name ("averaged") as the page's sentences say it. */
export const algorithmWord = (code) => (ALGORITHM_WORDS.has(code) ? t(code) : String(code));
