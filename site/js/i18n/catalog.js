// Starts the page in its language, before any panel is built: resolves it (language.js), reads
// its catalog (locale/<lang>/page.json, which build.py makes from site/locale/<lang>/page.po:
// tools/page_catalogs.py) and fills the page's marked words (page/page-words.js). A top-level await: every module that imports t() (i18n.js) waits for it, so
// no panel is built in English first. English needs no file (the msgids are English). Outside a
// page (node, the worker) it does nothing: English.
import { resolveLanguage, linkLang, STORED_KEY } from "./language.js";
import { pluralRule } from "./po.js";
import { useLanguage, pageLanguage, pageDirection } from "./current.js";
import { PSEUDO_RTL, pseudoRtl } from "./pseudo.js";

const LOCALE = new URL("../../locale/", import.meta.url);
/** Sentences for the link notice (English: they are said when no catalog could be read). */
export const startNotices = [];
/** The catalog file this page read ("locale/de/page.json"), or null: the service worker keeps it (offline.js). */
export let catalogFile = null;
/** How the language was chosen: "link" | "stored" | "browser" | "default". */
export let languageSource = "default";

function readStored() {
  try { return localStorage.getItem(STORED_KEY); } catch { return null; }
}

/** The messages of a language: its page.json (keyed by keyOf(msgid): tools/page_catalogs.py); for
 * the pseudo-locale no file: every msgid is its own message, written right to left. */
export async function readCatalog(lang, get = (url) => fetch(url)) {
  if (lang === PSEUDO_RTL) {
    const rtl = { get: (id) => ({ str: [pseudoRtl(id), pseudoRtl(id)], fuzzy: false }) }; // plurals: the singular's words
    return { messages: rtl, plural: (n) => (n === 1 ? 0 : 1) };
  }
  const res = await get(new URL(`${lang}/page.json`, LOCALE));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const json = await res.json();
  const messages = new Map(Object.entries(json.messages || {}).map(([key, v]) => [key, { str: Array.isArray(v) ? v : [v], fuzzy: false }]));
  return { messages, plural: pluralRule(json.plural_forms).index };
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
      if (r.lang !== PSEUDO_RTL) catalogFile = `locale/${r.lang}/page.json`;
    } catch {
      startNotices.push(`The page's words in this language (${r.lang}) could not be loaded, so the page is in English.`);
      useLanguage("en");
    }
  }
  document.documentElement.lang = pageLanguage();
  document.documentElement.dir = pageDirection();
}

await start();
