// The run bar's count (js/run/run-panel.js): said while the run goes, silent once its result is on
// screen (a run computed ahead that Python trains again must not be counted out loud a second time).
import { test } from "node:test";
import assert from "node:assert/strict";

const nodes = {};
const node = (id) => (nodes[id] ??= { id, hidden: true, value: 0, max: 0, textContent: "", dataset: {}, removeAttribute() {}, setAttribute() {} });
globalThis.document = { getElementById: node, activeElement: null };
const { startProgress, progress, stopProgress } = await import("../../site/js/run/run-panel.js");

test("the count follows the run until its result is on screen, then stays quiet", () => {
  startProgress(100);
  progress(3, 2);
  assert.equal(nodes["epoch-progress"].value, 3);
  assert.match(nodes["progress-text"].textContent, /^epoch 3 \/ 100 · 2 mistakes$/);
  stopProgress();
  progress(1, 2); // Python trains the run computed ahead again
  assert.equal(nodes["progress-text"].textContent, "");
  assert.equal(nodes["epoch-progress"].hidden, true);
});
