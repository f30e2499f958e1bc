// The run budget's pace (budget.js measurePace, paced): the estimate in this device's seconds now.
import { test } from "node:test";
import assert from "node:assert/strict";
import { estimate, paced, overBudget, measurePace, weighed } from "../../site/js/run/budget.js";

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

test("a reading that alone tips a small run over the budget is taken again, and the lowest counts", async () => {
  const est = estimate(...LINK); // ~5 s at pace 1: within the budget
  const readings = (...paces) => {
    const asked = [];
    return { asked, call: async () => { const pace = paces[Math.min(asked.length, paces.length - 1)]; asked.push(pace); return { ok: true, pace }; } };
  };
  const pauses = [];
  const pause = async (ms) => { pauses.push(ms); };
  // A cold start's burst: slow once, then the device's own pace.
  let r = readings(6, 1.2);
  let w = await weighed(est, r.call, { testSwitch: null, pause });
  assert.deepEqual(r.asked, [6, 1.2]);
  assert.equal(w.pace, 1.2);
  assert.equal(overBudget(w), false);
  assert.ok(Math.abs(w.seconds - 1.2 * est.seconds) < 1e-9);
  assert.equal(pauses.length, 1);
  // A device that stays busy reads slow three times and is asked; the lowest reading is the estimate's.
  r = readings(6, 5, 7);
  w = await weighed(est, r.call, { testSwitch: null, pause });
  assert.deepEqual(r.asked, [6, 5, 7]);
  assert.equal(w.pace, 5);
  assert.equal(overBudget(w), true);
  // A quiet reading is read once; so is a run over the budget even at pace 1 (no reading can save it).
  r = readings(1.1);
  assert.equal((await weighed(est, r.call, { testSwitch: null, pause })).pace, 1.1);
  assert.deepEqual(r.asked, [1.1]);
  const huge = estimate({ kind: "preset", name: "clouds", n: 100000 }, { algorithm: "online", epochs: 1000 });
  assert.equal(overBudget(huge), true);
  r = readings(6, 1);
  assert.equal((await weighed(huge, r.call, { testSwitch: null, pause })).pace, 6);
  assert.deepEqual(r.asked, [6]);
  // The suite's switch pins the pace without asking Python.
  r = readings(6);
  assert.equal((await weighed(est, r.call, { testSwitch: true, pause })).pace, 1);
  assert.deepEqual(r.asked, []);
});

test("a pinned pace is read once", async () => {
  const est = estimate(...LINK);
  let asked = 0;
  const w = await weighed(est, async () => { asked += 1; return { ok: true, pace: 9 }; }, { testSwitch: { pace: 6 }, pause: async () => {} });
  assert.equal(w.pace, 6);
  assert.equal(overBudget(w), true);
  assert.equal(asked, 0);
});
