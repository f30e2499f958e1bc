// On a phone the Data & settings tab is far below the plot: a second picker of the preset,
// right under the plot (css/lab.css shows it on narrow screens only, so the desktop plot keeps
// its place). It mirrors the panel's #preset both ways: the panel's field stays the one the
// page state, links and the retraining listen to.
import { byId, show } from "../page/dom.js";

let values;  // the page state's values (read-only)

export function initQuickPreset(opts) {
  ({ values } = opts);
  const quick = byId("quick-preset"), field = byId("preset");
  if (!quick || !field) return;
  for (const o of field.options) quick.add(new Option(o.textContent, o.value));
  quick.addEventListener("change", () => {
    if (field.value === quick.value) return;
    field.value = quick.value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
  // The panel's field changes by hand, by a link or by a restored run: follow it.
  document.addEventListener("change", sync);
  new MutationObserver(sync).observe(document.body, { attributes: true, attributeFilter: ["data-run-state"] });
  sync();
}

function sync() {
  const quick = byId("quick-preset"), field = byId("preset");
  quick.value = field.value;
  show(byId("quick-data"), values.source === "preset");
}
