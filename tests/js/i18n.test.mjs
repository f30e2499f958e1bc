// The page's language at work: t() and tn() over a catalog, the language's decimal mark in the
// page's numbers (never in a link or a request), which language a visit gets, lang= in links,
// the pseudo-locale, and lang in every request to Python.
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { t, tn, fill } from "../../site/js/i18n/i18n.js";
import { useLanguage, directionOf } from "../../site/js/i18n/current.js";
import { pluralRule } from "../../site/js/i18n/po.js";
import { parsePo } from "../../tools/page_messages.mjs";
import { resolveLanguage, linkLang, shippedFor, STORED_KEY } from "../../site/js/i18n/language.js";
import { pseudoRtl, PSEUDO_RTL } from "../../site/js/i18n/pseudo.js";
import { withLanguage } from "../../site/js/i18n/request-language.js";
import { withLang } from "../../site/js/i18n/picker.js";
import { fmt, pct, vectorSep } from "../../site/js/page/format.js";
import { buildHash, parseHash, NOTICE } from "../../site/js/state/share.js";
import { defaults } from "../../site/js/state/state.js";
import { describeStep } from "../../site/js/steps/step-text.js";

const po = (lang) => parsePo(readFileSync(new URL(`../../site/locale/${lang}/page.po`, import.meta.url), "utf8"));
const speak = (lang) => {
  if (lang === "en") return useLanguage("en", new Map(), (n) => (n === 1 ? 0 : 1));
  const c = po(lang);
  useLanguage(lang, c.messages, pluralRule(c.header["Plural-Forms"]).index);
};
afterEach(() => speak("en"));

test("t() answers in the page's language, fills named placeholders after translating, and falls back to English", () => {
  assert.equal(t("Train"), "Train");
  speak("de");
  assert.equal(t("Train"), "Trainieren");
  assert.equal(t("Training stopped: {field} needs attention (see the message next to it).", { field: "Lernrate η" }),
    "Training angehalten: Lernrate η braucht Aufmerksamkeit (siehe die Meldung daneben).");
  assert.equal(t("A sentence no catalog has {x}", { x: 1 }), "A sentence no catalog has 1");
  speak("es");
  assert.equal(t("Python download: {received} of {total} MB", { received: "1,5", total: "20" }), "Descarga de Python: 1,5 de 20 MB");
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}"); // a missing value stays visible
});

test("tn() picks the plural form by the catalog's Plural-Forms rule", () => {
  assert.equal(tn("{n} mistake", "{n} mistakes", 1), "1 mistake");
  assert.equal(tn("{n} mistake", "{n} mistakes", 0), "0 mistakes");
  speak("es");
  assert.equal(tn("{n} mistake", "{n} mistakes", 1), "1 error");
  assert.equal(tn("{n} mistake", "{n} mistakes", 3), "3 errores");
  speak("de");
  assert.equal(tn("{n} of the points is misclassified", "{n} of the points are misclassified", 2), "2 der Punkte sind falsch klassifiziert");
  // A rule of three forms (Polish, from the gettext manual): read without eval.
  const pl = pluralRule("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);");
  assert.deepEqual([1, 2, 5, 12, 22, 25].map(pl.index), [0, 1, 2, 2, 1, 2]);
  assert.throws(() => pluralRule("nplurals=2; plural=alert(1);"), /not understood|unexpected/);
});

test("numbers the page shows take the language's decimal mark; vectors a separator that is not it", () => {
  assert.equal(fmt(0.5), "0.5");
  assert.equal(pct(0.875), "87.5 %");
  assert.equal(vectorSep(), ", ");
  speak("de");
  assert.equal(fmt(0.5), "0,5");
  assert.equal(fmt(-1 / 3), "−0,3333");
  assert.equal(fmt(1234567), "1,235e+6");
  assert.equal(fmt(12), "12");
  assert.equal(pct(0.875), "87,5 %");
  assert.equal(vectorSep(), "; ");
  const step = describeStep({ step: 1, t: 1, epoch: 1, index: 0, x: [0.5, 1, 1], y: 1, w: [0.5, 1, 1], w_before: [0, 0, 0],
    activation: 0, angle_before: null, angle_after: 0, n_wrong: 2 }, { total: 3 });
  assert.match(step.text, /^Epoche 1, Update 1 von 3: neues w = \(0,5; 1; 1\), aus Beispiel Nr\. 1/);
  speak("es");
  assert.equal(fmt(2.25), "2,25");
});

test("links and requests keep the decimal point whatever the language", async () => {
  speak("de");
  const values = { ...defaults(), preset: "clouds", margin: 0.25 };
  const { hash } = await buildHash(values, { kind: "preset" });
  assert.match(hash, /(^|&)margin=0\.25(&|$)/);
  assert.match(hash, /(^|&)lang=de$/); // a link made in German opens in German
  const request = withLanguage({ cmd: "train", settings: { eta: 0.5 } });
  assert.deepEqual(request, { cmd: "train", settings: { eta: 0.5 }, lang: "de" });
  assert.equal(JSON.stringify(request).includes("0,5"), false);
});

test("every request to Python carries the page's language, once", () => {
  assert.deepEqual(withLanguage({ cmd: "plots" }), { cmd: "plots", lang: "en" });
  speak("es");
  assert.deepEqual(withLanguage({ cmd: "frame", step: 3 }), { cmd: "frame", step: 3, lang: "es" });
  assert.deepEqual(withLanguage({ cmd: "x", lang: "de" }), { cmd: "x", lang: "de" });
  assert.equal(withLanguage(null), null);
});

test("the language: the link's lang= first, then the stored choice, then the browser's, then English", () => {
  assert.deepEqual(resolveLanguage({ hash: "#v=1&lang=es", stored: "de", browser: ["de-DE"] }), { lang: "es", source: "link", notice: null });
  assert.equal(resolveLanguage({ search: "?lang=de-AT" }).lang, "de");
  assert.deepEqual(resolveLanguage({ stored: "de", browser: ["es"] }), { lang: "de", source: "stored", notice: null });
  assert.deepEqual(resolveLanguage({ browser: ["fr-FR", "es-MX", "de"] }), { lang: "es", source: "browser", notice: null });
  assert.deepEqual(resolveLanguage({ browser: ["fr", "ja"] }), { lang: "en", source: "default", notice: null });
  assert.equal(resolveLanguage({ stored: PSEUDO_RTL }).lang, "en"); // the test locale is asked for by link only
  assert.equal(resolveLanguage({ hash: `#lang=${PSEUDO_RTL}` }).lang, PSEUDO_RTL);
  assert.equal(STORED_KEY.startsWith("perceptron-lab"), true); // erased with the lab's other stored data
});

test("a hostile or unknown lang= gives English and a clear notice that never echoes it", () => {
  for (const bad of ["<img src=x onerror=alert(1)>", "../../etc/passwd", "fr", "x".repeat(500), "de\u202Eevil", "__proto__"]) {
    const r = resolveLanguage({ hash: `#v=1&lang=${encodeURIComponent(bad)}`, stored: "de" });
    assert.equal(r.lang, "en", bad);
    assert.match(r.notice, /no page catalog for, so the page is in English\. Languages: English \(en\), Deutsch \(de\), Español \(es\)\./);
    assert.equal(r.notice.includes(bad), false);
    const link = parseHash(`#v=1&preset=or&lang=${encodeURIComponent(bad)}`);
    assert.ok(link.notices.includes(NOTICE.langUnknown), bad);
    assert.equal(link.values.preset, "or"); // the rest of the link still counts
  }
  assert.equal(parseHash("#v=1&lang=de").notices.length, 0);
  assert.equal(linkLang("#v=1&lang=%E0%A4%A"), "%E0%A4%A"); // undecodable: kept raw, then refused
  assert.equal(shippedFor("%E0%A4%A"), null);
});

test("the picker writes lang= into the address and keeps the link's other keys", () => {
  assert.equal(withLang("https://x.test/lab/#v=1&preset=or", "de"), "https://x.test/lab/#v=1&preset=or&lang=de");
  assert.equal(withLang("https://x.test/lab/#v=1&lang=de&preset=or", "es"), "https://x.test/lab/#v=1&preset=or&lang=es");
  assert.equal(withLang("https://x.test/lab/#v=1&lang=de", "en"), "https://x.test/lab/#v=1");
  assert.equal(withLang("https://x.test/lab/#results", "es"), "https://x.test/lab/#lang=es");
  assert.equal(withLang("https://x.test/lab/", "en"), "https://x.test/lab/");
});

test("the right-to-left pseudo-locale keeps placeholders and writes right to left", () => {
  assert.equal(directionOf(PSEUDO_RTL), "rtl");
  assert.equal(directionOf("he-IL"), "rtl");
  assert.equal(directionOf("de"), "ltr");
  const s = pseudoRtl("Epoch {epoch}, {where}");
  assert.equal(s, "\u202BEpۆch {epoch}, {where}\u202C");
  assert.equal(pseudoRtl("Train"), pseudoRtl("Train")); // deterministic
});

test("a run computed ahead shows no English sentence in another language until Python's own answer brings them", async () => {
  const { withoutEnglish, sentencesOf } = await import("../../site/js/i18n/ahead-words.js");
  const shipped = { ok: true, mistakes: 18, status_text: "Converged after 9 epochs.", bound_text: "mistakes 18 ≤ bound 51.",
    theory_note: "A note.", plot_alt: { boundary: "The points." }, status: "converged" };
  assert.equal(withoutEnglish(shipped), shipped); // English: the shipped words are the right ones
  assert.equal(sentencesOf(shipped), null);
  speak("de");
  const shown = withoutEnglish(shipped);
  assert.equal(shown.mistakes, 18);
  assert.equal(shown.status, "converged");
  assert.equal(shown.status_text, "Vorab berechnet: die Sätze zu diesem Lauf auf Deutsch folgen, sobald Python geladen ist.");
  assert.deepEqual([shown.bound_text, shown.theory_note, shown.plot_alt.boundary], ["", "", ""]);
  assert.equal(shipped.bound_text, "mistakes 18 ≤ bound 51."); // the shipped answer itself is kept
  const python = { ok: true, status_text: "Konvergiert nach 9 Epochen.", bound_text: "Fehler 18 ≤ Schranke 51." };
  assert.deepEqual(sentencesOf(python, { ok: true, separable_text: "Linear trennbar." }),
    { status_text: "Konvergiert nach 9 Epochen.", bound_text: "Fehler 18 ≤ Schranke 51.", separable_text: "Linear trennbar." });
  // The shipped frames: their English step words go too (a linear step's words are the page's own).
  const { framesWithoutEnglish } = await import("../../site/js/i18n/ahead-words.js");
  const frames = [{ step: 1, w: [1, 0], step_text: "Example 3 scored 0.5.", angle_text: "the angle grew", alt: "The points.",
    proof_alt: "After t = 1 update: u·w = 0.5." }];
  assert.deepEqual(framesWithoutEnglish(frames), [{ step: 1, w: [1, 0], step_text: "", angle_text: "", alt: "", proof_alt: "" }]);
  assert.equal(frames[0].step_text, "Example 3 scored 0.5."); // the shipped frames themselves are kept
});

test("a shipped page.json is keyed by the msgid's hash, the same in the page and in the build", async () => {
  const { keyOf } = await import("../../site/js/i18n/current.js");
  // FNV-1a's published vectors (tests/py/test_page_catalogs.py checks the build's against the page's).
  assert.equal(keyOf(""), "811c9dc5");
  assert.equal(keyOf("a"), "e40c292c");
  const c = po("de");
  useLanguage("de", new Map([...c.messages].map(([id, m]) => [keyOf(id), m])), pluralRule(c.header["Plural-Forms"]).index);
  assert.equal(t("Train"), "Trainieren");
  assert.equal(tn("{n} mistake", "{n} mistakes", 2), "2 Fehler");
});

test("a lesson's link keeps the page's language", async () => {
  const { lessonLink, parseLessonLink } = await import("../../site/js/lesson/lesson-link.js");
  assert.equal(lessonLink(2, 3).includes("lang="), false);
  speak("es");
  const link = lessonLink(2, 3);
  assert.match(link, /(^|&)lang=es(&|$)/);
  assert.equal(resolveLanguage({ hash: link }).lang, "es");
  assert.equal(parseLessonLink(link).step, 3); // the lesson still reads its own keys
});
