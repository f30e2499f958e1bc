// A sentence announced while the page loads (a link's run computed ahead, on screen within a second)
// is written once the page has loaded and settled: Orca drops what a page says in the flood of
// events its loading makes (heard: the run's sentence never said). Its own module instance: the
// document here is still loading when the region is made.
import { test } from "node:test";
import assert from "node:assert/strict";

const region = { textContent: "", dataset: {}, setAttribute() {} };
const onLoad = [];
const writes = [];
globalThis.document = { readyState: "interactive", getElementById: (id) => (id === "step-live" ? region : null), body: { append() {} } };
globalThis.addEventListener = (type, fn) => { if (type === "load") onLoad.push(fn); };
const live = await import("../../site/js/access/live-region.js?loading");
live.initLiveRegion();
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
Object.defineProperty(region, "textContent", { get() { return writes.at(-1) ?? ""; }, set(v) { if (v) writes.push(v); } });

test("the run's sentence, announced before the load, is written once after it has settled", async () => {
  const run = "Trained on AND with Online (Rosenblatt): converged in epoch 9.";
  live.announce(run, "run 1");
  await wait(100);
  assert.deepEqual(writes, [], "nothing is written while the page loads");
  live.announce(run, "run 1"); // the same run again: said once
  document.readyState = "complete";
  for (const fn of onLoad) fn();
  await wait(live.AFTER_LOAD_MS / 2);
  assert.deepEqual(writes, [], "nor in the flood just after the load");
  await wait(live.AFTER_LOAD_MS / 2 + 150);
  assert.deepEqual(writes, [run]);
  live.announce("Step 0 of 18.");
  await wait(80);
  assert.deepEqual(writes, [run, "Step 0 of 18."], "then sentences are written at once");
});

test("a lesson's step kept before the load is said with the run's sentence after it", async () => {
  // The region settled in the first test: a fresh instance, again before its load.
  onLoad.length = 0;
  writes.length = 0;
  document.readyState = "loading";
  const again = await import("../../site/js/access/live-region.js?loading-again");
  again.initLiveRegion();
  again.announce("Lesson 1, step 1 of 4: Predict the first update.", "lesson-1-1", { keep: true });
  again.announce("Trained on AND: 3 mistakes.", "run 1");
  for (const fn of onLoad) fn();
  await wait(again.AFTER_LOAD_MS + 150);
  assert.deepEqual(writes, ["Lesson 1, step 1 of 4: Predict the first update. Trained on AND: 3 mistakes."]);
});
