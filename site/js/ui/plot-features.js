// "Features to plot": with more than two features (a CSV file), the two drawn on the
// decision-boundary plot. Training always uses all of them.
import { byId } from "./dom.js";
import { setFieldError, clearFieldError, registerSlot } from "./fields.js";
import { fillChooser } from "./column-chooser.js";

let values;     // shared app values (by param name)
let onValue;    // (name, value) => void
let count = 0;  // features of the current CSV file (0: none)

export function initPlotFeatures(opts) {
  ({ values, onValue } = opts);
  registerSlot("plot_features", byId("plot-x"), byId("plot-x-error"), byId("plot-x-hint"));
  byId("plot-x").addEventListener("change", changed);
  byId("plot-y").addEventListener("change", changed);
}

/** The features of a newly read CSV file; `pair` (e.g. from a link) is kept when it fits. */
export function setFeatureNames(names, pair = null) {
  count = names.length;
  let [a, b] = pair || [0, 1];
  if (!(a < count && b < count && a !== b)) [a, b] = [0, 1];
  for (const [id, sel] of [["plot-x", a], ["plot-y", b]]) fillChooser(byId(id), names, sel);
  onValue("plot_features", [a, b]);
}

/** How many features the CSV file has (0 before any file). */
export function featureCount() {
  return count;
}

/** The features to plot: only meaningful for a CSV file with more than two features. */
export function plotFeatures() {
  return values.source === "csv" && count > 2 ? values.plot_features : [0, 1];
}

function changed() {
  const v = [Number(byId("plot-x").value), Number(byId("plot-y").value)];
  if (v[0] === v[1]) { setFieldError("plot_features", "Choose two different features to plot."); return; }
  clearFieldError("plot_features");
  onValue("plot_features", v);
}
