// Done when: a sentence the page can show that is in no catalog fails a test. Every string and
// template literal of site/js is read (tools/page_literals.mjs): one written like a sentence, or
// put where the reader sees or hears it (textContent, aria-label, title, an el()'s text, the live
// region), must be a msgid of t()/tn()/N_() — which i18n-catalogs.test.mjs then requires in every
// shipped catalog with the English placeholders. Files whose words are not the page's are named
// with their reason; the English still left is listed file by file and may only shrink.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { literals, kindOf, uncataloged, NOT_PAGE_WORDS } from "../../tools/page_literals.mjs";

const kinds = (src) => literals(src).map((l) => [l.text.replace(/\u0000/g, "${}"), kindOf(l)]);
const words = (src) => kinds(src).filter(([, k]) => k);

test("the reader of literals tells a msgid, a shown word, a sentence and code apart", () => {
  assert.deepEqual(kinds('say(t("Epoch {n} of {total}", { n, total }));'), [["Epoch {n} of {total}", "msgid"]]);
  assert.deepEqual(kinds('tn("{n} point", "{n} points", n, { names: xs.join(", ") })'), [["{n} point", "msgid"], ["{n} points", "msgid"], [", ", null]]);
  // Words put on the page without t(), however short.
  assert.deepEqual(kinds('el("button", { class: "secondary run-btn", text: "Run" });'), [["button", null], ["secondary run-btn", null], ["Run", "shown"]]);
  assert.deepEqual(kinds('node.textContent = ok ? "Saved" : "Failed";'), [["Saved", "shown"], ["Failed", "shown"]]);
  assert.deepEqual(kinds('b.setAttribute("aria-label", "Close");'), [["aria-label", null], ["Close", "shown"]]);
  assert.deepEqual(kinds('announce(`Step ${k} done`, `step ${k}`);'), [["Step ${} done", "shown"], ["step ${}", null]]);
  // A sentence anywhere (returned, kept in a variable, thrown to a message line).
  assert.deepEqual(kinds('const s = `Trained (${name}): ${how}.`; throw new Error("Could not read the file.");'),
    [["Trained (${}): ${}.", "sentence"], ["Could not read the file.", "sentence"]]);
  // Inside a template's ${…}: t() there is a msgid, the template's own ": " is no word.
  assert.deepEqual(kinds('x.textContent = `${t("Hide the table")}: ${NAMES[kind]}`;'), [["Hide the table", "msgid"], ["${}: ${}", null]]);
  // A label's one word, a word beside ${…}, two lower-case words: all words a reader may see.
  assert.deepEqual(kinds('cols = ["Class", "αᵢ"]; x = `new ${n} `; y = `${n} epochs`; z = "every α is 0";'),
    [["Class", "sentence"], ["αᵢ", null], ["new ${} ", "sentence"], ["${} epochs", "sentence"], ["every α is 0", "sentence"]]);
  // A key's name compared with, a class set by className: code.
  assert.deepEqual(words('if (e.key === "Escape") x.className = "panel exercise"; switch (k) { case "Home": }'), []);
  // Not the page's words: console, imports, selectors, media queries, regular expressions, comments.
  assert.deepEqual(words([
    'import { a } from "./some module.js";', 'console.warn("Perceptron Lab: the snapshot could not be used", err);',
    'document.querySelector("#load .stages li");', 'matchMedia("(prefers-reduced-motion: reduce)");',
    'const re = /It is "quoted" here/g; // Not a "sentence here" either', '/* "Nor this one here." */ a / b / "c d";',
  ].join("\n")), []);
});

// The English kept in site/js is listed literal by literal with the reason it is not the page's
// words (a key, a code, a unit, a developer's diagnosis); none of it may land where the reader
// sees or hears it. The list may only shrink: KEPT_MAX is its size now.
const KEPT_MAX = 80;
const kept = JSON.parse(readFileSync(new URL("./i18n-english-left.json", import.meta.url), "utf8"));

test("every sentence the page shows is a catalog's msgid; the English kept says why and is never shown", () => {
  const found = uncataloged().filter((l) => !(l.file in NOT_PAGE_WORDS));
  const fresh = found.filter((l) => !Object.hasOwn(kept[l.file] ?? {}, l.text)).map((l) => `${l.file}:${l.line}: ${l.text}`);
  assert.deepEqual(fresh, [], "English the page shows outside t(): wrap it in t()/tn() and translate it (site/locale/*/page.po)");
  const shown = found.filter((l) => l.kind === "shown").map((l) => `${l.file}:${l.line}: ${l.text}`);
  assert.deepEqual(shown, [], "English put where the reader sees or hears it cannot be kept: wrap it in t()");
  const now = new Set(found.map((l) => `${l.file}\u0001${l.text}`));
  const listed = Object.entries(kept).flatMap(([f, texts]) => Object.keys(texts).map((x) => `${f}\u0001${x}`));
  const gone = listed.filter((k) => !now.has(k)).map((k) => k.replace("\u0001", ": "));
  assert.deepEqual(gone, [], "no longer in the code: remove it from tests/js/i18n-english-left.json");
  for (const [file, texts] of Object.entries(kept)) {
    for (const [text, why] of Object.entries(texts)) assert.ok(typeof why === "string" && why.length >= 20, `${file}: ${text}: say why it is kept`);
  }
  assert.ok(listed.length <= KEPT_MAX, `${listed.length} kept literals, more than ${KEPT_MAX}: wrap the new one in t()`);
});

test("a file named as not the page's words puts no English where the reader sees it", () => {
  // params.js is params.json's table: its labels and hints reach the page through t() (page/fields.js).
  const shown = uncataloged().filter((l) => l.file in NOT_PAGE_WORDS && l.file !== "site/js/state/params.js" && l.kind === "shown");
  assert.deepEqual(shown.map((l) => `${l.file}:${l.line}: ${l.text}`), []);
});

test("the files named as not the page's words exist and say why", () => {
  for (const [file, why] of Object.entries(NOT_PAGE_WORDS)) {
    assert.ok(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8").length > 0, file);
    assert.ok(why.length > 20, file);
  }
});
