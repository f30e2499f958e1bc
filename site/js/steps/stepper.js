// Step through the recorded updates (or every visited example) of the last run: play / pause /
// step / scrubber, the boundary of that moment and the numbers of the update (a = w·x̃, y·a,
// w ← w + η·y·x̃, the angle between w and x̃; words in step-text.js). The page draws the frames
// from geometry Python sends ahead (step-motion.js): stepping is instant, play tweens at the
// display's rate. Runs it cannot draw (one feature, very many points) ask Python for a PNG per
// step: one or two requests in flight, later steps only move the wanted one (dropped, not
// queued). Auto-play (watch.js) drives the same machinery with its own speed, start and end;
// opts.onFrame / onPicture let the main plots follow.
import { byId, el, clear, show } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { visitCount, stepNote, NO_UPDATE_TEXT } from "./step-text.js";
import { showStep } from "./step-math.js";
import { announce, setControls, showControls } from "./step-controls.js";
import * as motion from "./step-motion.js";
import { page } from "../state/page-state.js";
import { SPEEDS, DEFAULT_SPEED } from "./pace.js";
import { S } from "./step-state.js";
import { play, pause, pace, bindStepper } from "./play-clock.js";
import { watchScrollCue, watchSideCue } from "../page/scroll-cue.js";

bindStepper({ current, updateButtons, pump, showLocal, viewChanged }); // hoisted declarations below

export function initStepper(opts) {
  S.call = opts.call;
  S.onFrame = opts.onFrame || null;
  S.onPicture = opts.onPicture || null;
  S.onMistakes = opts.onMistakes || null;
  motion.initStepMotion(S.call, byId("step-image"), byId("step-proof"));
  motion.onLoaded(() => { if (!S.playing) pump(); });
  const speed = byId("step-speed");
  for (const v of SPEEDS) speed.append(el("option", { value: String(v), text: String(v), selected: v === DEFAULT_SPEED }));
  byId("step-play").addEventListener("click", () => togglePlay());
  byId("step-back").addEventListener("click", () => go(current() - 1));
  byId("step-fwd").addEventListener("click", () => go(current() + 1));
  const range = byId("step-range");
  range.addEventListener("input", () => go(Number(range.value)));
  byId("step-visits").addEventListener("change", (e) => setMode(e.target.checked));
  // The one pace control: the show and Play alike go on from where they are at the new pace.
  speed.addEventListener("change", () => {
    byId("stepper").dataset.pace = String(pace());
    if (S.playing) { S.playFrom = current(); S.playT0 = performance.now(); S.lastNow = 0; }
  });
  watchScrollCue(document.querySelector(".step-words"));
  watchSideCue(document.querySelector(".step-math"), ".step-table-wrap"); // presenter mode's wide tables
  setEnabled(false);
}

/** A new train result: start at step 0 (w = 0). */
export function stepperResult(result) {
  S.gen++;
  S.auto = null;
  S.user = false;
  motion.mistakesWanted(null);
  pause(false);
  S.res = result;
  const tr = result?.trace;
  S.updates = stepsOf(result);
  S.names = Array.isArray(result?.w_names) ? result.w_names : (result?.feature_names || []);
  S.inflight = 0;
  const panel = byId("stepper");
  panel.dataset.busy = "false"; // the old run's answers in flight are dropped
  panel.dataset.algorithm = result?.settings?.algorithm || "";
  const visits = visitCount(result);
  byId("step-visits").disabled = !visits;
  if (!visits) byId("step-visits").checked = false;
  S.byVisit = !!visits && byId("step-visits").checked;
  resetRange();
  byId("step-note").textContent = [stepNote(result), visits ? "" : t("Every visited example can be shown when each update is one example’s and all are recorded.")]
    .filter(Boolean).join(" ");
  clear(byId("step-math"));
  byId("step-error").textContent = "";
  show(byId("step-error"), false);
  setEnabled(S.total > 0);
  updateButtons();
  // The last run's frames go at once; the page draws this run's itself once Python has sent
  // its scene (none for one feature or very many points); until then Python draws them.
  const g = S.gen;
  motion.loadRun(S.updates, !!tr, S.byVisit ? S.total : null).then((ok) => drawnHere(ok, g));
  if (S.total > 0) { S.announceNext = false; pump(); }
  else byId("step-text").textContent = NO_UPDATE_TEXT;
}

/** Python has taken over the run on screen (a run computed ahead): where the page's boxes are not
 * the build's, its frames are asked again of Python at this page's boxes, so the scene laid over
 * a plot is drawn as the picture under it; drawnHere shows the step on screen again. Also when the
 * plot's box changed after the run (plot/picture-refit.js: slack, its px of tolerance). */
export function refitFrames(slack = 0.5) {
  if (!S.res || !motion.scenesStale(slack)) return;
  const g = ++S.gen;
  S.inflight = 0;
  motion.loadRun(S.updates, true, S.byVisit ? S.total : null).then((ok) => drawnHere(ok, g));
}

/** A run's last step (its recorded updates), as every family's answer says it. */
export const stepsOf = (result) => (Number.isInteger(result?.steps) ? result.steps : 0);

/** Call fn(frame) for every step shown (step-through, auto-play, a link): the one place a
 * shown step can be announced or heard. */
export const onStepShown = (fn) => S.shownHooks.push(fn);

function resetRange() {
  S.total = S.byVisit ? visitCount(S.res) - 1 : S.updates;
  const range = byId("step-range");
  range.max = String(S.total);
  range.value = "0";
  S.pos = 0;
  S.want = 0;
  S.shown = -1;
  S.shownProof = false;
  const panel = byId("stepper");
  panel.dataset.total = String(S.total);
  panel.dataset.mode = S.byVisit ? "visits" : "updates";
}

/** The page draws this run's (and mode's) frames from now on (ok), unless a newer one (g !== gen) came. */
function drawnHere(ok, g) {
  if (!ok || g !== S.gen) return;
  S.gen++; // a PNG frame still on its way is older than what the page now draws
  S.inflight = 0; motion.showViews(true);
  byId("stepper").dataset.busy = "false";
  if (!S.playing) { S.shown = -1; pump(); }
}

/** Step through every visited example (on) or only the updates (off), from the start. */
function setMode(on) {
  if (!S.res || on === S.byVisit) return;
  S.gen++; // an answer in flight belongs to the other mode
  S.inflight = 0;
  byId("stepper").dataset.busy = "false";
  S.user = true;
  S.auto = null;
  pause(false);
  S.byVisit = on && !!visitCount(S.res);
  resetRange();
  // Python's PNG frames until the page has the frames of this mode (by visit: asked for now).
  const g = S.gen;
  motion.byVisits(S.byVisit, S.total).then((ok) => drawnHere(ok, g));
  updateButtons();
  S.announceNext = true;
  pump();
}

/** Show step k (clamped to 0..total) as if the user had moved there (e.g. from a shared link);
 * stepTotal: the recorded updates of the result being stepped through. */
export const stepTo = (k) => go(k);
export const stepTotal = () => S.total;

/** Play from step `from` to `end` by itself, `stride` updates a beat at the speed control's
 * beats per second; onEnd() at the end returns the step to go on from (a cycle shown again)
 * or null to stop there. */
export function autoPlay({ from = 0, end = S.total, stride = 1, onEnd = () => null }) {
  if (!S.res || !S.total || S.byVisit) return false;
  S.auto = { stride: Math.max(1, stride), end: Math.min(end, S.total), onEnd };
  S.pos = Math.max(0, Math.min(S.total, from));
  S.shown = -1; // the step-through may show `from` already: the main plots need it too
  play();
  return true;
}

/** Stop auto-play (any control); the step-through stays where it was. */
export function stopAuto() {
  if (!S.auto) return;
  S.auto = null; if (S.playing) pause(false);
  byId("stepper").dataset.auto = "false";
}

/** Play/pause (the button, the presenter's space): pausing the show holds its frame in the
 * main plots (page state watch "paused"), as pausing Play does in the step-through. */
export function togglePlay() {
  const wasShow = !!S.auto && S.playing;
  S.user = true; S.auto = null;
  if (!S.playing) { play(); return; }
  pause();
  if (wasShow) page.set({ watch: "paused" });
}

export const stepBy = (d) => go(current() + d);

/** Tell the page the view changed (address-bar.js keeps step=k in the address bar). */
export function viewChanged() {
  // A link keeps the update (step=k); by visit, the update count of the visit shown.
  const step = S.byVisit ? Number(byId("stepper").dataset.step || 0) : current();
  page.set({ step: step || 0 });
}

/** Enable or disable every control (no result, training runs, Python restarting);
 * `why` (optional) is shown while disabled. */
export function stepperEnabled(on, why = "") {
  setEnabled(on && S.total > 0);
  if (!on) pause(false);
  const err = byId("step-error");
  if (why && !on) { err.textContent = why; show(err, true); }
  else if (on && err.dataset.why) show(err, false);
  if (why && !on) err.dataset.why = "1"; else delete err.dataset.why;
}

function setEnabled(on) {
  setControls(on);
  if (on) updateButtons();
}

export function current() {
  return S.pos;
}

function go(k) {
  if (!S.res || !S.total) return;
  S.user = true;
  S.auto = null;
  pause(false);
  k = Math.max(0, Math.min(S.total, k));
  S.pos = k;
  S.announceNext = true;
  S.want = k;
  updateButtons();
  pump();
  viewChanged();
}

/** The slider and "k / total" describe the frame on screen while playing (the pace runs ahead
 * of the frames drawn, and the caption and the numbers are the frame's), else the step the
 * reader chose (its frame follows). */
export function updateButtons() {
  showControls({ k: current(), total: S.total, playing: S.playing, at: S.playing && S.shown >= 0 ? S.shown : S.pos, visits: S.byVisit });
}

/** Step k from the frames the page has (no Python): its numbers, words and picture. */
export function showLocal(k) {
  const r = motion.frameAt(k);
  const wasAuto = !!S.auto;
  render(r, true);
  if (S.onFrame) S.onFrame(r, { auto: wasAuto, user: S.user });
  if (!S.playing && S.onPicture) S.onPicture(k, { auto: wasAuto, user: S.user });
  if (wasAuto) growMistakes(k);
  if (!S.playing && S.announceNext && S.want === k) {
    S.announceNext = false;
    announce(byId("step-text").textContent);
  }
}

function growMistakes(k) {
  const epochs = motion.mistakesWanted(S.res, k, S.total);
  const g = S.gen;
  if (epochs !== null) S.call({ cmd: "frame", mistakes_epochs: epochs }).then((r) => { if (g === S.gen && r?.ok && S.onMistakes) S.onMistakes(r); });
}

// ------------------------------------------------------------------ frames

export async function pump() {
  if (!S.call || !S.res) return;
  if (motion.ready()) {
    if (motion.has(S.want) && S.want !== S.shown) showLocal(S.want);
    else if (S.announceNext && S.want === S.shown && !S.playing) { S.announceNext = false; announce(byId("step-text").textContent); }
    return;
  }
  if (S.inflight) {
    // Playing behind the pace: ask for the newest step while the last one is drawn, so that
    // Python works while the page decodes and paints (never ahead of the pace).
    if (!S.playing || S.inflight >= 2 || S.want <= S.requested) return;
  } else if (S.want === S.shown && S.shownProof) return;
  const k = S.want;
  const g = S.gen;
  const wasAuto = !!S.auto;
  S.inflight++;
  S.requested = k;
  byId("stepper").dataset.busy = "true";
  const withProof = !!S.res.plots?.proof;
  // Auto-play grows the mistakes plot: ask for it when the finished epochs change (the bridge
  // blits it and keeps each count's image, so it costs about one boundary frame, once).
  const withMistakes = wasAuto && motion.mistakesWanted(S.res, k, S.total) !== null;
  const r = await S.call(S.byVisit ? { cmd: "frame", visit: k, proof: withProof }
    : { cmd: "frame", step: k, proof: withProof, mistakes: withMistakes });
  if (g !== S.gen) return; // a new run replaced this one (its pump started afresh)
  S.inflight--;
  if (!S.inflight) byId("stepper").dataset.busy = "false";
  if (!r || !r.ok) {
    S.gen++; // the other request in flight (pipelined) must not hide this error with its frame
    S.inflight = 0;
    byId("stepper").dataset.busy = "false";
    const msg = r?.error?.kind === "no_session"
      ? t("Python was restarted since this result: press Train to step through it again.")
      : (r?.error?.message || t("This step could not be drawn."));
    const err = byId("step-error");
    err.textContent = msg;
    show(err, true);
    pause(false);
    return;
  }
  show(byId("step-error"), false);
  render(r, withProof);
  if (S.onFrame) S.onFrame(r, { auto: wasAuto, user: S.user });
  if (S.auto && !wasAuto) S.shown = -1; // auto-play began meanwhile: ask this step again, for the main plots
  if (S.playing) {
    if (!S.auto && k >= S.total && S.want >= S.total) { pause(true); return; }
  } else if (S.announceNext && S.want === k) {
    S.announceNext = false;
    announce(byId("step-text").textContent);
  }
  pump();
}

function render(r, withProof) {
  S.shown = S.byVisit ? r.visit : r.step;
  S.shownProof = withProof || !S.res.plots?.proof;
  showStep(r, { withProof, drawn: !r.image && motion.ready(), playing: S.playing, byVisit: S.byVisit, names: S.names, updates: S.updates, total: S.total,
    hasProof: !!S.res.plots?.proof, draw: (k) => motion.drawStep(k) });
  if (S.playing) updateButtons();
  for (const fn of S.shownHooks) fn(r, { total: S.updates, visits: S.byVisit ? S.total + 1 : 0 });
}
