// The step-through's words (site/js/steps/step-text.js) against updates worked by hand:
// AND with bias, x̃ = (x₁, x₂, 1), labels (0,0) (0,1) (1,0) → −1, (1,1) → +1, w₀ = 0, η = 1.
import { test } from "node:test";
import assert from "node:assert/strict";

import { describeStep, stepNote, proofAlt, angle, NO_UPDATE_TEXT } from "../../site/js/steps/step-text.js";
import { fmt, pct } from "../../site/js/page/format.js";

const NAMES = ["x1", "x2", "bias"];

// Update 1: example #1, x̃ = (0, 0, 1), y = −1; a = w·x̃ = 0, so y·a = 0 ≤ 0 and
// w ← 0 + (−1)·(0, 0, 1) = (0, 0, −1). Angle before: undefined (w = 0); after: 180°.
// Then (1, 1) is the only misclassified point (score −1, label +1).
const UPDATE_1 = {
  step: 1, t: 1, epoch: 1, index: 0, x: [0, 0, 1], y: -1, eta: 1, exact: true,
  w_before: [0, 0, 0], w: [0, 0, -1], activation: 0, y_activation: 0,
  angle_before: null, angle_after: 180, n_wrong: 1,
};
// Update 2: examples #2 and #3 score −1 (correct); example #4, x̃ = (1, 1, 1), y = +1:
// a = −1, y·a = −1 ≤ 0, w ← (0, 0, −1) + (1, 1, 1) = (1, 1, 0).
// cos(before) = −1/√3 → 125.26°, cos(after) = 2/√6 → 35.26°.
const UPDATE_2 = {
  step: 2, t: 2, epoch: 1, index: 3, x: [1, 1, 1], y: 1, eta: 1, exact: true,
  w_before: [0, 0, -1], w: [1, 1, 0], activation: -1, y_activation: -1,
  angle_before: (Math.acos(-1 / Math.sqrt(3)) * 180) / Math.PI,
  angle_after: (Math.acos(2 / Math.sqrt(6)) * 180) / Math.PI, n_wrong: 3,
};

test("update 1 of AND in words, as worked by hand", () => {
  const { text, math } = describeStep(UPDATE_1, { names: NAMES, total: 18 });
  assert.equal(text,
    "Epoch 1, update 1 of 18: new w = (0, 0, −1), from example #1, x̃ = (0, 0, 1), y = −1. " +
    "Activation a = w·x̃ = 0, so y·a = 0 ≤ 0: a mistake, and w is updated. " +
    "w ← w + η·y·x̃ = (0, 0, 0) + 1·(−1)·(0, 0, 1) = (0, 0, −1). " +
    "Angle between w and x̃: w was 0 before the update, so the angle is defined only after it: 180.0°. " +
    "1 of the points is misclassified now.");
  assert.deepEqual(math.cols, NAMES);
  assert.deepEqual(math.rows, [
    ["x̃ (example)", [0, 0, 1]], ["w before", [0, 0, 0]], ["+ η·y·x̃", [-0, -0, -1]], ["= w after", [0, 0, -1]],
  ]);
  assert.deepEqual(math.eq, ["a = w·x̃ = 0;", "y·a = (−1)·0 = 0 ≤ 0: a mistake;", "η = 1"]);
  assert.equal(math.angle.before, null);
  assert.equal(math.angle.after, 180);
});

test("update 2 of AND: a positive example turns w toward it", () => {
  const { text, math } = describeStep(UPDATE_2, { names: NAMES, total: 18 });
  assert.match(text, /^Epoch 1, update 2 of 18: new w = \(1, 1, 0\), from example #4, x̃ = \(1, 1, 1\), y = \+1\. /);
  assert.match(text, /a = w·x̃ = −1, so y·a = −1 ≤ 0: a mistake/);
  assert.match(text, /= \(0, 0, −1\) \+ 1·\(\+1\)·\(1, 1, 1\) = \(1, 1, 0\)\./);
  // Each angle written once, at one precision (the turn's words carry both).
  assert.match(text, /Angle between w and x̃: the angle to this positive example shrank from 125\.3° to 35\.3°: w turned toward it\. /);
  assert.doesNotMatch(text, /35\.26/);
  assert.equal(math.angle.text, "Angle between w and x̃: 125.3° → 35.3°: the angle to this positive example shrank from 125.3° to 35.3°: w turned toward it.");
  assert.deepEqual(math.rows[2], ["+ η·y·x̃", [1, 1, 1]]);
});

test("the turn is worded from the angles: Python's text when given, else the same rule here", () => {
  const given = describeStep({ ...UPDATE_2, angle_text: "from Python" }, { names: NAMES, total: 18 });
  assert.match(given.text, /Angle between w and x̃: from Python\. /);
  const collinear = describeStep({ ...UPDATE_2, angle_before: 180, angle_after: 180 }, { names: NAMES, total: 18 });
  assert.match(collinear.text, /the angle stayed at 180\.0°: w and x̃ are collinear/);
  const zero = describeStep({ ...UPDATE_2, angle_after: null }, { names: NAMES, total: 18 });
  assert.match(zero.text, /the update made w = 0, so w has no angle to x̃ after it/);
});

test("a subsampled trace undoes the update itself to find w before it (and its angle)", () => {
  // The previous recorded w may be many updates back: the frame's w_before is not used.
  const r = { ...UPDATE_2, step: 1, t: 2, exact: false, w_before: [9, 9, 9], angle_before: 1 };
  const { text, math } = describeStep(r, { names: NAMES, total: 5 });
  assert.match(text, /^Epoch 1, update t = 2 \(step 1 of 5\): /);
  assert.deepEqual(math.rows[1], ["w before", [0, 0, -1]]);
  assert.match(text, /shrank from 125\.3° to 35\.3°/);
});

test("η scales the step: η = 0.5 adds half of y·x̃", () => {
  const r = { ...UPDATE_2, eta: 0.5, w_before: [0, 0, -0.5], w: [0.5, 0.5, 0], activation: -0.5, y_activation: -0.5 };
  const { text, math } = describeStep(r, { names: NAMES, total: 18 });
  assert.match(text, /= \(0, 0, −0\.5\) \+ 0\.5·\(\+1\)·\(1, 1, 1\) = \(0\.5, 0\.5, 0\)\./);
  assert.deepEqual(math.rows[2], ["+ η·y·x̃", [0.5, 0.5, 0.5]]);
  assert.equal(math.eq[2], "η = 0.5");
});

test("a batch step is one summed update per epoch, with no single example", () => {
  // AND, batch, epoch 1 from w = 0: every score is 0, so all four points are mistakes and
  // Σ y·x̃ = −(0,0,1) − (0,1,1) − (1,0,1) + (1,1,1) = (0, 0, −2).
  const r = { step: 1, t: 1, epoch: 1, index: null, w_before: [0, 0, 0], w: [0, 0, -2], n_wrong: 1 };
  const { text, math } = describeStep(r, { names: NAMES, total: 7 });
  assert.equal(text, "Epoch 1, update 1 of 7: the batch update adds η·Σ y·x̃ over the epoch’s misclassified points: " +
    "w ← (0, 0, 0) + (0, 0, −2) = (0, 0, −2). 1 of the points is misclassified after it.");
  assert.deepEqual(math.rows, [["w before", [0, 0, 0]], ["+ η·Σ y·x̃", [0, 0, -2]], ["= w after", [0, 0, -2]]]);
  assert.equal(math.angle, null);
  assert.deepEqual(math.eq, []);
});

test("step 0 is w = 0 before any update; unnamed components are w1, w2, ...", () => {
  const r = { step: 0, t: 0, w: [0, 0, 0], alt: "No boundary yet." };
  assert.deepEqual(describeStep(r, { total: 18 }), { text: "Step 0 of 18: before any update, w = (0, 0, 0). No boundary yet.", math: null });
  assert.deepEqual(describeStep(UPDATE_1, { total: 18 }).math.cols, ["w1", "w2", "w3"]);
  assert.equal(NO_UPDATE_TEXT, "This run made no update: w stayed 0.");
});

test("the note says what a step is for batch, the online-based variants and a subsampled trace", () => {
  const trace = { w: [[1]], total: 1, subsampled: false };
  assert.equal(stepNote({ trace, settings: { algorithm: "online" } }), "");
  assert.match(stepNote({ trace, settings: { algorithm: "batch" } }), /^Batch run: each step is one epoch’s batch update/);
  for (const a of ["averaged", "voted", "pocket"]) {
    assert.equal(stepNote({ trace, settings: { algorithm: a } }),
      `The steps follow the online updates behind the ${a} perceptron; its answer is built from them.`);
  }
  const sub = { w: Array(1000).fill([0]), total: 5000, subsampled: true };
  assert.equal(stepNote({ trace: sub, steps: 1000, settings: { algorithm: "online" } }),
    "The run made 5000 updates; 1000 of them, evenly spaced, are recorded, so a step may skip updates (t says which update it is).");
  const dual = { index: Array(700).fill(0), step: [], total: 9000, subsampled: true };
  assert.match(stepNote({ trace: dual, steps: 700, settings: { algorithm: "kernel" } }),
    /The run made 9000 updates; 700 of them, evenly spaced, are recorded, so a step may skip updates/);
  assert.equal(stepNote({}), "");
  // A kept step of a subsampled kernel trace names the run's update it shows.
  const frame = { algorithm: "kernel", step: 3, t: 9, step_text: "Example 2 grew.", alt: "" };
  assert.match(describeStep(frame, { total: 700 }).text, /^Update t = 9 \(step 3 of 700\): Example 2 grew\./);
  assert.match(describeStep({ ...frame, t: 3 }, { total: 700 }).text, /^Step 3 of 700: Example 2 grew\./);
});

test("the proof plot's text at step 0 says where the first update lands", () => {
  assert.match(proofAlt({ step: 0, proof_alt: "P." }), /^Before the first update \(t = 0\), w = 0; .* P\.$/);
  assert.equal(proofAlt({ step: 3, proof_alt: "P." }), "P.");
  assert.equal(proofAlt({ step: 3 }), "");
});

test("angle: degrees between vectors, undefined for the zero vector", () => {
  assert.equal(angle([1, 0], [0, 1]), 90);
  assert.ok(angle([1, 1], [2, 2]) < 1e-5); // acos near 1 loses digits: 0 to within a micro-degree
  assert.equal(angle([1, 0], [-3, 0]), 180);
  assert.ok(Math.abs(angle([1, 0], [1, Math.sqrt(3)]) - 60) < 1e-12);
  assert.equal(angle([0, 0], [1, 1]), null);
});

test("numbers for people: significant digits, a real minus sign, exponents for the very large and small", () => {
  assert.equal(fmt(0), "0");
  assert.equal(fmt(-0.5), "−0.5");
  assert.equal(fmt(1 / 3), "0.3333");
  assert.equal(fmt(2 / 3, 6), "0.666667");
  assert.equal(fmt(123456), "123500");
  assert.equal(fmt(1234567), "1.235e+6");
  assert.equal(fmt(-0.00001), "−1e-5");
  assert.equal(fmt(null), "—");
  assert.equal(fmt(Infinity), "∞");
  assert.equal(fmt(-Infinity), "−∞");
  assert.equal(fmt(NaN), "—");
  assert.equal(fmt("abc"), "abc");
  assert.equal(pct(0.5), "50 %");
  assert.equal(pct(2 / 3), "66.7 %");
  assert.equal(pct(undefined), "—");
});

test("a visit without an update says y·a > 0: no update, with w unchanged", async () => {
  const { describeVisit, visitCount } = await import("../../site/js/steps/step-text.js");
  const r = { visit: 1, update: false, step: 1, epoch: 1, index: 1, x: [0, 1, 1], y: -1, activation: -1, y_activation: 1, w: [0, 0, -1] };
  const { text, math } = describeVisit(r, { names: ["x1", "x2", "bias"], total: 18, visits: 36 });
  assert.match(text, /^Visit 2 of 36, epoch 1: example #2/);
  assert.match(text, /y·a = 1\. y·a > 0: no update, w stays \(0, 0, −1\)/);
  assert.deepEqual(math.rows[1], ["w (unchanged)", [0, 0, -1]]);
  assert.equal(visitCount({ trace: { subsampled: false }, settings: { order: "fixed", algorithm: "online" }, epochs: 9, dataset: { n_train: 4 } }), 36);
  assert.equal(visitCount({ trace: { subsampled: false }, settings: { order: "fixed", algorithm: "batch" }, epochs: 9, dataset: { n_train: 4 } }), null);
  assert.equal(visitCount({ trace: { subsampled: true }, settings: { order: "fixed", algorithm: "online" }, epochs: 9, dataset: { n_train: 4 } }), null);
});

// XOR's update 4 (seed 001's table, fixed order): w = (1, 1, 1), example #4 x̃ = (1, 1, 1), y = −1:
// a = 3, y·a = −3 ≤ 0, w ← (1, 1, 1) − (1, 1, 1) = (0, 0, 0). At w = 0 every a is 0 and the rule
// y·a ≤ 0 counts all four as mistakes (the next epoch updates on each), though the tie's
// prediction +1 gets two of them right (n_wrong = 2).
test("XOR back at w = 0: every point counts as a mistake, as the rule says, not '2 of the points'", () => {
  const r = { step: 4, t: 4, epoch: 1, index: 3, x: [1, 1, 1], y: -1, eta: 1, exact: true,
    w_before: [1, 1, 1], w: [0, 0, 0], activation: 3, y_activation: -3, angle_before: 0, angle_after: null, n_wrong: 2 };
  const { text } = describeStep(r, { names: NAMES, total: 4 });
  assert.ok(text.endsWith("At w = 0 every point scores a = 0, so every one counts as a mistake now."), text);
  assert.ok(!/2 of the points/.test(text), text);
});

test("a multiclass step marks the two rows of W its update moved, not the table's last row", () => {
  // Iris, update 70 of a run: setosa (the true class) gained η·x̃, versicolor (the rival) lost it.
  const W = [[10.3, 13.7, -12.8, -5.9, 4], [13.9, -7, -21.1, -21.5, -3], [-24.2, -6.7, 33.9, 27.4, -1]];
  const r = { algorithm: "multiclass", step: 70, t: 70, W, classes: ["setosa", "versicolor", "virginica"],
    true_class: "setosa", rival_class: "versicolor", step_text: "…" };
  const { math } = describeStep(r, { names: ["sl", "sw", "pl", "pw", "bias"], total: 273 });
  assert.deepEqual(math.rows.map(([label, , mark]) => [label, mark.moved]),
    [["W[setosa]", true], ["W[versicolor]", true], ["W[virginica]", false]]);
  assert.deepEqual(math.eq, ["W[setosa] ← W[setosa] + η·x̃", "W[versicolor] ← W[versicolor] − η·x̃"]);
  // Before the first update nothing moved.
  const zero = describeStep({ ...r, step: 0, t: 0 }, { names: [], total: 273 });
  assert.ok(zero.math.rows.every(([, , mark]) => mark.moved === false));
});
