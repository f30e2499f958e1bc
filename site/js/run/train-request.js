// The train request from the controls, built in this one place for the run, the comparison,
// the exercise and hand weights: every field checked against the state table first (nothing is
// sent when a value is wrong), the plots asked for at the boxes they are shown in.
import { PARAMS, isActive, settingsRequest } from "../state/state.js";
import { page } from "../state/page-state.js";
import { dataRequest, plotFeatures } from "../data/data-panel.js";
import { plotBox, plotView } from "../plot/plots.js";
import { setFieldError, clearAllErrors, validateFields } from "../page/fields.js";
import { focusOn } from "./run-errors.js";
import { byId, setText } from "../page/dom.js";
import { t } from "../i18n/i18n.js";

const SETTINGS = PARAMS.filter((p) => p.group === "settings").map((p) => p.name);
const DATA_FIELDS = ["preset", "n", "margin", "spread", "data_seed"];

/** The train request from the controls, built in this one place: {data, settings}, or {fix: the
 * field to fix, inData} after marking it. Client-side validation from the state table: nothing
 * is sent when a value is wrong. */
export function trainRequest() {
  const values = page.values;
  const names = SETTINGS.concat(values.source === "preset" ? DATA_FIELDS.filter((n) => isActive(n, values)) : []);
  const { values: checked, bad } = validateFields(names);
  page.set(checked);
  if (bad.length) return { fix: bad[0], inData: false };
  const d = dataRequest();
  if ("error" in d) {
    setFieldError(d.error.name, d.error.message);
    return { fix: d.error.name, inData: true };
  }
  const settings = settingsRequest(values);
  settings.plot_features = plotFeatures();
  // Drawn for the box each plot is shown in, at the screen's pixel ratio (crisp at any zoom).
  Object.assign(settings, { plot_px: plotBox("boundary"), ...plotView() });
  return { data: d.data, settings };
}

/** The train request for the comparison, the exercise and hand weights; null after marking what to fix. */
export function compareRequest() {
  clearAllErrors();
  const req = trainRequest();
  if (req.fix) { focusOn(req.fix); return null; }
  return req;
}

/** Python is ready but the data cannot be trained yet (a link's points all of one class, a points
 * page with none placed): the reason beside its field, and in the place the first result would
 * take, which otherwise still said it waits for Python. True when there is something to fix. */
export function sayDataToFix() {
  const d = dataRequest();
  if (!("error" in d)) return false;
  setFieldError(d.error.name, d.error.message);
  const empty = byId("results-empty");
  if (empty) setText(empty, t("Python is ready. {reason}", { reason: d.error.message }));
  return true;
}
