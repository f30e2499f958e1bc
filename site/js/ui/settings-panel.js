// The settings form, built from the PARAMS table (group "settings"): one field per entry.
import { byId } from "./dom.js";
import { PARAMS } from "../state.js";
import { renderField } from "./fields.js";

/** Build the form into #settings-fields; onValue(name, value) on each valid change. */
export function initSettings(values, onValue) {
  const box = byId("settings-fields");
  for (const p of PARAMS.filter((x) => x.group === "settings")) {
    const { root } = renderField(p, values[p.name], onValue);
    if (p.type === "bool") root.classList.add("wide");
    box.append(root);
  }
}
