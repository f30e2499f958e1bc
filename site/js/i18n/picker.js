// The language picker in the header: each language named in its own words. A choice is kept in
// this browser (perceptron-lab:lang, erased by "Erase what the lab stored") and written into the
// link; the page then reloads in it, since every panel's words are made once, at start.
import { SHIPPED, STORED_KEY } from "./language.js";
import { pageLanguage } from "./current.js";

/** The address with lang= set to code (English: removed) in its hash; other keys kept in order. */
export function withLang(href, code) {
  const url = new URL(href);
  const raw = url.hash.replace(/^#/, "");
  // An in-page anchor (#results) is not a link's state: the language alone replaces it.
  const parts = raw.includes("=") ? raw.split("&").filter((kv) => kv && !kv.startsWith("lang=")) : [];
  if (code !== "en") parts.push(`lang=${encodeURIComponent(code)}`);
  url.hash = parts.join("&");
  return url.href;
}

export function initLanguagePicker() {
  const select = document.getElementById("lang-pick");
  if (!select) return;
  const now = pageLanguage();
  for (const l of SHIPPED) {
    const option = new Option(l.name, l.code, false, l.code === now);
    option.lang = l.code; // read aloud in its own language
    select.append(option);
  }
  // The test pseudo-locale (lang=ar-XB) is named as it is, never offered.
  if (!SHIPPED.some((l) => l.code === now)) {
    const test = new Option(now, now, true, true);
    test.disabled = true;
    select.append(test);
  }
  select.addEventListener("change", () => {
    const code = select.value;
    if (!SHIPPED.some((l) => l.code === code)) return;
    try { localStorage.setItem(STORED_KEY, code); } catch { /* storage blocked: the link still carries it */ }
    history.replaceState(history.state, "", withLang(location.href, code));
    location.reload();
  });
}
