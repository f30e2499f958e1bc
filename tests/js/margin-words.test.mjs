// The margin perceptron in the page's words (the exercise's arithmetic and words, the step-through): its visits carry the rule's threshold τ, and an
// update on a correctly classified example is "an update" at y·a ≤ τ, never "a mistake" at ≤ 0.
import { test } from "node:test";
import assert from "node:assert/strict";
import { worked } from "../../site/js/exercise/exercise-check.js";

const visit = (ya, mistake, threshold) => ({
  t: 1, epoch: 1, index: 0, x: [1, 0, 1], y: 1, a: ya, ya, mistake, threshold,
  w_before: [0.5, 0, -0.457], w_after: [1.5, 0, 0.543],
});

test("a margin update is worded against τ", () => {
  const lines = worked(visit(0.043, true, 0.1), 1);
  assert.ok(lines.some((l) => l.includes("= 0.043 ≤ τ = 0.1: an update, so w ← w + η·y·x̃.")), lines.join("\n"));
  assert.ok(!lines.some((l) => l.includes("mistake")), lines.join("\n"));
});

test("a visit above τ keeps w, said against τ", () => {
  const lines = worked(visit(0.25, false, 0.1), 1);
  assert.ok(lines.some((l) => l.includes("= 0.25 > τ = 0.1: no update, so w stays")), lines.join("\n"));
});

test("the perceptron's visits (threshold 0) keep the notes' words", () => {
  const lines = worked(visit(-0.5, true, 0), 1);
  assert.ok(lines.some((l) => l.includes("= −0.5 ≤ 0: a mistake") || l.includes("= -0.5 ≤ 0: a mistake")), lines.join("\n"));
});

test("the exercise's words ask the margin perceptron's question", async () => {
  const { introText, questionText } = await import("../../site/js/exercise/exercise-words.js");
  assert.equal(questionText(false, 0.1), "Does this example make an update (y·a ≤ τ = 0.1)?");
  assert.equal(questionText(false, 0), "Is this example a mistake (y·a ≤ 0)?");
  assert.equal(questionText(true), "Is this example a mistake (y·f(x) ≤ 0)?");
  assert.match(introText(false, 0.1), /makes an update \(y·a ≤ τ = 0\.1\)/);
  assert.doesNotMatch(introText(false, 0.1), /mistake/);
});

test("the step-through words a margin update against τ (Python's frame carries the rule's threshold)", async () => {
  const { describeStep, describeVisit } = await import("../../site/js/steps/step-text.js");
  const frame = { step: 3, t: 3, epoch: 1, index: 0, x: [1, 0, 1], y: 1, activation: 0.043, y_activation: 0.043,
    eta: 1, w: [1.5, 0, 0.543], w_before: [0.5, 0, -0.457], exact: true, angle_before: 60, angle_after: 30,
    angle_text: "w turned toward it", n_wrong: 0, threshold: 0.1 };
  const d = describeStep(frame, { total: 5 });
  assert.match(d.text, /y·a = 0\.043 ≤ τ = 0\.1: an update, and w is updated/);
  assert.doesNotMatch(d.text, /mistake/);
  assert.ok(d.math.eq.some((l) => l.includes("≤ τ = 0.1: an update")));
  const v = describeVisit({ visit: 4, update: false, epoch: 1, index: 2, x: [2, 1, 1], y: 1, activation: 0.5,
    y_activation: 0.5, w: [1.5, 0, 0.543], step: 3, threshold: 0.1 }, { visits: 10 });
  assert.match(v.text, /y·a > τ = 0\.1: no update/);
});
