// A lesson step's run put into the lab's own controls, so the lab's Train, plots and show run it.
import { PARAMS, validate, defaults } from "../state/state.js";
import { page } from "../state/page-state.js";
import { writeField } from "../page/fields.js";
import { setPoints } from "../data/points.js";
import { syncDataPanel } from "../data/data-panel.js";
import { loadCsvBytes, csvRequest, lastCsvError } from "../data/csv-upload.js";
import { csvRefused } from "./lesson-data.js";
import { t } from "../i18n/i18n.js";

const RUN_GROUPS = new Set(["data", "settings"]);
const BY_URL = new Map(PARAMS.filter((p) => p.url).map((p) => [p.url, p]));

/** The page values of a step's run (its link keys): every data and setting value at its default
 * but those the lesson names. -> {values, bad: [link keys that could not be read]} */
export function runValues(links) {
  const base = defaults();
  const values = {};
  for (const p of PARAMS) if (RUN_GROUPS.has(p.group) && p.page !== false) values[p.name] = base[p.name];
  values.source = "preset";
  const bad = [];
  for (const [key, raw] of Object.entries(links || {})) {
    const p = BY_URL.get(key);
    const r = p ? validate(p.name, String(raw)) : { error: "unknown" };
    if ("error" in r) bad.push(key);
    else values[p.name] = r.value;
  }
  return { values, bad };
}

/** Set the lab to the step's run; true when anything changed (a new run is needed). own: the
 * teacher's data (lesson-data.js), for a step that runs on it: its data values replace the step's. */
export function applyRun(links, own = null) {
  const { values } = runValues(links);
  if (own) for (const p of PARAMS) if (p.group === "data" && p.page !== false && p.name in own.values) values[p.name] = own.values[p.name];
  const changed = Object.entries(values).some(([k, v]) => JSON.stringify(page.get(k)) !== JSON.stringify(v));
  page.set(values);
  for (const [k, v] of Object.entries(values)) writeField(k, v);
  if (own?.points) setPoints(own.points);
  syncDataPanel(); // the data panel shows the source of the run (as a run link's opening does)
  return changed;
}

/** A lesson link's CSV file (lesson-data.js) read into the lab, as a run link's is: -> own with its
 * spec (the lab's reading: the label column Python chose, the read-as overrides), or {error}. */
export async function placeCsv(own) {
  const { name, bytes, label, plot, readAs } = own.csv;
  if (!await loadCsvBytes(name, bytes, label, plot, readAs)) return { error: csvRefused(lastCsvError() || t("see the data panel")) };
  const { data } = csvRequest();
  if (!data) return { error: csvRefused(t("see the data panel")) };
  return { ...own, spec: data, values: { ...own.values, label: page.get("label") } };
}
