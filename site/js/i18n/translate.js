// t() without waiting for the catalog: the same functions as i18n.js, for modules that must not
// wait for it (python/pyclient.js starts the worker before the catalog has arrived; the worker
// itself has no catalog and only marks its messages with N_). They read the catalog as it is
// when called: English before it has arrived.
import { entryOf, pluralIndex, pageLanguage } from "./current.js";

// The English texts t()/tn() gave in a page of another language for lack of a translation (a
// teacher's catalog not yet complete): where one is put as an element's whole text, the element
// says it is English (lang="en", WCAG 3.1.2; page/dom.js setText). Bounded: a few hundred at most.
const left = new Set();
const LEFT_MAX = 500;
const fellBack = (text) => {
  if (pageLanguage() !== "en" && left.size < LEFT_MAX) left.add(text);
  return text;
};

/** Python's sentences it said in English in a page of another language (its answer's "english":
 * a message its catalog lacks, or no catalog at all): marked as the page's own fallbacks are. */
export function pythonSaidInEnglish(texts) {
  if (!Array.isArray(texts)) return;
  for (const s of texts) if (typeof s === "string" && s) fellBack(s);
}

/** Whether text is English the page fell back to (a message its language's catalog lacks). */
export const englishLeft = (text) => left.has(String(text));

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Fill {name} from params (a missing one stays as written: a mistake must be visible). */
export function fill(text, params) {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (m, k) => (Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m));
}

/** The placeholder names of a message, sorted (the catalog test compares them). */
export function placeholders(text) {
  return [...String(text).matchAll(PLACEHOLDER)].map((m) => m[1]).sort();
}

/** One sentence: t("Train"), t("Epoch {n} of {total}", {n, total}). */
export function t(msgid, params) {
  const m = entryOf(msgid);
  return m && !m.fuzzy && m.str[0] ? fill(m.str[0], params) : fellBack(fill(msgid, params));
}

/** A sentence with a number in it: tn("{n} mistake", "{n} mistakes", n); params.n defaults to n. */
export function tn(one, many, n, params = {}) {
  const m = entryOf(one);
  if (m && !m.fuzzy && m.str.every(Boolean)) return fill(m.str[pluralIndex(n)] ?? many, { n, ...params });
  return fellBack(fill(n === 1 ? one : many, { n, ...params }));
}

/** Marks a msgid where it is defined and translated later with t(variable) (gettext's N_):
 * the catalog test finds it here; the value is the English text itself. */
export const N_ = (msgid) => msgid;
