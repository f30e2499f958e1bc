// t(): the page's words in the page's language. msgids are the English sentences themselves
// (gettext's way: a missing translation shows English, never a key); placeholders are named,
// {name}, filled from params after translation, so a translation may reorder them.
// Importing this module waits for the catalog (catalog.js's top-level await).
import "./catalog.js";

export { pageLanguage, pageDirection } from "./current.js";
export { fill, placeholders, t, tn, N_ } from "./translate.js";
