// The step-through's pictures when the page draws them itself (plot-motion.js): the run's
// frames (frame-store.js), the step panel's boundary and proof views, and the main plots'
// views that auto-play moves (watch.js). Runs Python cannot describe as geometry (one
// feature, very many points) keep the PNG frames: ready() is false for them.
import { FrameStore } from "./frame-store.js";
import { BoundaryView, ProofView } from "./plot-motion.js";
import { plotSizes } from "./plots.js";

let store = null;
let views = null;       // {step, stepProof}: the step panel's
let on = false;
let pending = false;    // the scene of the new run is on its way

export function initStepMotion(call, stepImg, proofImg) {
  store = new FrameStore(call, () => plotSizes(["boundary", "proof"]));
  views = { step: new BoundaryView(stepImg), stepProof: new ProofView(proofImg) };
}

/** A new run: drop the last one's frames and views; resolves true when its scenes are here. */
export async function loadRun(updates, drawable) {
  on = false;
  for (const v of Object.values(views)) v.show(false);
  if (!drawable || !updates) { store.drop(); pending = false; return false; }
  pending = true;
  const g = store.gen + 1;
  const ok = await store.load(updates);
  if (g === store.gen) pending = false;
  if (!ok) return false;
  on = true;
  views.step.setScene(store.scene);
  views.step.show(true);
  if (store.proofScene) { views.stepProof.setScene(store.proofScene); views.stepProof.show(true); }
  return true;
}

export function forget() {
  on = false;
  store?.drop();
  if (views) for (const v of Object.values(views)) v.show(false);
}

/** The step panel's views up (the page's own frames) or down (Python's PNG frames: every visited example). */
export function showViews(up) {
  views.step.show(up && on);
  views.stepProof.show(up && on && !!store.proofScene);
}

export const ready = () => on;
export const loading = () => pending;
export const has = (k) => on && store.has(k);
export const frameAt = (k) => store.frame(k);
export const storeOf = () => store;
export const onLoaded = (fn) => { store.onLoaded = fn; };

/** Draw the step panel at step position pos (fractional while playing); returns the picture. */
export function drawStep(pos) {
  const pic = store.picture(pos);
  if (!pic) return null;
  views.step.draw(pic);
  if (store.proofScene) views.stepProof.draw(store.tAt(pos));
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
