// The page's language now: its code, writing direction, catalog and plural rule. Set once at
// start (i18n/catalog.js) before the panels are built; read by t() and by the number format.
// No DOM, no fetch: node tests set it directly.

const state = { lang: "en", dir: "ltr", messages: new Map(), plural: (n) => (n === 1 ? 0 : 1), decimal: "." };

/** Languages written right to left (by primary subtag). */
const RTL = new Set(["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb"]);

export function directionOf(lang) {
  return RTL.has(String(lang).split("-")[0].toLowerCase()) ? "rtl" : "ltr";
}

/** The decimal mark people of this language write (Intl's own data). */
export function decimalMarkOf(lang) {
  try {
    return new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  } catch {
    return ".";
  }
}

/** Use this language with these messages (Map msgid -> {str: [forms]}) and plural index. */
export function useLanguage(lang, messages = new Map(), plural = null, decimalLang = lang) {
  state.lang = lang;
  state.dir = directionOf(lang);
  state.messages = messages;
  if (plural) state.plural = plural;
  state.decimal = decimalMarkOf(decimalLang);
}

/** A msgid's key in a shipped page.json: FNV-1a (32 bit) over its UTF-16 code units, 8 hex digits
 * (tools/page_catalogs.py key_of builds the same). */
export function keyOf(msgid) {
  let h = 0x811c9dc5;
  for (let i = 0; i < msgid.length; i++) h = Math.imul(h ^ msgid.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** The catalog's entry for a msgid: by the msgid itself (a parsed .po, in tests) or by its key. */
export const entryOf = (msgid) => state.messages.get(msgid) ?? state.messages.get(keyOf(msgid));

export const pageLanguage = () => state.lang;
export const pageDirection = () => state.dir;
export const decimalMark = () => state.decimal;
export const currentMessages = () => state.messages;
export const pluralIndex = (n) => state.plural(n);

/** A number written with a point ("0.25") in the page's decimal mark ("0,25"). */
export const localDecimal = (s) => (decimalMark() === "." ? s : s.replace(/(\d)\.(\d)/g, `$1${decimalMark()}$2`));
