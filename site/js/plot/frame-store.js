// The frames of the run being shown, asked of Python ahead of the show: the static scenes
// once, then every step's numbers and model geometry in batches (bridge/frame_batches.py),
// so stepping and playing never wait for Python. picture(pos) tweens between two recorded
// steps: the update moves w (or W) along a straight line, so the plane line's (g, c), the grid
// scores and the class-score coefficients move linearly too. No DOM: node tests drive it with a fake bridge.
import { decodeScores, lerpArray, tAt } from "./motion-geometry.js";
import { t } from "../i18n/i18n.js";

const BATCH = { linear: 300, grid: 60 };

export class FrameStore {
  constructor(call, sizes = () => undefined, { visits = false } = {}) {
    this.call = call;
    this.sizes = sizes;       // () => {boundary: [w, h], proof: [w, h]}: the page's boxes
    this.visits = visits;     // frames of every visited example (frame.visit), not of every update
    this.gen = 0;
    this.reset();
  }

  reset() {
    this.scene = null;
    this.proofScene = null;
    this.frames = [];
    this.ts = [];           // t (the update number) of steps 1..
    this.total = 0;
    this.loaded = 0;        // steps 0..loaded-1 are here
    this.failed = "";
  }

  /** A new run: ask for its scenes, then its frames (resolves when the scenes are known; false:
   * Python draws this run's frames itself, one at a time). */
  async load(total) {
    const g = ++this.gen;
    this.reset();
    this.total = total;
    const sceneAnswer = this.call({ cmd: "frame", scene: true, sizes: this.sizes() });
    // The first frames are asked for with the scene, not after its answer: the worker answers
    // in order, so they come before the run's other plots (main.js asks for those next, and
    // they take seconds), and the show starts as soon as the scene is here. A run Python draws
    // itself refuses the batch; that answer is not used.
    const first = [0, Math.min(total, BATCH.grid - 1)];
    const firstAnswer = this.call(this.ask(first));
    const r = await sceneAnswer;
    if (g !== this.gen || !r?.ok || !r.scene) return false;
    this.scene = r.scene;
    if (r.scene.regions) r.scene.regions.B = decodeScores(r.scene.regions.basis);
    this.proofScene = r.proof_scene || null;
    this.fill(g, firstAnswer, first[1]);
    return true;
  }

  /** Forget the run (a new result is coming). */
  drop() {
    this.gen++;
    this.reset();
  }

  /** The frames in batches; `answer` (of the batch up to `last`) already asked for. */
  async fill(g, answer = null, last = -1) {
    const size = this.scene.grid ? BATCH.grid : BATCH.linear;
    while (g === this.gen && this.loaded <= this.total) {
      if (!answer) {
        last = Math.min(this.total, this.loaded + size - 1);
        answer = this.call(this.ask([this.loaded, last]));
      }
      const r = await answer;
      answer = null;
      if (g !== this.gen) return;
      if (!r?.ok) { this.failed = r?.error?.message || t("The frames could not be drawn."); return; }
      for (const f of r.frames) {
        const k = this.visits ? f.visit : f.step;
        this.frames[k] = f;
        if (k > 0) this.ts[k - 1] = f.t;
      }
      this.loaded = last + 1;
      if (this.onLoaded) this.onLoaded(this.loaded);
    }
  }

  ask(batch) {
    return this.visits ? { cmd: "frame", batch, visits: true } : { cmd: "frame", batch };
  }

  ready() {
    return !!this.scene;
  }

  has(k) {
    return !!this.scene && k >= 0 && k < this.loaded;
  }

  frame(k) {
    return this.has(k) ? this.frames[k] : null;
  }

  scoresOf(f) {
    if (!f.S && f.scores) f.S = decodeScores(f.scores);
    return f.S;
  }

  /** What the boundary plot shows at step position pos (k + fraction): the model of w on its
   * way from step k to k + 1, the rings of step k, the example of update k + 1 ringed. */
  picture(pos) {
    const k = Math.floor(pos), f = pos - k;
    const a = this.frame(k);
    if (!a) return null;
    const b = f > 0 ? this.frame(k + 1) : null;
    const out = { step: b ? pos : k, wrong: a.wrong, support: a.support, highlight: b ? b.index : a.index,
      note: b && b.note !== a.note ? "" : a.note };
    if (a.strip) out.strip = b ? lerpArray(a.strip, b.strip, f) : a.strip; // x̃·w moves linearly with w
    if (a.plane) out.plane = b ? lerpArray(a.plane, b.plane, f) : a.plane;
    else if (a.coef) out.coef = b ? lerpArray(a.coef, b.coef, f) : a.coef;
    else if (a.scores) out.scores = b ? lerpScores(this.scoresOf(a), this.scoresOf(b), f) : this.scoresOf(a);
    return out;
  }

  /** The update number t at step position pos (the proof plot's marker). */
  tAt(pos) {
    pos = Math.min(pos, this.loaded - 1);
    // By visit, visit 0 may be an update already (t = 1): the marker starts at its t.
    if (this.visits && pos < 1) return (this.frames[0]?.t ?? 0) + pos * ((this.frames[1]?.t ?? 0) - (this.frames[0]?.t ?? 0));
    return tAt(this.ts, pos);
  }
}

function lerpScores(A, B, f) {
  const out = new Float32Array(A.length);
  for (let i = 0; i < A.length; i++) out[i] = A[i] + (B[i] - A[i]) * f;
  return out;
}
