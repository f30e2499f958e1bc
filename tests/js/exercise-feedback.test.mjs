// The verdict on an answer names what the run's rule does: a mistake (y·a ≤ 0), or the margin
// perceptron's update (y·a ≤ τ, which a correctly classified example can make).
import test from "node:test";
import assert from "node:assert/strict";
import { verdictText } from "../../site/js/exercise/exercise-feedback.js";

const visit = (threshold, mistake) => ({ t: 3, index: 0, threshold, mistake, w_after: [1, 2], alpha_before: 0, alpha_after: 1 });

test("a perceptron's visit is called a mistake", () => {
  assert.match(verdictText(visit(0, true), { w: [1, 2] }, { right: true }, false), /example 3 is a mistake and the new w is/);
  assert.match(verdictText(visit(0, false), { w: [0, 0] }, { right: false, mistakeRight: false }, false), /example 3 is no mistake/);
});

test("a margin perceptron's visit is called an update, never a mistake", () => {
  const right = verdictText(visit(0.1, true), { w: [1, 2] }, { right: true }, false);
  assert.match(right, /example 3 makes an update and the new w is/);
  const wrong = verdictText(visit(0.1, true), { w: [9, 9] }, { right: false, mistakeRight: true }, false);
  assert.match(wrong, /it makes an update, but the new w is/);
  assert.doesNotMatch(right + wrong, /mistake/);
  assert.match(verdictText(visit(0.1, false), { w: [0, 0] }, { right: false, mistakeRight: false }, false), /makes no update/);
});
