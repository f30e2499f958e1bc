// Step through the recorded updates of the last run: play / pause / step / scrubber, the
// boundary of that moment (a "frame" from the bridge) and the numbers of the update
// (a = w·x̃, y·a, w ← w + η·y·x̃, the angle between w and x̃; the words are in step-text.js).
//
// Smoothness: at most one frame request is in flight; while it runs, later requests only
// move the wanted step, so intermediate frames are dropped rather than queued (a long run
// plays subsampled). The proof plot comes with every frame (the bridge blits it).
// Auto-play (watch.js) drives the same machinery with its own speed, a start and an end;
// every frame drawn is handed to opts.onFrame so the page's main plots can follow.
import { byId, el, clear, fmt, show } from "./dom.js";
import { describeStep, describeVisit, visitCount, stepNote, proofAlt, NO_UPDATE_TEXT } from "./step-text.js";
import { narrateFrame, announceStep } from "./run-narration.js";

const SPEEDS = [1, 2, 5, 10, 20, 30, 60];
const DEFAULT_SPEED = 5;

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
let playing = false;
let playFrom = 0, playT0 = 0;
let timer = null;
let announceNext = false;
let onFrame = null;     // (frame, {auto, user}) => void: every frame drawn (watch.js)
let auto = null;        // while the page plays a run by itself: {speed, end, onEnd}
let user = false;       // the reader moved the step-through since this result
let mistakesEpoch = -1; // the epoch count of the mistakes plot last asked for (auto-play)

export function initStepper(opts) {
  call = opts.call;
  onFrame = opts.onFrame || null;
  const speed = byId("step-speed");
  for (const s of SPEEDS) speed.append(el("option", { value: String(s), text: String(s), selected: s === DEFAULT_SPEED }));
  byId("step-play").addEventListener("click", () => { user = true; auto = null; if (playing) pause(); else play(); });
  byId("step-back").addEventListener("click", () => go(current() - 1));
  byId("step-fwd").addEventListener("click", () => go(current() + 1));
  const range = byId("step-range");
  range.addEventListener("input", () => go(Number(range.value)));
  byId("step-visits").addEventListener("change", (e) => setMode(e.target.checked));
  speed.addEventListener("change", () => {
    auto = null;
    byId("stepper").dataset.pace = speed.value;
    if (playing) { playFrom = current(); playT0 = performance.now(); }
  });
  setEnabled(false);
}

/** A new train result: start at step 0 (w = 0). */
export function stepperResult(result) {
  gen++;
  auto = null;
  user = false;
  mistakesEpoch = -1;
  pause(false);
  res = result;
  const tr = result?.trace;
  // Kernel and multiclass traces record the example of each update, not w.
  updates = tr && Array.isArray(tr.w) ? tr.w.length : tr && Array.isArray(tr.index) ? tr.index.length : 0;
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
  byId("step-note").textContent = [stepNote(result), visits ? "" : "Every visited example can be shown when each update is one example’s and all are recorded."]
    .filter(Boolean).join(" ");
  clear(byId("step-math"));
  byId("step-error").textContent = "";
  show(byId("step-error"), false);
  setEnabled(total > 0);
  updateButtons();
  if (total > 0) { announceNext = false; pump(); }
  else byId("step-text").textContent = NO_UPDATE_TEXT;
}

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
  updateButtons();
  announceNext = true;
  pump();
}

/** Show step k (clamped to 0..total) as if the user had moved there (e.g. from a shared link). */
export function stepTo(k) {
  go(k);
}

/** The recorded updates of the result being stepped through. */
export function stepTotal() {
  return total;
}

export function isPlaying() {
  return playing;
}

/** Play from step `from` to `end` at `speed` updates/s by itself; onEnd() at the end returns
 * the step to go on from (a cycle shown again) or null to stop there. */
export function autoPlay({ from = 0, end = total, speed, onEnd = () => null }) {
  if (!res || !total || byVisit) return false;
  auto = { speed, end: Math.min(end, total), onEnd };
  pos = Math.max(0, Math.min(total, from));
  shown = -1; // the step-through may show `from` already: the main plots need it too
  play();
  return true;
}

/** Stop auto-play (any control); the step-through stays where it was. */
export function stopAuto() {
  if (!auto) return;
  auto = null;
  if (playing) pause(false);
  byId("stepper").dataset.auto = "false";
}

/** Play/pause, step back/forward by one: the presenter's keys. */
export function togglePlay() {
  user = true;
  auto = null;
  if (playing) pause(); else play();
}

export function stepBy(d) {
  go(current() + d);
}

/** Tell the page the view changed (address-bar.js keeps step=k in the address bar). */
function viewChanged() {
  // A link keeps the update (step=k); by visit, the update count of the visit shown.
  const step = byVisit ? Number(byId("stepper").dataset.step || 0) : current();
  byId("stepper").dispatchEvent(new CustomEvent("viewchange", { bubbles: true, detail: { step } }));
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
  for (const id of ["step-play", "step-back", "step-fwd", "step-range", "step-speed"]) byId(id).disabled = !on;
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

function updateButtons() {
  const k = current();
  const on = !byId("step-range").disabled;
  const focused = document.activeElement;
  byId("step-back").disabled = !on || k <= 0;
  byId("step-fwd").disabled = !on || k >= total;
  // A button that just became disabled drops the keyboard focus to <body>: at the last step
  // Forward hands it to Back (and at step 0 Back to Forward), so the next key press still works.
  if (on && focused?.disabled && (focused.id === "step-fwd" || focused.id === "step-back")) {
    const other = byId(focused.id === "step-fwd" ? "step-back" : "step-fwd");
    (other.disabled ? byId("step-play") : other).focus();
  }
  byId("step-play").textContent = playing ? "Pause" : "Play";
  showPosition();
}

/** The slider and "k / total" describe the frame on screen while playing (the pace runs ahead
 * of the frames drawn, and the caption and the numbers are the frame's), else the step the
 * reader chose (its frame follows). */
function showPosition() {
  const k = playing && shown >= 0 ? shown : pos;
  byId("step-range").value = String(k);
  byId("step-pos").textContent = byVisit ? `visit ${k + 1} / ${total + 1}` : `${k} / ${total}`;
}

// ------------------------------------------------------------------ play

function play() {
  if (!res || !total) return;
  if (current() >= total) pos = 0; // at the end: play from the start
  playing = true;
  playFrom = current();
  playT0 = performance.now();
  byId("stepper").dataset.playing = "true";
  byId("stepper").dataset.auto = String(!!auto);
  // The pace asked for, in steps per second (bench/step_through.py compares frames shown with it).
  byId("stepper").dataset.pace = String(auto ? auto.speed : Number(byId("step-speed").value) || DEFAULT_SPEED);
  updateButtons();
  tick();
}

function pause(announce = true) {
  const was = playing;
  playing = false;
  clearTimeout(timer);
  timer = null;
  byId("stepper").dataset.playing = "false";
  byId("stepper").dataset.auto = "false";
  updateButtons();
  if (was && announce) {
    // Paused (or at the end): the proof plot catches up, and the step is announced.
    want = current();
    if (want === shown && shownProof && !inflight) announce_(byId("step-text").textContent);
    else { announceNext = true; pump(); }
    viewChanged();
  }
}

function tick() {
  if (!playing) return;
  const speed = auto ? auto.speed : Number(byId("step-speed").value) || DEFAULT_SPEED;
  const end = auto ? auto.end : total;
  // The clock starts with the first frame on screen: Python may still be drawing the run's
  // other plots when the show begins, and the show must not skip its first steps for that.
  if (shown !== playFrom && current() === playFrom) playT0 = performance.now();
  const k = Math.min(end, playFrom + Math.floor(((performance.now() - playT0) / 1000) * speed));
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

function finishPlay() {
  const wasAuto = !!auto;
  auto = null;
  pause(!wasAuto); // the end of auto-play is announced by watch.js (the final state), not here
  if (wasAuto) byId("stepper").dispatchEvent(new CustomEvent("autoplayend", { bubbles: true }));
}

// ------------------------------------------------------------------ frames

async function pump() {
  if (!call || !res) return;
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
  const epochs = k >= total ? -2 : k === 0 ? 0 : Math.max(0, (res.trace.epoch[k - 1] ?? 1) - 1);
  const withMistakes = wasAuto && epochs !== mistakesEpoch;
  if (withMistakes) mistakesEpoch = epochs;
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
      ? "Python was restarted since this result: press Train to step through it again."
      : (r?.error?.message || "This step could not be drawn.");
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
    announce_(byId("step-text").textContent);
  }
  pump();
}

function render(r, withProof) {
  shown = byVisit ? r.visit : r.step;
  shownProof = withProof || !res.plots?.proof;
  const img = byId("step-image");
  img.src = r.image;
  img.alt = r.alt || "";
  if (withProof && r.proof) {
    const p = byId("step-proof");
    p.src = r.proof;
    p.alt = proofAlt(r);
    p.dataset.t = String(r.t);
  }
  show(byId("step-proof-fig"), !!res.plots?.proof);
  const panel = byId("stepper");
  panel.dataset.step = String(r.step);
  panel.dataset.t = String(r.t);
  panel.dataset.index = r.index === null || r.index === undefined ? "" : String(r.index);
  panel.dataset.w = JSON.stringify(r.w);
  panel.dataset.nWrong = String(r.n_wrong ?? "");
  panel.dataset.visit = byVisit ? String(r.visit) : "";
  panel.dataset.update = byVisit ? String(!!r.update) : "";
  if (playing) updateButtons();
  const { text, math } = byVisit ? describeVisit(r, { names, total: updates, visits: total + 1 })
    : describeStep(r, { names, total });
  byId("step-text").textContent = text;
  narrateFrame(r, { total: updates, visits: byVisit ? total + 1 : 0 });
  const box = clear(byId("step-math"));
  const view = mathView(math);
  if (view) box.append(view);
}

// ------------------------------------------------------------------ the numbers

/** The update as elements: the equation line, the table, the angle line (texts from step-text.js). */
function mathView(m) {
  if (!m) return null;
  return el("div", {},
    m.eq.length ? el("p", { class: "step-eq" }, m.eq.map((text) => el("span", { text }))) : null,
    table(m.cols, m.rows),
    m.angle ? el("p", { class: "step-angle", data: { before: String(m.angle.before ?? ""), after: String(m.angle.after ?? "") } },
      m.angle.text) : null);
}

function table(cols, rows) {
  return el("div", { class: "table-wrap step-table-wrap" },
    el("table", { class: "step-table" },
      el("caption", { class: "visually-hidden", text: "The update, component by component" }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "Vector" })), cols.map((c) => el("th", { scope: "col", class: "num", text: c })))),
      el("tbody", {}, rows.map(([label, v]) =>
        el("tr", {}, el("th", { scope: "row", text: label }), v.map((x) => el("td", { class: "num", text: fmt(x, 4) })))))));
}

function announce_(text) {
  // Polite, and only for deliberate moves (step, scrub, pause, end of play): never per play frame.
  announceStep(text); // the words at the reader's level, once per update (run-narration.js)
}
