// The words written in index.html, in the page's language: elements marked data-i18n have their
// text replaced (the English text is the msgid; such an element holds text only), and
// data-i18n-attr="aria-label title placeholder" names attributes translated the same way.
// Run once at start (imported first by main.js, after the catalog is read).
import { t } from "../i18n/i18n.js";
import { setText } from "./dom.js";
import { initLanguagePicker } from "../i18n/picker.js";

/** The msgid of a text as written in HTML: whitespace runs are one space. */
export const normalize = (s) => String(s).replace(/\s+/g, " ").trim();

export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const id = normalize(node.textContent);
    if (id) setText(node, t(id)); // lang="en" where the catalog lacks it
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of node.getAttribute("data-i18n-attr").split(/\s+/).filter(Boolean)) {
      const value = node.getAttribute(name);
      if (value) node.setAttribute(name, t(normalize(value)));
    }
  }
}

translatePage();
initLanguagePicker();
// The language's own notices (startNotices: a hostile lang=) are shown by main.js, above this layer.
