// A run that did not give a result says why, next to its cause: a settings field's message
// beside the field (its tab opened, the focus on it), the data's in the data panel, anything
// else in the run's message line; a worker's words cleaned to one line, never a traceback.
import { paramForField } from "../state/state.js";
import { message } from "../python/loading.js";
import { setFieldError, focusField } from "../page/fields.js";
import { showDataError } from "../data/data-panel.js";
import { byId } from "../page/dom.js";
import { openTabOf } from "../page/tabs.js";
import { t } from "../i18n/i18n.js";

/** A worker/bridge message for people: one line, never a traceback. */
export function clean(text) {
  const s = String(text ?? "").trim();
  if (!s || /Traceback|File "|^\s*at /m.test(s)) return t("Something went wrong inside Perceptron Lab.");
  const line = s.split(/\r?\n/)[0];
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
}

/** Move to a data or settings field that needs attention: its tab first (they share one). */
export function focusOn(name) {
  openTabOf(byId("data-panel"));
  focusField(name);
}

export function showError(err) {
  const text = clean(err.message);
  if (err.kind === "settings") {
    const p = paramForField(err.field, "settings");
    if (p && setFieldError(p.name, text)) {
      message(t("Training stopped: {field} needs attention (see the message next to it).", { field: t(p.label) }), "error");
      focusOn(p.name);
      return;
    }
  }
  if (err.kind === "data") {
    const name = showDataError({ ...err, message: text });
    message(t("Training stopped: the data needs attention (see the data panel)."), "error");
    focusOn(name);
    return;
  }
  message(text, "error");
}
