// Perceptron Lab, page side: wires the panels to the Python worker client.
import "./page/page-words.js"; // first: the page's language and index.html's words
import { settingsRequest, readsEveryClass } from "./state/state.js";
import { t } from "./i18n/i18n.js";
import { startNotices } from "./i18n/catalog.js";
import { addNotice } from "./page/link-notice.js";
import { page, BODY } from "./state/page-state.js";
import { byId } from "./page/dom.js";
import { initSettings } from "./run/settings-panel.js";
import { initDataPanel, dataRequest, plotFeatures } from "./data/data-panel.js";
import { initResults, renderResult, markStale, markEarlier } from "./run/results.js";
import { renderPlots, PLOTS, plotSizes, laterPlots } from "./plot/plots.js";
import { setPyState, pyState, setRunState, message, setBytes } from "./python/loading.js";
import { initRunPanel, setReady, startProgress, progress, stopProgress } from "./run/run-panel.js";
import { clearAllErrors } from "./page/fields.js";
import { plotInView } from "./page/plot-in-view.js";
import { readStartLink, initOpenLink } from "./share/open-link.js";
import { initAddressBar, linkStepWaiting } from "./share/address-bar.js";
import { initSharePanel } from "./share/share-panel.js";
import { initFrameResize } from "./page/embed.js";
import { initLastRun } from "./run/last-run.js";
import { initCompare, compareProgress } from "./run/compare.js";
import { initWatch, liveMode } from "./steps/watch.js";
import { initStatusLine } from "./run/status-line.js";
import { initPresenter, plotRequestSize } from "./share/presenter.js";
import { estimate, overBudget, ask, dismissAsk, laterEstimate, laterText, paced, weighed } from "./run/budget.js";
import { csvInfo, showReading, recheckCsv } from "./data/csv-upload.js";
import { initExercise } from "./exercise/exercise.js";
import { initHandWeights } from "./exercise/hand-weights.js";
import { initScriptDownload } from "./save/script-download.js";
import { workerReady } from "./python/snapshot-maker.js";
import { initTabs } from "./page/tabs.js";
import { completeTheory } from "./run/theory.js";
import { initLesson } from "./lesson/lesson.js";
import { initEraseControl } from "./access/erase-control.js";
import { initQuickPreset } from "./data/quick-preset.js";
import { clean, focusOn, showError } from "./run/run-errors.js";
import { trainRequest, compareRequest, sayDataToFix } from "./run/train-request.js";
import { aheadId, showAhead, dropAhead, aheadCall, aheadShown, adoptAhead, planAdoption, abandonAhead } from "./run/ahead.js";
import { aheadLesson } from "./run/ahead-lessons.js";
import { initPictureRefit } from "./plot/picture-refit.js";
import { refitFrames } from "./steps/stepper.js";
import { plotPointsResult } from "./data/plot-points.js";

// After the link's own notices are shown (open-link.js replaces the box's list at start).
if (startNotices.length) setTimeout(() => startNotices.forEach(addNotice), 0);
page.mirror(document.body.dataset, BODY); // the body's data-* attributes (CSS, tests) follow the page state
const values = page.values; // read-only: page.set changes it
readStartLink(); // a shared link (#v=1&...): validated values + view

let py = null;
let weighToken = 0; // the run budget's latest weighing (train)
let running = false;
let runToken = 0;
let autoTrained = false;
let trainQueued = false; // a shared link asked for a run (trainSoon)
let changedInRun = false; // a value changed while a run went: its result is stale on arrival

// Watch it learn: a changed setting of a preset retrains by itself (debounced), as the
// Playground does; CSV data keeps the explicit Train, placed points retrain on each click.
const RETRAIN_MS = 600;
let retrainTimer = null;

function onValue(name, value) {
  const wasEvery = readsEveryClass(values.algorithm);
  page.set({ [name]: value });
  // A CSV file is read for the algorithm: every class for the multiclass perceptron, two otherwise.
  if (name === "algorithm" && readsEveryClass(value) !== wasEvery && values.source === "csv") recheckCsv();
  if (running) changedInRun = true;
  markStale();
  if (name === "source") return;
  clearTimeout(retrainTimer);
  if (!page.get("hasResult") || values.source !== "preset" || !liveMode()) return;
  retrainTimer = setTimeout(() => {
    retrainTimer = null;
    if (running) trainSoon(); // after the run going now
    // A new preset is a new picture: on a phone the picker is below the plot, so the plot
    // comes back into view with the new run (a typed field keeps the reader where they are).
    else train({ auto: true, live: true, inView: name === "preset" });
  }, RETRAIN_MS);
}

function onDataChange() {
  if (running) changedInRun = true;
  markStale();
}

// The run on screen is the page state's `result` ({res, settings, data}); its readers subscribe
// (results.js, last-run.js, watch.js; once the run is done, runState "done": the address bar,
// the script download, the exercise's link). The run's own bookkeeping here:
initResults();
page.on(["result"], ({ result }) => {
  stopProgress(); // the result is on screen: the run bar no longer says "epoch 1 / 100"
  if (changedInRun) markStale(); // e.g. the algorithm was switched during the run
});
initDataPanel({ values, onValue, inspect, onChange: onDataChange,
  running: () => running, stopRun: () => cancel(), cancelRead: () => py?.cancel() });
initSettings(values, onValue);
initQuickPreset({ values });
initRunPanel({ onTrain: (...a) => { clearTimeout(retrainTimer); return train(...a); }, onCancel: cancel });
initAddressBar();
initSharePanel(values);
initOpenLink({ trainSoon });
initFrameResize();
// Frames the step-through and the show ask for by themselves never start a failed Python again: only Train does.
// A run computed ahead can be on screen before the client exists (its files asked for from the <head>): wait for it.
initLastRun({ call: (request) => aheadCall(request) ?? pyStarted.then(() => py.call(request, { start: false })), train: () => train({ auto: true }), aheadShown });
initCompare({ request: compareRequest, call: callPy, cancel: () => py?.cancel() });
initWatch({ held: linkStepWaiting }); // a link's step wins over the show, this once
initPictureRefit({ call: callPy, idle: () => !running && pyState() === "ready", refitSteps: refitFrames, onPicture: plotPointsResult });
initStatusLine();
initPresenter({ train: () => train(), onToggle: () => { if (page.get("hasResult") && !running) train({ auto: true }); } });
initExercise({ request: compareRequest, call: callPy });
initEraseControl();
initHandWeights({ request: compareRequest, call: callPy });
initScriptDownload({ call: callPy });
initTabs(); // after every panel is built and the link's hide flags are set
setPyState("loading");
setRunState("idle");
setReady(false);
const pyStarted = startPython(); // settles once the client exists (or could not be made)
initLesson({ call: async (r) => (await aheadLesson(r)) ?? pyStarted.then(() => callPy(r)), train: () => (running ? trainSoon() : train({ auto: true })) });
train({ auto: true }); // while Python loads, only a run computed ahead (run/ahead.js) goes

// ------------------------------------------------------------------ Python

async function startPython() {
  let mod;
  try {
    mod = await import("./python/pyclient.js");
    py = mod.createPyClient({ onStage, onProgress, onRestart, onBytes: setBytes,
      onReading: (_id, phase, done, total) => showReading(phase, done, total) });
  } catch {
    failed(t("The Python worker could not be started. Reload the page to try again."));
    return;
  }
}

function failed(text) {
  setPyState("error", text);
  abandonAhead(); // a run computed ahead on screen ends without Python's plots
  // The client starts a fresh worker on the next call: Train doubles as "try again".
  setReady(!!py && !running);
  const note = byId("train-note");
  note.textContent = py ? t("Press Train to try loading Python again.") : t("Python could not be loaded.");
  note.hidden = false;
}

function onStage(stage, detail) {
  if (stage === "error") { failed(typeof detail === "string" ? clean(detail) : undefined); return; }
  if (pyState() === "ready" && stage === "ready") return;
  setPyState(stage, detail);
  if (stage !== "ready") { setReady(false); return; }
  workerReady(py && py.bootTimes);
  if (!running) setReady(true);
  adoptAhead(); // Python takes over the run computed ahead on screen and draws its plots
  kick();
  if (!autoTrained && !page.get("hasResult") && !running) {
    autoTrained = true;
    if (!sayDataToFix()) train({ auto: true });
  }
}

function onProgress(_id, epoch, mistakes) {
  if (running) progress(epoch, mistakes);
  else compareProgress(epoch, mistakes);
}

function onRestart(reason, text) {
  // The worker was terminated (cancel, watchdog or a crash) and a fresh one is loading.
  // A call that was pending gets its own message (cancelled / internal error); a worker that
  // died while idle (the client's idle heartbeat, or an error event) is said here.
  setPyState("loading");
  if (!running) setReady(false, t("Python is restarting…"));
  // Why (a crash, a stall, an end: only these come with a text), also when the call that was
  // pending is one the page made by itself (later plots, frames) and says nothing of; a pending
  // run then says its own words after this.
  if (text) message(clean(text), "error");
}

async function inspect(data) {
  // The client queues calls until Python is ready (and restarts a failed worker).
  if (!py) await pyStarted; // e.g. a CSV from a shared link, read before the client module loaded
  if (!py) {
    return { ok: false, error: { kind: "internal", message: t("Python is not available, so the file cannot be checked.") } };
  }
  return py.call({ cmd: "inspect", data, multiclass: data?.kind === "csv" && readsEveryClass(values.algorithm) });
}

// ------------------------------------------------------------------ train

const LATER_PLOTS = PLOTS.filter((k) => k !== "boundary");

/** Train as soon as Python is ready and no run is going (a shared link was opened). */
function trainSoon() {
  trainQueued = true;
  autoTrained = true; // the queued run replaces the first automatic one
  kick();
}

function kick() {
  if (trainQueued && !running && pyState() !== "ready") train({ auto: true }); // a run computed ahead, if any
  if (!trainQueued || running || pyState() !== "ready") return;
  trainQueued = false;
  train({ auto: true });
}

async function train(opts = {}) {
  // In the error state a call starts a fresh worker (the client queues it until ready).
  // While Python loads, only a run computed ahead goes (run/ahead.js).
  const early = !["ready", "error"].includes(pyState());
  if (running || (!py && !early)) return;
  const ahead = early ? await aheadOf() : null;
  if (running || (early && !ahead)) return;
  if (ahead) { showAhead(ahead); trainQueued = false; } else dropAhead();
  const call = ahead ? aheadCall : (r) => py.call(r);
  clearAllErrors();
  message("");

  const d = trainRequest();
  if (d.fix) {
    setRunState("error");
    message(d.inData ? t("Training was not started: the data needs attention (see the data panel).")
      : t("Training was not started: fix the value marked next to its control."), "error");
    if (!opts.auto) focusOn(d.fix);
    return;
  }
  const { settings } = d;
  dismissAsk();
  // A run nobody clicked for is weighed in this device's seconds now (budget.js weighed); the
  // latest request wins, and a run started meanwhile goes on alone.
  const weighing = ++weighToken;
  // The budget counts each plot at the box it is drawn for (the others are a side column's width).
  const atRest = estimate(d.data, { ...settings, plot_sizes: plotSizes(LATER_PLOTS) }, csvInfo());
  const est = opts.auto && !ahead ? await weighed(atRest, (r) => py.call(r)) : atRest;
  if (running || weighing !== weighToken) return;
  if (opts.auto && overBudget(est)) {
    // Nobody clicked Train (a link, a restored run): a long run is asked for, not started.
    ask(est, () => train());
    setRunState("asking");
    return;
  }
  const token = ++runToken;
  const size = plotRequestSize(); // presenting: bigger text and markers
  // Train is out of use while the run goes (run-panel.js keeps the focus on it if it has it).
  const focusTrain = document.activeElement === byId("train");
  running = true;
  changedInRun = false;
  setRunState("running");
  startProgress(settings.epochs);
  let res;
  try {
    // The boundary comes with the run and the other plots in a second call, so the picture
    // a student waits for appears first.
    res = await call({ cmd: "train", data: d.data, settings: { ...settings, ...size, plot_kinds: ["boundary"] },
      theory: "later" });
    if (res && res.ok && token === runToken) {
      // On screen now: the step-through works on the run, and the show starts at once from w = 0,
      // while Python draws the other plots (they are not what the show is about). hasResult:
      // phones show the plot first from now on (css/present.css).
      page.set({ result: { res, settings, data: d.data }, hasResult: true });
      await completeTheory(res, { call, current: () => token === runToken });
      // The budget's step two: the later plots re-estimated from the run's real counts (votes kept).
      const later = ahead ? null : paced(laterEstimate(res, settings, plotSizes(laterPlots(settings.algorithm))), est.pace);
      if (later && overBudget(later)) message(laterText(later));
      // Computed ahead: the run goes on once Python has taken it over and drawn its plots (adoptAhead).
      const more = await (ahead ? planAdoption({ call: (r) => py.call(r), current: () => token === runToken,
        request: { cmd: "train", data: d.data, settings: { ...settings, ...size, plot_kinds: ["boundary"] }, theory: "later" } })
        : py.call({ cmd: "plots", kinds: laterPlots(settings.algorithm), sizes: plotSizes(laterPlots(settings.algorithm)) }));
      if (more && more.ok) {
        Object.assign(res.plots, more.plots);
        Object.assign(res.plot_alt, more.plot_alt);
        if (more.words) renderResult(Object.assign(res, more.words), settings); // computed ahead: the words in the page's language (i18n/ahead-words.js)
      }
      for (const k of LATER_PLOTS) if (!more?.ok || !(k in res.plots)) res.plots[k] = null; // not drawn for this run
      // Drawn (or failed): the sentence no longer holds; a restart's own words, if any, stay.
      if (later && overBudget(later) && token === runToken && byId("message").textContent === laterText(later)) message("");
      // The show started with the result and may still be drawing its frames in the boundary,
      // proof and mistakes plots: those keep them (the show settles on the final pictures).
      const playing = ["playing", "paused"].includes(page.get("watch"))
        ? ["boundary", "proof", "mistakes"] : [];
      if (token === runToken) renderPlots(res.plots, res.plot_alt, { playing });
    }
  } catch (e) {
    res = { ok: false, error: { kind: "internal", message: clean(e?.message) } };
  }
  if (token !== runToken) return;
  running = false;
  setTimeout(kick); // a link opened during the run
  stopProgress();
  setReady(pyState() === "ready" || pyState() === "error");
  // Give it back, unless the reader has moved on to another control meanwhile.
  if (focusTrain && (!document.activeElement || document.activeElement === document.body)) {
    byId("train").focus({ preventScroll: true });
  }

  if (res && res.ok) {
    setRunState("done"); // the address bar takes this run's link, the script download and a result link's exercise follow
    if (!opts.auto || opts.inView) plotInView();
    return;
  }
  const err = res?.error || { kind: "internal", message: t("Something went wrong inside Perceptron Lab.") };
  if (err.kind === "cancelled") {
    setRunState("cancelled");
    message(t("Training cancelled. The previous results stay on screen."));
    return;
  }
  showError(err);
  if (err.kind !== "settings" && err.kind !== "data") markEarlier(); // e.g. out of memory: no result came
  setRunState("error");
}

function cancel() {
  if (!running || !py) return;
  const token = runToken;
  byId("results").focus();
  py.cancel();
  // The client answers the pending call with kind "cancelled"; should it not, do not hang.
  setTimeout(() => {
    if (running && token === runToken) {
      runToken++;
      running = false;
      stopProgress();
      setRunState("cancelled");
      message(t("Training cancelled. The previous results stay on screen."));
    }
  }, 5000);
}

/** The run computed ahead for the controls as they stand (none while the data needs fixing). */
async function aheadOf() {
  const d = dataRequest();
  if ("error" in d) return null;
  return aheadId(d.data, { ...settingsRequest(values), plot_features: plotFeatures() });
}

function callPy(request) {
  if (!py) return Promise.resolve({ ok: false, error: { kind: "internal", message: t("Python is not available.") } });
  return py.call(request);
}

