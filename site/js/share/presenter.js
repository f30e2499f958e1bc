// Presenter mode (button, link key present=1): the boundary plot large beside the key
// numbers, the status verdict and "Update k of n" in big type, ◀ Play ▶ large, the data and
// settings panels tucked away (css/present.css), and keys: ←/→ and Page Up/Page Down (what a
// slide clicker sends) step, Esc leaves; space play/pause and T train unless single-key
// shortcuts are off (access-options.js, WCAG 2.1.4). Plots are asked for larger and scaled up
// (plotRequestSize) so they stay crisp on a projector.
import { byId } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { togglePlay, stepBy } from "../steps/stepper.js";
import { plotView, plotBox } from "../plot/plots.js";
import { page } from "../state/page-state.js";
import { singleKeysOn } from "../access/access-options.js";
import { syncHidden } from "../page/tabs.js";

const values = page.values; // present: body[data-present] is its mirror (page-state.js)
let train = () => {};
let onToggle = () => {};

export function initPresenter(opts) {
  ({ train, onToggle } = opts);
  byId("present").addEventListener("click", () => setPresent(!values.present));
  document.addEventListener("keydown", onKey);
  countUpdates();
  apply();
  // A link opened on this page (present=1, or a link without it) turns it on or off too.
  page.on(["present"], apply);
}

/** "Update k of n" for the room, from the step-through's own "k / n" (steps/step-controls.js). */
function countUpdates() {
  const pos = byId("step-pos");
  const out = byId("present-count");
  if (!pos || !out) return;
  const write = () => {
    const m = /^(\D+ )?(\d+) \/ (\d+)$/.exec(pos.textContent.trim()); // "visit 3 / 19", "Besuch 3 / 19", "3 / 18"
    // A long run keeps some of its updates: its steps are then not numbered as its updates.
    const thinned = page.get("result")?.res?.trace?.subsampled;
    out.textContent = !m ? "" : m[1] ? t("Visit {n} of {total}", { n: m[2], total: m[3] })
      : thinned ? t("Step {step} of {total}", { step: m[2], total: m[3] }) : t("Update {n} of {total}", { n: m[2], total: m[3] });
  };
  new MutationObserver(write).observe(pos, { childList: true, characterData: true, subtree: true });
  write();
}

/** Presenter mode is on. */
export function presenting() {
  return !!values?.present;
}

// Narrow presenting (css/present.css): the plot is a phone's or a tablet's width, and a projector's
// text in it left a legend over a thumbnail of the data; there the text grows with the box's width
// (a phone's box keeps the phone's own text; ~750 px, a tablet upright, the projector's).
const WIDE = "(min-width: 60em)";
const PX_PER_SCALE = 400;

/** What presenting changes in a train request: bigger text and markers (the plot's box, and
 * so its size in pixels, is already larger on screen; see plots.js plotBox / plotView). */
export function plotRequestSize() {
  if (!presenting()) return {};
  let scale = Math.min(3, plotView().scale * 1.5);
  if (!window.matchMedia?.(WIDE).matches) scale = Math.min(scale, Math.max(1, plotBox("boundary")[0] / PX_PER_SCALE));
  return { scale: Math.round(scale * 100) / 100 };
}

function setPresent(on) {
  page.set({ present: on });
  apply();
  // The tabs found empty while presenting (present.css hides every panel) come back on leaving.
  syncHidden();
  onToggle(on);
}

function apply() {
  const on = presenting();
  const b = byId("present");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? t("Leave presenter mode") : t("Presenter mode");
}

/** Is the key meant for a control (typing, a select, a button's own space)? */
function forControl(e) {
  const t = e.target;
  if (!(t instanceof Element)) return false;
  if (t.closest("input, select, textarea, [contenteditable='true']")) return true;
  return e.key === " " && !!t.closest("button, a, summary");
}

function onKey(e) {
  if (!presenting() || e.altKey || e.ctrlKey || e.metaKey || forControl(e)) return;
  const single = singleKeysOn();
  if (e.key === " " && single) togglePlay();
  else if (e.key === "ArrowLeft" || e.key === "PageUp") stepBy(-1);
  else if (e.key === "ArrowRight" || e.key === "PageDown") stepBy(1);
  else if ((e.key === "t" || e.key === "T") && single) train();
  else if (e.key === "Escape") setPresent(false);
  else return;
  e.preventDefault();
}
