// The page's live region: a lesson's step is said whole even when the run's narration follows
// within the settling moment (a busy machine), while the step-through's latest update wins.
import { test } from "node:test";
import assert from "node:assert/strict";

const region = { textContent: "", dataset: {}, setAttribute() {} };
globalThis.document = { getElementById: (id) => (id === "step-live" ? region : null), body: { append() {} } };
const { announce, initLiveRegion } = await import("../../site/js/access/live-region.js");
initLiveRegion();
const settle = () => new Promise((r) => setTimeout(r, 80));

test("a newer update replaces one not yet said", async () => {
  announce("Step 3 of 9.");
  announce("Step 4 of 9.");
  await settle();
  assert.equal(region.textContent, "Step 4 of 9.");
});

test("a kept sentence (a lesson's step) is said, with what follows it after it", async () => {
  announce("Lesson 1, step 1 of 4: Predict the first update.", "lesson-1-1", { keep: true });
  announce("Trained: 3 mistakes.");
  await settle();
  assert.equal(region.textContent, "Lesson 1, step 1 of 4: Predict the first update. Trained: 3 mistakes.");
  announce("Step 1 of 3.");
  announce("Step 2 of 3.");
  await settle();
  assert.equal(region.textContent, "Step 2 of 3.", "once written, a kept sentence holds nothing back");
});
