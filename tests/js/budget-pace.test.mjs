// The run budget's pace (budget.js measurePace, paced): the estimate in this device's seconds now.
import { test } from "node:test";
import assert from "node:assert/strict";
import { estimate, paced, overBudget, measurePace } from "../../site/js/run/budget.js";

const LINK = [{ kind: "preset", name: "clouds", n: 2000 }, { algorithm: "online", epochs: 200 }];

test("a link's run within the budget at pace 1 is asked for at the pace Python measured", async () => {
  const est = estimate(...LINK);
  assert.ok(est.seconds > 2.5 && est.seconds < 10, est.seconds); // 2000 × 200 × (12 + 3 × 0.3) µs = 5.16 s
  const pace = await measurePace(async (r) => (r.cmd === "pace" ? { ok: true, ms: 80, pace: 4, reference_ms: 20 } : null), null);
  assert.equal(pace, 4);
  assert.equal(overBudget(paced(est, 1)), false);
  const slow = paced(est, pace);
  assert.equal(overBudget(slow), true);
  assert.ok(Math.abs(slow.seconds - 4 * est.seconds) < 1e-9 && slow.pace === 4);
});

test("a pace that cannot be measured is 1, never below it, and the test switch pins it", async () => {
  assert.equal(await measurePace(async () => { throw new Error("restarted"); }, null), 1);
  assert.equal(await measurePace(async () => ({ ok: false, error: { kind: "internal" } }), null), 1);
  assert.equal(await measurePace(async () => ({ ok: true, pace: 0.4 }), null), 1);
  let asked = 0;
  const call = async () => { asked += 1; return { ok: true, pace: 3 }; };
  assert.equal(await measurePace(call, true), 1);
  assert.equal(await measurePace(call, { pace: 2.5 }), 2.5);
  assert.equal(await measurePace(call, { callTimeoutMs: 3000 }), 1); // the suite's other switches: pinned too
  assert.equal(asked, 0);
  assert.equal(await measurePace(call, null), 3); // a student's page: measured
  assert.equal(paced({ seconds: 2 }, NaN).seconds, 2);
});
