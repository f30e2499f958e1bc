// Train / Cancel buttons, the "Python is loading…" note and the epoch progress "epoch 12 / 100".
import { byId, show, setText } from "../page/dom.js";
import { t, tn } from "../i18n/i18n.js";

let total = 0;

// While a run goes, Train is out of use. Disabled, it would drop the keyboard focus to <body>, and a
// screen reader would wander off to whatever it finds next (Orca read the plot's point list); with the
// focus on it, it is marked aria-disabled instead and keeps it (a press then finds main.js's run going).
const usable = (b) => !b.disabled && b.getAttribute("aria-disabled") !== "true";

export function initRunPanel({ onTrain, onCancel }) {
  // Train (and Enter in a field, which clicks the default button) never submits the form:
  // a sandboxed iframe without allow-forms would block the submission with a console error.
  byId("train").addEventListener("click", (e) => {
    e.preventDefault();
    if (usable(byId("train"))) onTrain();
  });
  byId("lab").addEventListener("submit", (e) => {
    e.preventDefault();
    if (usable(byId("train"))) onTrain();
  });
  byId("cancel").addEventListener("click", onCancel);
  keepPressOnTrain(onTrain);
}

// Leaving a field with a bad value shows its error as the field loses focus, which is on
// the very press of Train; the message can push the button away before the release, and
// the click lands beside it. A press that began on Train still means Train.
function keepPressOnTrain(onTrain) {
  const train = byId("train");
  let armed = false;
  let clicked = false;
  train.addEventListener("pointerdown", (e) => { armed = e.button === 0; clicked = false; });
  train.addEventListener("click", () => { clicked = true; });
  document.addEventListener("pointerup", (e) => {
    if (!armed) return;
    armed = false;
    const missed = !train.contains(e.target);
    // The click (if it lands on Train) comes right after pointerup: wait for it.
    setTimeout(() => { if (missed && !clicked && usable(train)) onTrain(); }, 0);
  });
}

let loadingNote = "";   // what the note says while Python loads, when not the plain words (run/ahead.js)

/** Python ready or not: Train is enabled only when ready (and not running). */
export function setReady(ready, note) {
  const train = byId("train");
  train.disabled = !ready;
  // The run is over only here (main.js): its result comes before its later plots, and a press
  // in between would find the run still going and be lost.
  if (ready) train.removeAttribute("aria-disabled");
  const n = byId("train-note");
  n.textContent = ready ? "" : (note || loadingNote || t("Python is loading…"));
  show(n, !ready);
}

/** The note's words while Python loads ("" : the plain ones); shown at once if it is showing. */
export function setLoadingNote(text) {
  loadingNote = text;
  if (byId("train").disabled) setReady(false);
}

export function startProgress(epochs) {
  total = epochs;
  const bar = byId("epoch-progress");
  bar.max = epochs;
  bar.value = 0;
  show(bar, true);
  setText(byId("progress-text"), t("Training… epoch 0 / {epochs}", { epochs }));
  const train = byId("train");
  if (document.activeElement === train) train.setAttribute("aria-disabled", "true");
  else train.disabled = true;
  show(byId("cancel"), true);
}

export function progress(epoch, mistakes) {
  // Once the run's result is on screen (stopProgress) its bar is gone, and so is its count: Python
  // taking over a run computed ahead trains it again, and "epoch 1 / 100" would be read out for a
  // run the page already shows.
  if (byId("epoch-progress").hidden) return;
  byId("epoch-progress").value = Math.min(epoch, total);
  const m = mistakes === undefined || mistakes === null ? "" : ` · ${tn("{n} mistake", "{n} mistakes", mistakes)}`;
  byId("progress-text").textContent = t("epoch {epoch} / {total}", { epoch, total }) + m;
}

export function stopProgress() {
  show(byId("epoch-progress"), false);
  byId("progress-text").textContent = "";
  show(byId("cancel"), false);
}
