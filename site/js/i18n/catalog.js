// Starts the page in its language, before any panel is built: resolves it (language.js), reads
// its catalog (site/locale/<lang>/page.po, parsed here in the browser by po.js: the file that
// ships is the file a teacher edits, nothing is compiled) and fills the page's marked words
// (page-words.js). A top-level await: every module that imports t() (i18n.js) waits for it, so
// no panel is built in English first. English needs no file (the msgids are English). Outside a
// page (node, the worker) it does nothing: English.
import { resolveLanguage, linkLang, STORED_KEY } from "./language.js";
import { parsePo, pluralRule } from "./po.js";
import { useLanguage, pageLanguage, pageDirection } from "./current.js";
import { PSEUDO_RTL, pseudoRtl } from "./pseudo.js";

const LOCALE = new URL("../../locale/", import.meta.url);
/** Sentences for the link notice (English: they are said when no catalog could be read). */
export const startNotices = [];
/** How the language was chosen: "link" | "stored" | "browser" | "default". */
export let languageSource = "default";

function readStored() {
  try { return localStorage.getItem(STORED_KEY); } catch { return null; }
}

/** The messages of a language: its page.po; for the pseudo-locale, page.pot turned right to left. */
export async function readCatalog(lang, get = (url) => fetch(url)) {
  const res = await get(new URL(lang === PSEUDO_RTL ? "page.pot" : `${lang}/page.po`, LOCALE));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const po = parsePo(await res.text());
  let messages = po.messages;
  if (lang === PSEUDO_RTL) {
    messages = new Map([...messages].map(([id, m]) => [id, { ...m, str: m.plural ? [pseudoRtl(id), pseudoRtl(m.plural)] : [pseudoRtl(id)] }]));
  }
  return { messages, plural: pluralRule(po.header["Plural-Forms"]).index };
}

async function start() {
  if (typeof document === "undefined" || typeof location === "undefined") return;
  const r = resolveLanguage({ hash: location.hash, search: location.search, stored: readStored(), browser: navigator.languages });
  languageSource = r.source;
  if (r.notice && linkLang(location.hash) === null) startNotices.push(r.notice); // a hash's: share.js says it
  if (r.lang !== "en") {
    try {
      const { messages, plural } = await readCatalog(r.lang);
      useLanguage(r.lang, messages, plural);
    } catch {
      startNotices.push(`The page's words in this language (${r.lang}) could not be loaded, so the page is in English.`);
      useLanguage("en");
    }
  }
  document.documentElement.lang = pageLanguage();
  document.documentElement.dir = pageDirection();
}

await start();
