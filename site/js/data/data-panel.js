// The data panel: the source switch (preset | CSV file | place points), the preset and its
// generator parameters, and the bridge DATA object of what the panel shows. The CSV upload
// is csv-upload.js, the placed points points.js, a real data set's classes real-preset.js,
// the features to plot plot-features.js.
import { byId, show } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { param, isActive, presetRequest } from "../state/state.js";
import { renderField, registerSlot, setFieldError, clearFieldError, clearAllErrors } from "../page/fields.js";
import { initPoints, pointsRequest } from "./points.js";
import { initCsvUpload, csvRequest, csvFeatureNames, locate } from "./csv-upload.js";
import { initPlotFeatures, featureCount, setFeatureNames } from "./plot-features.js";
import { initRealPreset, showRealPreset, showRealFields } from "./real-preset.js";

const GENERATOR = ["n", "margin", "spread", "data_seed"];

let values;          // the page state's values (read-only: page-state.js)
let onValue;         // (name, value) => void: a control changed it (main.js sets it)

export function initDataPanel(opts) {
  ({ values, onValue } = opts);

  const src = renderField(param("source"), values.source, changed);
  byId("source-slot").append(src.root);

  const box = byId("preset-fields");
  for (const name of ["preset", ...GENERATOR]) {
    const { root } = renderField(param(name), values[name], changed);
    if (name !== "preset") root.classList.add("gen");
    box.append(root);
  }
  registerSlot("data", byId("data-panel"), byId("data-error")); // an error of no single control

  initCsvUpload({ onValue, inspect: opts.inspect, onLoaded: csvLoaded, running: opts.running, stopRun: opts.stopRun,
    cancelRead: opts.cancelRead });
  initPoints(() => opts.onChange?.());
  initPlotFeatures({ values, onValue });
  initRealPreset({ values, onValue, inspect: opts.inspect, onFeatures: realFeatures, onChange: refresh });
  setTimeout(featuresOfSource); // after main.js has started Python (inspect waits for it)
  refresh();
}

function changed(name, value) {
  onValue(name, value);
  if (name === "source" || name === "preset") featuresOfSource();
  refresh();
}

/** The features to plot follow the data source: the CSV file's, or the real data set's. */
function featuresOfSource() {
  const names = values.source === "csv" ? csvFeatureNames() : null;
  if (names) setFeatureNames(names, values.plot_features);
  else if (values.source !== "csv") setFeatureNames([], null);
  if (values.source === "preset") showRealPreset().then(refresh);
}

function realFeatures(names, suggested = null) {
  if (values.source === "preset" && isActive("classes", values)) setFeatureNames(names, suggested || values.plot_features);
  refresh();
}

/** A CSV file was read: it becomes the data source. */
function csvLoaded() {
  if (values.source !== "csv") { byId("source-csv").checked = true; onValue("source", "csv"); }
  refresh();
}

/** Show the box of the current source, and the generator fields only for generated presets. */
function refresh() {
  for (const b of document.querySelectorAll(".source-box")) show(b, b.dataset.source === values.source);
  for (const name of GENERATOR) {
    show(byId(param(name).id).closest(".field"), isActive(name, values));
  }
  const real = values.source === "preset" && isActive("classes", values);
  show(byId("plot-features-box"), (values.source === "csv" || real) && featureCount() > 2);
  byId("plot-x-hint").textContent = real && values.feature_set === "plotted"
    ? t("The two features drawn on the decision-boundary plot; training uses only these two.")
    : t("The two features drawn on the decision-boundary plot; training uses all of them.");
  showRealFields(real);
  clearFieldError("data");
}

/** Show the controls for the current values again (after values were set from a link). */
export function syncDataPanel() {
  featuresOfSource();
  refresh();
}

/** -> {data} or {error: {name, message}} (shown next to that control by the caller). */
export function dataRequest() {
  if (values.source === "preset") return { data: presetRequest(values) };
  if (values.source === "csv") return csvRequest();
  return pointsRequest();
}

export { plotFeatures } from "./plot-features.js";

/**
 * Show a bridge error of kind "data" (it names a row and column, never a control) next to
 * the data source it came from. -> the name of the error slot used.
 */
export function showDataError(err) {
  const name = values.source === "csv" ? "csv-file" : values.source === "points" ? "points" : "data";
  setFieldError(name, `${err.message}${locate(err)}`);
  return name;
}

export function clearDataErrors() {
  clearAllErrors((n) => ["data", "csv-file", "label", "points", "plot_features", "preset", "classes", "feature_set", ...GENERATOR].includes(n));
}
