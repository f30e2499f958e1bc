// The step-through's controls: enabled or not, Back/Forward at the ends (keeping the keyboard
// focus), Play/Pause, the scrubber and "k / total", and the polite announcement of a step.
import { byId } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { announceStep } from "../access/run-narration.js";

const IDS = ["step-play", "step-back", "step-fwd", "step-range", "step-speed"];

export function setControls(on) {
  for (const id of IDS) byId(id).disabled = !on;
}

/** Back/Forward/Play for step k of 0..total; the scrubber and the position text show `at`. */
export function showControls({ k, total, playing, at, visits }) {
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
  byId("step-play").textContent = playing ? t("Pause") : t("Play");
  byId("step-range").value = String(at);
  byId("step-pos").textContent = visits ? t("visit {k} / {total}", { k: at + 1, total: total + 1 }) : `${at} / ${total}`;
}

/** Polite, and only for deliberate moves (step, scrub, pause, end of play): never per play frame. */
export function announce(text) {
  announceStep(text); // the words at the reader's level, once per update (run-narration.js)
}
