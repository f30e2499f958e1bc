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
import { SPEEDS, DEFAULT_SPEED, beatsPerSecond, updatesPerSecond, beatAt, drawnAt } from "./pace.js";

let call = null;        // (request) => Promise<bridge response>
let res = null;         // the train result being stepped through
let names = [];         // component names of w (result.w_names)
let total = 0;          // the last position: steps run 0..total (updates), or visits 0..total
let updates = 0;        // number of recorded updates
let byVisit = false;    // step through every example visited, not only the updates
let gen = 0;            // bumps on every new result: late answers of an old run are dropped
let pos = 0;            // the step the user (or play) is at: the one source of the position
let want = 0;           // the step asked of the bridge next
let shown = -1;         // the step on screen
let shownProof = false; // the shown step came with its proof plot
let inflight = 0;        // frame requests on their way (two while playing behind the pace)
let requested = -1;      // the step of the newest request
let playing = false, playFrom = 0, playT0 = 0, timer = null, announceNext = false;
let onFrame = null;     // (frame, {auto, user}) => void: every step shown (watch.js)
let onPicture = null;   // (step position, {auto, user}) => void: every animation frame drawn by the page
let onMistakes = null;  // (answer) => void: the mistakes plot grown to the finished epochs (auto-play)
let shownHooks = [];    // (frame, {total, visits}) => void: every step shown, once (announcements, sonification)
let raf = 0;            // the animation frame requested while the page draws the show itself
let auto = null;        // while the page plays a run by itself: {stride (updates a beat), end, onEnd}
let user = false;       // the reader moved the step-through since this result

export function initStepper(opts) {
  call = opts.call;
  onFrame = opts.onFrame || null;
  onPicture = opts.onPicture || null;
  onMistakes = opts.onMistakes || null;
  motion.initStepMotion(call, byId("step-image"), byId("step-proof"));
  motion.onLoaded(() => { if (!playing) pump(); });
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
    if (playing) { playFrom = current(); playT0 = performance.now(); lastNow = 0; }
  });
  setEnabled(false);
}

/** A new train result: start at step 0 (w = 0). */
export function stepperResult(result) {
  gen++;
  auto = null;
  user = false;
  motion.mistakesWanted(null);
  pause(false);
  res = result;
  const tr = result?.trace;
  updates = stepsOf(result);
  names = Array.isArray(result?.w_names) ? result.w_names : (result?.feature_names || []);
  inflight = 0;
  const panel = byId("stepper");
  panel.dataset.busy = "false"; // the old run's answers in flight are dropped
  panel.dataset.algorithm = result?.settings?.algorithm || "";
  const visits = visitCount(result);
  byId("step-visits").disabled = !visits;
  if (!visits) byId("step-visits").checked = false;
  byVisit = !!visits && byId("step-visits").checked;
  resetRange();
  byId("step-note").textContent = [stepNote(result), visits ? "" : t("Every visited example can be shown when each update is one example’s and all are recorded.")]
    .filter(Boolean).join(" ");
  clear(byId("step-math"));
  byId("step-error").textContent = "";
  show(byId("step-error"), false);
  setEnabled(total > 0);
  updateButtons();
  // The last run's frames go at once; the page draws this run's itself once Python has sent
  // its scene (none for one feature or very many points); until then Python draws them.
  const g = gen;
  motion.loadRun(updates, !!tr, byVisit ? total : null).then((ok) => drawnHere(ok, g));
  if (total > 0) { announceNext = false; pump(); }
  else byId("step-text").textContent = NO_UPDATE_TEXT;
}

/** A run's last step (its recorded updates), as every family's answer says it. */
export const stepsOf = (result) => (Number.isInteger(result?.steps) ? result.steps : 0);

/** Call fn(frame) for every step shown (step-through, auto-play, a link): the one place a
 * shown step can be announced or heard. */
export const onStepShown = (fn) => shownHooks.push(fn);

function resetRange() {
  total = byVisit ? visitCount(res) - 1 : updates;
  const range = byId("step-range");
  range.max = String(total);
  range.value = "0";
  pos = 0;
  want = 0;
  shown = -1;
  shownProof = false;
  const panel = byId("stepper");
  panel.dataset.total = String(total);
  panel.dataset.mode = byVisit ? "visits" : "updates";
}

/** The page draws this run's (and mode's) frames from now on (ok), unless a newer one (g !== gen) came. */
function drawnHere(ok, g) {
  if (!ok || g !== gen) return;
  gen++; // a PNG frame still on its way is older than what the page now draws
  inflight = 0; motion.showViews(true);
  byId("stepper").dataset.busy = "false";
  if (!playing) { shown = -1; pump(); }
}

/** Step through every visited example (on) or only the updates (off), from the start. */
function setMode(on) {
  if (!res || on === byVisit) return;
  gen++; // an answer in flight belongs to the other mode
  inflight = 0;
  byId("stepper").dataset.busy = "false";
  user = true;
  auto = null;
  pause(false);
  byVisit = on && !!visitCount(res);
  resetRange();
  // Python's PNG frames until the page has the frames of this mode (by visit: asked for now).
  const g = gen;
  motion.byVisits(byVisit, total).then((ok) => drawnHere(ok, g));
  updateButtons();
  announceNext = true;
  pump();
}

/** Show step k (clamped to 0..total) as if the user had moved there (e.g. from a shared link);
 * stepTotal: the recorded updates of the result being stepped through. */
export const stepTo = (k) => go(k);
export const stepTotal = () => total;

/** Play from step `from` to `end` by itself, `stride` updates a beat at the speed control's
 * beats per second; onEnd() at the end returns the step to go on from (a cycle shown again)
 * or null to stop there. */
export function autoPlay({ from = 0, end = total, stride = 1, onEnd = () => null }) {
  if (!res || !total || byVisit) return false;
  auto = { stride: Math.max(1, stride), end: Math.min(end, total), onEnd };
  pos = Math.max(0, Math.min(total, from));
  shown = -1; // the step-through may show `from` already: the main plots need it too
  play();
  return true;
}

/** Stop auto-play (any control); the step-through stays where it was. */
export function stopAuto() {
  if (!auto) return;
  auto = null; if (playing) pause(false);
  byId("stepper").dataset.auto = "false";
}

/** Play/pause (the button, the presenter's space): pausing the show holds its frame in the
 * main plots (page state watch "paused"), as pausing Play does in the step-through. */
export function togglePlay() {
  const wasShow = !!auto && playing;
  user = true; auto = null;
  if (!playing) { play(); return; }
  pause();
  if (wasShow) page.set({ watch: "paused" });
}

export const stepBy = (d) => go(current() + d);

/** Tell the page the view changed (address-bar.js keeps step=k in the address bar). */
function viewChanged() {
  // A link keeps the update (step=k); by visit, the update count of the visit shown.
  const step = byVisit ? Number(byId("stepper").dataset.step || 0) : current();
  page.set({ step: step || 0 });
}

/** Enable or disable every control (no result, training runs, Python restarting);
 * `why` (optional) is shown while disabled. */
export function stepperEnabled(on, why = "") {
  setEnabled(on && total > 0);
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

function current() {
  return pos;
}

function go(k) {
  if (!res || !total) return;
  user = true;
  auto = null;
  pause(false);
  k = Math.max(0, Math.min(total, k));
  pos = k;
  announceNext = true;
  want = k;
  updateButtons();
  pump();
  viewChanged();
}

/** The slider and "k / total" describe the frame on screen while playing (the pace runs ahead
 * of the frames drawn, and the caption and the numbers are the frame's), else the step the
 * reader chose (its frame follows). */
function updateButtons() {
  showControls({ k: current(), total, playing, at: playing && shown >= 0 ? shown : pos, visits: byVisit });
}

// ------------------------------------------------------------------ play

function play() {
  if (!res || !total) return;
  if (current() >= total) pos = 0; // at the end: play from the start
  playing = true;
  playFrom = current();
  playT0 = performance.now(); lastNow = 0; atEnd = false;
  byId("stepper").dataset.playing = "true";
  byId("stepper").dataset.auto = String(!!auto);
  // The pace asked for, in steps per second (bench/step_through.py compares frames shown with it).
  byId("stepper").dataset.pace = String(pace());
  updateButtons();
  tick();
}

function pause(say = true) {
  const was = playing;
  playing = false;
  clearTimeout(timer); cancelAnimationFrame(raf); timer = null; raf = 0;
  byId("stepper").dataset.playing = "false";
  byId("stepper").dataset.auto = "false";
  updateButtons();
  if (was && say) {
    // Paused (or at the end): the picture comes to rest on the step the words describe, the
    // proof plot catches up, and the step is announced.
    want = current();
    if (motion.ready()) shown = -1;
    if (want === shown && shownProof && !inflight) announce(byId("step-text").textContent);
    else { announceNext = true; pump(); }
    viewChanged();
  }
}

const strideNow = () => (auto ? auto.stride : 1); // the play clock (pace.js): the control's beats × the show's stride
const pace = () => updatesPerSecond(beatsPerSecond(byId("step-speed").value), strideNow());
function tick() {
  if (!playing) return;
  const speed = pace();
  const end = auto ? auto.end : total;
  if (motion.ready()) { tickDrawn(speed, end); return; }
  // The show waits (clock held) for the scene the page draws it from: Python's PNG frames are slow.
  if (auto && motion.loading()) { playT0 = performance.now(); timer = setTimeout(tick, 30); return; }
  // The clock starts with the first frame on screen: Python may still be drawing the run's
  // other plots when the show begins, and the show must not skip its first steps for that.
  if (shown !== playFrom && current() === playFrom) playT0 = performance.now();
  const k = beatAt(playFrom + ((performance.now() - playT0) / 1000) * speed, playFrom, strideNow(), end);
  pos = k;
  want = k;
  pump();
  if (k >= end && shown === end && !inflight) {
    const next = auto ? auto.onEnd() : null;
    if (next === null || next === undefined) { finishPlay(); return; }
    pos = next;
    playFrom = next;
    playT0 = performance.now();
  }
  timer = setTimeout(tick, Math.max(4, Math.min(50, 1000 / speed / 2)));
}

const TWEEN = 0.35; // the part of a beat the picture takes to move to its update
let lastNow = 0, atEnd = false; // the last animation frame's clock (waiting for frames stops it); the end is painted
/** One animation frame of a show the page draws itself: the step position moves with the
 * clock (fractional: the picture tweens between updates), waiting for frames still coming. */
function tickDrawn(speed, end) {
  const now = performance.now();
  if (lastNow && !motion.has(Math.min(end, Math.floor(playFrom + ((now - playT0) / 1000) * speed) + 1))) {
    playT0 += now - lastNow;
  }
  lastNow = now;
  const x = Math.max(0, Math.min(end, playFrom + ((now - playT0) / 1000) * speed));
  const k = beatAt(x, playFrom, strideNow(), end);
  if (!motion.has(k)) { raf = requestAnimationFrame(tick); return; }
  pos = k;
  want = k;
  if (k !== shown) showLocal(k);
  // One update, one beat: the words name update k for the whole beat, and the picture moves to
  // it (w_{k-1} → w_k, the example of update k ringed) in the beat's first part, then rests on it.
  const drawn = drawnAt(x, playFrom, strideNow(), end, TWEEN);
  motion.drawStep(drawn);
  if (onPicture) onPicture(drawn, { auto: !!auto, user });
  if (x >= end && !atEnd) atEnd = true; // one more animation frame: the last step is painted before the end
  else if (x >= end) {
    atEnd = false;
    const next = auto ? auto.onEnd() : null;
    if (next === null || next === undefined) { lastNow = 0; finishPlay(); return; }
    pos = next;
    playFrom = next;
    playT0 = now;
  }
  raf = requestAnimationFrame(tick);
}

/** Step k from the frames the page has (no Python): its numbers, words and picture. */
function showLocal(k) {
  const r = motion.frameAt(k);
  const wasAuto = !!auto;
  render(r, true);
  if (onFrame) onFrame(r, { auto: wasAuto, user });
  if (!playing && onPicture) onPicture(k, { auto: wasAuto, user });
  if (wasAuto) growMistakes(k);
  if (!playing && announceNext && want === k) {
    announceNext = false;
    announce(byId("step-text").textContent);
  }
}

function growMistakes(k) {
  const epochs = motion.mistakesWanted(res, k, total);
  const g = gen;
  if (epochs !== null) call({ cmd: "frame", mistakes_epochs: epochs }).then((r) => { if (g === gen && r?.ok && onMistakes) onMistakes(r); });
}

function finishPlay() {
  const wasAuto = !!auto;
  auto = null;
  pause(!wasAuto); // the end of auto-play is announced by watch.js (its onEnd), not here
}

// ------------------------------------------------------------------ frames

async function pump() {
  if (!call || !res) return;
  if (motion.ready()) {
    if (motion.has(want) && want !== shown) showLocal(want);
    else if (announceNext && want === shown && !playing) { announceNext = false; announce(byId("step-text").textContent); }
    return;
  }
  if (inflight) {
    // Playing behind the pace: ask for the newest step while the last one is drawn, so that
    // Python works while the page decodes and paints (never ahead of the pace).
    if (!playing || inflight >= 2 || want <= requested) return;
  } else if (want === shown && shownProof) return;
  const k = want;
  const g = gen;
  const wasAuto = !!auto;
  inflight++;
  requested = k;
  byId("stepper").dataset.busy = "true";
  const withProof = !!res.plots?.proof;
  // Auto-play grows the mistakes plot: ask for it when the finished epochs change (the bridge
  // blits it and keeps each count's image, so it costs about one boundary frame, once).
  const withMistakes = wasAuto && motion.mistakesWanted(res, k, total) !== null;
  const r = await call(byVisit ? { cmd: "frame", visit: k, proof: withProof }
    : { cmd: "frame", step: k, proof: withProof, mistakes: withMistakes });
  if (g !== gen) return; // a new run replaced this one (its pump started afresh)
  inflight--;
  if (!inflight) byId("stepper").dataset.busy = "false";
  if (!r || !r.ok) {
    gen++; // the other request in flight (pipelined) must not hide this error with its frame
    inflight = 0;
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
  if (onFrame) onFrame(r, { auto: wasAuto, user });
  if (auto && !wasAuto) shown = -1; // auto-play began meanwhile: ask this step again, for the main plots
  if (playing) {
    if (!auto && k >= total && want >= total) { pause(true); return; }
  } else if (announceNext && want === k) {
    announceNext = false;
    announce(byId("step-text").textContent);
  }
  pump();
}

function render(r, withProof) {
  shown = byVisit ? r.visit : r.step;
  shownProof = withProof || !res.plots?.proof;
  showStep(r, { withProof, drawn: !r.image && motion.ready(), playing, byVisit, names, updates, total,
    hasProof: !!res.plots?.proof, draw: (k) => motion.drawStep(k) });
  if (playing) updateButtons();
  for (const fn of shownHooks) fn(r, { total: updates, visits: byVisit ? total + 1 : 0 });
}
