// Presenter mode (button, link key present=1): the boundary plot large beside the key
// numbers, big text, the data and settings panels tucked away (css/present.css), and keys:
// space play/pause, ←/→ step, T train, Esc leave. Plots are asked for larger and scaled up
// (plotRequestSize) so they stay crisp on a projector.
import { byId } from "../page/dom.js";
import { togglePlay, stepBy } from "../steps/stepper.js";
import { plotView } from "../plot/plots.js";
import { page } from "../state/page-state.js";

const values = page.values; // present: body[data-present] is its mirror (page-state.js)
let train = () => {};
let onToggle = () => {};

export function initPresenter(opts) {
  ({ train, onToggle } = opts);
  byId("present").addEventListener("click", () => setPresent(!values.present));
  document.addEventListener("keydown", onKey);
  apply();
}

/** Presenter mode is on. */
export function presenting() {
  return !!values?.present;
}

/** What presenting changes in a train request: bigger text and markers (the plot's box, and
 * so its size in pixels, is already larger on screen; see plots.js plotBox / plotView). */
export function plotRequestSize() {
  return presenting() ? { scale: Math.min(3, Math.round(plotView().scale * 1.5 * 100) / 100) } : {};
}

function setPresent(on) {
  page.set({ present: on });
  apply();
  onToggle(on);
}

function apply() {
  const on = presenting();
  const b = byId("present");
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? "Leave presenter mode" : "Presenter mode";
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
  if (e.key === " ") togglePlay();
  else if (e.key === "ArrowLeft") stepBy(-1);
  else if (e.key === "ArrowRight") stepBy(1);
  else if (e.key === "t" || e.key === "T") train();
  else if (e.key === "Escape") setPresent(false);
  else return;
  e.preventDefault();
}
