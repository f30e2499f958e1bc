// The sound track (site/js/access/sound-track.js) of two runs worked by hand (seed 001's tables,
// x̃ = (x₁, x₂, 1), w₀ = 0, fixed order, η = 1):
// AND makes 2, 3, 3, 2, 2, 3, 2, 1, 0 mistakes in its 9 epochs (18 updates) and converges;
// XOR makes 4 updates in epoch 1, (0,0,−1), (0,1,0), (1,1,1), (0,0,0): w is back at 0, a
// cycle of period 1, so online stops there (the same run as tests/js/cycle-text.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";

import { soundTrack, mistakePitch, updatesPerEpoch, SOUND } from "../../site/js/access/sound-track.js";

/** How long a track lasts: its last event's end, in seconds. */
const trackLength = (events) => events.reduce((s, e) => Math.max(s, e.time + e.duration), 0);

const AND_MISTAKES = [2, 3, 3, 2, 2, 3, 2, 1, 0];
const epochsOf = (per) => per.flatMap((m, i) => Array(m).fill(i + 1));
const AND = { status: "converged", epoch_mistakes: AND_MISTAKES, dataset: { n_train: 4 },
  settings: { algorithm: "online" }, trace: { subsampled: false, epoch: epochsOf(AND_MISTAKES) } };
const XOR = { status: "cycled", cycle: { epoch: 1, period: 1 }, epoch_mistakes: [4], dataset: { n_train: 4 },
  settings: { algorithm: "online" }, trace: { subsampled: false, epoch: [1, 1, 1, 1] } };

/** The kinds in order, a tick written as "tick×count". */
const kinds = (events) => events.map((e) => (e.kind === "tick" && e.count !== 1 ? `tick×${e.count}` : e.kind));

test("AND: a tone per epoch, a tick per update, then the chord of convergence", () => {
  const ev = soundTrack(AND);
  const want = AND_MISTAKES.flatMap((m) => ["epoch", ...Array(m).fill("tick")]).concat("converged");
  assert.deepEqual(kinds(ev), want);
  // Ticks per epoch are that epoch's mistakes (every online mistake is one update).
  for (const [i, m] of AND_MISTAKES.entries()) {
    assert.equal(ev.filter((e) => e.kind === "tick" && e.epoch === i + 1).length, m);
    assert.equal(ev.find((e) => e.kind === "epoch" && e.epoch === i + 1).mistakes, m);
  }
  // The pitch follows the mistakes: equal counts sound alike, more mistakes higher.
  const tones = ev.filter((e) => e.kind === "epoch");
  for (const a of tones) for (const b of tones) {
    assert.equal(Math.sign(a.freqs[0] - b.freqs[0]), Math.sign(a.mistakes - b.mistakes), `${a.mistakes} vs ${b.mistakes}`);
  }
  assert.equal(tones.at(-1).freqs[0], SOUND.lowHz); // the clean epoch
  assert.equal(ev.at(-1).freqs.length, 3);          // a chord
  // Time runs forward, and the last epoch's tone comes before the chord.
  for (let i = 1; i < ev.length; i++) assert.ok(ev[i].time >= ev[i - 1].time, `event ${i}`);
  // 6 s over 9 epochs is longer than the longest epoch (0.6 s): 9 epochs of 0.6 s, then the 0.8 s chord.
  assert.ok(Math.abs(trackLength(ev) - (9 * 0.6 + 0.8)) < 1e-9, String(trackLength(ev)));
});

test("XOR: one epoch of 4 ticks, then the sound of a cycle, not the chord", () => {
  const ev = soundTrack(XOR);
  assert.deepEqual(kinds(ev), ["epoch", "tick", "tick", "tick", "tick", "cycle"]);
  assert.equal(ev[0].mistakes, 4);
  assert.equal(ev[0].freqs[0], mistakePitch(4, 4));
  assert.equal(ev[0].freqs[0], SOUND.lowHz * 4); // every example wrong: two octaves up
  assert.ok(!ev.some((e) => e.kind === "converged"));
});

test("a long epoch's updates are grouped into at most maxTicks ticks that count them all", () => {
  const res = { status: "max_epochs", epoch_mistakes: [30, 5], dataset: { n_train: 40 }, settings: { algorithm: "online" },
    trace: { subsampled: true, epoch: [] } };
  assert.deepEqual(updatesPerEpoch(res), [30, 5]);
  const ev = soundTrack(res);
  const ticks1 = ev.filter((e) => e.kind === "tick" && e.epoch === 1);
  assert.equal(ticks1.length, SOUND.maxTicks);
  assert.equal(ticks1.reduce((s, e) => s + e.count, 0), 30);
  assert.equal(ev.at(-1).kind, "stopped");
});

test("batch updates once an epoch that had mistakes", () => {
  const res = { status: "converged", epoch_mistakes: [3, 1, 0], dataset: { n_train: 4 }, settings: { algorithm: "batch" } };
  assert.deepEqual(updatesPerEpoch(res), [1, 1, 0]);
  assert.deepEqual(kinds(soundTrack(res)), ["epoch", "tick", "epoch", "tick", "epoch", "converged"]);
});

test("no epochs, no sound", () => {
  assert.deepEqual(soundTrack({ epoch_mistakes: [] }), []);
  assert.deepEqual(soundTrack(null), []);
});

// Where the sound is: x as stereo pan (left to right), y as pitch (SAS, Highcharts).
import { positionPan, pointTone } from "../../site/js/access/sound-track.js";

test("each epoch's tone and ticks are panned by its place in the run, left to right", () => {
  const ev = soundTrack(AND);
  const tones = ev.filter((e) => e.kind === "epoch");
  // 9 epochs from hard left to hard right in 8 equal steps of 0.25.
  assert.deepEqual(tones.map((e) => e.pan), [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1]);
  for (const t of ev.filter((e) => e.kind === "tick")) assert.equal(t.pan, tones[t.epoch - 1].pan);
  assert.equal(ev.at(-1).pan, 0); // the ending in the middle
  assert.equal(soundTrack(XOR)[0].pan, 0); // one epoch: the middle
  assert.equal(positionPan(2, 5), 0);
});

test("a point's tone: x1 as pan across the points, its score as pitch over two octaves", () => {
  // AND's points with w = (3, 2, −4): scores −4, −2, −1, 1 (x̃·w by hand).
  const pts = [[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]];
  const scores = [-4, -2, -1, 1];
  assert.deepEqual(pts.map((_, i) => pointTone(pts, scores, i).pan), [-1, -1, 1, 1]);
  // Semitones above 220 Hz: 24·(s+4)/5 rounded = 0, 10 (9.6), 14 (14.4), 24.
  const hz = (k) => Number((220 * 2 ** (k / 12)).toFixed(2));
  assert.deepEqual(pts.map((_, i) => pointTone(pts, scores, i).freqs[0]), [hz(0), hz(10), hz(14), hz(24)]);
  assert.equal(hz(24), 880);
});
