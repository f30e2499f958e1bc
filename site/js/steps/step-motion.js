// The step-through's pictures when the page draws them itself (plot-motion.js): the run's
// frames (frame-store.js), the step panel's boundary and proof views, and the main plots'
// views that auto-play moves (watch.js), by update or by visit (every example the run looked
// at). Runs Python cannot describe as geometry (one feature, very many points; by visit: batch,
// a subsampled trace) keep the PNG frames: ready() is false for them.
import { FrameStore } from "../plot/frame-store.js";
import { BoundaryView, ProofView } from "../plot/plot-motion.js";
import { plotSizes } from "../plot/plots.js";

let steps = null;       // the frames of every update
let visits = null;      // the frames of every visited example (asked for when that mode is on)
let views = null;       // {step, stepProof}: the step panel's
let on = false;
let byVisit = false;    // the step-through goes by visit: its frames are visits'
let visitsOn = false;   // ... and they are here (their scene at least)
// The load of the scene on its way: its generation of the frame store. A load another load or a drop
// (forget) has overtaken is none: the show would otherwise wait for it forever.
let pending = null;

export function initStepMotion(call, stepImg, proofImg) {
  const sizes = () => plotSizes(["boundary", "proof"]);
  steps = new FrameStore(call, sizes);
  visits = new FrameStore(call, sizes, { visits: true });
  views = { step: new BoundaryView(stepImg), stepProof: new ProofView(proofImg) };
}

const store = () => (byVisit ? visits : steps);

/** A new run: drop the last one's frames and views; resolves true when its scenes are here.
 * lastVisit (a number): the step-through goes by visit, 0..lastVisit, from the start. */
export async function loadRun(updates, drawable, lastVisit = null) {
  on = false;
  visitsOn = false;
  visits.drop();
  for (const v of Object.values(views)) v.show(false);
  if (!drawable || !updates) { steps.drop(); pending = null; return false; }
  const g = steps.gen + 1;
  pending = g;
  const ok = await steps.load(updates);
  if (g === steps.gen) pending = null;
  if (!ok) return false;
  on = true;
  if (lastVisit !== null) return byVisits(true, lastVisit);
  byVisit = false;
  setScenes(steps);
  return true;
}

function setScenes(st) {
  views.step.setScene(st.scene);
  if (st.proofScene) views.stepProof.setScene(st.proofScene);
  showViews(true);
}

/** Step by visit (0..lastVisit) or by update: resolves true when the page draws that mode's
 * frames (by visit: once their scene is here; false where Python draws them). */
export async function byVisits(yes, lastVisit = 0) {
  byVisit = yes;
  if (!on) return false;
  if (yes && !visitsOn) {
    showViews(false);   // Python's PNG frames meanwhile
    const g = steps.gen;
    const ok = await visits.load(lastVisit);
    if (!ok || g !== steps.gen || !byVisit) return false;
    visitsOn = true;
  }
  setScenes(store());
  return true;
}

/** The scenes were drawn for other boxes than the page's now: a run computed ahead is drawn for
 * one of the build's boxes (tools/ahead_answers.py SIZES, BOXES), while Python draws the run's
 * own pictures, the ones under the views, for this page's; laid over them, the scene would show other axes.
 * slack: px of difference that is no other box (a box that changed later: plot/picture-refit.js). */
export function scenesStale(slack = 0.5) {
  if (!on || byVisit) return false;  // by visit: Python's own scenes, asked for at this page's boxes
  const want = plotSizes(["boundary", "proof"]);
  const off = (s, [w, h]) => !!s && (Math.abs(s.width - w) > slack || Math.abs(s.height - h) > slack);
  return off(steps.scene, want.boundary) || off(steps.proofScene, want.proof);
}

export function forget() {
  on = false;
  visitsOn = false;
  steps?.drop();
  visits?.drop();
  if (views) for (const v of Object.values(views)) v.show(false);
}

/** The step panel's views up (the page's own frames) or down (Python's PNG frames). */
export function showViews(up) {
  views.step.show(up && ready());
  views.stepProof.show(up && ready() && !!store().proofScene);
}

export const ready = () => on && (!byVisit || visitsOn);
export const loading = () => pending !== null && pending === steps?.gen;
export const has = (k) => ready() && store().has(k);
export const frameAt = (k) => store().frame(k);
export const storeOf = () => store();
export const onLoaded = (fn) => { steps.onLoaded = fn; visits.onLoaded = fn; };

/** Draw the step panel at position pos (fractional while playing); returns the picture. */
export function drawStep(pos) {
  const st = store();
  const pic = st.picture(pos);
  if (!pic) return null;
  views.step.draw(pic);
  if (st.proofScene) views.stepProof.draw(st.tAt(pos));
  return pic;
}

/** The panel's pictures as data URLs (tests compare frames pixel for pixel). */
export function pixels() {
  const v = views.step;
  return v.box.hidden ? "" : v.under.toDataURL() + v.over.toDataURL();
}

let grown = -1;   // the finished epochs of the mistakes plot last asked for (auto-play grows it)

/** The epochs finished at step k of 0..total when the mistakes plot should grow to them (all
 * of them at the last step, whose run may end with a clean epoch), else null; (null) resets. */
export function mistakesWanted(res, k, total) {
  if (!res) { grown = -1; return null; }
  const epochs = k >= total ? (res.epoch_mistakes?.length ?? 0) : k === 0 ? 0 : Math.max(0, (res.trace.epoch[k - 1] ?? 1) - 1);
  if (epochs === grown) return null;
  grown = epochs;
  return epochs;
}
