// The settings form, built from the PARAMS table (group "settings"): one field per entry.
// Fields with a `when` (the kernel's settings, multiclass's average) show only where they apply.
import { byId, show } from "../page/dom.js";
import { PARAMS, isActive } from "../state/state.js";
import { renderField } from "../page/fields.js";

const SETTINGS = PARAMS.filter((x) => x.group === "settings" && x.page !== false);
let current = null;
const roots = new Map();

/** Build the form into #settings-fields; onValue(name, value) on each valid change. */
export function initSettings(values, onValue) {
  current = values;
  const box = byId("settings-fields");
  for (const p of PARAMS.filter((x) => x.group === "settings")) {
    const { root } = renderField(p, values[p.name], (name, value) => { onValue(name, value); syncSettingsPanel(); });
    if (p.type === "bool") root.classList.add("wide");
    roots.set(p.name, root);
    box.append(root);
  }
  syncSettingsPanel();
}

/** Show the fields that apply to the current values (after a change, or after a link set them). */
export function syncSettingsPanel() {
  if (!current) return;
  for (const p of SETTINGS) if (p.when && roots.has(p.name)) show(roots.get(p.name), isActive(p.name, current));
}
