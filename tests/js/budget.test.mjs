// The run budget's estimate against hand-worked numbers from params.json's limits
// (12 µs per example, 0.3 µs per value of x̃ = features + 1, pocket × 3, ask above 10 s).
import test from "node:test";
import assert from "node:assert/strict";
import { estimate, overBudget, askText } from "../../site/js/run/budget.js";

const near = (a, b) => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, b), `${a} != ${b}`);

test("a pocket link on 5000 generated points for 1000 epochs is asked for", () => {
  const est = estimate({ kind: "preset", name: "overlap", n: 5000 }, { algorithm: "pocket", epochs: 1000 }, null);
  near(est.seconds, 5000 * 1000 * (12 + 3 * 0.3) * 3 / 1e6); // 193.5 s
  assert.ok(overBudget(est));
  assert.match(askText(est), /5,000 rows × 2 features × 1,000 epochs \(up to about 4 min in this tab\)/);
});

test("the Boolean presets and the defaults run by themselves", () => {
  const est = estimate({ kind: "preset", name: "and" }, { algorithm: "voted", epochs: 1000 }, null);
  // Voted polls its votes too: at most min(4 × 1000, 20 000 + 4) + 1 = 4001 of them, at 4 × 4 points,
  // each point-vote pair 0.005 + 3 × 0.003 µs.
  near(est.seconds, (4 * 1000 * (12 + 3 * 0.3) + 4 * 4 * 4001 * (0.005 + 3 * 0.003)) / 1e6);
  assert.ok(!overBudget(est));
  assert.ok(!overBudget(estimate({ kind: "preset", name: "clouds", n: 100 }, { algorithm: "online", epochs: 100 }, null)));
});

test("a CSV file counts its rows and features; poly2 widens x̃", () => {
  const info = { n: 200000, feature_names: ["a", "b", "c"] };
  const est = estimate({ kind: "csv", text: "" }, { algorithm: "online", epochs: 1000, feature_map: "poly2" }, info);
  near(est.seconds, 200000 * 1000 * (12 + (9 + 1) * 0.3) / 1e6); // poly2 of 3 features: 9
  assert.equal(est.rows, 200000);
  assert.ok(overBudget(est));
});

test("real data sets are sized as shipped: iris with two plotted features runs by itself", () => {
  // iris: 150 rows; the request holds 2 features: 150 × 100 × (12 + 3·0.3) µs × 3 (pocket) = 0.5805 s.
  const est = estimate({ kind: "preset", name: "iris", classes: ["versicolor", "virginica"], features: [2, 3] },
    { algorithm: "pocket", epochs: 100 }, null);
  assert.deepEqual([est.rows, est.features], [150, 2]);
  assert.ok(Math.abs(est.seconds - 0.5805) < 1e-9, est.seconds);
  assert.ok(!overBudget(est));
  // digits with all 64 features, pocket, 1000 epochs: 1797 × 1000 × (12 + 65·0.3) × 3 µs ≈ 170 s: asked first.
  assert.ok(overBudget(estimate({ kind: "preset", name: "digits" }, { algorithm: "pocket", epochs: 1000 }, null)));
});

test("plot pixels are in the budget: a cheap run drawn at an absurd size is asked for, and the question says why", () => {
  const and = { kind: "preset", name: "and" };
  const run = { algorithm: "online", epochs: 100 };
  const trainS = 4 * 100 * (12 + 3 * 0.3) / 1e6;
  // A laptop: 480 × 360 CSS px at pixel ratio 2; 2 features: 6 plots (no projection, no weights
  // chart): 6 × 480·360·4 px × 0.3 µs = 1.24416 s.
  const laptop = estimate(and, { ...run, plot_px: [480, 360], dpr: 2 }, null);
  near(laptop.seconds, trainS + 1.24416);
  assert.deepEqual([laptop.plots.count, laptop.plots.width, laptop.plots.height, laptop.plots.dpr], [6, 480, 360, 2]);
  assert.ok(!overBudget(laptop));
  // Wine's 13 features add the projection and the weights chart: 8 plots.
  assert.equal(estimate({ kind: "preset", name: "wine" }, { ...run, plot_px: [480, 360], dpr: 2 }, null).plots.count, 8);
  // The largest box the bridge takes (2000 × 1500) at pixel ratio 4: 6 × 48 Mpx × 0.3 µs = 86.4 s.
  const huge = estimate(and, { ...run, plot_px: [2000, 1500], dpr: 4 }, null);
  near(huge.seconds, trainS + 86.4);
  assert.ok(overBudget(huge));
  assert.equal(askText(huge), "This link asks for 4 rows × 2 features × 100 epochs, drawn as up to 6 plots of " +
    "2,000 × 1,500 px at pixel ratio 4 (this screen's) (up to about 87 s in this tab), so it was not started by itself.");
  // Without plots (the request says so) the pixels cost nothing; a small plot is not worth a clause.
  near(estimate(and, { ...run, plot_px: [2000, 1500], dpr: 4, plots: false }, null).seconds, trainS);
  assert.doesNotMatch(askText(estimate(and, { ...run, plot_px: [320, 240], dpr: 1 }, null)), /plots/);
});

test("each plot is counted at the box it is drawn for: a presenter's big boundary box is one plot, not six", () => {
  const and = { kind: "preset", name: "and" };
  const run = { algorithm: "online", epochs: 100, dpr: 2 };
  const trainS = 4 * 100 * (12 + 3 * 0.3) / 1e6;
  // The boundary fills a 1,400 × 800 stage; the five others a 360 px side column (360 × 225 or 270).
  const side = { mistakes: [360, 225], accuracy: [360, 225], proof: [360, 225], cycle: [360, 270], trajectory: [360, 270] };
  const est = estimate(and, { ...run, plot_px: [1400, 800], plot_sizes: side }, null);
  const pixels = (1400 * 800 + 3 * 360 * 225 + 2 * 360 * 270) * 4;
  near(est.seconds, trainS + pixels * 0.3 / 1e6);
  assert.equal(est.plots.count, 6);
  // Counting all six at the boundary's box would have said 8.1 s of plots, not 1.9 s.
  const all = estimate(and, { ...run, plot_px: [1400, 800] }, null);
  assert.ok(all.seconds - est.seconds > 6, [all.seconds, est.seconds]);
  const big = estimate(and, { ...run, dpr: 4, plot_px: [2000, 1500], plot_sizes: side }, null);
  assert.equal(askText(big), "This link asks for 4 rows × 2 features × 100 epochs, drawn as up to 6 plots of " +
    "2,000 × 1,500 px (the largest; the others smaller) at pixel ratio 4 (this screen's) (up to about 17 s in this tab), so it was not started by itself.");
});

test("the real data sets are sized from params.json's datasets table", async () => {
  const { shapeOf } = await import("../../site/js/run/budget.js");
  const { default: schema } = await import("../../site/js/state/params.js");
  assert.deepEqual(schema.datasets, { iris: [150, 4, 3], "breast-cancer": [569, 30, 2], wine: [178, 13, 3], digits: [1797, 64, 10] });
  assert.deepEqual(shapeOf({ kind: "preset", name: "wine" }, null), [178, 13]);
  assert.deepEqual(shapeOf({ kind: "preset", name: "breast-cancer", features: [0, 1] }, null), [569, 2]);
  // A preset nobody listed is sized as the largest data set (digits: 1797 × 64 values).
  assert.deepEqual(shapeOf({ kind: "preset", name: "mystery" }, null), [1797, 64]);
});

// The kernel perceptron (limits: 0.12 µs per kernel pair + 0.0015 µs per pair and feature, 0.002 µs
// per score a mistake updates, on top of 12 µs per example; its regions on a 120 × 120 grid).
test("a kernel link counts its Gram matrix, every example a mistake, and its grid × support vectors", () => {
  const clouds = (n) => ({ kind: "preset", name: "clouds", n });
  const run = { algorithm: "kernel", kernel: "rbf", epochs: 100, plot_px: [480, 360], dpr: 1 };
  // 2 000 points: Gram 2000² × 0.123 = 492 000 µs; training 2000 × 100 × (12 + 2000 × 0.002) =
  // 3 200 000 µs; the regions (120² + 2000) × 2000 × 0.123 = 4 034 400 µs; 6 plots × 480 × 360 px
  // × 0.3 µs = 311 040 µs: 8.03744 s, runs by itself (past 600 rows no margin in feature space).
  const small = estimate(clouds(2000), run, null);
  near(small.seconds, 8.03744);
  assert.ok(!overBudget(small));
  // 5 000 points: 3 075 000 + 11 000 000 + 11 931 000 + 311 040 µs = 26.31704 s: asked first.
  const big = estimate(clouds(5000), run, null);
  near(big.seconds, 26.31704);
  assert.ok(overBudget(big));
  assert.equal(askText(big), "This link asks for the kernel perceptron on 5,000 rows × 2 features × 100 epochs, " +
    "with a 5,000 × 5,000 kernel matrix (up to about 27 s in this tab), so it was not started by itself.");
  // Beyond 5 000 rows Python refuses a kernel run at once: only the plots' pixels remain (8 plots
  // for 3 features), and nothing is said of a kernel matrix. (A CSV of 20 000 rows × 3 features.)
  const refused = estimate({ kind: "csv" }, run, { n: 20000, feature_names: ["a", "b", "c"] });
  near(refused.seconds, 8 * 480 * 360 * 0.3 / 1e6);
  assert.ok(!overBudget(refused));
  assert.doesNotMatch(askText(refused), /kernel/);
  // Without plots the grid costs nothing: 3 075 000 + 11 000 000 µs.
  near(estimate(clouds(5000), { ...run, plots: false }, null).seconds, 14.075);
  // Wine's 13 features widen every kernel evaluation: 178² × (0.12 + 13 × 0.0015) = 4 419.918 µs; training
  // 178 × 100 × (12 + 0.356) = 219 936.8 µs; no plots; the margin in feature space (RBF, the default
  // kernel, up to 600 rows): 178³ × 0.28 = 1 579 130.56 µs.
  near(estimate({ kind: "preset", name: "wine" }, { algorithm: "kernel", epochs: 100 }, null).seconds, 1.803487278);
  // The same as a primal run would have been estimated: no kernel terms (4 × 100 × (12 + 3 × 0.3) µs).
  near(estimate({ kind: "preset", name: "and" }, { algorithm: "online", epochs: 100 }, null).seconds, 0.00516);
});

test("a multiclass link counts its classes (0.5 µs each, 0.02 µs per class and value of x̃) and its own plots", () => {
  const digits = { kind: "preset", name: "digits" };
  // All ten digits, 64 features: 1797 × 100 × (12 + 10 × 0.5 + 10 × 65 × 0.02) µs = 5.391 s.
  const est = estimate(digits, { algorithm: "multiclass", epochs: 100 }, null);
  near(est.seconds, 5.391);
  assert.equal(est.classes, 10);
  assert.ok(!overBudget(est));
  // Two classes chosen: 1797 × 100 × (12 + 2 × 0.5 + 2 × 65 × 0.02) µs (all rows: an upper bound).
  near(estimate({ ...digits, classes: ["0", "1"] }, { algorithm: "multiclass", epochs: 100 }, null).seconds, 2.80332);
  // Iris has 3 classes: 150 × 100 × (12 + 3 × 0.5 + 3 × 5 × 0.02) µs.
  near(estimate({ kind: "preset", name: "iris" }, { algorithm: "multiclass", epochs: 100 }, null).seconds, 0.207);
  // A CSV read for the multiclass perceptron lists its classes: 5 here, 1000 rows × 3 features,
  // 10 epochs: 1000 × 10 × (12 + 5 × 0.5 + 5 × 4 × 0.02) µs; read as two labels it has 2.
  const info = { n: 1000, feature_names: ["a", "b", "c"], labels: { classes: ["p", "q", "r", "s", "t"] } };
  near(estimate({ kind: "csv" }, { algorithm: "multiclass", epochs: 10 }, info).seconds, 0.149);
  assert.equal(estimate({ kind: "csv" }, { algorithm: "multiclass", epochs: 10 }, { ...info, labels: { "-1": "p", "+1": "q" } }).classes, 2);
  // With plots: 8 plots × 480 × 360 px × 0.3 µs = 414 720 µs, its 3 own plots × 0.4 s (64 features: 8×8 images) and a number in
  // each of the 10 × 10 cells of its confusion matrix, 1 ms each.
  near(estimate(digits, { algorithm: "multiclass", epochs: 100, plot_px: [480, 360], dpr: 1 }, null).seconds,
    5.391 + 0.41472 + 1.2 + 0.1);
  // 100 classes of a CSV: past confusion_numbers_max (20) classes no number is drawn in a cell.
  const hundred = { n: 3000, feature_names: ["a", "b"], labels: { classes: Array.from({ length: 100 }, (_, i) => `c${i}`) } };
  near(estimate({ kind: "csv" }, { algorithm: "multiclass", epochs: 20, plot_px: [480, 360], dpr: 1 }, hundred).seconds,
    3000 * 20 * (12 + 100 * 0.5 + 100 * 3 * 0.02) / 1e6 + 6 * 480 * 360 * 0.3 / 1e6 + 0.4); // 2 features: 6 plots, 1 own
  // Issue 36's run: 1.4 CPU seconds in the page (bench/run_budget.py at load 8.4, 4.2 s of wall time): 4.6 s estimated.
  assert.ok(estimate({ kind: "csv" }, { algorithm: "multiclass", epochs: 20, plot_px: [480, 360], dpr: 1 }, hundred).seconds > 4.2);
  // A thousand epochs of all ten digits: 53.91 s, asked first, and the question says so.
  const long = estimate(digits, { algorithm: "multiclass", epochs: 1000 }, null);
  assert.ok(overBudget(long));
  assert.equal(askText(long), "This link asks for the multiclass perceptron (10 classes) on 1,797 rows × 64 features × " +
    "1,000 epochs (up to about 54 s in this tab), so it was not started by itself.");
});

test("a link's comparison of variants is sized as all five runs: the issue's 76-character link asks", async () => {
  const { compareEstimate } = await import("../../site/js/run/budget.js");
  const data = { kind: "preset", name: "overlap", n: 5000, spread: 3 };
  const settings = { epochs: 100, plot_px: [600, 450], dpr: 1 };
  const variants = ["online", "averaged", "voted", "pocket", "batch"];
  const one = 5000 * 100 * (12 + 3 * 0.3) / 1e6; // 6.45 s: the link's own online run is within 10 s
  assert.ok(!overBudget(estimate(data, { ...settings, algorithm: "online", plot_px: undefined }, null)));
  const est = compareEstimate(data, settings, null, variants);
  // pocket × 3 (5000 × 2 values: it weighs every w); batch × 0.15 and 2 ms an epoch; voted polls up to
  // min(5000 × 100, 20 000 + 5000) + 1 = 25 001 votes at 4 × 5000 points.
  near(est.seconds, one * 3 + (one * 0.15 + 100 * 0.002) + one * 3 + 4 * 5000 * 25001 * (0.005 + 3 * 0.003) / 1e6); // 46.9 s
  assert.ok(overBudget(est));
  assert.equal(askText(est), "This link asks for a comparison of 5 variants, each on 5,000 rows × 2 features × 100 epochs " +
    "(up to about 47 s in this tab), so it was not started by itself.");
});

test("batch costs 0.15 of an online example and 2 ms an epoch (one numpy product over all rows, then Python)", () => {
  // bench/run_budget.py at load 5.4, CPU seconds of the whole run (its plots too): 500 rows × 200 epochs 0.2 s,
  // 40,000 × 20 0.8 s (estimated 3.0 and 5.7 s at half an example and 10 ms an epoch).
  const small = estimate({ kind: "preset", name: "overlap", n: 500 }, { algorithm: "batch", epochs: 200 }, null);
  near(small.seconds, 500 * 200 * (12 + 3 * 0.3) * 0.15 / 1e6 + 200 * 0.002); // 0.59 s
  const large = estimate({ kind: "preset", name: "overlap", n: 40000 }, { algorithm: "batch", epochs: 20 }, null);
  near(large.seconds, 40000 * 20 * (12 + 3 * 0.3) * 0.15 / 1e6 + 20 * 0.002); // 1.59 s
});

test("pocket past 50,000 training values runs Gallant's ratchet: × 1.5, not × 3", () => {
  const pocket = (n, extra = {}) => estimate({ kind: "preset", name: "overlap", n }, { algorithm: "pocket", epochs: 20, ...extra }, null);
  // 40,000 rows × 2 features: the ratchet (core: Z.size past POCKET_EXHAUSTIVE_WORK).
  near(pocket(40000).seconds, 40000 * 20 * (12 + 3 * 0.3) * 1.5 / 1e6); // 15.5 s (measured 11.1 s at load 14; was 62 s)
  // 25,000 rows: 24,999 × 2 = 49,998 values at most, so pocket may still weigh every w: × 3.
  near(pocket(25000).seconds, 25000 * 20 * (12 + 3 * 0.3) * 3 / 1e6);
  near(pocket(25002).seconds, 25002 * 20 * (12 + 3 * 0.3) * 1.5 / 1e6);
  // A test split trains on fewer rows: 40,000 × 0.5 × 2 = 40,000 values, every w weighed.
  near(pocket(40000, { test_fraction: 0.5 }).seconds, 40000 * 20 * (12 + 3 * 0.3) * 3 / 1e6);
});

test("step two: the later plots are priced from the votes the run kept, at the points they poll", async () => {
  const { laterEstimate, laterText } = await import("../../site/js/run/budget.js");
  // Breast cancer, poly2, voted, 100 epochs, a fifth held out (CPython, the bridge): 5,187 votes
  // of 496 values at 113 test rows (accuracy) and 456 training rows (the score strip, 30 features).
  const res = { votes: 5187, feature_names: new Array(30).fill("f"),
    dataset: { n_train: 456, n_test: 113, x_tilde_width: 496 } };
  const sizes = { accuracy: [400, 300], projection: [400, 300], mistakes: [400, 300] };
  const est = laterEstimate(res, { dpr: 2 }, sizes);
  // Each figure 0.4 s besides its pixels.
  near(est.seconds, (3 * (400 * 300 * 4 * 0.3 + 400000) + 5187 * (113 + 456) * (0.005 + 496 * 0.003)) / 1e6); // 6.0 s
  assert.deepEqual([est.votes, est.points, est.plots], [5187, 569, 3]);
  assert.ok(!overBudget(est));
  const twice = laterEstimate({ ...res, votes: 10374 }, { dpr: 2 }, sizes);
  assert.ok(overBudget(twice));
  assert.equal(laterText(twice), "Drawing the other plots: up to about 11 s in this tab; this run kept 10,374 votes, " +
    "and each is polled at 569 points.");
  // Without the score strip asked for, and for a run that keeps no votes: the figures only.
  near(laterEstimate(res, { dpr: 1 }, { accuracy: [400, 300] }).seconds, (400 * 300 * 0.3 + 400000 + 5187 * 113 * (0.005 + 496 * 0.003)) / 1e6);
  near(laterEstimate({ ...res, votes: null }, { dpr: 1 }, sizes).seconds, 3 * (400 * 300 * 0.3 + 400000) / 1e6);
  // Two features: no score strip, no weights chart, and the cycle only for a cycled run.
  const two = { votes: 100, feature_names: ["a", "b"], dataset: { n_train: 400, n_test: 100, x_tilde_width: 3 } };
  const all = { mistakes: [400, 300], accuracy: [400, 300], projection: [400, 300], weights: [400, 300], cycle: [400, 300] };
  const e2 = laterEstimate(two, { dpr: 1 }, all);
  assert.deepEqual([e2.plots, e2.points], [2, 100]);
  near(e2.seconds, (2 * (400 * 300 * 0.3 + 400000) + 100 * 100 * (0.005 + 3 * 0.003)) / 1e6);
  assert.equal(laterEstimate({ ...two, cycle: [3, 5] }, { dpr: 1 }, all).plots, 3);
});
