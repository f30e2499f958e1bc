// The step-through's play clock: Play and the show move the step position with the clock at
// the speed control's pace (pace.js), one update a beat; where the page draws the frames itself
// the position is fractional, so the picture tweens between updates (plot/frame-store.js).
import { byId } from "../page/dom.js";
import { announce } from "./step-controls.js";
import * as motion from "./step-motion.js";
import { beatsPerSecond, updatesPerSecond, beatAt, drawnAt } from "./pace.js";
import { S } from "./step-state.js";
// The stepper's own moves, handed over by stepper.js (bindStepper) so the two modules do not
// import each other.
let current, updateButtons, pump, showLocal, viewChanged;
export function bindStepper(fns) {
  ({ current, updateButtons, pump, showLocal, viewChanged } = fns);
}

export function play() {
  if (!S.res || !S.total) return;
  if (current() >= S.total) S.pos = 0; // at the end: play from the start
  S.playing = true;
  S.playFrom = current();
  S.playT0 = performance.now(); S.lastNow = 0; S.atEnd = false;
  byId("stepper").dataset.playing = "true";
  byId("stepper").dataset.auto = String(!!S.auto);
  // The pace asked for, in steps per second (bench/step_through.py compares frames shown with it).
  byId("stepper").dataset.pace = String(pace());
  updateButtons();
  tick();
}

export function pause(say = true) {
  const was = S.playing;
  S.playing = false;
  clearTimeout(S.timer); cancelAnimationFrame(S.raf); S.timer = null; S.raf = 0;
  byId("stepper").dataset.playing = "false";
  byId("stepper").dataset.auto = "false";
  updateButtons();
  if (was && say) {
    // Paused (or at the end): the picture comes to rest on the step the words describe, the
    // proof plot catches up, and the step is announced.
    S.want = current();
    if (motion.ready()) S.shown = -1;
    if (S.want === S.shown && S.shownProof && !S.inflight) announce(byId("step-text").textContent);
    else { S.announceNext = true; pump(); }
    viewChanged();
  }
}

const strideNow = () => (S.auto ? S.auto.stride : 1); // the play clock (pace.js): the control's beats × the show's stride
export const pace = () => updatesPerSecond(beatsPerSecond(byId("step-speed").value), strideNow());
function tick() {
  if (!S.playing) return;
  const speed = pace();
  const end = S.auto ? S.auto.end : S.total;
  if (motion.ready()) { tickDrawn(speed, end); return; }
  // The show waits (clock held) for the scene the page draws it from: Python's PNG frames are slow.
  // Held where it is: a scene drawn again mid-show (the run computed ahead taken over, a new box)
  // goes on from the update on screen, not from the show's start, its picture at rest on that update
  // (the beat's move to it is over: the caption names it).
  if (S.auto && motion.loading()) {
    S.playFrom = S.pos;
    S.playT0 = performance.now() - (TWEEN * strideNow() / speed) * 1000;
    S.lastNow = 0;
    S.timer = setTimeout(tick, 30);
    return;
  }
  // The clock starts with the first frame on screen: Python may still be drawing the run's
  // other plots when the show begins, and the show must not skip its first steps for that.
  if (S.shown !== S.playFrom && current() === S.playFrom) S.playT0 = performance.now();
  const k = beatAt(S.playFrom + ((performance.now() - S.playT0) / 1000) * speed, S.playFrom, strideNow(), end);
  S.pos = k;
  S.want = k;
  pump();
  if (k >= end && S.shown === end && !S.inflight) {
    const next = S.auto ? S.auto.onEnd() : null;
    if (next === null || next === undefined) { finishPlay(); return; }
    S.pos = next;
    S.playFrom = next;
    S.playT0 = performance.now();
  }
  S.timer = setTimeout(tick, Math.max(4, Math.min(50, 1000 / speed / 2)));
}

const TWEEN = 0.35; // the part of a beat the picture takes to move to its update
 // the last animation frame's clock (waiting for frames stops it); the end is painted
/** One animation frame of a show the page draws itself: the step position moves with the
 * clock (fractional: the picture tweens between updates), waiting for frames still coming. */
function tickDrawn(speed, end) {
  const now = performance.now();
  if (S.lastNow && !motion.has(Math.min(end, Math.floor(S.playFrom + ((now - S.playT0) / 1000) * speed) + 1))) {
    S.playT0 += now - S.lastNow;
  }
  S.lastNow = now;
  const x = Math.max(0, Math.min(end, S.playFrom + ((now - S.playT0) / 1000) * speed));
  const k = beatAt(x, S.playFrom, strideNow(), end);
  if (!motion.has(k)) { S.raf = requestAnimationFrame(tick); return; }
  S.pos = k;
  S.want = k;
  if (k !== S.shown) showLocal(k);
  // One update, one beat: the words name update k for the whole beat, and the picture moves to
  // it (w_{k-1} → w_k, the example of update k ringed) in the beat's first part, then rests on it.
  const drawn = drawnAt(x, S.playFrom, strideNow(), end, TWEEN);
  motion.drawStep(drawn);
  if (S.onPicture) S.onPicture(drawn, { auto: !!S.auto, user: S.user });
  if (x >= end && !S.atEnd) S.atEnd = true; // one more animation frame: the last step is painted before the end
  else if (x >= end) {
    S.atEnd = false;
    const next = S.auto ? S.auto.onEnd() : null;
    if (next === null || next === undefined) { S.lastNow = 0; finishPlay(); return; }
    S.pos = next;
    S.playFrom = next;
    S.playT0 = now;
  }
  S.raf = requestAnimationFrame(tick);
}

function finishPlay() {
  const wasAuto = !!S.auto;
  S.auto = null;
  pause(!wasAuto); // the end of auto-play is announced by watch.js (its onEnd), not here
}

