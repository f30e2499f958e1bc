// The page's polite live region for what happens to the run (site/js/access/run-narration.js
// decides what is said). One region for the whole page, kept at the end of <body>: a region
// inside a panel that is hidden (a closed tab, a collapsed drawer) would say nothing.
// The step-through's #step-live is adopted when the page has it (its id is what tests and
// links know), else one is made.
import { byId, el } from "../page/dom.js";

const SETTLE_MS = 30; // cleared, then written: the same sentence twice is still announced
// Orca (43.1) prunes its event queue when more than 50 events wait, and a page that builds its
// controls while it loads floods it: a sentence written then is dropped with the rest (heard:
// a link's run computed ahead, on screen within a second of the load, never said; Orca 43.1 at a
// load average of 12 pruned 1.3 s after the load and reached its load-complete 2.1 s after). What
// is announced before the load event or within this long after it is written once this has passed.
export const AFTER_LOAD_MS = 3000;

let region = null;
let lastKey = null;
let timer = null;
let held = "";   // a kept sentence not yet written: what follows it is said after it, not instead
let quiet = false;   // the page has loaded and settled: a sentence is written at once
let waiting = null;  // the write of the latest sentence announced before that


export function initLiveRegion() {
  region = byId("step-live") || el("p", { id: "step-live", class: "visually-hidden" });
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  document.body.append(region); // moved out of its panel, see above
  const settle = () => setTimeout(() => {
    quiet = true;
    if (waiting) { timer = setTimeout(waiting, SETTLE_MS); waiting = null; }
  }, AFTER_LOAD_MS);
  if (!document.readyState || document.readyState === "complete" || !globalThis.addEventListener) quiet = true;
  else globalThis.addEventListener("load", settle, { once: true });
  return region;
}

/**
 * Say `text` politely, once per `key` in a row (an update shown twice is said once). A newer
 * sentence replaces one still waiting to be written (the step-through's latest update wins),
 * unless that one is `keep` (a lesson's step): the run's narration that follows within the
 * settling moment (longer on a busy machine) is then said after it.
 */
export function announce(text, key = text, { keep = false } = {}) {
  if (!region) initLiveRegion();
  if (!text || key === lastKey) return false;
  lastKey = key;
  clearTimeout(timer);
  const said = held ? `${held} ${text}` : text;
  held = keep || held ? said : "";
  region.textContent = "";
  const write = () => { held = ""; region.textContent = said; region.dataset.key = String(key); };
  if (quiet) timer = setTimeout(write, SETTLE_MS);
  else waiting = write;
  return true;
}

/** Forget the last key (a new run: its step 3 is a new update, even where the old one had a step 3). */
export function resetAnnouncements() {
  lastKey = null;
}
