// The page's catalogs: every word the page shows (index.html's data-i18n, every t() / tn() / N_()
// in site/js, the settings' labels and hints of params.json) is in page.pot and translated in
// every shipped catalog, with the English's placeholders; the check itself finds what is wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pageMessages, potText, catalogProblems, htmlMessages, jsMessages, ROOT } from "../../tools/page_messages.mjs";
import { pluralRule } from "../../site/js/i18n/po.js";
import { parsePo } from "../../tools/page_messages.mjs";
import { SHIPPED } from "../../site/js/i18n/language.js";

const LOCALE = join(ROOT, "site", "locale");
const messages = pageMessages();
const catalog = (lang) => parsePo(readFileSync(join(LOCALE, lang, "page.po"), "utf8"));

test("page.pot is the list the page's code and index.html make (run: node tools/page_messages.mjs)", () => {
  assert.equal(readFileSync(join(LOCALE, "page.pot"), "utf8"), potText(messages));
  assert.ok(messages.length > 400, `${messages.length} messages`);
  // The words of every panel are among them (index.html, a module's t(), params.json).
  for (const id of ["Train", "Data & settings", "Compare variants", "Predict the update", "Learning rate η",
    "Mistake bound", "{n} mistake", "Share and embed", "Show as a table"]) {
    assert.ok(messages.some((m) => m.msgid === id), id);
  }
});

test("every shipped language but English has a complete catalog, and only those are offered", () => {
  const folders = readdirSync(LOCALE, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.deepEqual(folders, SHIPPED.map((l) => l.code).filter((c) => c !== "en").sort());
  for (const lang of folders) {
    const po = catalog(lang);
    assert.equal(po.header.Language, lang);
    assert.deepEqual(catalogProblems(messages, po, pluralRule(po.header["Plural-Forms"]).count), [], lang);
  }
});

test("the check fails on a catalog with a message missing, untranslated, fuzzy or with other placeholders", () => {
  const po = catalog("de");
  const n = pluralRule(po.header["Plural-Forms"]).count;
  const broken = (edit) => { const c = { header: po.header, messages: new Map(po.messages) }; edit(c.messages); return catalogProblems(messages, c, n); };
  assert.match(broken((m) => m.delete("Train")).join(), /missing: Train/);
  assert.match(broken((m) => m.set("Train", { str: [""], plural: null, fuzzy: false })).join(), /untranslated: Train/);
  assert.match(broken((m) => m.set("Train", { str: ["Trainieren"], plural: null, fuzzy: true })).join(), /fuzzy: Train/);
  const id = "Training stopped: {field} needs attention (see the message next to it).";
  assert.match(broken((m) => m.set(id, { str: ["Training angehalten: {feld}."], plural: null, fuzzy: false })).join(), /placeholders \{feld\} instead of \{field\}/);
  assert.match(broken((m) => m.set(id, { str: ["Training angehalten."], plural: null, fuzzy: false })).join(), /placeholders \{\} instead of \{field\}/);
  assert.match(broken((m) => m.set("{n} mistake", { str: ["{n} Fehler"], plural: "{n} mistakes", fuzzy: false })).join(), /1 plural forms, not 2/);
  assert.match(broken((m) => m.set("Gone", { str: ["Weg"], plural: null, fuzzy: false })).join(), /not used by the page: Gone/);
});

test("the finder reads index.html's marks and t() calls, and refuses what it cannot translate", () => {
  const html = '<p data-i18n>Two\n  words &amp; more</p><button data-i18n-attr="aria-label title" aria-label="Step back" title="Go">◀</button>';
  assert.deepEqual(htmlMessages(html).map((m) => m.msgid), ["Two words & more", "Step back", "Go"]);
  assert.throws(() => htmlMessages("<h2 data-i18n><span>1</span> Data</h2>"), /holds elements/);
  const js = 'x = t("A {n}", { n }); y = tn("{n} dot", "{n} dots", k);\n  // t("comment")\n/* t("block") */ z = N_("Marked"); w = createPlot("no");';
  assert.deepEqual(jsMessages(js, "f.js").map((m) => [m.msgid, m.plural ?? null]), [["A {n}", null], ["Marked", null], ["{n} dot", "{n} dots"]]);
  assert.throws(() => jsMessages("t(`a ${b}`)", "f.js"), /template literal/);
});

test("German and Spanish use the notes' terms", () => {
  const de = catalog("de").messages, es = catalog("es").messages;
  const tr = (po, id) => po.get(id).str.join(" | ");
  assert.match(tr(de, "XOR (not linearly separable)"), /nicht linear trennbar/);
  assert.match(tr(es, "XOR (not linearly separable)"), /no linealmente separable/);
  assert.match(tr(de, "— (no bound)"), /Schranke/);
  assert.match(tr(es, "— (no bound)"), /cota/);
  assert.match(tr(de, "epoch"), /Epoche/);
  assert.match(tr(es, "epoch"), /época/);
  assert.match(tr(de, "{count} classes ({list}), one weight vector each"), /Gewichtsvektor/);
  assert.match(tr(es, "{count} classes ({list}), one weight vector each"), /vector de pesos/);
  assert.match(tr(de, "Compare with the perceptron"), /Perzeptron/);
  assert.match(tr(es, "Compare with the perceptron"), /perceptrón/);
  assert.match(tr(de, "{n} mistake"), /Fehler/);
  assert.match(tr(es, "{n} mistake"), /error/);
});
