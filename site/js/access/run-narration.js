// What a run says to people who do not see it: the live region's sentence for each update
// the step-through shows (at the reader's level) and for each finished run, the short
// descriptions of the main plots, the keyboard explorer of the boundary plot and the sound
// track. stepper.js and last-run.js call in here once each where a step or a run is shown.
import { byId, el } from "../page/dom.js";
import { initLiveRegion, announce, resetAnnouncements } from "./live-region.js";
import { spokenStep, runSentence, mistakesSummary, accuracySummary } from "./run-description.js";
import { initAccessOptions, sayLevel, soundOn, soundPlaying } from "./access-options.js";
import { initPlotExplorer, explorerResult } from "./plot-explorer.js";
import { soundTrack } from "./sound-track.js";
import { mistakesBraille } from "./braille-line.js";
import { initTableViews, tableViewsResult } from "./table-view.js";
import { playTrack, stopTrack } from "./sound-player.js";
import { page } from "../state/page-state.js";

let res = null;
let runId = 0;
let frame = null;
let ctx = null;

export function initNarration() {
  initLiveRegion();
  initAccessOptions({ play: playSound });
  initPlotExplorer({ announce });
  initTableViews();
  link();
  // While a run plays, the mistakes plot grows epoch by epoch (watch.js: plotEpochs).
  page.on(["plotEpochs"], ({ plotEpochs: n }) => {
    if (res) describe("mistakes", mistakesSummary(res, Number.isInteger(n) ? n : null));
  });
}

/** A new run on screen. */
export function narrateResult(result) {
  res = result;
  runId++;
  frame = null;
  resetAnnouncements();
  const tr = result?.trace;
  explorerResult(result, tr && Array.isArray(tr.w) ? tr.w.length : 0);
  tableViewsResult(result);
  describe("mistakes", mistakesSummary(result));
  brailleBeside("mistakes", mistakesBraille(result));
  describe("accuracy", accuracySummary(result));
  if (sayLevel() !== "off") announce(runSentence(result), `run ${runId}`);
  stopTrack();
  if (soundOn()) playSound();
}

/** The step-through shows a frame: total = its recorded updates, visits = examples visited. */
export function narrateFrame(r, c) {
  frame = r;
  ctx = { ...c, res };
}

/** The step-through asks for its step to be announced (a deliberate move, a pause, the end). */
export function announceStep(fullText) {
  if (!frame) return;
  const key = `${runId}:${Number.isInteger(frame.visit) ? `visit ${frame.visit}` : `step ${frame.step}`}`;
  announce(spokenStep(sayLevel(), frame, ctx, fullText), key);
}

function playSound() {
  if (!res) return false;
  const ok = playTrack(soundTrack(res), () => soundPlaying(false));
  soundPlaying(ok);
  return ok;
}

/** A short description of a main plot, read after its alt text (aria-describedby). */
function describe(kind, text) {
  const img = byId(`plot-${kind}`);
  if (!img) return;
  const id = `plot-${kind}-desc`;
  let p = byId(id);
  if (!p) {
    p = el("p", { id, class: "visually-hidden" });
    img.after(p);
    const ids = (img.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    img.setAttribute("aria-describedby", [...ids, id].join(" "));
  }
  p.textContent = text;
}

/** A braille line under a plot, beside its description (read and shown on a braille display). */
function brailleBeside(kind, text) {
  const fig = byId(`plot-${kind}`)?.closest("figure");
  if (!fig) return;
  let p = byId(`plot-${kind}-braille`);
  if (!p) {
    p = el("p", { id: `plot-${kind}-braille`, class: "braille-line" });
    fig.append(p);
  }
  p.textContent = text;
  p.hidden = !text;
}

/** The stylesheet of these controls (css/access.css), added by the module that needs it. */
function link() {
  if (document.querySelector('link[href$="css/access.css"]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: "css/access.css" }));
}
