// Shared links (site/js/state/share.js): every parameter type written and read back, the data a
// link carries (points, compressed points, CSV), hostile links, and the migration path.
// Run with: node --test tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  buildHash, parseHash, parsePoints, readPoints, readCsv, deflate, inflate, valuesFromRequest,
  isLinkHash, NOTICE, MAX_HASH, MAX_INLINE, MAX_POINTS,
} from "../../site/js/state/share.js";
import { PARAMS, defaults, param, settingsRequest } from "../../site/js/state/state.js";

const pairs = (hash) => hash.split("&").map((kv) => kv.split("="));
const keys = (hash) => pairs(hash).map(([k]) => k);

/** A link to the lab with these raw key=value parts (the page's own defaults otherwise). */
const link = (...parts) => `#v=1&${parts.join("&")}`;

// ------------------------------------------------------------------ writing

test("the default run's link, written out by hand", async () => {
  const { hash, omitted } = await buildHash(defaults(), { kind: "preset", name: "and" });
  assert.equal(hash, "v=1&source=preset&preset=and&plot=0,1&algorithm=online&epochs=100&early=0&eta=1&bias=1"
    + "&normalize=0&std=0&order=fixed&seed=0&fmap=none&test=0");
  assert.equal(omitted, null);
});

test("generator parameters are written only for generated presets, view values only when not default", async () => {
  const v = { ...defaults(), preset: "clouds", n: 40, margin: 0.5, spread: 2, data_seed: 9, embed: true, hide: ["data", "proof"], step: 3 };
  const { hash } = await buildHash(v);
  const q = Object.fromEntries(pairs(hash));
  assert.deepEqual([q.n, q.margin, q.spread, q.dseed], ["40", "0.5", "2", "9"]);
  assert.equal(q.embed, "1");
  assert.equal(q.hide, "data,proof");
  assert.equal(q.step, "3");
  assert.ok(!("view" in q), "view=main is the default and is left out");
  // AND has no generator: its link has no n / margin / spread / dseed, no label (CSV only) and
  // no classes / feature set (real data sets only).
  const and = await buildHash({ ...v, preset: "and" });
  for (const k of ["n", "margin", "spread", "dseed", "label", "cls", "feats"]) assert.ok(!keys(and.hash).includes(k), k);
});

// ------------------------------------------------------------------ round trips, every type

/** Non-default valid values of every linked parameter, by its type (or options). */
function samples(p) {
  switch (p.type) {
    case "int": return [p.min + (p.minExclusive ? 1 : 0), p.page_max ?? p.max, Math.floor((p.min + (p.page_max ?? p.max)) / 2)];
    case "float": return [p.page_max ?? p.max, (p.min + (p.page_max ?? p.max)) / 3, p.minExclusive ? p.min + 1e-9 : p.min];
    case "bool": return [!p.default];
    case "enum": return p.options.map((o) => o.value);
    case "flags": return [[], [p.options[0].value], p.options.map((o) => o.value)];
    case "pair": return [[2, 0], [0, 5]];
    case "column": return [0, 7];
    case "names": return [["versicolor", "virginica"], ["setosa", "virginica"]];
    default: throw new Error(`no samples for type ${p.type}`);
  }
}

/** Values under which parameter `p` applies (its `when` chain holds). */
function activeFor(p) {
  const v = defaults();
  if (p.group === "data") v.source = param("source").default;
  if (p.when?.name === "source") v.source = p.when.in[0];
  if (p.when?.name === "preset") { v.source = "preset"; v.preset = p.when.in[0]; }
  // Chains (degree -> kernel -> algorithm, main_plot -> feature_set -> preset): every link of the chain holds.
  for (let q = p; q?.when && p.group !== "view"; q = param(q.when.name)) v[q.when.name] = q.when.in[0];
  return v;
}

// The data each source's link carries (a link to CSV or points without it asks for it).
const DATA = {
  preset: null,
  csv: { kind: "csv", base64: btoa("a,b,c,y\n1,2,3,0\n3,4,5,1\n"), label: null },
  points: { kind: "points", points: [[0, 0, 1], [1, 1, -1]] },
};

for (const p of PARAMS.filter((x) => x.url)) {
  test(`${p.name} (${p.type}) survives a link: written, read back, equal`, async () => {
    for (const value of samples(p)) {
      const v = { ...activeFor(p), [p.name]: value };
      const { hash } = await buildHash(v, DATA[v.source]);
      const back = parseHash(hash);
      assert.deepEqual(back.values[p.name], value, `${p.name}=${JSON.stringify(value)} via ${hash}`);
      assert.deepEqual(back.notices, [], hash);
      assert.deepEqual(back.ignored, []);
      // The rest came back as it was written too.
      for (const other of PARAMS) {
        if (other.group === "view" || keys(hash).includes(other.url)) {
          assert.deepEqual(back.values[other.name], v[other.name], `${other.name} in ${hash}`);
        }
      }
    }
  });
}

test("floats keep every bit: the shortest round-trip text is written", async () => {
  for (const eta of [0.1, 1 / 3, 2 ** -20, 999.9999999999999]) {
    const { hash } = await buildHash({ ...defaults(), eta });
    assert.equal(parseHash(hash).values.eta, eta);
  }
});

// ------------------------------------------------------------------ data in the link

test("placed points: pts in the link, read back exactly", async () => {
  const points = [[0.5, -1.25, 1], [-2, 3e-7, -1], [1e8, -1e8, 1]];
  const { hash, omitted } = await buildHash({ ...defaults(), source: "points" }, { kind: "points", points });
  assert.equal(omitted, null);
  const q = Object.fromEntries(pairs(hash));
  assert.equal(decodeURIComponent(q.pts), "0.5,-1.25,1;-2,3e-7,-1;100000000,-100000000,1");
  const back = parseHash(hash);
  assert.equal(back.values.source, "points");
  assert.deepEqual(back.data, { kind: "points", points });
});

test("many points are compressed (ptz) and expand to the same points", async () => {
  const points = Array.from({ length: 1500 }, (_, i) => [(i % 40) / 10, (Math.floor(i / 40) - 20) / 10, i % 2 ? 1 : -1]);
  const { hash, omitted } = await buildHash({ ...defaults(), source: "points" }, { kind: "points", points });
  assert.equal(omitted, null);
  assert.ok(keys(hash).includes("ptz") && !keys(hash).includes("pts"));
  const back = parseHash(hash);
  assert.equal(back.data.kind, "points");
  assert.deepEqual(await readPoints(back.data.z), points);
});

test("too many points to compress into a link: ptsbig, and the link says so when opened", async () => {
  let seed = 1;
  const rnd = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 4 - 2; // incompressible
  const points = Array.from({ length: MAX_POINTS }, (_, i) => [rnd(), rnd(), i % 2 ? 1 : -1]);
  const { hash, omitted } = await buildHash({ ...defaults(), source: "points" }, { kind: "points", points });
  assert.equal(omitted, "points");
  const back = parseHash(hash);
  assert.deepEqual(back.data, { kind: "points", missing: true });
  assert.deepEqual(back.notices, [NOTICE.pointsTooMany]);
});

test("a small CSV file travels compressed with its name; label and plot features come back", async () => {
  const text = "x1,x2,x3,y\n1,2,3,a\n4,5,6,b\n";
  const v = { ...defaults(), source: "csv", label: 3, plot_features: [2, 0] };
  const { hash, omitted } = await buildHash(v, { kind: "csv", base64: btoa(text), label: 3 }, "wk3 data.csv");
  assert.equal(omitted, null);
  const back = parseHash(hash);
  assert.equal(back.data.kind, "csv");
  assert.equal(back.data.name, "wk3 data.csv");
  assert.equal(new TextDecoder().decode(await readCsv(back.data.z)), text); // the file's bytes
  assert.equal(back.values.label, 3);
  assert.deepEqual(back.values.plot_features, [2, 0]);
});

test("a CSV file too large for a link: csvbig, the settings stay, the link asks for the file", async () => {
  let seed = 7;
  const rows = Array.from({ length: 3000 }, () => `${(seed = (seed * 16807) % 2147483647)},${seed % 1000},${seed % 2}`);
  const text = `a,b,y\n${rows.join("\n")}\n`;
  const { hash, omitted } = await buildHash({ ...defaults(), source: "csv", eta: 0.5 }, { kind: "csv", base64: btoa(text), label: null }, "big.csv");
  assert.equal(omitted, "csv");
  const back = parseHash(hash);
  assert.deepEqual(back.data, { kind: "csv", missing: true });
  assert.deepEqual(back.notices, [NOTICE.csvTooBig]);
  assert.equal(back.values.eta, 0.5);
});

test("deflate / inflate round-trip Unicode; inflate refuses more than its limit and garbage", async () => {
  const text = "naïve,ß,标签\n1,2,是\n".repeat(50);
  const z = await deflate(text);
  assert.match(z, /^[A-Za-z0-9_-]+$/);
  assert.equal(await inflate(z, 1 << 20), text);
  await assert.rejects(inflate(z, 100), /too big/);
  await assert.rejects(inflate("!!!", 1000));
  await assert.rejects(inflate(z.slice(0, 10), 1 << 20));
  assert.equal(await readCsv("not*base64"), null);
  assert.equal(await readPoints("AAAA"), null);
});

// ------------------------------------------------------------------ hostile links

test("not a link: an in-page anchor or nothing", () => {
  for (const h of ["", "#", "#results", "results"]) {
    assert.equal(parseHash(h), null, h);
    assert.equal(isLinkHash(h), false);
  }
  assert.equal(parseHash(null), null);
});

test("huge, non-finite, fractional and wrongly typed numbers fall back to defaults and are named", () => {
  const def = defaults();
  const cases = [
    ["epochs=1e400", "epochs"], ["epochs=99999999999999999999", "epochs"], ["epochs=2.5", "epochs"],
    ["epochs=NaN", "epochs"], ["eta=Infinity", "eta"], ["eta=NaN", "eta"], ["eta=-1", "eta"], ["eta=0", "eta"],
    ["eta=1e309", "eta"], ["seed=-1", "seed"], ["seed=abc", "seed"], ["seed=", "seed"],
    ["bias=yes", "bias"], ["bias=2", "bias"], ["algorithm=perceptron", "algorithm"], ["algorithm=ONLINE", "algorithm"],
    ["test=0.95", "test_fraction"], ["hide=data,nothing", "hide"], ["step=-3", "step"],
    ["source=csv&plot=1,1", "plot_features"], ["source=csv&plot=1", "plot_features"], ["source=csv&label=-1", "label"],
  ];
  for (const [part, name] of cases) {
    const r = parseHash(link(part));
    assert.deepEqual(r.values[name], def[name], part);
    assert.deepEqual(r.ignored, [param(name).label], part);
    assert.match(r.notices[0], new RegExp(`not valid.*${param(name).label.replace(/[()]/g, "\\$&")}`), part);
  }
});

test("a number text the table accepts is read as that number", () => {
  const r = parseHash(link("epochs=%2B7", "eta=1e-3", "seed=%20%2042%20"));
  assert.equal(r.values.epochs, 7);
  assert.equal(r.values.eta, 0.001);
  assert.equal(r.values.seed, 42);
  assert.deepEqual(r.notices, []);
});

test("unknown keys are ignored without a word; prototype keys change nothing", () => {
  const r = parseHash(link("eta=0.5", "colour=red", "__proto__=x", "constructor=y", "toString=z", "hasOwnProperty=1"));
  assert.equal(r.values.eta, 0.5);
  assert.deepEqual(r.notices, []);
  assert.equal(({}).polluted, undefined);
  assert.equal(typeof r.values.toString, "function"); // still the plain object's own method
});

test("a key given twice: the first value counts and the notice says which", () => {
  const r = parseHash(link("eta=0.5", "eta=2", "algorithm=voted", "algorithm=voted"));
  assert.equal(r.values.eta, 0.5);
  assert.equal(r.values.algorithm, "voted");
  assert.deepEqual(r.notices, [`This link gives ${param("eta").label} more than once; the first value counts, so ${param("eta").label} is 0.5.`]);
  const pts = parseHash(link("source=points", "pts=0,0,1;1,1,-1", "pts=5,5,1"));
  assert.deepEqual(pts.data.points, [[0, 0, 1], [1, 1, -1]]);
  assert.deepEqual(pts.notices, ["This link gives its points more than once; the first one is used."]);
  const bool = parseHash(link("bias=0", "bias=1"));
  assert.match(bool.notices[0], /the first value counts, so Bias is off\./);
});

test("over-long values are not read; an over-long link is not read at all", () => {
  const r = parseHash(link(`eta=${"1".repeat(1001)}`));
  assert.equal(r.values.eta, defaults().eta);
  assert.deepEqual(r.ignored, [param("eta").label]);
  const name = parseHash(link("source=csv", "csv=AAAA", `csvname=${"a".repeat(500)}`));
  assert.equal(name.data.name.length, 120);
  const long = parseHash(`#v=1&eta=0.5&x=${"y".repeat(MAX_HASH)}`);
  assert.deepEqual(long.values, defaults());
  assert.deepEqual(long.notices, [NOTICE.tooLong]);
});

test("file names from a link lose control characters; markup stays text", () => {
  const r = parseHash(link("source=csv", "csv=AAAA", `csvname=${encodeURIComponent("a\u0000b\u202e\u2028c<img src=x>.csv")}`));
  assert.equal(r.data.name, "ab\u202ec<img src=x>.csv".replace("\u202e", "\u202e"));
  assert.ok(!/[\u0000-\u001f\u2028]/.test(r.data.name));
});

test("garbled percent-encoding: that pair is dropped and the notice says part was unreadable", () => {
  const r = parseHash(link("eta=%E0%A4%A", "seed=4"));
  assert.equal(r.values.seed, 4);
  assert.equal(r.values.eta, defaults().eta);
  assert.deepEqual(r.notices, [NOTICE.garbled]);
});

test("bad placed points fall back to the default data with a notice", () => {
  for (const pts of ["1,2", "1,2,0", "1,2,3", "a,b,1", "1,2,1;;", "1,2,1,4", "1e999,0,1", "NaN,0,1", "2e50,0,1", "0x1,0,1"]) {
    const r = parseHash(link("source=points", `pts=${encodeURIComponent(pts)}`));
    if (pts === "1,2,1;;") { assert.deepEqual(r.data.points, [[1, 2, 1]]); continue; } // empty rows are skipped
    assert.equal(r.data, null, pts);
    assert.equal(r.values.source, defaults().source, pts);
    assert.deepEqual(r.notices, [NOTICE.pointsBroken], pts);
  }
  assert.equal(parsePoints(Array(MAX_POINTS + 1).fill("0,0,1").join(";")), null);
  assert.equal(parsePoints(Array(MAX_POINTS).fill("0,0,1").join(";")).length, MAX_POINTS);
});

test("a points or CSV link without its data asks for it", () => {
  assert.deepEqual(parseHash(link("source=points")).notices, [NOTICE.pointsMissing]);
  assert.deepEqual(parseHash(link("source=csv")).notices, [NOTICE.csvMissing]);
  assert.deepEqual(parseHash(link("source=csv", "csvbig=1")).notices, [NOTICE.csvTooBig]);
});

test("compressed data that does not expand is unreadable, not an error", async () => {
  const r = parseHash(link("source=points", "ptz=AAAA"));
  assert.equal(await readPoints(r.data.z), null);
  const big = await deflate("0,0,1;".repeat(300_000)); // expands past the 1 MiB a points text may have
  assert.ok(big.length <= MAX_INLINE * 8);
  assert.equal(await readPoints(big), null);
});

// ------------------------------------------------------------------ versions and migrations

test("a link of an unknown version: defaults and a notice (never a guess)", () => {
  for (const [v, shown] of [["2", " (v=2)"], ["0", " (v=0)"], ["abc", ""], ["1.5", ""], ["9999999", ""]]) {
    const r = parseHash(`#v=${v}&eta=0.5`);
    assert.deepEqual(r.values, defaults(), v);
    assert.deepEqual(r.notices, [`This link was made by a different version of Perceptron Lab${shown}, so the default settings are used.`]);
  }
  assert.equal(parseHash("#eta=0.5").values.eta, 0.5); // no v: the first version
});

test("migrations bring an older link up to date one version at a time", () => {
  // A made-up history: v1 called η "rate", v2 wrote η in hundredths ("eta=50" for 0.5).
  const migrations = {
    1: (q) => { if ("rate" in q) { q.eta = String(Math.round(Number(q.rate) * 100)); delete q.rate; } return q; },
    2: (q) => { if ("eta" in q) q.eta = String(Number(q.eta) / 100); return q; },
  };
  const opts = { version: 3, migrations };
  assert.equal(parseHash("#v=1&rate=0.5&seed=3", opts).values.eta, 0.5);
  assert.equal(parseHash("#v=1&rate=0.5&seed=3", opts).values.seed, 3);
  assert.equal(parseHash("#v=2&eta=25", opts).values.eta, 0.25);
  assert.equal(parseHash("#v=3&eta=0.125", opts).values.eta, 0.125);
  const broken = parseHash("#v=1&rate=1", { version: 2, migrations: { 1: () => { throw new Error("bug"); } } });
  assert.deepEqual(broken.values, defaults());
  assert.deepEqual(broken.notices, ["This link could not be brought up to date, so the default settings are used."]);
});

// ------------------------------------------------------------------ from a run's request

test("valuesFromRequest reads a run's bridge request back into parameter values", () => {
  const v = { ...defaults(), preset: "circles", n: 60, spread: 0.5, data_seed: 4, algorithm: "pocket", eta: 0.25, feature_map: "poly2" };
  const data = { kind: "preset", name: "circles", n: 60, spread: 0.5, seed: 4 };
  const out = valuesFromRequest(data, settingsRequest(v), { embed: true, step: 2 });
  for (const k of ["preset", "n", "spread", "data_seed", "algorithm", "eta", "feature_map", "seed"]) assert.deepEqual(out[k], v[k], k);
  assert.equal(out.embed, true);
  assert.equal(out.step, 2);
  assert.equal(out.source, "preset");
});
