// The show's pace (site/js/steps/pace.js): a short run one update a beat at the control's
// beats per second, a long run evenly spaced updates so the show has at most MAX_BEATS beats;
// the one control sets the clock of the show and of Play alike.
import { test } from "node:test";
import assert from "node:assert/strict";

import { strideFor, beatAt, drawnAt, updatesPerSecond, beatsPerSecond, ordinal, nowNumbers, updateAt,
  MAX_BEATS, DEFAULT_SPEED } from "../../site/js/steps/pace.js";

// How long the show of a run of `frames` updates lasts: its beats (one every strideFor updates)
// at the control's beats per second, as watch.js plays them.
const showSeconds = (frames, bps) => Math.ceil(frames / strideFor(frames)) / beatsPerSecond(bps);

test("the default pace is readable: 2 to 5 updates a second", () => {
  assert.ok(DEFAULT_SPEED >= 2 && DEFAULT_SPEED <= 5);
  assert.equal(beatsPerSecond(""), DEFAULT_SPEED);
  assert.equal(beatsPerSecond("10"), 10);
});

test("a short run plays one update a beat at the default pace", () => {
  for (const n of [3, 4, 18, MAX_BEATS]) {
    assert.equal(strideFor(n), 1);
    assert.equal(updatesPerSecond(DEFAULT_SPEED, strideFor(n)), DEFAULT_SPEED);
    assert.equal(showSeconds(n, DEFAULT_SPEED), n / DEFAULT_SPEED); // XOR's 4: more than a flicker
  }
  for (let x = 0; x < 18; x += 0.25) assert.equal(beatAt(x, 0, 1, 18), Math.floor(x));
});

test("a long run shows evenly spaced updates and lasts at most MAX_BEATS beats", () => {
  assert.equal(strideFor(273), 7); // iris multiclass: 39 beats, 13 s at 3 a second
  assert.equal(strideFor(132), 4);
  for (const n of [41, 132, 273, 1000, 12345]) {
    const s = strideFor(n);
    assert.ok(Math.ceil(n / s) <= MAX_BEATS && Math.ceil(n / (s - 1)) > MAX_BEATS, `${n}: ${s}`);
    assert.ok(showSeconds(n, DEFAULT_SPEED) <= MAX_BEATS / DEFAULT_SPEED);
  }
  // Beats 7 updates apart from the start, the last beat the run's end.
  const seen = new Set();
  for (let x = 0; x <= 273; x += 0.5) seen.add(beatAt(x, 0, 7, 273));
  assert.deepEqual([...seen], [...Array.from({ length: 40 }, (_, j) => 7 * j).filter((k) => k < 273), 273]);
  assert.equal(beatAt(12, 5, 7, 273), 12); // a play resumed at 5 beats from 5
});

test("one control: the speed sets the clock of the show and of Play alike", () => {
  assert.equal(updatesPerSecond(2, 1), 2);
  assert.equal(updatesPerSecond(2, 7), 14);
  assert.equal(updatesPerSecond(10, 7), 70);
  assert.equal(showSeconds(273, 1), 39);
  assert.equal(showSeconds(273, 10), 3.9);
});

test("the picture moves to the beat in its first part, then rests on it", () => {
  assert.equal(drawnAt(0.5, 0, 1, 10, 0.35), 0);
  assert.equal(drawnAt(3, 0, 1, 10, 0.35), 2);
  assert.ok(Math.abs(drawnAt(3.175, 0, 1, 10, 0.35) - 2.5) < 1e-9);
  assert.equal(drawnAt(3.9, 0, 1, 10, 0.35), 3);
  assert.equal(drawnAt(14, 0, 7, 273, 0.35), 7);
  assert.equal(drawnAt(20, 0, 7, 273, 0.35), 14);
  assert.equal(drawnAt(300, 0, 7, 273, 0.35), 273);
});

test("the number strip at an update: its epoch and the mistakes so far", () => {
  const res = { steps: 4, mistakes: 4, epochs: 2, trace: { epoch: [1, 1, 2, 2] } };
  assert.deepEqual(nowNumbers(res, { step: 0 }), { epoch: 0, mistakes: 0 });
  assert.deepEqual(nowNumbers(res, { step: 3 }), { epoch: 2, mistakes: 3 });
  assert.deepEqual(nowNumbers(res, { step: 2, epoch: 1 }), { epoch: 1, mistakes: 2 });
  // Updates that are not all mistakes (a margin run, batch epochs): the count is not k.
  assert.deepEqual(nowNumbers({ ...res, mistakes: 3 }, { step: 3 }), { epoch: 2, mistakes: null });
  // A long run keeps some of its updates, and its last: step k counts update t's mistakes.
  const long = { steps: 3, mistakes: 6002, trace: { subsampled: true, total: 6002, step: [1, 3, 6002], epoch: [1, 1, 100] } };
  assert.deepEqual(nowNumbers(long, { step: 2 }), { epoch: 1, mistakes: 3 });
  assert.deepEqual(nowNumbers(long, { step: 3 }), { epoch: 100, mistakes: 6002 });
  assert.deepEqual(nowNumbers({ ...long, mistakes: 5000 }, { step: 3 }), { epoch: 100, mistakes: null });
  assert.deepEqual([0, 1, 2, 3].map((k) => updateAt(long, k)), [0, 1, 3, 6002]);
  assert.deepEqual([0, 3].map((k) => updateAt(res, k)), [0, 3]);
});

test("ordinals name the stride", () => {
  assert.deepEqual([2, 3, 4, 7, 11, 12, 13, 21, 22, 101].map(ordinal),
    ["2nd", "3rd", "4th", "7th", "11th", "12th", "13th", "21st", "22nd", "101st"]);
});
