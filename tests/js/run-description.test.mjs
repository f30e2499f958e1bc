// The sentences a screen reader hears (site/js/access/run-description.js) for seed 001's AND
// worked by hand: x̃ = (x₁, x₂, 1), (0,0) (0,1) (1,0) → −1, (1,1) → +1, fixed order, w₀ = 0.
// Update 3 (epoch 2) corrects example #1, (0, 0): w = (1, 1, 0) − (0, 0, 1) = (1, 1, −1);
// then (0,0) scores −1, (0,1) and (1,0) score 0 (predicted +1, wrong), (1,1) scores 1: 2 wrong.
// The run ends at w = (3, 2, −4): 3x₁ + 2x₂ = 4 crosses x₁ at 4/3 and x₂ at 2.
import { test } from "node:test";
import assert from "node:assert/strict";

import { updateSentence, spokenStep, runSentence, lineSentence, pointSentence, pointOrder, pointAbove,
  wrongCount, boundarySummary, mistakesSummary, plotLine } from "../../site/js/access/run-description.js";

const POINTS = [[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]];
const RES = { ok: true, points: POINTS, settings: { algorithm: "online", bias: true, feature_map: "none" },
  feature_names: ["x1", "x2"], labels: { "-1": "0", "+1": "1" }, dataset: { name: "AND" },
  status: "converged", converged_epoch: 9, epochs: 9, updates: 18, w: [3, 2, -4], train_accuracy: 1,
  epoch_mistakes: [2, 3, 3, 2, 2, 3, 2, 1, 0] };
const FRAME3 = { step: 3, t: 3, epoch: 2, index: 0, w: [1, 1, -1], n_wrong: 2 };

test("an update in one sentence: which example, w after it, the points wrong", () => {
  assert.equal(updateSentence(FRAME3, { total: 18, res: RES }),
    "Update 3 of 18: example (0, 0) was misclassified, w is now (1, 1, −1); 2 points wrong.");
  assert.equal(wrongCount(RES, FRAME3.w), 2); // the sentence's count, from the points
  assert.equal(updateSentence({ step: 0, t: 0, w: [0, 0, 0], index: null, n_wrong: 3 }, { total: 18, res: RES }),
    "Step 0 of 18: before any update, w = (0, 0, 0); 3 points wrong.");
  assert.equal(updateSentence({ ...FRAME3, n_wrong: 1 }, { total: 18 }),
    "Update 3 of 18: example #1 was misclassified, w is now (1, 1, −1); 1 point wrong.");
});

test("the reader's level: short, the whole step text, or nothing", () => {
  assert.match(spokenStep("short", FRAME3, { total: 18, res: RES }, "long text"), /^Update 3 of 18/);
  assert.equal(spokenStep("full", FRAME3, { total: 18, res: RES }, "long text"), "long text");
  assert.equal(spokenStep("off", FRAME3, { total: 18, res: RES }, "long text"), "");
});

test("a visit that needed no update", () => {
  const f = { visit: 4, update: false, step: 2, index: 1, w: [1, 1, 0], n_wrong: 2 };
  assert.equal(updateSentence(f, { total: 18, visits: 36, res: RES }),
    "Visit 5 of 36: example (0, 1) was classified correctly, w stays (1, 1, 0); 2 points wrong.");
});

test("the end of the run, as each variant ends it", () => {
  assert.equal(runSentence(RES),
    "Trained on AND with Online (Rosenblatt): converged in epoch 9. 18 updates, w = (3, 2, −4); training accuracy 100 %.");
  // Averaged and voted train on to MaxIter after the mistakes stop (Algorithm 2).
  assert.equal(runSentence({ ...RES, settings: { algorithm: "voted" }, epochs: 100 }),
    "Trained on AND with Voted: mistakes stopped in epoch 9; it trained on for all 100 epochs. 18 updates, the last w = (3, 2, −4); training accuracy 100 %.");
  // XOR: 4 updates bring w back to 0 (tests/js/cycle-text.test.mjs).
  const xor = { ...RES, dataset: { name: "XOR" }, status: "cycled", cycle: { epoch: 1, period: 1 }, converged_epoch: null,
    epochs: 1, updates: 4, w: [0, 0, 0], train_accuracy: 0.5 };
  assert.equal(runSentence(xor),
    "Trained on XOR with Online (Rosenblatt): stopped on a cycle of the weights in epoch 1: the data is not linearly separable. 4 updates, w = (0, 0, 0); training accuracy 50 %.");
  assert.match(runSentence({ ...xor, settings: { algorithm: "averaged" }, epochs: 100, updates: 400 }),
    /the weights cycle from epoch 1 on, so the data is not linearly separable; it trained on for all 100 epochs\. 400 updates/);
});

test("the line: equation, crossings, the +1 side", () => {
  assert.equal(lineSentence(RES, [3, 2, -4]),
    "The line: 3·x1 + 2·x2 − 4 = 0. It crosses the x1 axis at x1 = 1.333 and the x2 axis at x2 = 2. Points where the left side is ≥ 0 are predicted +1.");
  assert.match(lineSentence(RES, [0, 2, -1]), /It is horizontal and crosses the x2 axis at x2 = 0.5\./);
  assert.match(lineSentence(RES, [0, 0, -1]), /no line: every point is predicted −1/);
  assert.equal(plotLine({ ...RES, settings: { ...RES.settings, feature_map: "poly2" } }, [1, 2, 3, 4, 5, 6]), null);
  assert.equal(plotLine({ ...RES, settings: { ...RES.settings, standardize: true } }, [3, 2, -4]), null);
});

test("a point: coordinates, label, side, margin", () => {
  // (1, 1): 3 + 2 − 4 = 1 ≥ 0, label +1: right side; margin 1/√13 = 0.277.
  assert.equal(pointSentence(RES, [3, 2, -4], 3),
    "Point 4 of 4: (1, 1), label +1 (1): on the +1 side, classified correctly, margin 0.277 (distance to the line 0.277).");
  // At update 3, w = (1, 1, −1): (0, 1) scores 0, predicted +1 though labelled −1.
  assert.equal(pointSentence(RES, [1, 1, -1], 1),
    "Point 2 of 4: (0, 1), label −1 (0): on the +1 side, misclassified, margin 0 (distance to the line 0).");
  assert.equal(boundarySummary(RES, [1, 1, -1], 3, 18).split(". ")[0], "After update 3 of 18");
  assert.match(boundarySummary(RES, [1, 1, -1], 3, 18), /2 of 4 points are on the wrong side\.$/);
});

test("arrow keys: left to right, and the nearest point above or below", () => {
  assert.deepEqual(pointOrder(POINTS), [0, 1, 2, 3]);
  assert.equal(pointAbove(POINTS, 0, 1), 1);
  assert.equal(pointAbove(POINTS, 2, 1), 3);
  assert.equal(pointAbove(POINTS, 3, 1), 3); // nothing above: stays
  assert.equal(pointAbove(POINTS, 3, -1), 2);
});

test("the mistakes plot in a sentence, also while it grows", () => {
  assert.equal(mistakesSummary(RES), "Mistakes per epoch, epochs 1 to 9: 2, 3, 3, 2, 2, 3, 2, 1, 0; 18 in total.");
  assert.equal(mistakesSummary(RES, 3), "Mistakes per epoch so far, epochs 1 to 3 of 9: 2, 3, 3; 8 so far.");
  assert.equal(mistakesSummary(RES, 0), "Mistakes per epoch: no epoch finished yet (the run has 9).");
  assert.equal(mistakesSummary(RES, 9), mistakesSummary(RES));
  // One epoch (XOR cycles after its first): no "epochs 1 to 1".
  assert.equal(mistakesSummary({ epoch_mistakes: [4] }), "Mistakes in epoch 1, the only epoch: 4.");
  assert.equal(mistakesSummary(RES, 1), "Mistakes in epoch 1 of 9: 2 so far.");
});
