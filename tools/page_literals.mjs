// The page's words that do not go through a catalog: every string and template literal in
// site/js that is written like a sentence or lands where the reader sees or hears it, and is not
// the msgid of t()/tn()/N_(). tests/js/i18n-literals.test.mjs holds the page to none (beyond an
// allow-list with reasons); `node tools/page_literals.mjs` lists them with their places.
// A small lexer, not a parser: it knows strings, templates (with ${…} inside), comments and
// regular expressions, and which call's argument a literal is.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

const REGEX_AFTER = new Set([..."(,=:[!&|?{};+-*%<>~^", "return", "typeof", "case", "do", "else", "in", "of", "yield", "await", "void", "delete", "=>", ""]);

/** Source -> [{kind: "string"|"template", text (a template's ${…} as \u0000), line, call, arg, key, sink}]:
 * call/arg: the innermost call the literal is an argument of, and which; key: the object key it is
 * the value of; before: the code just before it (an assignment's target). */
export function literals(src) {
  const out = [];
  const frames = []; // {call, arg, brace} for ( and { ; "${" for a template's expression
  let i = 0, line = 1, prev = "", lastKey = null;
  const ident = /[A-Za-z_$][\w$]*/y;
  const push = (lit) => {
    const f = [...frames].reverse().find((x) => x.paren);
    const obj = frames.at(-1);
    // console.*() anywhere around it: words for a developer's console, not the page.
    const console_ = frames.some((x) => x.paren && /^console\./.test(x.callee ?? ""));
    out.push({ ...lit, console: console_, call: f?.call ?? null, arg: f?.arg ?? 0, key: obj && !obj.paren && obj.key ? obj.key : null,
      before: src.slice(Math.max(0, lit.start - 40), lit.start) });
  };
  const readString = (q) => {
    const start = i; let s = ""; i++;
    while (i < src.length && src[i] !== q) {
      if (src[i] === "\\") { s += src[i + 1] === "n" ? "\n" : src[i + 1]; i += 2; continue; }
      if (src[i] === "\n") line++;
      s += src[i++];
    }
    i++;
    return { start, text: s };
  };
  // A template: its static text, its ${…} parsed as code (recursively, by the main loop's rules).
  const templates = [];
  const templatePart = () => {
    let s = "";
    while (i < src.length) {
      const c = src[i];
      if (c === "\\") { s += src[i + 1]; i += 2; continue; }
      if (c === "`") { i++; return { s, end: true }; }
      if (c === "$" && src[i + 1] === "{") { i += 2; return { s, end: false }; }
      if (c === "\n") line++;
      s += c; i++;
    }
    return { s, end: true };
  };
  const startTemplate = () => {
    const lit = { kind: "template", start: i, line, text: "" };
    i++;
    const part = templatePart();
    lit.text += part.s;
    if (part.end) { push(lit); prev = "lit"; return; }
    lit.text += "\u0000";
    templates.push(lit);
    frames.push({ template: true, depth: 0 });
    prev = "(";
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === "/" && src[i + 1] === "/") { while (i < src.length && src[i] !== "\n") i++; continue; }
    if (c === "/" && src[i + 1] === "*") { const e = src.indexOf("*/", i + 2); line += (src.slice(i, e).match(/\n/g) || []).length; i = e + 2; continue; }
    if (c === '"' || c === "'") {
      const l = line; const s = readString(c);
      const isKey = /^\s*:/.test(src.slice(i, i + 20)) && frames.at(-1) && !frames.at(-1).paren && (prev === "{" || prev === ",");
      if (isKey) { frames.at(-1).key = s.text; prev = "key"; continue; }
      push({ kind: "string", start: s.start, line: l, text: s.text });
      prev = "lit"; continue;
    }
    if (c === "`") { startTemplate(); continue; }
    if (c === "/" && REGEX_AFTER.has(prev)) {
      i++; let cls = false;
      while (i < src.length && (cls || src[i] !== "/")) { if (src[i] === "\\") i++; else if (src[i] === "[") cls = true; else if (src[i] === "]") cls = false; i++; }
      i++; while (/[a-z]/i.test(src[i] ?? "")) i++;
      prev = "lit"; continue;
    }
    ident.lastIndex = i;
    const m = ident.exec(src);
    if (m) {
      i += m[0].length;
      // an object's key: `name:` directly in braces (not a ?: branch)
      if (/^\s*:/.test(src.slice(i, i + 10)) && frames.at(-1) && !frames.at(-1).paren && !frames.at(-1).template && (prev === "{" || prev === ",")) {
        frames.at(-1).key = m[0]; prev = "key"; continue;
      }
      lastKey = m[0]; prev = REGEX_AFTER.has(m[0]) ? m[0] : "id"; continue;
    }
    if (c === "(") {
      const callee = prev === "id" ? /([\w$.]+)\s*$/.exec(src.slice(Math.max(0, i - 40), i))?.[1] ?? lastKey : null;
      frames.push({ paren: true, call: prev === "id" ? lastKey : null, callee, arg: 0 }); prev = "("; i++; continue;
    }
    if (c === "{" || c === "[") {
      const top = frames.at(-1);
      if (top?.template && c === "{") top.depth++;
      frames.push({ paren: false, key: null, bracket: c === "[" }); prev = c === "{" ? "{" : "["; i++; continue;
    }
    if (c === ")" || c === "]") { frames.pop(); prev = "lit"; i++; continue; }
    if (c === "}") {
      const top = frames.at(-1);
      if (top?.template && top.depth === 0) {
        frames.pop(); i++;
        const lit = templates.at(-1);
        const part = templatePart();
        lit.text += part.s;
        if (part.end) { templates.pop(); push(lit); prev = "lit"; } else { lit.text += "\u0000"; frames.push({ template: true, depth: 0 }); prev = "("; }
        continue;
      }
      frames.pop();
      const under = frames.at(-1);
      if (under?.template) under.depth--;
      prev = "}"; i++; continue;
    }
    if (c === ",") { const top = frames.at(-1); if (top?.paren) top.arg++; else if (top) top.key = null; prev = ","; i++; continue; }
    if (c === "=" && src[i + 1] === ">") { prev = "=>"; i += 2; continue; }
    prev = c; i++;
  }
  return out;
}

const MSGID_ARG = { t: [0], N_: [0], tn: [0, 1] };
/** Attributes and properties the reader sees or hears. */
const SHOWN_KEYS = new Set(["text", "title", "aria-label", "ariaLabel", "placeholder", "alt", "label", "aria-valuetext", "aria-roledescription", "aria-description"]);
const SHOWN_PROPS = /\.(textContent|innerHTML|innerText|title|placeholder|alt|ariaLabel|label)\s*(\+?=)\s*[^=]*$/;
/** Keys whose values are code, never words. */
const CODE_KEYS = new Set(["class", "className", "id", "type", "rel", "href", "role", "name", "value", "accept", "inputmode", "autocomplete", "src"]);
const SHOWN_CALLS = new Set(["announce", "describe", "say", "notify", "showNotice", "setStatus", "Option"]);

/** Text written like a sentence: two words (two letters or more) with a space between, and a
 * capital, a third word or a sentence's end mark; or one capitalised word and an end mark.
 * Placeholders and ${…} are not words. */
export function sentenceLike(text) {
  const s = String(text).replace(/\{[A-Za-z_]\w*\}/g, " ").replace(/\u0000/g, " ");
  const words = s.match(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’]+/g) || [];
  // One word: capitalised as a label is ("Class", "Trained (${name}): ${how}."); or a word of three
  // letters or more beside a ${…} ("new ${name}", "${n} epochs").
  if (words.length === 1) {
    return /^[A-Z][a-z]{2,}$/.test(words[0]) && (/^\W*[A-Z][a-z]+\W*$/.test(s.trim()) || /[.!?…]$/.test(s.trim()))
      || /[A-Za-z]{3,} \u0000|\u0000 [A-Za-z]{3,}/.test(String(text));
  }
  // Two words or more with a space between ("no mistake", "every α is 0").
  return /[A-Za-zÀ-ÿ]{2,}[,;:]?\s+[(“"'α-ω]*\s*[A-Za-zÀ-ÿ]{2,}/.test(s) || /[A-Za-z]{3,} \u0000|\u0000 [A-Za-z]{3,}/.test(String(text));
}

/** What a literal is: "msgid" (t/tn/N_'s message), "shown" (lands on the page as it is),
 * "sentence" (written like one), or null (code: selectors, keys, paths). */
export function kindOf(lit) {
  if (lit.call && Object.hasOwn(MSGID_ARG, lit.call) && MSGID_ARG[lit.call].includes(lit.arg)) return "msgid";
  if (lit.console || /\bfrom\s*$|\bimport\s*\(\s*$|\bimport\s*$/.test(lit.before)) return null;
  if (CODE_KEYS.has(lit.key)) return null;
  if (lit.call === "announce" && lit.arg === 1) return null; // the live region's key: which sentence replaces which
  // Compared with (a key's name "Escape", a state "not attempted") or a code property: never shown as it is.
  if (/(?:[!=]==?|\bcase)\s*$/.test(lit.before) || /\.(className|id|type|name|href|src)\s*=\s*$/.test(lit.before)) return null;
  const t = lit.text;
  // A selector, a media query, a font, a list of classes ("secondary plot-table-open").
  if (/^[a-z]+(:[a-z]+)?(, [a-z]+(:[a-z]+)?)+$|^[#.[]|\s[#.>]\w|\[[a-z-]+=|\w="|^\(prefers-|sans-serif|monospace/.test(t) || /^[a-z][\w-]*( [a-z][\w-]*)+$/.test(t) && /-/.test(t)) return null;
  // A code word (a kind "info", a live region's key "run ${n}") is not shown as it is.
  const words = /[A-Za-z]{2,}/.test(lit.text) && !/^[a-z][\w-]*(\u0000[\w-]*)*( \u0000)?$/.test(lit.text);
  if (words && (SHOWN_KEYS.has(lit.key) || SHOWN_CALLS.has(lit.call) || SHOWN_PROPS.test(lit.before)
    || (lit.call === "setAttribute" && lit.arg === 1 && /setAttribute\(\s*["'](aria-label|title|alt|placeholder|aria-valuetext)["']/.test(lit.before)))) return "shown";
  return sentenceLike(lit.text) ? "sentence" : null;
}

function jsFiles(dir) {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? jsFiles(p) : n.endsWith(".js") ? [p] : [];
  });
}

/** Every literal of site/js that is page words outside a catalog: [{file, line, kind, text}]. */
export function uncataloged(root = ROOT) {
  return jsFiles(join(root, "site", "js")).flatMap((f) => {
    const file = relative(root, f);
    return literals(readFileSync(f, "utf8")).map((l) => ({ file, line: l.line, kind: kindOf(l), text: l.text.replace(/\u0000/g, "${…}") }))
      .filter((l) => l.kind === "shown" || l.kind === "sentence");
  });
}

/** The files whose words are not the page's (with the reason), and the English the page still
 * shows, file by file (tests/js/i18n-english-left.json: a debt that may only shrink). */
export const NOT_PAGE_WORDS = {
  "site/js/state/params.js": "params.json as a module: its labels and hints reach the page through t() in page/fields.js (page_messages.mjs lists them)",
  "site/js/exercise/scorm-package.js": "the SCORM package's XML and launch page, read by an LMS, not the page",
  "site/js/i18n/po.js": "a malformed Plural-Forms in a teacher's catalog: said to its developer, in English",
  "site/js/worker/protocol.js": "a malformed message between the page and its worker: a programming error",
  "site/js/state/page-state.js": "a programming error of the page store",
  "site/js/i18n/catalog.js": "said when the language's catalog could not be read: the page is in English then, and so is this",
  "site/js/i18n/language.js": "said when a link asks for a language with no catalog: the page is in English then, and so is this",
  "site/js/state/link-data.js": "reasons inside a link's data errors (not base64url): the sentence around them is the page's",
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = uncataloged().filter((l) => !(l.file in NOT_PAGE_WORDS));
  if (process.argv[2] === "--left") {
    // node tools/page_literals.mjs --left > new.json: the English kept, with the reasons already
    // given in tests/js/i18n-english-left.json; a new one gets "" (the test then asks why).
    const kept = JSON.parse(readFileSync(join(ROOT, "tests", "js", "i18n-english-left.json"), "utf8"));
    const left = {};
    for (const l of found) (left[l.file] ??= {})[l.text] = kept[l.file]?.[l.text] ?? "";
    console.log(JSON.stringify(left, null, 1));
  } else {
    for (const l of found) console.log(`${l.file}:${l.line}: ${l.kind}: ${JSON.stringify(l.text).slice(0, 110)}`);
    console.error(`${found.length} literals`);
  }
}
