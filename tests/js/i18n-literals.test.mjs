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
  // Not the page's words: console, imports, selectors, media queries, regular expressions, comments.
  assert.deepEqual(words([
    'import { a } from "./some module.js";', 'console.warn("Perceptron Lab: the snapshot could not be used", err);',
    'document.querySelector("#load .stages li");', 'matchMedia("(prefers-reduced-motion: reduce)");',
    'const re = /It is "quoted" here/g; // Not a "sentence here" either', '/* "Nor this one here." */ a / b / "c d";',
  ].join("\n")), []);
});

test("every sentence the page shows is a catalog's msgid, except the English listed as still left", () => {
  const left = JSON.parse(readFileSync(new URL("./i18n-english-left.json", import.meta.url), "utf8"));
  const found = uncataloged().filter((l) => !(l.file in NOT_PAGE_WORDS));
  const listed = new Set(Object.entries(left).flatMap(([f, texts]) => texts.map((x) => `${f}\u0001${x}`)));
  const fresh = found.filter((l) => !listed.has(`${l.file}\u0001${l.text}`)).map((l) => `${l.file}:${l.line}: ${l.text}`);
  assert.deepEqual(fresh, [], "English the page shows outside t(): wrap it in t()/tn() and translate it (site/locale/*/page.po)");
  const now = new Set(found.map((l) => `${l.file}\u0001${l.text}`));
  const gone = [...listed].filter((k) => !now.has(k)).map((k) => k.replace("\u0001", ": "));
  assert.deepEqual(gone, [], "translated since: remove from tests/js/i18n-english-left.json (node tools/page_literals.mjs --left)");
});

test("the files named as not the page's words exist and say why", () => {
  for (const [file, why] of Object.entries(NOT_PAGE_WORDS)) {
    assert.ok(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8").length > 0, file);
    assert.ok(why.length > 20, file);
  }
});
