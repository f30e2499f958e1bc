// The page's own drawing of a moving plot (site/js/plot/motion-geometry.js, frame-store.js):
// clipping and the half-planes against hand-worked cases, the contour of a known field, a
// series cut at t, and the store's tween: halfway between two steps the picture is the one
// of the w halfway along the update.
import test from "node:test";
import assert from "node:assert/strict";
import { clipHalfPlane, clipLine, linearPicture, zeroContour, seriesUpTo, tAt, arrowHead, decodeScores, cellClasses } from "../../site/js/plot/motion-geometry.js";
import { FrameStore } from "../../site/js/plot/frame-store.js";

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} vs ${b}`);
// A 100 × 100 px axes at (10, 20) showing x, y in [0, 1].
const scene = { axes: { left: 10, top: 20, width: 100, height: 100 }, xlim: [0, 1], ylim: [0, 1], scale: 1 };

test("a half-plane of the unit square: x ≥ 0.25 keeps three quarters", () => {
  const sq = [[0, 0], [1, 0], [1, 1], [0, 1]];
  const p = clipHalfPlane(sq, 1, 0, -0.25);
  const area = Math.abs(p.reduce((s, [x, y], i) => { const [u, v] = p[(i + 1) % p.length]; return s + x * v - u * y; }, 0)) / 2;
  close(area, 0.75);
  assert.equal(clipHalfPlane(sq, 1, 0, -2).length, 0);
});

test("clipLine: the diagonal through the square, and a line that misses it", () => {
  const seg = clipLine([0.5, 0.5], [1, 1], [0, 1, 0, 1]);
  assert.deepEqual(seg.map((p) => p.map((v) => Math.round(v * 1e9) / 1e9)), [[0, 0], [1, 1]]);
  assert.equal(clipLine([5, 5], [1, 0], [0, 1, 0, 1]), null);
});

test("linearPicture: x1 + x2 − 1 = 0 splits the view on its diagonal, w points up-right", () => {
  const pic = linearPicture(scene, [1, 1, -1]);
  const ends = pic.line.map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]).sort();
  assert.deepEqual(ends, [[10, 20], [110, 120]]);           // (0, 1) and (1, 0) in px
  const [[sx, sy], [tx, ty]] = pic.arrow;
  close(sx, 60); close(sy, 70);                                // from the middle of the line
  assert.ok(tx > sx && ty < sy);                               // towards +x and +y (screen y grows down)
  close(Math.hypot(tx - sx, ty - sy), 28, 1e-6);              // 28 % of the 100 px side
  assert.ok(pic.pos && pic.neg);
  // w = 0: no line, no arrow; the whole view is the +1 region (a score of 0 predicts +1)
  const zero = linearPicture(scene, [0, 0, 0]);
  assert.equal(zero.line, null);
  assert.equal(zero.arrow, null);
  assert.equal(zero.neg, null);
  assert.equal(zero.pos.length, 4);
});

test("zeroContour: the circle x² + y² = r² on a grid crosses every cell edge at radius r", () => {
  const n = 41, r = 0.3;
  const sc = { ...scene, xlim: [-0.5, 0.5], ylim: [-0.5, 0.5] };
  const S = new Float32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    const x = -0.5 + j / (n - 1), y = -0.5 + i / (n - 1);
    S[i * n + j] = r * r - x * x - y * y;
  }
  const segs = zeroContour(sc, S, n);
  assert.ok(segs.length > 40);
  for (const [p] of segs) {
    const x = (p[0] - 10) / 100 - 0.5, y = 0.5 - (p[1] - 20) / 100;
    close(Math.hypot(x, y), r, 0.01);
  }
});

test("seriesUpTo cuts between two points, tAt tweens the update number", () => {
  const pts = [[0, 0], [10, 10], [20, 0]];
  assert.deepEqual(seriesUpTo(pts, [1, 2, 3], 2.5), [[0, 0], [10, 10], [15, 5]]);
  assert.deepEqual(seriesUpTo(pts, [1, 2, 3], 0.5), []);
  assert.equal(tAt([1, 2, 5], 2.5), 3.5);
  assert.equal(tAt([1, 2, 5], 0), 0);
});

test("arrowHead: a −|> head 0.4 × mutation long ending at the tip", () => {
  const [tip, a, b] = arrowHead([0, 0, 10, 0], 10);
  assert.deepEqual(tip, [10, 0]);
  close(a[0], 6); close(b[0], 6); close(Math.abs(a[1] - b[1]), 4);
});

test("decodeScores reads little-endian float32", () => {
  const b64 = Buffer.from(new Float32Array([1.5, -2]).buffer).toString("base64");
  assert.deepEqual([...decodeScores(b64)], [1.5, -2]);
});

test("FrameStore: scene, batches ahead, and the tween halfway along an update", async () => {
  const asked = [];
  const frames = [0, 1, 2].map((k) => ({ step: k, t: k, index: k ? k - 1 : null, plane: [k, 2 * k, -k], wrong: [k], note: k ? "" : "w = 0" }));
  const call = async (req) => {
    asked.push(req);
    if (req.scene) return { ok: true, scene: { grid: null }, proof_scene: null, total: 2 };
    return { ok: true, frames: frames.slice(req.batch[0], req.batch[1] + 1) };
  };
  const store = new FrameStore(call, () => ({ boundary: [300, 300] }));
  assert.equal(await store.load(2), true);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(asked[0].sizes, { boundary: [300, 300] });
  // The first frames were asked for with the scene (before its answer), then no more: all are here.
  assert.deepEqual(asked.slice(1).map((q) => q.batch), [[0, 2]]);
  assert.equal(store.has(2), true);
  const half = store.picture(1.5);
  assert.deepEqual(half.plane, [1.5, 3, -1.5]);               // w halfway from step 1 to step 2
  assert.deepEqual(half.wrong, [1]);                           // rings change when the update lands
  assert.equal(half.highlight, 1);                             // the example of update 2 is ringed
  assert.equal(store.picture(0.5).note, "");                   // w is no longer 0 on the way
  assert.equal(store.picture(0).note, "w = 0");
  assert.equal(store.tAt(1.25), 1.25);
});

test("FrameStore: the first batch goes out with the scene request, before any answer", async () => {
  const asked = [];
  let answerScene;
  const frames = Array.from({ length: 101 }, (_, k) => ({ step: k, t: k, index: k ? k - 1 : null, plane: [k, 1, 0], wrong: [] }));
  const call = (req) => {
    asked.push(req);
    if (req.scene) return new Promise((r) => { answerScene = () => r({ ok: true, scene: { grid: null }, proof_scene: null, total: 100 }); });
    return Promise.resolve({ ok: true, frames: frames.slice(req.batch[0], req.batch[1] + 1) });
  };
  const store = new FrameStore(call);
  const loading = store.load(100);
  assert.deepEqual(asked.map((q) => q.scene ? "scene" : q.batch), ["scene", [0, 59]]);  // the scene not answered yet
  answerScene();
  assert.equal(await loading, true);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(asked.slice(2).map((q) => q.batch), [[60, 100]]);  // then the next, at the linear batch size
  assert.equal(store.has(100), true);
});

test("FrameStore: a run Python draws itself (scene null) is not loaded", async () => {
  const store = new FrameStore(async () => ({ ok: true, scene: null }));
  assert.equal(await store.load(5), false);
  assert.equal(store.ready(), false);
});

test("labelSpot: the w goes beyond the tip, beside it when a point is there, nowhere in a crowd", async () => {
  const { labelSpot } = await import("../../site/js/plot/motion-geometry.js");
  const sc = { ...scene, arrow: { clear: 8 }, points: [] };
  const arrow = [[40, 70], [80, 70]];                        // pointing right
  assert.deepEqual(labelSpot(sc, arrow), [92, 70]);          // 12 px beyond the tip
  const beside = labelSpot({ ...sc, points: [[92, 70]] }, arrow);
  assert.ok(Math.hypot(beside[0] - 80, beside[1] - 70) === 12 && beside[0] === 80, String(beside));
  const crowd = [];
  for (let x = 60; x <= 110; x += 4) for (let y = 40; y <= 110; y += 4) crowd.push([x, y]);
  assert.equal(labelSpot({ ...sc, points: crowd }, arrow), null);
});

test("cellClasses: the argmax of B·C per cell, the lowest class on ties (np.argmax)", () => {
  // Basis (x, y, 1) on a 5 × 5 grid over [-1, 1]²; class scores x, y and 0.
  const n = 5, B = [], want = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = -1 + (2 * j) / (n - 1), y = -1 + (2 * i) / (n - 1);
      B.push(x, y, 1);
      const s = [x, y, 0];
      want.push(s.indexOf(Math.max(...s)));   // indexOf: the first of equal maxima
    }
  }
  const C = [1, 0, 0, /* y row */ 0, 1, 0, /* 1 row */ 0, 0, 0];   // rank 3 × 3 classes
  assert.deepEqual([...cellClasses(Float32Array.from(B), C, 3)], want);
  // w = 0 (C = 0): every score ties, every cell is class 0.
  assert.ok(cellClasses(Float32Array.from(B), Array(9).fill(0), 3).every((c) => c === 0));
  // At (0, 0) the three tie: class 0; at (0.5, 0.5) x and y tie: class 0; at (-1, 0.5) y wins.
  const at = (x, y) => want[Math.round((y + 1) * 2) * n + Math.round((x + 1) * 2)];
  assert.equal(at(0, 0), 0); assert.equal(at(0.5, 0.5), 0); assert.equal(at(-1, 0.5), 1); assert.equal(at(-1, -1), 2);
});
