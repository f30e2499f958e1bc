// The panels that work on the last run, which Python keeps in the worker: the step-through,
// the downloads and placing points on the plot. main.js calls initLastRun() once and
// lastRunResult() after each successful train.
// Whether the controls work follows <body data-py-state / data-run-state>: the bridge keeps
// the last run in the worker, so nothing works while a run is training, and a restarted
// worker (cancel, crash) has forgotten the run until the next Train.
import { initStepper, stepperResult, stepperEnabled } from "./stepper.js";
import { initDownloads, downloadsResult, downloadsEnabled } from "./downloads.js";
import { initPlotPoints, plotPointsResult } from "./plot-points.js";
import { watchFrame } from "./watch.js";
import { initNarration, narrateResult } from "./run-narration.js";

let hasSession = false;
let hasResult = false; // a result is on screen (it stays after a cancel or a failed run)
let retrainWanted = false;
let train = () => {};

export function initLastRun({ call, train: trainFn, values }) {
  train = trainFn;
  const safeCall = async (request) => {
    try {
      return await call(request);
    } catch (e) {
      return { ok: false, error: { kind: "internal", message: "Python is not available." } };
    }
  };
  initNarration();
  initStepper({ call: safeCall, onFrame: watchFrame });
  initDownloads({ call: safeCall });
  initPlotPoints({ values, retrain });
  new MutationObserver(sync).observe(document.body, { attributes: true, attributeFilter: ["data-py-state", "data-run-state"] });
  sync();
}

export function lastRunResult(res) {
  hasSession = true;
  hasResult = true;
  narrateResult(res);
  stepperResult(res);
  downloadsResult(res);
  plotPointsResult(res);
  sync();
}

function retrain() {
  if (document.body.dataset.runState === "running") { retrainWanted = true; return; }
  train();
}

function sync() {
  const { pyState, runState } = document.body.dataset;
  if (pyState !== "ready") hasSession = false; // a new worker has no run
  const on = hasSession && runState !== "running";
  const why = hasResult && !hasSession && pyState === "ready"
    ? "Python was restarted since this result, so it no longer has the run: press Train to step through it or download it again."
    : "";
  stepperEnabled(on, why);
  downloadsEnabled(on, why);
  if (retrainWanted && runState !== "running" && pyState === "ready") {
    retrainWanted = false;
    setTimeout(() => train(), 0);
  }
}
