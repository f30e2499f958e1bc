// The end-of-show words for a cycled run (site/js/steps/cycle-text.js) against XOR worked by hand:
// x̃ = (x₁, x₂, 1), labels (0,0) → −1, (0,1) → +1, (1,0) → +1, (1,1) → −1, fixed order, w₀ = 0.
// Epoch 1 makes 4 updates: (0,0,−1), (0,1,0), (1,1,1), (0,0,0): w is back at 0 after epoch 1,
// so the cycle is 4 updates long with period 1. Online stops there (1 epoch, 4 updates);
// averaged and voted train on for all 100 epochs (400 updates), as Algorithm 2 does.
import { test } from "node:test";
import assert from "node:assert/strict";

import { cycleInfo, endCaption } from "../../site/js/steps/cycle-text.js";

const run = (algorithm, epochs) => ({
  settings: { algorithm }, epochs, cycle: { epoch: 1, period: 1 },
  trace: { subsampled: false, epoch: Array.from({ length: 4 * epochs }, (_, i) => 1 + Math.floor(i / 4)) },
});

test("online XOR stops on its 4-update cycle", () => {
  assert.deepEqual(cycleInfo(run("online", 1)), { start: 0, n: 4, stopped: true, epoch: 1, epochs: 1 });
  assert.equal(endCaption(run("online", 1)),
    " The weights cycle: the same 4 updates would repeat forever, so the run stopped.");
});

for (const algo of ["averaged", "voted"]) {
  test(`${algo} XOR trains on: the cycle is still 4 updates and the run did not stop`, () => {
    const r = run(algo, 100);
    assert.deepEqual(cycleInfo(r), { start: 0, n: 4, stopped: false, epoch: 1, epochs: 100 });
    const text = endCaption(r);
    assert.match(text, /the same 4 updates repeat/);
    assert.match(text, new RegExp(`the ${algo} perceptron trained on for all 100 epochs`));
    assert.doesNotMatch(text, /400|stopped/);
  });
}

test("a cycle of period 2 counts the updates of both epochs; one update is singular", () => {
  // Epochs 1..3 with 1, 2, 1 updates; w after epoch 3 equals w after epoch 1: period 2.
  const r = { settings: { algorithm: "online" }, epochs: 3, cycle: { epoch: 3, period: 2 },
    trace: { subsampled: false, epoch: [1, 2, 2, 3] } };
  assert.deepEqual(cycleInfo(r), { start: 1, n: 3, stopped: true, epoch: 3, epochs: 3 });
  const one = { ...r, cycle: { epoch: 3, period: 1 } };
  assert.equal(endCaption(one), " The weights cycle: the same 1 update would repeat forever, so the run stopped.");
});

test("no cycle, or a subsampled trace, says nothing", () => {
  assert.equal(endCaption({ ...run("online", 1), cycle: null }), "");
  const sub = run("averaged", 100);
  sub.trace.subsampled = true;
  assert.equal(cycleInfo(sub), null);
});
