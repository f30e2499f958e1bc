// Which language the page speaks: the link's lang= (hash or query), else the reader's choice in
// the picker (stored in this browser), else the browser's languages, else English. Pure: the
// caller passes what it read, so node can test every order of precedence.
import { PSEUDO_RTL } from "./pseudo.js";

/** The languages with a complete page catalog (site/locale/<code>/page.po), in the picker's
 * order, each named in its own language (the picker's options never change with the page). */
export const SHIPPED = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "es", name: "Español" },
];
export const STORED_KEY = "perceptron-lab:lang";
/** Said (in English) when a link asks for a language without a catalog. */
export const UNKNOWN_LANGUAGE = "This link asks for a language the lab has no page catalog for, so the page is in English. "
  + `Languages: ${SHIPPED.map((l) => `${l.name} (${l.code})`).join(", ")}.`;

const CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

/** A shipped language for this code ("de-AT" -> "de"), the pseudo-locale, or null. */
export function shippedFor(code) {
  if (typeof code !== "string" || !CODE.test(code)) return null;
  if (code.toLowerCase() === PSEUDO_RTL.toLowerCase()) return PSEUDO_RTL;
  const primary = code.split("-")[0].toLowerCase();
  return SHIPPED.some((l) => l.code === primary) ? primary : null;
}

/** The raw lang= of a link: the hash's (links of the lab) or the query's (an embed's src). */
export function linkLang(hash = "", search = "") {
  for (const part of [String(hash).replace(/^#/, ""), String(search).replace(/^\?/, "")]) {
    for (const kv of part.split("&")) {
      if (!kv.startsWith("lang=")) continue;
      try { return decodeURIComponent(kv.slice(5)); } catch { return kv.slice(5); }
    }
  }
  return null;
}

/**
 * {hash, search, stored, browser: [navigator.languages]} -> {lang, source, notice}.
 * notice: a sentence (in English: the page has no other catalog then) when the link asked for a
 * language the lab has no catalog for. The link's text is never echoed (it is a stranger's).
 */
export function resolveLanguage({ hash = "", search = "", stored = null, browser = [] } = {}) {
  const asked = linkLang(hash, search);
  if (asked !== null) {
    const lang = shippedFor(asked);
    if (lang) return { lang, source: "link", notice: null };
    return { lang: "en", source: "link", notice: UNKNOWN_LANGUAGE };
  }
  const kept = shippedFor(stored);
  if (kept && kept !== PSEUDO_RTL) return { lang: kept, source: "stored", notice: null };
  for (const code of browser || []) {
    const lang = shippedFor(code);
    if (lang && lang !== PSEUDO_RTL) return { lang, source: "browser", notice: null };
  }
  return { lang: "en", source: "default", notice: null };
}
