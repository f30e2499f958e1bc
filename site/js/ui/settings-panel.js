// The settings form, built from the PARAMS table (group "settings"): one field per entry.
import { byId } from "./dom.js";
import { PARAMS } from "../state.js";
import { renderField, readRaw, writeValue } from "./fields.js";

const rendered = new Map(); // name -> {p, control}

/** Build the form into #settings-fields; onValue(name, value) on each valid change. */
export function initSettings(values, onValue) {
  const box = byId("settings-fields");
  for (const p of PARAMS.filter((x) => x.group === "settings")) {
    const { root, control } = renderField(p, values[p.name], onValue);
    if (p.type === "bool") root.classList.add("wide");
    rendered.set(p.name, { p, control });
    box.append(root);
  }
}

/** Raw values of every settings control (for validation just before Train). */
export function rawSettings() {
  const out = {};
  for (const [name, { p, control }] of rendered) out[name] = readRaw(p, control);
  return out;
}

export function writeSettings(values) {
  for (const [name, { p, control }] of rendered) if (name in values) writeValue(p, control, values[name]);
}
