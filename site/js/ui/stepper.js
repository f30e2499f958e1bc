// Step through the recorded updates of the last run: play / pause / step / scrubber, the
// boundary of that moment (a "frame" from the bridge) and the numbers of the update
// (a = w·x̃, y·a, w ← w + η·y·x̃, the angle between w and x̃; the words are in step-text.js).
//
// Smoothness: at most one frame request is in flight; while it runs, later requests only
// move the wanted step, so intermediate frames are dropped rather than queued. During play
// the proof plot (a fresh figure: it costs as much as several frames) is asked for only
// every PROOF_EVERY frames and at most once per PROOF_MS, so play stays above 20 frames/s.
import { byId, el, clear, fmt, show } from "./dom.js";
import { describeStep, stepNote, proofAlt, NO_UPDATE_TEXT } from "./step-text.js";

const PROOF_EVERY = 12;
const PROOF_MS = 1000;
const SPEEDS = [1, 2, 5, 10, 20, 30, 60];
const DEFAULT_SPEED = 5;

let call = null;        // (request) => Promise<bridge response>
let res = null;         // the train result being stepped through
let names = [];         // component names of w (result.w_names)
let total = 0;          // number of recorded updates: steps run 0..total
let gen = 0;            // bumps on every new result: late answers of an old run are dropped
let want = 0;           // the step the user (or play) wants to see
let shown = -1;         // the step on screen
let shownProof = false; // the shown step came with its proof plot
let inflight = false;
let playing = false;
let playFrom = 0, playT0 = 0, framesSinceProof = 0, lastProofAt = 0;
let timer = null;
let announceNext = false;

export function initStepper(opts) {
  call = opts.call;
  const speed = byId("step-speed");
  for (const s of SPEEDS) speed.append(el("option", { value: String(s), text: String(s), selected: s === DEFAULT_SPEED }));
  byId("step-play").addEventListener("click", () => (playing ? pause() : play()));
  byId("step-back").addEventListener("click", () => go(current() - 1));
  byId("step-fwd").addEventListener("click", () => go(current() + 1));
  const range = byId("step-range");
  range.addEventListener("input", () => go(Number(range.value)));
  speed.addEventListener("change", () => {
    if (playing) { playFrom = current(); playT0 = performance.now(); }
  });
  setEnabled(false);
}

/** A new train result: start at step 0 (w = 0). */
export function stepperResult(result) {
  gen++;
  pause(false);
  res = result;
  const tr = result?.trace;
  // Kernel and multiclass traces record the example of each update, not w.
  total = tr && Array.isArray(tr.w) ? tr.w.length : tr && Array.isArray(tr.index) ? tr.index.length : 0;
  names = Array.isArray(result?.w_names) ? result.w_names : (result?.feature_names || []);
  const range = byId("step-range");
  range.max = String(total);
  range.value = "0";
  want = 0;
  shown = -1;
  shownProof = false;
  inflight = false;
  const panel = byId("stepper");
  panel.dataset.total = String(total);
  panel.dataset.algorithm = result?.settings?.algorithm || "";
  byId("step-note").textContent = stepNote(result);
  clear(byId("step-math"));
  byId("step-error").textContent = "";
  show(byId("step-error"), false);
  setEnabled(total > 0);
  updateButtons();
  if (total > 0) { announceNext = false; pump(); }
  else byId("step-text").textContent = NO_UPDATE_TEXT;
}

/** Show step k (clamped to 0..total) as if the user had moved there (e.g. from a shared link). */
export function stepTo(k) {
  go(k);
}

/** Tell the page the view changed (address-bar.js keeps step=k in the address bar). */
function viewChanged() {
  byId("stepper").dispatchEvent(new CustomEvent("viewchange", { bubbles: true, detail: { step: current() } }));
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
  return Number(byId("step-range").value);
}

function go(k) {
  if (!res || !total) return;
  pause(false);
  k = Math.max(0, Math.min(total, k));
  byId("step-range").value = String(k);
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
  byId("step-pos").textContent = `${k} / ${total}`;
}

// ------------------------------------------------------------------ play

function play() {
  if (!res || !total) return;
  if (current() >= total) byId("step-range").value = "0"; // at the end: play from the start
  playing = true;
  playFrom = current();
  playT0 = performance.now();
  framesSinceProof = 0;
  lastProofAt = performance.now();
  byId("stepper").dataset.playing = "true";
  updateButtons();
  tick();
}

function pause(announce = true) {
  const was = playing;
  playing = false;
  clearTimeout(timer);
  timer = null;
  byId("stepper").dataset.playing = "false";
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
  const speed = Number(byId("step-speed").value) || DEFAULT_SPEED;
  const k = Math.min(total, playFrom + Math.floor(((performance.now() - playT0) / 1000) * speed));
  if (k !== current()) {
    byId("step-range").value = String(k);
    updateButtons();
  }
  want = k;
  pump();
  if (k >= total && shown === total && !inflight) { pause(true); return; }
  timer = setTimeout(tick, Math.max(4, Math.min(50, 1000 / speed / 2)));
}

// ------------------------------------------------------------------ frames

async function pump() {
  if (inflight || !call || !res) return;
  const needProof = !playing || (framesSinceProof >= PROOF_EVERY && performance.now() - lastProofAt >= PROOF_MS);
  if (want === shown && (shownProof || !needProof)) return;
  const k = want;
  const g = gen;
  inflight = true;
  byId("stepper").dataset.busy = "true";
  const withProof = !!res.plots?.proof && needProof;
  const r = await call({ cmd: "frame", step: k, proof: withProof });
  if (g !== gen) return; // a new run replaced this one (its pump started afresh)
  inflight = false;
  byId("stepper").dataset.busy = "false";
  if (!r || !r.ok) {
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
  framesSinceProof = withProof ? 0 : framesSinceProof + 1;
  if (withProof) lastProofAt = performance.now();
  render(r, withProof);
  if (playing) {
    if (k >= total && want >= total) { pause(true); return; }
  } else if (announceNext && want === k) {
    announceNext = false;
    announce_(byId("step-text").textContent);
  }
  pump();
}

function render(r, withProof) {
  shown = r.step;
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
  const { text, math } = describeStep(r, { names, total });
  byId("step-text").textContent = text;
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
  const live = byId("step-live");
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 30);
}
