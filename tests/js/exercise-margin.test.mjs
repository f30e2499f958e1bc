// The exercise's arithmetic for the margin perceptron: its visits carry the rule's threshold τ, and an
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
