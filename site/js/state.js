// The one declarative table of every parameter the page sends to Python.
// Plain data only (no functions), so the table can be serialised, e.g. for URL sharing.
// Each entry: name (unique), key (request key), group ("data" | "settings" | "view"), type,
// default, min/max (+ minExclusive) or options, label, hint, id (control id), and
// optionally `when` ({name, in: [...]}: the control is shown only for those values).
// `url`: the parameter's key in shared links (#v=1&eta=0.5&...); a stable contract, so
// never rename one: add a migration in share.js instead.

const GENERATED = ["clouds", "overlap", "circles"];

export const PARAMS = [
  // ---- data ----
  {
    name: "source", url: "source", key: "kind", group: "data", type: "enum", default: "preset", id: "source",
    options: [
      { value: "preset", label: "Preset" },
      { value: "csv", label: "CSV file" },
      { value: "points", label: "Place points" },
    ],
    label: "Data source",
    hint: "Where the training examples (x, y) come from: a preset, your CSV file, or points you place",
  },
  {
    name: "preset", url: "preset", key: "name", group: "data", type: "enum", default: "and", id: "preset",
    when: { name: "source", in: ["preset"] },
    options: [
      { value: "and", label: "AND", hint: "AND: +1 only for (1, 1); separable, e.g. a = 20x₁ + 20x₂ − 30" },
      { value: "or", label: "OR", hint: "OR: +1 unless both bits are 0; separable" },
      { value: "nand", label: "NAND", hint: "NAND: −1 only for (1, 1); separable" },
      { value: "xor", label: "XOR (not linearly separable)", hint: "XOR: +1 when the bits differ; not linearly separable, so the perceptron cycles" },
      { value: "clouds", label: "Two clouds (separable, with a margin)", hint: "Two clouds on either side of a hidden line, at least “margin” away from it: separable" },
      { value: "overlap", label: "Overlapping clouds (not separable)", hint: "Two overlapping clouds: usually not separable (try pocket)" },
      { value: "circles", label: "Circles (separable only with poly2)", hint: "An inner disc against an outer ring: separable only after the poly2 feature map" },
    ],
    label: "Preset",
    hint: "The Boolean functions of the notes (labels 0 → −1, 1 → +1) or generated point clouds",
  },
  {
    name: "n", url: "n", key: "n", group: "data", type: "int", default: 100, min: 4, max: 5000, id: "n",
    when: { name: "preset", in: GENERATED },
    label: "Points n", hint: "How many points to generate",
  },
  {
    name: "margin", url: "margin", key: "margin", group: "data", type: "float", default: 0.3, min: 0, max: 2, id: "margin",
    when: { name: "preset", in: ["clouds"] },
    label: "Margin", hint: "Every point stays at least this far from a hidden separating line: a larger gap gives a larger margin γ",
  },
  {
    name: "spread", url: "spread", key: "spread", group: "data", type: "float", default: 1.0, min: 0, max: 5,
    minExclusive: true, id: "spread",
    when: { name: "preset", in: GENERATED },
    label: "Spread", hint: "How widely the points scatter (the standard deviation of the clouds)",
  },
  {
    name: "data_seed", url: "dseed", key: "seed", group: "data", type: "int", default: 0, min: 0, max: 2147483647,
    id: "data-seed",
    when: { name: "preset", in: GENERATED },
    label: "Data seed", hint: "Seed of the generator: the same seed gives the same points",
  },
  {
    name: "label", url: "label", key: "label", group: "data", type: "column", default: null, id: "label-column",
    when: { name: "source", in: ["csv"] },
    label: "Label column y",
    hint: "The column holding the labels; its two values become −1 (sorts first) and +1",
  },
  {
    name: "plot_features", url: "plot", key: "plot_features", group: "data", type: "pair", default: [0, 1],
    id: "plot-x", when: { name: "source", in: ["csv"] },
    label: "Features to plot",
    hint: "The two features drawn on the decision-boundary plot",
  },
  // ---- settings ----
  {
    name: "algorithm", url: "algorithm", key: "algorithm", group: "settings", type: "enum", default: "online", id: "algorithm",
    options: [
      { value: "online", label: "Online (Rosenblatt)", hint: "Rosenblatt: update w ← w + η·y·x̃ on each mistake" },
      { value: "batch", label: "Batch", hint: "Gradient descent on the perceptron criterion: one step per epoch, summed over the mistakes" },
      { value: "averaged", label: "Averaged", hint: "Predict with the average of all w seen during training" },
      { value: "voted", label: "Voted", hint: "Every w_k votes with c_k, the number of examples after which it was the current w (Freund & Schapire's count), so the averaged w is Σ c_k w_k / Σ c_k" },
      { value: "pocket", label: "Pocket", hint: "Keep the most accurate w met on the way (on large data, Gallant's ratchet: only w with a record run of correct predictions are weighed); the result says which rule ran" },
    ],
    label: "Algorithm",
    hint: "Which perceptron variant to train",
  },
  {
    name: "epochs", url: "epochs", key: "epochs", group: "settings", type: "int", default: 100, min: 1, max: 1000, id: "epochs",
    label: "Epochs (MaxIter)", hint: "The most passes over the training data. Online, batch and pocket stop after an epoch without mistakes (their answer cannot change); averaged and voted run all MaxIter epochs, as Algorithm 2, unless Early stop is on",
  },
  {
    name: "early_stop", url: "early", key: "early_stop", group: "settings", type: "bool", default: false, id: "early_stop",
    label: "Early stop",
    hint: "Stop every variant at the first epoch without mistakes (averaged and voted then differ from Algorithm 2)",
  },
  {
    name: "eta", url: "eta", key: "eta", group: "settings", type: "float", default: 1, min: 0, max: 1000,
    minExclusive: true, id: "eta",
    label: "Learning rate η",
    hint: "Learning rate η: the update is w ← w + η·y·x̃. From w = 0, η only rescales w: the lab trains in units of η "
      + "(η = 1) and shows η·w, so every η makes the same mistakes",
  },
  {
    name: "bias", url: "bias", key: "bias", group: "settings", type: "bool", default: true, id: "bias",
    label: "Bias",
    hint: "Append a constant 1 to every x (x̃ = (x, 1)) so the boundary need not pass through the origin",
  },
  {
    name: "normalize", url: "normalize", key: "normalize", group: "settings", type: "bool", default: false, id: "normalize",
    label: "Normalize",
    hint: "Scale every x̃ to unit length (the one-sided setting of the notes)",
  },
  {
    name: "order", url: "order", key: "order", group: "settings", type: "enum", default: "fixed", id: "order",
    options: [
      { value: "fixed", label: "Constant order" },
      { value: "shuffle-once", label: "Permute once" },
      { value: "shuffle-each", label: "Permute every epoch" },
    ],
    label: "Order",
    hint: "How to loop over the data: constant order, permute once, or permute every epoch",
  },
  {
    name: "seed", url: "seed", key: "seed", group: "settings", type: "int", default: 0, min: 0, max: 2147483647, id: "seed",
    label: "Seed", hint: "Seed for the permutations and the train/test split: the same seed gives the same run",
  },
  {
    name: "feature_map", url: "fmap", key: "feature_map", group: "settings", type: "enum", default: "none", id: "feature_map",
    options: [
      { value: "none", label: "None: x as it is" },
      { value: "poly2", label: "poly2: add squares and products" },
    ],
    label: "Feature map",
    hint: "poly2 adds x₁², x₁x₂, x₂², … so a circle in x becomes a line in the new features",
  },
  {
    name: "test_fraction", url: "test", key: "test_fraction", group: "settings", type: "float", default: 0, min: 0, max: 0.9,
    id: "test_fraction",
    label: "Test fraction",
    hint: "Share of the data held out as a test set to estimate accuracy on unseen data (0 = none)",
  },
  // ---- view: not sent to Python; kept in shared links (share.js) ----
  {
    name: "embed", url: "embed", key: "embed", group: "view", type: "bool", default: false, id: "embed",
    label: "Embed mode", hint: "Minimal page chrome, for an iframe in a course page",
  },
  {
    name: "hide", url: "hide", key: "hide", group: "view", type: "flags", default: [], id: "hide",
    options: [
      { value: "data", label: "Data" },
      { value: "settings", label: "Settings" },
      { value: "weights", label: "Weights" },
      { value: "proof", label: "Mistake bound and proof plot" },
      { value: "mistakes", label: "Mistakes plot" },
      { value: "accuracy", label: "Accuracy" },
      { value: "steps", label: "Step through the updates" },
      { value: "downloads", label: "Downloads" },
      { value: "compare", label: "Compare variants" },
    ],
    label: "Hidden panels", hint: "Panels left out of the page, e.g. in an embedded lab",
  },
  {
    // Checked against the run once it is done (0..its recorded updates): share-panel.js.
    name: "step", url: "step", key: "step", group: "view", type: "int", default: 0, min: 0, max: 100000, id: "step-range",
    label: "Step-through position", hint: "The update the step-through shows once the run is done (0 = before any update)",
  },
  {
    name: "view", url: "view", key: "view", group: "view", type: "enum", default: "main", id: "compare",
    options: [
      { value: "main", label: "The run only" },
      { value: "compare", label: "The run and the comparison of the variants" },
    ],
    label: "View", hint: "compare: the comparison of the five variants is run and shown too",
  },
];

export const BY_NAME = Object.fromEntries(PARAMS.map((p) => [p.name, p]));

export function param(name) {
  const p = BY_NAME[name];
  if (!p) throw new Error(`unknown parameter ${name}`);
  return p;
}

/** Fresh copy of every default, by name. */
export function defaults() {
  const out = {};
  for (const p of PARAMS) out[p.name] = Array.isArray(p.default) ? [...p.default] : p.default;
  return out;
}

function rangeText(p) {
  const lo = p.minExclusive ? `greater than ${p.min}` : `at least ${p.min}`;
  return `${lo} and at most ${p.max}`;
}

function checkRange(p, v) {
  const low = p.minExclusive ? v <= p.min : v < p.min;
  if (low || v > p.max) return { error: `${p.label} must be ${rangeText(p)}.` };
  return { value: v };
}

/** Check one raw value (string from an input, boolean, number, ...) -> {value} | {error}. */
export function validate(name, raw) {
  const p = BY_NAME[name];
  if (!p) return { error: `Unknown setting ${name}.` };
  switch (p.type) {
    case "int": {
      const s = typeof raw === "number" ? String(raw) : String(raw ?? "").trim();
      if (s === "") return { error: `Enter a whole number for ${p.label}.` };
      if (!/^[+-]?\d+$/.test(s)) return { error: `${p.label} must be a whole number.` };
      return checkRange(p, Number(s));
    }
    case "float": {
      const s = typeof raw === "number" ? String(raw) : String(raw ?? "").trim();
      if (s === "") return { error: `Enter a number for ${p.label}.` };
      const v = Number(s);
      if (!Number.isFinite(v)) return { error: `${p.label} must be a number.` };
      return checkRange(p, v);
    }
    case "bool": {
      if (raw === true || raw === "true" || raw === "1" || raw === 1) return { value: true };
      if (raw === false || raw === "false" || raw === "0" || raw === 0) return { value: false };
      return { error: `${p.label} must be on or off.` };
    }
    case "enum": {
      const hit = p.options.find((o) => o.value === raw);
      if (!hit) return { error: `Choose one of: ${p.options.map((o) => o.label).join(", ")}.` };
      return { value: hit.value };
    }
    case "column": {
      if (raw === null || raw === undefined || raw === "") return { value: null };
      if (typeof raw === "number" && Number.isInteger(raw) && raw >= 0) return { value: raw };
      if (typeof raw === "string" && /^\d+$/.test(raw)) return { value: Number(raw) };
      return { error: `${p.label} must be a column of the file.` };
    }
    case "pair": {
      const arr = Array.isArray(raw) ? raw : String(raw ?? "").split(",");
      const v = arr.map((x) => Number(x));
      if (v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0)) {
        return { error: "Choose two features to plot." };
      }
      if (v[0] === v[1]) return { error: "Choose two different features to plot." };
      return { value: v };
    }
    case "flags": { // a set of option values: ["data", "proof"] or "data,proof"
      const arr = Array.isArray(raw) ? raw : String(raw ?? "").split(",").map((x) => x.trim()).filter(Boolean);
      if (!arr.every((x) => p.options.some((o) => o.value === x))) {
        return { error: `${p.label}: choose from ${p.options.map((o) => o.value).join(", ")}.` };
      }
      return { value: p.options.map((o) => o.value).filter((x) => arr.includes(x)) };
    }
    default:
      return { error: `Unknown type for ${p.label}.` };
  }
}

/** Is parameter `name` relevant for the current values (its `when` condition holds, recursively)? */
export function isActive(name, values) {
  const p = BY_NAME[name];
  if (!p || !p.when) return true;
  return isActive(p.when.name, values) && p.when.in.includes(values[p.when.name]);
}

/** The bridge SETTINGS object for validated values. */
export function settingsRequest(values) {
  const out = { plots: true };
  for (const p of PARAMS) if (p.group === "settings") out[p.key] = values[p.name];
  out.plot_features = values.plot_features;
  return out;
}

/** The bridge DATA object for a preset (generator parameters only for generated presets). */
export function presetRequest(values) {
  const out = { kind: "preset", name: values.preset };
  for (const name of ["n", "margin", "spread", "data_seed"]) {
    if (isActive(name, values)) out[param(name).key] = values[name];
  }
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
