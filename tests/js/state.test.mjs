// The parameter table's API (site/js/state/state.js): validate, defaults, param, isActive,
// settingsRequest. Written against the API only (the table itself may move to a schema file).
import { test } from "node:test";
import assert from "node:assert/strict";

import { PARAMS, validate, defaults, param, isActive, settingsRequest } from "../../site/js/state/state.js";

const ok = (name, raw) => {
  const r = validate(name, raw);
  assert.ok("value" in r, `${name}=${JSON.stringify(raw)}: ${r.error}`);
  return r.value;
};
const bad = (name, raw) => {
  const r = validate(name, raw);
  assert.ok("error" in r, `${name}=${JSON.stringify(raw)} was accepted as ${JSON.stringify(r.value)}`);
  assert.equal(typeof r.error, "string");
  assert.ok(r.error.length > 10 && !/undefined|NaN|\[object/.test(r.error), r.error);
  return r.error;
};

test("the page's defaults: the lecture's AND, online, η = 1, bias on, 100 epochs, fixed order", () => {
  const d = defaults();
  assert.equal(d.source, "preset");
  assert.equal(d.preset, "and");
  assert.equal(d.algorithm, "online");
  assert.equal(d.epochs, 100);
  assert.equal(d.eta, 1);
  assert.equal(d.bias, true);
  assert.equal(d.normalize, false);
  assert.equal(d.order, "fixed");
  assert.equal(d.feature_map, "none");
  assert.equal(d.test_fraction, 0);
  assert.deepEqual(d.plot_features, [0, 1]);
  assert.deepEqual(d.hide, []);
  assert.equal(d.embed, false);
  assert.equal(d.step, 0);
});

test("defaults() is a fresh copy: changing one never changes the next", () => {
  const a = defaults();
  a.hide.push("data");
  a.plot_features[0] = 5;
  a.eta = 3;
  const b = defaults();
  assert.deepEqual(b.hide, []);
  assert.deepEqual(b.plot_features, [0, 1]);
  assert.equal(b.eta, 1);
});

test("every default passes its own validation", () => {
  const d = defaults();
  for (const p of PARAMS) assert.deepEqual(validate(p.name, d[p.name]).value, d[p.name], p.name);
});

test("param() finds every entry by name and refuses unknown names", () => {
  for (const p of PARAMS) assert.equal(param(p.name), p);
  assert.throws(() => param("learning_rate"), /unknown parameter/);
  assert.match(validate("learning_rate", 1).error, /Unknown setting/);
});

test("whole numbers: text or numbers, a sign, spaces; no fractions, exponents or words", () => {
  assert.equal(ok("epochs", "7"), 7);
  assert.equal(ok("epochs", " +7 "), 7);
  assert.equal(ok("epochs", 7), 7);
  for (const raw of ["7.5", "1e2", "0x10", "seven", "", "  ", null, undefined, "7 7", NaN, Infinity, 7.5, true, [], {}]) {
    bad("epochs", raw);
  }
  assert.match(bad("epochs", ""), /Enter a whole number for Epochs/);
});

test("numbers: decimals and exponents; not NaN, not infinite, not words", () => {
  assert.equal(ok("eta", "0.5"), 0.5);
  assert.equal(ok("eta", "5e-1"), 0.5);
  assert.equal(ok("eta", ".25"), 0.25);
  assert.equal(ok("eta", 0.1), 0.1);
  assert.equal(ok("eta", "1,5"), 1.5); // a decimal comma is read as one
  for (const raw of ["NaN", "Infinity", "-Infinity", "1e999", "abc", "", "0x10", "1_0", "1,000", null, NaN, Infinity]) bad("eta", raw);
});

test("ranges: both ends of every number parameter, and one step beyond", () => {
  for (const p of PARAMS.filter((x) => x.type === "int" || x.type === "float")) {
    if (p.minExclusive) {
      bad(p.name, p.min);
      assert.match(bad(p.name, p.min), /greater than/);
      const above = p.type === "int" ? p.min + 1 : p.min + 1e-9;
      assert.equal(ok(p.name, above), above);
    } else {
      assert.equal(ok(p.name, p.min), p.min, p.name);
      bad(p.name, p.type === "int" ? p.min - 1 : p.min - 1e-9);
    }
    const max = p.page_max ?? p.max; // page_max: the table's lower limit for the page only
    assert.equal(ok(p.name, max), max, p.name);
    const over = bad(p.name, p.type === "int" ? max + 1 : max * (1 + 1e-12) + 1e-12);
    assert.ok(over.includes(p.label) && over.includes(`at most ${max}`), over);
  }
});

test("whole numbers beyond 2^53 are refused, not rounded into range", () => {
  for (const p of PARAMS.filter((x) => x.type === "int")) bad(p.name, "99999999999999999999999");
});

test("on / off: true/false, 1/0 and their texts only", () => {
  for (const raw of [true, "true", "1", 1]) assert.equal(ok("bias", raw), true);
  for (const raw of [false, "false", "0", 0]) assert.equal(ok("bias", raw), false);
  for (const raw of ["yes", "on", "TRUE", 2, "", null, undefined]) bad("bias", raw);
});

test("choices: one of the listed values, exactly (case and all)", () => {
  for (const a of ["online", "batch", "averaged", "voted", "pocket"]) assert.equal(ok("algorithm", a), a);
  for (const raw of ["Online", "perceptron", "", null, 0, "online "]) bad("algorithm", raw);
  for (const o of param("preset").options) assert.equal(ok("preset", o.value), o.value);
  assert.match(bad("order", "random"), /Choose one of: Constant order, Permute once, Permute every epoch\./);
});

test("the label column: a column number, or none (the last column)", () => {
  assert.equal(ok("label", 0), 0);
  assert.equal(ok("label", "12"), 12);
  for (const raw of [null, undefined, ""]) assert.equal(ok("label", raw), null);
  for (const raw of [-1, "-1", 1.5, "x", true]) bad("label", raw);
});

test("the features to plot: two different feature numbers", () => {
  assert.deepEqual(ok("plot_features", "2,0"), [2, 0]);
  assert.deepEqual(ok("plot_features", [0, 3]), [0, 3]);
  assert.match(bad("plot_features", "1,1"), /two different features/);
  for (const raw of ["1", "1,2,3", "a,b", "-1,0", "0.5,1", [0], null]) bad("plot_features", raw);
});

test("hide flags: any of the listed panels, written in the table's order", () => {
  assert.deepEqual(ok("hide", "proof,data"), ["data", "proof"]);
  assert.deepEqual(ok("hide", ["compare", "data"]), ["data", "compare"]);
  assert.deepEqual(ok("hide", ""), []);
  assert.deepEqual(ok("hide", "data,data"), ["data"]);
  assert.match(bad("hide", "data,plots"), /Hidden panels: choose from data, settings/);
});

test("isActive: generator parameters only for generated presets of the preset source", () => {
  const v = defaults();
  for (const [preset, active] of [["and", []], ["xor", []], ["clouds", ["n", "margin", "spread", "data_seed"]],
    ["overlap", ["n", "spread", "data_seed"]], ["circles", ["n", "spread", "data_seed"]]]) {
    for (const name of ["n", "margin", "spread", "data_seed"]) {
      assert.equal(isActive(name, { ...v, preset }), active.includes(name), `${name} for ${preset}`);
    }
  }
  // A generated preset left behind in the values does not count under another source.
  assert.equal(isActive("n", { ...v, source: "csv", preset: "clouds" }), false);
  assert.equal(isActive("preset", { ...v, source: "points" }), false);
  assert.equal(isActive("label", { ...v, source: "csv" }), true);
  assert.equal(isActive("label", v), false);
  assert.equal(isActive("eta", { ...v, source: "points" }), true); // settings always apply
});

test("settingsRequest: the bridge's SETTINGS object of the values, by request key", () => {
  const v = { ...defaults(), algorithm: "voted", epochs: 12, eta: 0.25, bias: false, normalize: true, order: "shuffle-each",
    seed: 9, feature_map: "poly2", test_fraction: 0.3, plot_features: [1, 2], preset: "clouds", embed: true };
  const req = settingsRequest(v);
  assert.deepEqual(req, {
    ...req, // keys added to the settings table later are allowed; these must be exactly so:
    plots: true, algorithm: "voted", epochs: 12, eta: 0.25, bias: false, normalize: true, order: "shuffle-each",
    seed: 9, feature_map: "poly2", test_fraction: 0.3, plot_features: [1, 2],
  });
  for (const k of ["preset", "name", "embed", "hide", "step", "view", "n", "kind"]) assert.ok(!(k in req), k);
});
