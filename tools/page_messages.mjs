// The page's own words, found where they are written: index.html's data-i18n elements and
// data-i18n-attr attributes, every t("…") / tn("…", "…") in site/js, and the labels and hints of
// params.json that the settings form shows (page/fields.js puts them through t()).
//   node tools/page_messages.mjs   -> writes site/locale/page.pot (the template a teacher copies)
// tests/js/i18n-catalogs.test.mjs checks every shipped catalog against this list.
import { readFileSync, readdirSync, writeFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SITE = join(ROOT, "site");

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decode = (s) => s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e) => (e[0] === "#"
  ? String.fromCodePoint(parseInt(e.slice(e[1] === "x" ? 2 : 1), e[1] === "x" ? 16 : 10)) : ENTITIES[e] ?? m));
export const normalize = (s) => String(s).replace(/\s+/g, " ").trim();

/** index.html -> [{msgid, where}]; throws when a data-i18n element holds elements (its text
 * would replace them). */
export function htmlMessages(html, file = "site/index.html") {
  const out = [];
  const TAG = /<([a-z][a-z0-9]*)\b([^>]*)>/gi;
  for (const m of html.matchAll(TAG)) {
    const [whole, tag, attrs] = m;
    const line = html.slice(0, m.index).split("\n").length;
    const where = `${file}:${line}`;
    if (/\sdata-i18n(?=[\s>=]|$)/.test(attrs)) {
      const start = m.index + whole.length;
      const end = html.indexOf("<", start);
      if (!html.startsWith(`</${tag}`, end)) throw new Error(`${where}: <${tag} data-i18n> holds elements: mark a span inside it instead`);
      const msgid = normalize(decode(html.slice(start, end)));
      if (msgid) out.push({ msgid, where });
    }
    const named = /\sdata-i18n-attr="([^"]*)"/.exec(attrs);
    if (named) {
      for (const a of named[1].split(/\s+/).filter(Boolean)) {
        const v = new RegExp(`\\s${a}="([^"]*)"`).exec(attrs);
        if (v) out.push({ msgid: normalize(decode(v[1])), where });
      }
    }
  }
  return out;
}

const STR = String.raw`"(?:[^"\\\n]|\\.)*"`;
const CALL_T = new RegExp(String.raw`(?<![\w.$])(?:t|N_)\(\s*(${STR})`, "g");
const CALL_TN = new RegExp(String.raw`(?<![\w.$])tn\(\s*(${STR})\s*,\s*(${STR})`, "g");
const TEMPLATE = /(?<![\w.$])tn?\(\s*`/;

/** A module's source -> [{msgid, plural?, where}]; throws on t(`…`) (placeholders are {name}). */
export function jsMessages(code, file) {
  const out = [];
  // Comments are not the page's words (blanked, lines kept for the places).
  const src = code.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/^\s*\/\/.*$/gm, (c) => " ".repeat(c.length));
  const at = (i) => `${file}:${src.slice(0, i).split("\n").length}`;
  if (TEMPLATE.test(src)) throw new Error(`${at(src.search(TEMPLATE))}: t() with a template literal: write "… {name} …" and pass {name}`);
  for (const m of src.matchAll(CALL_T)) out.push({ msgid: JSON.parse(m[1]), where: at(m.index) });
  for (const m of src.matchAll(CALL_TN)) out.push({ msgid: JSON.parse(m[1]), plural: JSON.parse(m[2]), where: at(m.index) });
  return out;
}

/** params.json -> the labels and hints the settings form shows (not view parameters or page: false). */
export function paramMessages(params) {
  const out = [];
  const add = (s, name) => { if (s) out.push({ msgid: s, where: `py/perceptron_lab/params.json:${name}` }); };
  for (const p of params.params) {
    if (p.page === false || p.group === "view") continue;
    add(p.label, p.name);
    add(p.hint, p.name);
    for (const o of p.options || []) {
      add(o.label, `${p.name}.${o.value}`); add(o.hint, `${p.name}.${o.value}`);
      add(o.step_note, `${p.name}.${o.value}.step_note`); add(o.start, `${p.name}.${o.value}.start`); // steps/step-text.js
      add(o.exercise_note, `${p.name}.${o.value}.exercise_note`); // exercise/exercise.js
      add(o.answer, `${p.name}.${o.value}.answer`); // run/compare.js: a card's one-line description
    }
  }
  return out;
}

function jsFiles(dir) {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? jsFiles(p) : n.endsWith(".js") ? [p] : [];
  });
}

/** Every message of the page, first occurrence first: [{msgid, plural, where: [places]}]. */
export function pageMessages(root = ROOT) {
  const site = join(root, "site");
  const found = [
    ...htmlMessages(readFileSync(join(site, "index.html"), "utf8")),
    ...jsFiles(join(site, "js")).filter((f) => !f.endsWith("state/params.js"))
      .flatMap((f) => jsMessages(readFileSync(f, "utf8"), relative(root, f))),
    ...paramMessages(JSON.parse(readFileSync(join(root, "py", "perceptron_lab", "params.json"), "utf8"))),
  ];
  const byId = new Map();
  for (const f of found) {
    const seen = byId.get(f.msgid);
    if (seen) { seen.where.push(f.where); if (f.plural) seen.plural = f.plural; } else byId.set(f.msgid, { msgid: f.msgid, plural: f.plural ?? null, where: [f.where] });
  }
  return [...byId.values()];
}

const quote = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

/** The template: a header with English's plural rule, then every message with empty msgstr. */
export function potText(messages) {
  const head = 'msgid ""\nmsgstr ""\n"Project-Id-Version: Perceptron Lab page\\n"\n"MIME-Version: 1.0\\n"\n'
    + '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n"Language: \\n"\n'
    + '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n';
  const body = messages.map((m) => {
    const refs = [...new Set(m.where.map((w) => w.replace(/:\d+$/, "")))].map((w) => `#: ${w}\n`).join("");
    const flag = /\{[A-Za-z_]\w*\}/.test(m.msgid + (m.plural ?? "")) ? "#, python-brace-format\n" : "";
    return m.plural ? `${refs}${flag}msgid ${quote(m.msgid)}\nmsgid_plural ${quote(m.plural)}\nmsgstr[0] ""\nmsgstr[1] ""\n`
      : `${refs}${flag}msgid ${quote(m.msgid)}\nmsgstr ""\n`;
  });
  return [head, ...body].join("\n");
}

// ------------------------------------------------------------------ reading a .po file

function unquote(line) {
  const m = /^"(.*)"\s*$/.exec(line.trim());
  if (!m) throw new Error(`not a quoted string: ${line.slice(0, 60)}`);
  return m[1].replace(/\\(["\\nt])/g, (_, c) => ({ n: "\n", t: "\t" })[c] ?? c);
}

/** .po text -> {header: {name: value}, messages: Map(msgid -> {str: [forms], plural, fuzzy})}.
 * Throws on a line it cannot read (a catalog is the lab's own file: a mistake must show). */
export function parsePo(text) {
  const messages = new Map();
  let cur = null, field = null, fuzzy = false;
  const done = () => {
    if (cur && cur.msgid !== undefined) {
      const forms = cur.msgid_plural !== undefined ? Object.keys(cur).filter((k) => k.startsWith("msgstr[")).sort((a, b) => parseInt(a.slice(7)) - parseInt(b.slice(7))).map((k) => cur[k])
        : [cur.msgstr ?? ""];
      messages.set(cur.msgid, { str: forms, plural: cur.msgid_plural ?? null, fuzzy: cur.fuzzy });
    }
    cur = null; field = null;
  };
  for (const raw of String(text).split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") { done(); fuzzy = false; continue; }
    if (line.startsWith("#,")) { fuzzy = fuzzy || /\bfuzzy\b/.test(line); continue; }
    if (line.startsWith("#")) continue;
    const m = /^(msgid|msgid_plural|msgstr(?:\[\d+\])?|msgctxt)\s+(".*")$/.exec(line);
    if (m) {
      if (m[1] === "msgid" && cur && cur.msgid !== undefined) done();
      cur = cur || { fuzzy };
      field = m[1];
      cur[field] = unquote(m[2]);
    } else if (line.startsWith('"') && cur && field) {
      cur[field] += unquote(line);
    } else {
      throw new Error(`catalog line not understood: ${line.slice(0, 60)}`);
    }
  }
  done();
  const header = {};
  for (const h of (messages.get("")?.str[0] ?? "").split("\n")) {
    const i = h.indexOf(":");
    if (i > 0) header[h.slice(0, i).trim()] = h.slice(i + 1).trim();
  }
  messages.delete("");
  return { header, messages };
}


const names = (s) => [...String(s).matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]).sort().join(",");

/** What is wrong with a catalog ({header, messages} from site/js/i18n/po.js) for these messages:
 * a message missing, untranslated or fuzzy, plural forms not nplurals, placeholders other than
 * the English's, or an entry no page code uses any more. [] when it is complete. */
export function catalogProblems(messages, po, nplurals) {
  const out = [];
  for (const m of messages) {
    const e = po.messages.get(m.msgid);
    if (!e) { out.push(`missing: ${m.msgid}`); continue; }
    if (e.fuzzy) out.push(`fuzzy: ${m.msgid}`);
    if (m.plural && e.str.length !== nplurals) out.push(`${e.str.length} plural forms, not ${nplurals}: ${m.msgid}`);
    for (const form of e.str) {
      if (!form) { out.push(`untranslated: ${m.msgid}`); break; }
      if (names(form) !== names(m.msgid)) { out.push(`placeholders {${names(form)}} instead of {${names(m.msgid)}}: ${m.msgid}`); break; }
    }
  }
  const used = new Set(messages.map((m) => m.msgid));
  for (const id of po.messages.keys()) if (!used.has(id)) out.push(`not used by the page: ${id}`);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const messages = pageMessages();
  const lang = process.argv[2] === "--check" ? process.argv[3] : null;
  if (lang) {
    // node tools/page_messages.mjs --check fr: a teacher's catalog, checked as the tests check ours.
    const { pluralRule } = await import("../site/js/i18n/po.js");
    const po = parsePo(readFileSync(join(SITE, "locale", lang, "page.po"), "utf8"));
    const problems = catalogProblems(messages, po, pluralRule(po.header["Plural-Forms"]).count);
    console.log(problems.length ? problems.join("\n") : `site/locale/${lang}/page.po: complete (${messages.length} messages)`);
    process.exit(problems.length ? 1 : 0);
  }
  writeFileSync(join(SITE, "locale", "page.pot"), potText(messages));
  console.log(`site/locale/page.pot: ${messages.length} messages`);
}
