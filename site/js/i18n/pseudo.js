// The test pseudo-locale "ar-XB": every English message, written right to left, so the page's
// right-to-left layout can be checked without a real catalog. Deterministic: made from each msgid as
// t() is asked for it (i18n/catalog.js; a plural shows its singular's words). No file.
// Never offered in the picker (a link with lang=ar-XB asks for it).

export const PSEUDO_RTL = "ar-XB";

/** One message in the pseudo-locale: placeholders ({name}) kept, the rest inside a right-to-left
 * embedding (U+202B … U+202C) with Arabic-Indic look-alikes for the vowels, so it reads as RTL text. */
export function pseudoRtl(msgid) {
  const swap = { a: "ا", e: "ە", i: "ی", o: "ۆ", u: "و" };
  const body = String(msgid).split(/(\{[a-z_][a-z0-9_]*\})/i)
    .map((part, k) => (k % 2 ? part : part.replace(/[aeiou]/g, (c) => swap[c])))
    .join("");
  return `\u202B${body}\u202C`;
}
