// The address bar holds the link of the run on screen: written after every successful run
// and whenever the step-through moves, the comparison is shown or the exercise opens or
// closes. The view a shared link asked for (its step, view=compare) is checked against its
// run here and then applied (view=exercise: ../exercise/exercise.js opens it after the run).
// The link format itself is in ../state/share.js.
import { byId } from "../page/dom.js";
import { buildHash, valuesFromRequest, VIEW } from "../state/share.js";
import { csvName } from "../data/csv-upload.js";
import { addNotice } from "../page/link-notice.js";
import { stepTo, stepsOf } from "../steps/stepper.js";
import { runCompare, compareShown } from "../run/compare.js";
import { setFullLabHash } from "../page/embed.js";
import { exerciseShown, exerciseLinkView } from "../exercise/exercise.js";
import { page } from "../state/page-state.js";
import { tn } from "../i18n/i18n.js";

const values = page.values;
let lastHash = null;    // the hash of the last run (or of the link being opened)
let lastRun = null;     // {data, settings, csvName} of the run on screen
// The view of a link being opened ({step, compare}): checked against its run once the run
// is done (saveLink), then applied (applyLinkView).
let pending = null;
let after = null;
let wantCompare = false; // a link's comparison is on its way: keep view=compare meanwhile
let opening = false;     // a link's values are going into the page state: the address is that link

export function initAddressBar() {
  // The view changed (the step-through's step, the comparison or the exercise shown, auto-play
  // or presenter mode switched): the address bar follows.
  page.on(["step", "exerciseShown", "autoplay", "present"], () => { if (!opening) writeAddress(); });
  page.on(["compareShown"], () => { wantCompare = false; writeAddress(); });
  // A run is done: the address bar holds its link, then a shared link's step and comparison,
  // and a result link's exercise replays its answers.
  page.on(["runState"], ({ runState }) => {
    const r = page.get("result");
    if (runState === "done" && r) { saveLink(r.data, r.settings, r.res); applyLinkView(); exerciseLinkView(); }
  });
}

/** A link is being opened: its values become the page's (the address bar keeps the link: no
 * write for them), its hash, and the view to show once its run is done. */
export function expectLink(hash, linkValues) {
  opening = true;
  try {
    page.set(linkValues);
  } finally {
    opening = false;
  }
  lastHash = hash;
  pending = { step: linkValues.step, compare: linkValues.view === "compare" };
}

/** A link being opened asks for a step of its run: the run opens there, not with the show. */
export const linkStepWaiting = () => !!pending && pending.step > 0;

/** The hash of the run on screen (or of the link being opened), without "#". */
export function currentHash() {
  return lastHash;
}

/** {data, settings, csvName} of the run on screen, or null. */
export function runOnScreen() {
  return lastRun;
}

export function replaceHash(hash) {
  try {
    history.replaceState(history.state, "", `#${hash}`);
  } catch {
    // Some sandboxes refuse; the Copy link button still works.
  }
}

function hidden(panel) {
  return Array.isArray(values?.hide) && values.hide.includes(panel);
}

/**
 * The view parameters now: embed, hide, the step on screen, and the view: exercise while the
 * exercise is open (one view per link: it wins over the comparison), else whether the
 * comparison is shown.
 */
export function currentView(extra = {}) {
  const out = {};
  for (const name of VIEW) out[name] = values[name];
  out.view = exerciseShown() ? "exercise" : wantCompare || compareShown() ? "compare" : "main";
  return { ...out, ...extra };
}

/**
 * After a successful run: the address bar holds the link of exactly that run. The view of a
 * link being opened is checked against the run here (step: 0..its recorded updates) and
 * applied by applyLinkView() once the run is on screen; any other run starts at step 0.
 */
export function saveLink(data, settings, res = null) {
  lastRun = { data, settings, csvName: data.kind === "csv" ? csvName() : null };
  let step = 0;
  if (pending) {
    const total = stepsOf(res);
    if (pending.step > total) {
      addNotice(tn("This link asks for step {step} of the step-through, but this run has {n} step, so the step-through starts at step 0.",
        "This link asks for step {step} of the step-through, but this run has {n} steps, so the step-through starts at step 0.", total, { step: pending.step }));
    } else step = pending.step;
    after = { step, compare: pending.compare && !hidden("compare") };
    wantCompare = after.compare;
    pending = null;
  }
  page.set({ step }); // its subscription above writes the address bar
  return writing;
}

/** After saveLink and the step-through's new result: show the link's step and comparison. */
export function applyLinkView() {
  const a = after;
  after = null;
  if (!a) return;
  if (a.step > 0) stepTo(a.step);
  if (a.compare) {
    byId("compare")?.scrollIntoView({ block: "start" });
    runCompare({ auto: true }); // nobody clicked: above the run budget it asks first
  }
}

// One address-bar write at a time; changes meanwhile are written once it is done.
let writing = null;
let writeAgain = false;

function writeAddress() {
  if (document.body.dataset.lesson === "on") return; // the address bar holds the lesson step (js/lesson/)
  // No run yet: nothing to write (and an async body that never awaits would clear `writing`
  // before it is set, so that no later write ever ran).
  if (!lastRun) return Promise.resolve();
  if (writing) { writeAgain = true; return writing; }
  writing = (async () => {
    do {
      writeAgain = false;
      try {
        const { data, settings, csvName: name } = lastRun;
        const { hash } = await buildHash(valuesFromRequest(data, settings, currentView()), data, name);
        if (!writeAgain) { lastHash = hash; replaceHash(hash); }
        if (values.embed) {
          const full = await buildHash(valuesFromRequest(data, settings, currentView({ embed: false, hide: [] })), data, name);
          setFullLabHash(full.hash);
        }
      } catch {
        // A link is a convenience: never let it break a run.
      }
    } while (writeAgain);
    writing = null;
  })();
  return writing;
}
