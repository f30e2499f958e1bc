// The panels that work on the last run, which Python keeps in the worker: the step-through,
// the downloads and placing points on the plot. main.js calls initLastRun() once; each run put
// on screen (page state `result`) comes to lastRunResult().
// Whether the controls work follows the page state's pyState and runState: the bridge keeps
// the last run in the worker, so nothing works while a run is training, and a restarted
// worker (cancel, crash) has forgotten the run until the next Train.
import { initStepper, stepperResult, stepperEnabled, onStepShown } from "../steps/stepper.js";
import { t } from "../i18n/i18n.js";
import { initDownloads, downloadsResult, downloadsEnabled } from "../save/downloads.js";
import { initPlotPoints, plotPointsResult } from "../data/plot-points.js";
import { watchFrame, watchPicture, watchMistakes } from "../steps/watch.js";
import { initNarration, narrateResult, narrateFrame } from "../access/run-narration.js";
import { page } from "../state/page-state.js";

let hasSession = false;
let retrainWanted = false;
// The run is on screen and only its other plots are still being drawn (the run state still
// says "running"): the step-through and the show already work on it.
let drawing = false;
let lastState = "";
let train = () => {};
// Is a run computed ahead on screen (run/ahead.js, which tells this module when Python has it)?
let aheadShown = () => false;

export function initLastRun({ call, train: trainFn, aheadShown: shownFn }) {
  train = trainFn;
  aheadShown = shownFn;
  const safeCall = async (request) => {
    try {
      return await call(request);
    } catch (e) {
      return { ok: false, error: { kind: "internal", message: t("Python is not available.") } };
    }
  };
  initNarration();
  onStepShown(narrateFrame); // what the step-through shows is what the live region can say
  initStepper({ call: safeCall, onFrame: watchFrame, onPicture: watchPicture, onMistakes: watchMistakes });
  initDownloads({ call: safeCall });
  initPlotPoints({ values: page.values, retrain });
  page.on(["pyState", "runState"], sync);
  page.on(["result"], ({ result }) => lastRunResult(result.res, { drawing: true })); // its other plots follow
  sync();
}

/** A new result is on screen; drawing: its other plots are still on their way. */
export function lastRunResult(res, { drawing: more = false } = {}) {
  hasSession = true;
  drawing = more;
  narrateResult(res);
  stepperResult(res);
  downloadsResult(res);
  plotPointsResult(res);
  sync();
}

/** Python took over the run computed ahead on screen (run/ahead.js): it has the run now, and its
 * answer (res) has what the shipped one lacks, such as the drawn plot's axes that placing points reads. */
export function sessionHere(res = null) {
  hasSession = true;
  if (res) plotPointsResult(res);
  sync();
}

function retrain() {
  if (page.get("runState") === "running") { retrainWanted = true; return; }
  train();
}

function sync() {
  const pyState = page.get("pyState"), runState = page.get("runState");
  if (pyState !== "ready") hasSession = false; // a new worker has no run
  if (runState === "running" && lastState !== "running") drawing = false; // a new run began
  lastState = runState;
  // A run computed ahead is stepped through from its shipped frames before Python has it.
  const on = (hasSession || aheadShown()) && (runState !== "running" || drawing);
  // A run computed ahead is no lost run: Python takes it over (run/ahead.js), nothing was restarted.
  const why = page.get("hasResult") && !hasSession && !aheadShown() && pyState === "ready"
    ? t("Python was restarted since this result, so it no longer has the run: press Train to step through it or download it again.")
    : "";
  stepperEnabled(on, why);
  // Downloads are Python's files of Python's run: none from a run computed ahead until Python has it.
  downloadsEnabled(on && hasSession, why);
  if (retrainWanted && runState !== "running" && pyState === "ready") {
    retrainWanted = false;
    setTimeout(() => train(), 0);
  }
}
