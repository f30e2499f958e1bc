// WCAG 3.1.2 (Language of Parts): English the page falls back to in another language (a message
// a teacher's catalog lacks) is marked lang="en" on the element whose whole text it is; the
// worker's own failure, English in the worker, is said in the page's language by the client.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { t, tn, englishLeft } from "../../site/js/i18n/translate.js";
import { useLanguage } from "../../site/js/i18n/current.js";
import { setText } from "../../site/js/page/dom.js";
import { answerInLanguage } from "../../site/js/i18n/request-language.js";

afterEach(() => useLanguage("en"));

/** An element as setText sees it: text, attributes, data-*. */
function node() {
  const attrs = {};
  return { textContent: "", dataset: {}, attrs, setAttribute: (k, v) => { attrs[k] = v; }, removeAttribute: (k) => { delete attrs[k]; } };
}

const German = new Map([
  ["Train", { str: ["Trainieren"], fuzzy: false }],
  ["{n} point", { str: ["{n} Punkt", "{n} Punkte"], fuzzy: false }],
  ["Something went wrong inside Perceptron Lab: {why}", { str: ["In Perceptron Lab ist ein Fehler aufgetreten: {why}"], fuzzy: false }],
]);

test("in English nothing is marked: the page is English", () => {
  const n = node();
  setText(n, t("Stop the run (English page)"));
  assert.equal(n.attrs.lang, undefined);
  assert.equal(englishLeft("Stop the run (English page)"), false);
});

test("in German a message the catalog lacks is marked lang=en, a translated one is not, and the mark goes with the text", () => {
  useLanguage("de", German);
  const n = node();
  setText(n, t("Stop the run"));
  assert.equal(n.textContent, "Stop the run");
  assert.equal(n.attrs.lang, "en");
  setText(n, t("Train"));
  assert.equal(n.textContent, "Trainieren");
  assert.equal(n.attrs.lang, undefined);
  // Plurals and placeholders: the English form as filled in.
  const m = node();
  setText(m, tn("{n} mistake", "{n} mistakes", 3));
  assert.deepEqual([m.textContent, m.attrs.lang], ["3 mistakes", "en"]);
  setText(m, tn("{n} point", "{n} points", 3));
  assert.deepEqual([m.textContent, m.attrs.lang], ["3 Punkte", undefined]);
  // An element's lang of its own (not one setText put there) is left alone.
  const own = node();
  own.attrs.lang = "fr";
  setText(own, t("Train"));
  assert.equal(own.attrs.lang, "fr");
});

test("a call that failed inside the worker's Python is said in the page's language, with its reason", () => {
  useLanguage("de", German);
  const answer = { ok: false, error: { kind: "internal", message: "Something went wrong inside Perceptron Lab: KeyError: 'x'", why: "KeyError: 'x'" } };
  assert.equal(answerInLanguage(answer).error.message, "In Perceptron Lab ist ein Fehler aufgetreten: KeyError: 'x'");
  // Python's own answers (already in the language) and successes pass as they are.
  const python = { ok: false, error: { kind: "data", message: "Die Datei ist leer." } };
  assert.equal(answerInLanguage(python), python);
  assert.equal(answerInLanguage({ ok: true }).ok, true);
});

test("in German a sentence Python could only say in English (its answer's english list) is marked lang=en where shown", () => {
  useLanguage("de", German);
  const said = "Converged after 2 epochs: the last epoch made no mistake.";
  assert.equal(englishLeft(said), false);
  const answer = { ok: true, status: said, english: [said, 3, null] };
  assert.equal(answerInLanguage(answer), answer);
  const n = node();
  setText(n, said);
  assert.deepEqual([n.textContent, n.attrs.lang], [said, "en"]);
  // Python's German sentences are not marked.
  const m = node();
  setText(m, "Konvergiert nach 2 Epochen.");
  assert.equal(m.attrs.lang, undefined);
});
