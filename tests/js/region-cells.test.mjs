import test from "node:test";
import assert from "node:assert/strict";
import { RegionCells } from "../../site/js/plot/region-cells.js";

// The definition, written out here: argmax over classes of B·C per cell, the first class on ties.
function argmaxCells(B, C, rank) {
  const K = C.length / rank, out = [];
  for (let i = 0; i < B.length / rank; i++) {
    const s = [];
    for (let c = 0; c < K; c++) {
      let v = 0;
      for (let j = 0; j < rank; j++) v += B[i * rank + j] * C[j * K + c];
      s.push(v);
    }
    out.push(s.indexOf(Math.max(...s)));
  }
  return out;
}

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

test("a multiclass show's frames: the class of each cell as scoring every cell anew, whichever classes moved", () => {
  const r = rng(7), n = 30, rank = 3, K = 40;
  const B = new Float32Array(n * n * rank);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) B.set([j / n - 0.5, i / n - 0.5, 1], (i * n + j) * rank);
  let C = Array.from({ length: rank * K }, () => r() - 0.5);
  const cells = new RegionCells(B, rank);
  let kept = 0;
  for (let step = 0; step < 60; step++) {
    // an update moves two classes (the example's and the rival's); a tween frame moves them part way
    const next = C.slice(), [a, b] = [Math.floor(r() * K), Math.floor(r() * K)];
    for (let j = 0; j < rank; j++) { next[j * K + a] += r() - 0.5; next[j * K + b] -= r() - 0.5; }
    for (const f of [0.25, 0.5, 1]) {
      const frame = C.map((v, i) => v + (next[i] - v) * f);
      const moved = cells.movedClasses(frame, K);
      if (moved && moved.length <= 2) kept++;
      assert.deepEqual([...cells.classes(frame)], argmaxCells(B, frame, rank), `step ${step}, f ${f}`);
    }
    C = next;
    if (step % 20 === 19) C = C.map(() => r() - 0.5);   // a jump (a step link, Back): every class moves
  }
  assert.ok(kept > 150, `frames scored incrementally: ${kept}`);
});

test("ties go to the lowest class, also when a moved class ties the kept best", () => {
  const B = new Float32Array([1, 0, 0, 1, 1, 1]);         // three cells, rank 2
  const K = 8, rank = 2;
  const C = new Array(rank * K).fill(0);
  C[0 * K + 5] = 1; C[1 * K + 5] = 1;                      // class 5 wins everywhere
  const cells = new RegionCells(B, rank);
  assert.deepEqual([...cells.classes(C)], [5, 5, 5]);
  const tie = C.slice(); tie[0 * K + 2] = 1;                 // class 2 now ties class 5 on every cell
  tie[1 * K + 2] = 1;
  assert.deepEqual([...cells.classes(tie)], argmaxCells(B, tie, rank));
  assert.deepEqual([...cells.classes(tie)], [2, 2, 2]);
  const drop = tie.slice(); drop[0 * K + 2] = 0;             // class 2 falls behind on cells 0 and 2, still ties on 1
  assert.deepEqual([...cells.classes(drop)], argmaxCells(B, drop, rank));
});
