// The visible t("Erase what the lab stored in this browser") control, in the page's foot: one
// click erases (stored-data.js) and the line beside it says what was removed.
import { el, setText } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { eraseLabStorage, erasedSentence } from "./stored-data.js";

export function initEraseControl() {
  const foot = document.querySelector("footer.foot") || document.body;
  if (document.getElementById("erase-stored")) return;
  const said = el("p", { id: "erase-stored-said", class: "erase-said", attrs: { role: "status" } });
  const button = el("button", { type: "button", id: "erase-stored", class: "secondary", text: t("Erase what the lab stored in this browser"),
    attrs: { "aria-describedby": "erase-stored-hint" },
    on: { click: async () => {
      button.disabled = true;
      setText(said, t("Erasing…"));
      try { said.textContent = erasedSentence(await eraseLabStorage()); }
      catch (err) { said.textContent = t("Could not erase everything: {why}.", { why: err?.message || err }); }
      finally { button.disabled = false; }
    } } });
  const hint = el("span", { id: "erase-stored-hint", class: "hint", text:
    t("Its offline copy, its quick-start snapshot and your screen-reader and sound options. Your runs and links are not stored here.") });
  foot.append(el("div", { class: "erase-stored" }, button, " ", hint, said));
}
