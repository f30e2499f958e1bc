// The notice under the header naming what a shared link could not restore (#link-notice).
import { byId, el, show, clear } from "./dom.js";
import { t } from "../i18n/i18n.js";

let notices = []; // the texts on screen

/** Replace the notices on screen (an empty list hides the box). */
export function showNotices(list) {
  notices = [...list];
  const box = byId("link-notice");
  if (!box) return;
  clear(box);
  if (!notices.length) { show(box, false); return; }
  for (const text of notices) box.append(el("p", { text }));
  box.append(el("button", {
    type: "button", class: "secondary small", text: t("Dismiss"),
    on: { click: () => { notices = []; clear(box); show(box, false); } },
  }));
  show(box, true);
}

/** One more notice next to those on screen. */
export function addNotice(text) {
  showNotices(notices.concat(text));
}
