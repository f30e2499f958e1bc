// The one declarative table of every parameter the page sends to Python: the package's
// py/perceptron_lab/params.json, which build.py writes into ./params.js as a module (a plain
// import, where a JSON module would need import attributes). Python checks the same table
// (settings.py), so a range or a default lives in one place; tests/py/test_schema_contract.py
// runs this module in Node and holds the two sides together.
// Each entry: name (unique), key (request key), group ("data" | "settings" | "view"), type,
// default, min/max (+ minExclusive; page_max: a lower maximum on the page only) or options,
// label, hint, id (control id), and optionally `when` ({name, in: [...]}: the control is shown
// only for those values). `url`: the parameter's key in shared links (#v=1&eta=0.5&...); a
// stable contract, so never rename one: add a migration in share.js instead. Entries with
// `page: false` are Python's only (the page neither shows nor sends them).
import SCHEMA from "./params.js";
import { t } from "../i18n/i18n.js";
import { localDecimal } from "../i18n/current.js";
import { readNumber, readWholeNumber } from "./number.js";

export const PARAMS = SCHEMA.params.filter((p) => p.page !== false);

/** Limits both sides enforce (CSV bytes and rows, |feature|, points, ...): params.json "limits". */
export const LIMITS = Object.freeze({ ...SCHEMA.limits });

export const BY_NAME = Object.fromEntries(PARAMS.map((p) => [p.name, p]));

export function param(name) {
  const p = BY_NAME[name];
  if (!p) throw new Error(`unknown parameter ${name}`);
  return p;
}

/**
 * What the page needs to know of an algorithm, from params.json (never re-derived from its
 * name): {value, label, hint, family (linear | kernel | multiclass), weights (vector | counts |
 * rows), last_w, per_example, bound, answer, step_note, start, update (example | epoch), votes,
 * classes (two | every), estimator, cost ({model: weights | gram | classes, factor, who}),
 * exercise_note}; null for an unknown name.
 */
export function algorithmTraits(name) {
  return BY_NAME.algorithm.options.find((o) => o.value === name) ?? null;
}

/** Does the algorithm read every class of the data (params.json classes "every"), not two? */
export function readsEveryClass(name) {
  return algorithmTraits(name)?.classes === "every";
}

/** The variants of the comparison, in card order (params.json). */
export const COMPARE_ALGORITHMS = Object.freeze([...BY_NAME.algorithm.compare]);

/** Fresh copy of every default, by name. */
export function defaults() {
  const out = {};
  for (const p of PARAMS) out[p.name] = Array.isArray(p.default) ? [...p.default] : p.default;
  return out;
}

/** The largest value the page accepts: page_max where the page allows less than Python. */
function maxOf(p) {
  return p.page_max ?? p.max;
}

function rangeText(p) {
  const lo = p.minExclusive ? t("greater than {min}", { min: localDecimal(String(p.min)) }) : t("at least {min}", { min: localDecimal(String(p.min)) });
  return t("{low} and at most {max}", { low: lo, max: localDecimal(String(maxOf(p))) });
}

function checkRange(p, v) {
  const low = p.minExclusive ? v <= p.min : v < p.min;
  if (low || v > maxOf(p)) return { error: t("{field} must be {range}.", { field: t(p.label), range: rangeText(p) }) };
  return { value: v };
}

/** Text -> {value} | {error}: the one number reader (number.js), naming the field. */
export function decimalNumber(s, label) {
  return readNumber(s, label);
}

/** Check one raw value (string from an input, boolean, number, ...) -> {value} | {error}. */
export function validate(name, raw) {
  const p = BY_NAME[name];
  if (!p) return { error: t("Unknown setting {name}.", { name }) };
  switch (p.type) {
    case "int": {
      const r = readWholeNumber(typeof raw === "number" ? String(raw) : raw, t(p.label));
      return "error" in r ? r : checkRange(p, r.value);
    }
    case "float": {
      if (typeof raw === "number") return Number.isFinite(raw) ? checkRange(p, raw) : { error: t("{field} must be a number.", { field: t(p.label) }) };
      const r = decimalNumber(String(raw ?? "").trim(), t(p.label));
      return "error" in r ? r : checkRange(p, r.value);
    }
    case "bool": {
      if (raw === true || raw === "true" || raw === "1" || raw === 1) return { value: true };
      if (raw === false || raw === "false" || raw === "0" || raw === 0) return { value: false };
      return { error: t("{field} must be on or off.", { field: t(p.label) }) };
    }
    case "enum": {
      const hit = p.options.find((o) => o.value === raw);
      if (!hit) return { error: t("Choose one of: {list}.", { list: p.options.map((o) => t(o.label)).join(", ") }) };
      return { value: hit.value };
    }
    case "column": {
      if (raw === null || raw === undefined || raw === "") return { value: null };
      if (typeof raw === "number" && Number.isInteger(raw) && raw >= 0) return { value: raw };
      if (typeof raw === "string" && /^\d+$/.test(raw)) return { value: Number(raw) };
      return { error: t("{field} must be a column of the file.", { field: t(p.label) }) };
    }
    case "names": { // `count` different names (e.g. the classes of a real data set); null = the default
      if (raw === null || raw === undefined || raw === "") return { value: null };
      const v = (Array.isArray(raw) ? raw : String(raw).split(",")).map((x) => String(x).trim());
      if (v.length !== p.count || v.some((x) => !x || x.length > 100) || new Set(v).size !== v.length) {
        return { error: t("{what}: choose {n} different ones.", { what: t(p.label), n: p.count }) };
      }
      return { value: v };
    }
    case "pair": {
      const arr = Array.isArray(raw) ? raw : String(raw ?? "").split(",");
      const v = arr.map((x) => Number(x));
      if (v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= (p.min ?? 0) && x <= maxOf(p))) {
        return { error: t("Choose two features to plot.") };
      }
      if (p.distinct && v[0] === v[1]) return { error: t("Choose two different features to plot.") };
      return { value: v };
    }
    case "flags": { // a set of option values: ["data", "proof"] or "data,proof"
      const arr = Array.isArray(raw) ? raw : String(raw ?? "").split(",").map((x) => x.trim()).filter(Boolean);
      if (!arr.every((x) => p.options.some((o) => o.value === x))) {
        return { error: t("{what}: choose from {list}.", { what: t(p.label), list: p.options.map((o) => o.value).join(", ") }) };
      }
      return { value: p.options.map((o) => o.value).filter((x) => arr.includes(x)) };
    }
    default:
      return { error: t("Unknown type for {what}.", { what: t(p.label) }) };
  }
}

/** Is parameter `name` relevant for the current values (its `when` condition holds, recursively)? */
export function isActive(name, values) {
  const p = BY_NAME[name];
  if (!p || !p.when) return true;
  return isActive(p.when.name, values) && p.when.in.includes(values[p.when.name]);
}

/** The bridge SETTINGS object for validated values (`request` names the object where it is not the group). */
export function settingsRequest(values) {
  const out = { plots: true };
  for (const p of PARAMS) if ((p.request ?? p.group) === "settings") out[p.key] = values[p.name];
  return out;
}

/** The bridge DATA object for a preset (generator parameters only for generated presets). */
export function presetRequest(values) {
  const out = { kind: "preset", name: values.preset };
  for (const name of ["n", "margin", "spread", "data_seed"]) {
    if (isActive(name, values)) out[param(name).key] = values[name];
  }
  // A real data set: its two classes (default: the first two) and, if chosen, only the plotted features.
  if (isActive("classes", values) && values.classes) out.classes = [...values.classes];
  if (isActive("feature_set", values) && values.feature_set === "plotted") out.features = [...values.plot_features];
  return out;
}

/** Find the parameter the bridge means by error.field, given the error kind. */
export function paramForField(field, kind) {
  if (field === null || field === undefined) return null;
  const group = kind === "data" ? "data" : "settings";
  const hit = PARAMS.find((p) => p.group === group && (p.key === field || p.name === field))
    || PARAMS.find((p) => p.key === field || p.name === field);
  return hit || null;
}
