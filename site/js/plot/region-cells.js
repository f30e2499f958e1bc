// The class each grid cell predicts, kept from one animation frame to the next. A multiclass
// update changes two rows of W, so between two steps (and in every tweened frame between them)
// only those classes' score columns of C move: a cell whose best class did not move only needs
// the moved classes' scores, and only a cell whose best class moved is scored against every
// class. On 100 classes a frame costs about a twenty-fifth of scoring every cell anew, which is
// what kept the show's frames under the page's 200 ms long-task limit on a busy machine.
// The answer is exactly cellClasses' (same sums in the same order, the lowest class on ties).

import { cellClasses } from "./motion-geometry.js";

function score(B, C, rank, K, i, c) {
  let v = 0;
  for (let j = 0; j < rank; j++) v += B[i * rank + j] * C[j * K + c];
  return v;
}

export class RegionCells {
  constructor(B, rank) {
    this.B = B;
    this.rank = rank;
    this.C = null;
  }

  /** The class of every cell under coefficients C (rank × classes, row-major). */
  classes(C) {
    const { B, rank } = this, K = C.length / rank, cells = B.length / rank;
    const moved = this.movedClasses(C, K);
    if (moved === null || moved.length * 4 > K) return this.anew(C, K, cells);
    const isMoved = new Uint8Array(K);
    for (const c of moved) isMoved[c] = 1;
    const { cls, best } = this;
    for (let i = 0; i < cells; i++) {
      if (isMoved[cls[i]]) {
        let b = -Infinity, arg = 0;
        for (let c = 0; c < K; c++) {
          const v = score(B, C, rank, K, i, c);
          if (v > b) { b = v; arg = c; }
        }
        cls[i] = arg; best[i] = b;
      } else {
        for (const c of moved) {
          const v = score(B, C, rank, K, i, c);
          if (v > best[i] || (v === best[i] && c < cls[i])) { best[i] = v; cls[i] = c; }
        }
      }
    }
    this.C = Float64Array.from(C);
    return cls;
  }

  /** The classes whose column of C differs from the last frame's, or null when nothing is kept. */
  movedClasses(C, K) {
    const last = this.C, rank = this.rank;
    if (!last || last.length !== C.length) return null;
    const moved = [];
    for (let c = 0; c < K; c++) {
      for (let j = 0; j < rank; j++) {
        if (last[j * K + c] !== C[j * K + c]) { moved.push(c); break; }
      }
    }
    return moved;
  }

  anew(C, K, cells) {
    const { B, rank } = this;
    this.cls = cellClasses(B, C, rank, this.cls);
    this.best = this.best?.length === cells ? this.best : new Float64Array(cells);
    for (let i = 0; i < cells; i++) this.best[i] = score(B, C, rank, K, i, this.cls[i]);
    this.C = Float64Array.from(C);
    return this.cls;
  }
}
