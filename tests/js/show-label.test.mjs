// The "w" beside w's arrow keeps clear of the ring of the update's example (js/plot/motion-geometry.js
// labelSpot, as plots/placement.py w_label_spot): the ring is three times a point's size, so the
// clearance from points' centres alone let the "w" sit on it.
import test from "node:test";
import assert from "node:assert/strict";
import { labelSpot } from "../../site/js/plot/motion-geometry.js";

const scene = { scale: 1, axes: { left: 0, top: 0, width: 200, height: 200 }, arrow: { clear: 8 }, highlight: { r: 10 }, points: [] };
const arrow = [[40, 70], [80, 70]]; // pointing right, its tip at (80, 70)

test("beyond the tip when the ring is elsewhere", () => {
  assert.deepEqual(labelSpot(scene, arrow, [20, 150]), [92, 70]);
});

test("beside the tip when the update's example's ring is beyond it", () => {
  // The ring's centre 9 px past the spot beyond the tip: a point there would be clear (8 px is the
  // points' clearance), its ring (10 px + 9 px) is not.
  const at = labelSpot({ ...scene, points: [[101, 70]] }, arrow, [101, 70]);
  assert.notDeepEqual(at, [92, 70]);
  assert.ok(Math.hypot(at[0] - 101, at[1] - 70) > 10 + 9, String(at));
  assert.deepEqual(labelSpot({ ...scene, points: [[101, 70]] }, arrow), [92, 70]); // without the ring: beyond the tip
});
