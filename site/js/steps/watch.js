// Watch it learn: after a run the page plays its updates by itself in the main plots (the
// boundary, the proof plot and the mistakes per epoch grow with it), then settles on the
// final result. A cycled run (XOR under a fixed order) shows its cycle a few times over.
// Off with the `autoplay` setting (link key play=0) or when the system asks for reduced
// motion; any control stops it, and the step-through takes over from where it stopped.
import { byId, fmt } from "../page/dom.js";
import { vectorSep } from "../page/format.js";
import { t, pageLanguage } from "../i18n/i18n.js";
import { autoPlay, stopAuto, stepTotal, stepTo, refitFrames } from "./stepper.js";
import { cycleInfo, endCaption } from "./cycle-text.js";
import { BoundaryView, ProofView } from "../plot/plot-motion.js";
import { storeOf, ready as drawnHere } from "./step-motion.js";
import { algorithmTraits } from "../state/state.js";
import { strideFor, ordinal, updateAt } from "./pace.js";
import { nowAt, nowFinal } from "./now-strip.js";
import { page, BOUNDARY_FIGURE, MISTAKES_FIGURE } from "../state/page-state.js";

const CYCLES_SHOWN = 3;
const PRESENT_KEYS = [" ", "ArrowLeft", "ArrowRight", "t", "T", "Escape"];

const values = page.values;
let res = null;        // the result on screen
let mirroring = false; // the main plots show a step-through frame, not the final result
let laps = 0;
let stride = 1;        // updates a beat of the show (pace.js): 1, or evenly spaced ones for a long run
let views = null;      // the main plots' views the page draws the show in (plot-motion.js)
let viewScene = null;  // the scene they hold
let holdWhile = () => false; // a question about the run is open (a lesson): the show waits at w = 0
let holding = false;   // the main plots wait at step 0 for that question
let endDrawnHere = false; // the show ended on the page's own drawing of a run computed ahead (no picture of Python's yet)

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

/** Auto-play is on: the setting, and no reduced motion. Also governs retrain-on-change. */
export function liveMode() {
  return !!values?.autoplay && !reducedMotion();
}

export function initWatch({ held = () => false } = {}) {
  page.on(["result"], ({ result }) => watchResult(result.res, { held: held() })); // the run on screen
  // What the main plots show (page state) is written on their figures for CSS and tests.
  page.mirror(byId("plot-boundary").closest("figure").dataset, BOUNDARY_FIGURE);
  page.mirror(byId("plot-mistakes").closest("figure").dataset, MISTAKES_FIGURE);
  const box = byId("autoplay");
  box.checked = !!values.autoplay;
  box.addEventListener("change", () => {
    page.set({ autoplay: box.checked });
    if (!box.checked) stop();
  });
  // Any control stops the show; the step-through's own controls carry on from that step.
  const interrupt = (e) => {
    if (byId("stepper").dataset.auto !== "true") return;
    if (e.type === "keydown" && ["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) return;
    // The presenter's keys drive the step-through themselves (space pauses the show).
    if (e.type === "keydown" && values.present && PRESENT_KEYS.includes(e.key)) return;
    const inStepper = e.target instanceof Element && !!e.target.closest("#stepper");
    // Pause pauses the show (the stepper's own button holds the frame), and the speed is the
    // show's pace too: nothing to stop here.
    if (inStepper && e.target.closest("#step-play, #step-speed")) return;
    // Opening the tab that holds the speed control is no control of the run either.
    if (e.target instanceof Element && e.target.closest('[role="tab"]')) return;
    stopAuto();
    if (!inStepper) settle("stopped");
  };
  document.addEventListener("pointerdown", interrupt, true);
  document.addEventListener("keydown", interrupt, true);
}

/** A new result is on screen (its plots too): play it, where wanted. held: a link asks for a
 * step of this run, so the main plots wait for it (the step-through moves them) instead. */
export function watchResult(result, { held = false } = {}) {
  res = result;
  mirroring = false;
  endDrawnHere = false;
  laps = 0;
  hideViews();
  setCaption("");
  holding = false;
  // A new run: the last one's show paused (held for a question, paused by the reader) holds nothing
  // now, or main.js keeps the old frame over this run's final picture when no show plays.
  if (page.get("watch") === "paused") page.set({ watch: "end", plotStep: null });
  const total = stepTotal();
  if (!total || held) return;
  if (holdWhile()) { holdAtStart(); return; }
  // No show (reduced motion, play=0, placed points): the plot shows the final result while the
  // step-through beside it waits at its start, so the caption says which is which.
  if (!liveMode() || values.source === "points") {
    setCaption(`${t("The final result.")}${endCaption(result)} ${t("The step-through starts before the first update.")}`);
    return;
  }
  const cycle = cycleStart(result);
  const frames = total + (cycle === null ? 0 : (CYCLES_SHOWN - 1) * (total - cycle));
  stride = strideFor(frames);
  page.set({ watch: "playing" });
  autoPlay({
    from: 0, end: total, stride,
    onEnd: () => {
      if (cycle !== null && ++laps < CYCLES_SHOWN) return cycle; // the cycle's updates again: the run repeats them forever
      settle("end");
      return null;
    },
  });
}

/** Predict, then see: while fn() is true a new result's show waits before the first update. */
export function holdShowWhile(fn) {
  holdWhile = fn;
}

/** The main plots go back to step 0 (w = 0) and wait there: the run's answer is not on screen. */
export function holdAtStart() {
  if (!res || !stepTotal()) return;
  stopAuto();
  holding = true;
  page.set({ watch: "paused" }); // main.js keeps the frame when the later plots arrive
  setCaption("");
  stepTo(0);
}

/** The question is answered: the held run plays (or, without a show, shows its final result). */
export function releaseShow() {
  if (!holding || !res) return;
  holding = false;
  settle("end");
  watchResult(res);
}

/** The first step of the last cycle, when the run stopped on it (the show repeats it), or null. */
function cycleStart(r) {
  const info = cycleInfo(r);
  return info && info.stopped ? info.start : null;
}

/** Every frame the step-through draws: the main plots follow during auto-play and after the
 * reader has moved the step-through (so presenter keys move the big plot). */
export function watchFrame(r, { auto, user }) {
  if (!res || (!auto && !user)) return;
  mirroring = true;
  endDrawnHere = false;
  if (!auto) laps = 0; // the reader moved: no lap of the show is on screen
  const img = byId("plot-boundary");
  if (r.image) { img.src = r.image; hideViews(); } // Python's PNG frame (every visited example)
  img.alt = r.alt || "";
  page.set({ plotStep: r.step, plotW: r.w ?? null, ...(auto ? { watch: "playing" } : {}) });
  if (r.proof) { byId("plot-proof").src = r.proof; byId("plot-proof").alt = r.proof_alt || ""; }
  else if (r.proof_alt) byId("plot-proof").alt = r.proof_alt;
  watchMistakes(r);
  nowAt(res, r);
  setCaption(frameCaption(r, auto));
}

/** The mistakes plot grown to the epochs finished at the step shown (auto-play). Python's answer
 * may come after the show has settled on the final result (a busy device): it is dropped then,
 * or a part of the curve would stand under the final caption. */
export function watchMistakes(r) {
  const w = page.get("watch");
  if (!mirroring || (w !== "playing" && w !== "paused")) return;
  if (r.mistakes) {
    const m = byId("plot-mistakes");
    m.src = r.mistakes;
    m.alt = r.mistakes_alt || "";
    page.set({ plotEpochs: r.mistakes_epochs });
  }
}

/** One animation frame of the page's own drawing (step position x, fractional while playing):
 * the main boundary and proof plots follow, as watchFrame describes. */
export function watchPicture(x, { auto, user }) {
  if (!res || (!auto && !user) || !drawnHere()) return;
  const st = storeOf();
  const pic = st.picture(x);
  if (!pic) return;
  if (!views) views = { b: new BoundaryView(byId("plot-boundary")), p: new ProofView(byId("plot-proof")) };
  if (viewScene !== st.scene) {
    viewScene = st.scene;
    views.b.setScene(st.scene);
    if (st.proofScene) views.p.setScene(st.proofScene);
  }
  mirroring = true;
  endDrawnHere = false;
  views.b.show(true);
  views.b.draw(pic);
  if (st.proofScene && res.plots?.proof) {
    views.p.show(true);
    views.p.draw(st.tAt(x));
  }
  if (auto) page.set({ watch: "playing" });
}

function hideViews() {
  if (!views) return;
  views.b.show(false);
  views.p.show(false);
}

function frameCaption(r, auto) {
  // A long run's show takes evenly spaced updates (pace.js): the caption says so.
  const beat = auto && stride > 1 && r.step > 0 ? " · " + t("every {nth} update shown", { nth: pageLanguage() === "en" ? ordinal(stride) : t("{n}th", { n: stride }) }) : "";
  // Kernel and multiclass frames carry their own words (no single w to show).
  // After a sentence the beat goes in parentheses (a "·" after its full stop reads as a stray dot).
  if (!Array.isArray(r.w)) return r.step_text ? r.step_text + (beat ? ` (${beat.slice(3)})` : "") : "";
  const vec = `(${r.w.map((x) => fmt(x, 3)).join(vectorSep())})`;
  const total = stepTotal();
  const lap = laps > 0 && laps < CYCLES_SHOWN ? " · " + t("the cycle shown again ({k} of {n}): w repeats, so every later epoch makes these same updates", { k: laps + 1, n: CYCLES_SHOWN }) : "";
  // params.json last_w false: the answer is built from the online path (averaged, voted, pocket).
  const what = algorithmTraits(res.settings?.algorithm)?.last_w === false
    ? " " + t("(the online w behind the {algorithm} answer)", { algorithm: res.settings.algorithm }) : "";
  if (r.step === 0) return t("Before the first update: w = {w}", { w: vec }) + lap;
  // A long run keeps some of its updates (evenly spread, and its last): the step is not the update's number.
  const upd = updateAt(res, r.step);
  if (Number.isInteger(upd) && upd !== r.step) {
    return t("Update {t} of {updates} (step {step} of {total}), epoch {epoch}: w = {w}",
      { t: upd, updates: res.trace.total, step: r.step, total, epoch: r.epoch, w: vec }) + what + beat + lap;
  }
  return t("Update {step} of {total}, epoch {epoch}: w = {w}", { step: r.step, total, epoch: r.epoch, w: vec }) + what + beat + lap;
}

function setCaption(text) {
  const c = byId("watch-caption");
  c.textContent = text;
  c.hidden = !text;
}

function stop() {
  stopAuto();
  settle("stopped");
}

/** Python's pictures of the run on screen arrived after its show ended (run/ahead.js): they
 * take the place of the page's own drawing. */
export function pictureArrived() {
  refitFrames();
  const w = page.get("watch");
  // Only the end the show drew itself gives way: a step the reader (or a link) chose stays.
  if (mirroring && endDrawnHere && w !== "playing" && w !== "paused") settle(w);
}

/** Back to the final result in the main plots. */
function settle(why) {
  page.set({ watch: why });
  if (!res || !mirroring) return;
  // A run computed ahead has no picture of Python's yet: the page's own drawing of its end stays.
  if (!res.plots?.boundary && drawnHere()) {
    watchPicture(stepTotal(), { user: true });
    endDrawnHere = true;
    nowFinal(res);
    setCaption(why === "end" ? `${t("The final result.")}${endCaption(res)}` : "");
    return;
  }
  mirroring = false;
  hideViews();
  const put = (kind) => {
    const img = byId(`plot-${kind}`);
    const src = res.plots?.[kind];
    if (typeof src === "string" && src.startsWith("data:image/")) { img.src = src; img.alt = res.plot_alt?.[kind] || img.alt; }
  };
  for (const k of ["boundary", "proof", "mistakes"]) put(k);
  page.set({ plotStep: null, plotW: res.w ?? null, plotEpochs: null });
  nowFinal(res);
  const cycle = endCaption(res);
  setCaption(why === "end" ? `${t("The final result.")}${cycle}` : "");
}
