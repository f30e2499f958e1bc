// "Features to plot": with more than two features (a CSV file or a real data set), the two
// drawn on the decision-boundary plot. Training uses all of them, unless a real data set is
// trained on only the two plotted (feature_set "plotted": the request then holds just those).
import { byId } from "../page/dom.js";
import { isActive } from "../state/state.js";
import { setFieldError, clearFieldError, registerSlot } from "../page/fields.js";
import { fillChooser } from "./column-chooser.js";
import { t } from "../i18n/i18n.js";

let values;     // the page state's values (read-only: page-state.js)
let onValue;    // (name, value) => void
let count = 0;  // features of the current CSV file (0: none)

export function initPlotFeatures(opts) {
  ({ values, onValue } = opts);
  registerSlot("plot_features", byId("plot-x"), byId("plot-x-error"), byId("plot-x-hint"));
  byId("plot-x").addEventListener("change", changed);
  byId("plot-y").addEventListener("change", changed);
  // The main plot of a run with more than two features: the score strip (the default) or a slice.
  const main = byId("main-plot");
  main.value = values.main_plot;
  main.addEventListener("change", () => onValue("main_plot", main.value));
}

/** The features of the data source (a CSV file, a real data set; [] for none); `pair` (e.g. from a link) is kept when it fits. */
export function setFeatureNames(names, pair = null) {
  count = names.length;
  if (!count) return;
  let [a, b] = pair || [0, 1];
  if (!(a < count && b < count && a !== b)) [a, b] = [0, 1];
  for (const [id, sel] of [["plot-x", a], ["plot-y", b]]) fillChooser(byId(id), names, sel);
  // Only a change marks the result stale (the choosers are filled after a link's run, too).
  const now = values.plot_features;
  if (!now || now[0] !== a || now[1] !== b) onValue("plot_features", [a, b]);
}

/** How many features the CSV file has (0 before any file). */
export function featureCount() {
  return count;
}

/** The features to plot, as indices into the data sent: only a choice with more than two features. */
export function plotFeatures() {
  if (values.source === "csv") return count > 2 ? values.plot_features : [0, 1];
  if (values.source === "preset" && isActive("classes", values)) {
    // Trained on the plotted two only: the data sent holds just them, in this order.
    return values.feature_set === "plotted" ? [0, 1] : values.plot_features;
  }
  return [0, 1];
}

function changed() {
  const v = [Number(byId("plot-x").value), Number(byId("plot-y").value)];
  if (v[0] === v[1]) { setFieldError("plot_features", t("Choose two different features to plot.")); return; }
  clearFieldError("plot_features");
  onValue("plot_features", v);
}
