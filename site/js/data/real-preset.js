// A real data set as the preset (iris, breast cancer, wine, digits): the two classes the
// binary perceptron tells apart, and whether it trains on every feature or only the two
// plotted. Python's inspect lists a data set's classes and features (datasets.describe).
import { byId, el, clear, show } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { param, isActive, validate, algorithmTraits } from "../state/state.js";
import { renderField, registerSlot, setFieldError, clearFieldError } from "../page/fields.js";

let values;      // the page state's values (read-only: page-state.js)
let onValue;     // (name, value) => void
let inspectFn;   // (DATA) => Promise<bridge response>
let onFeatures;  // (feature names) => void: the features to plot follow the data set
const described = new Map(); // preset name -> {classes, features, n, info, plot}
let picked = false;          // the reader chose this preset (a link's plot features are kept)
let token = 0;
let roots = [];

export function initRealPreset(opts) {
  ({ values, onValue, inspect: inspectFn, onFeatures } = opts);
  const p = param("classes");
  const a = el("select", { id: "classes-a", attrs: { "aria-label": t("Class −1 or +1 (first)") } });
  const b = el("select", { id: "classes-b", attrs: { "aria-label": t("Class −1 or +1 (second)") } });
  const hint = el("p", { class: "hint", id: "classes-hint", text: t(p.hint) });
  const error = el("p", { class: "field-error", id: "classes-error", hidden: true, attrs: { "data-for": "classes" } });
  const info = el("p", { class: "hint", id: "real-preset-info" });
  const field = el("div", { class: "field", id: "classes-field" },
    el("label", { attrs: { for: "classes-a" }, text: t(p.label) }),
    el("div", { class: "pair" }, a, el("span", { text: ` ${t("vs")} ` }), b), hint, error);
  registerSlot("classes", a, error, hint);
  const changed = (e) => {
    // "Every class" (multiclass only): no two classes chosen. A class picked beside "every
    // class" waits for the second one; "every class" picked resets both.
    if (a.value === ALL || b.value === ALL) {
      clearFieldError("classes");
      if (values.classes !== null) onValue("classes", null);
      if (e.target.value === ALL) showRealPreset();
      return;
    }
    const r = validate("classes", [a.value, b.value]);
    if ("error" in r) { setFieldError("classes", r.error); return; }
    clearFieldError("classes");
    onValue("classes", r.value);
  };
  a.addEventListener("change", changed);
  b.addEventListener("change", changed);
  const set = renderField(param("feature_set"), values.feature_set, (name, v) => { onValue(name, v); opts.onChange?.(); });
  byId("preset-fields").append(info, field, set.root);
  roots = [info, field, set.root];
  // The multiclass perceptron takes every class unless two are chosen: the choosers say which.
  // (The settings form is built after this panel: listen on the document.)
  document.addEventListener("change", (e) => {
    if (e.target instanceof Element && e.target.id === "algorithm" && isActive("classes", values)) showRealPreset();
  });
  // Capture: before the data panel shows the new preset's features.
  byId("preset").addEventListener("change", () => { picked = true; }, true);
}

const ALL = "";  // the choosers' "every class" option (multiclass)

export function showRealFields(visible) {
  for (const r of roots) show(r, visible);
}

/** Show the choosers for the current preset (a real data set) or hide them; fills them once Python has described it. */
export async function showRealPreset() {
  const active = isActive("classes", values);
  showRealFields(active);
  if (!active) return;
  const name = values.preset;
  let d = described.get(name);
  if (!d) {
    const asked = ++token;
    let res;
    try {
      res = await inspectFn({ kind: "preset", name });
    } catch {
      res = null;
    }
    if (asked !== token || values.preset !== name) return;
    if (!res?.ok || !res.choices) { setFieldError("classes", res?.error?.message || t("The classes of {name} could not be listed.", { name })); return; }
    d = res.choices;
    described.set(name, d);
  }
  if (values.preset !== name || !isActive("classes", values)) return;
  byId("real-preset-info").textContent = d.info;
  let pick = values.classes;
  const every = algorithmTraits(values.algorithm)?.classes === "every";
  if (pick && !pick.every((c) => d.classes.includes(c))) {
    const args = { a: pick[0], b: pick[1], classes: d.classes.join(", ") };
    setFieldError("classes", every ? t("{a} and {b} are not both classes of this data set ({classes}), so every class is used.", args)
      : t("{a} and {b} are not both classes of this data set ({classes}), so the first two are used.", args));
    pick = null;
    onValue("classes", null);
  }
  const shown = pick || (every ? [ALL, ALL] : d.classes.slice(0, 2));
  // With every class on offer the choosers name no −1 and +1 (a screen reader would say so on a 3-class run).
  byId("classes-a").setAttribute("aria-label", every ? t("Classes: every class, or the first of two") : t("Class −1 or +1 (first)"));
  byId("classes-b").setAttribute("aria-label", every ? t("The second of two classes") : t("Class −1 or +1 (second)"));
  for (const [id, sel] of [["classes-a", shown[0]], ["classes-b", shown[1]]]) {
    const s = byId(id);
    clear(s);
    // "every class (3) vs every class (3)" said it twice: the second chooser reads "—" then.
    const allText = id === "classes-a" ? t("every class ({n})", { n: d.classes.length }) : "—";
    if (every) s.append(el("option", { value: ALL, text: allText, selected: sel === ALL }));
    d.classes.forEach((c) => s.append(el("option", { value: c, text: c, selected: c === sel })));
  }
  byId("classes-hint").textContent = every
    ? t("The multiclass perceptron trains on every class ({n}) unless you choose two here", { n: d.classes.length })
    : t(param("classes").hint);
  // A preset the reader picks opens on the features worth plotting (digits' first two pixels
  // are always blank); a link keeps its own.
  onFeatures(d.features, picked ? d.plot : null);
  picked = false;
}
