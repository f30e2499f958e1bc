// The number strip beside the plot (epoch, mistakes) describes the update the show or the
// step-through has on screen, and the run's final values again when the show settles.
import { byId } from "../page/dom.js";
import { nowNumbers } from "./pace.js";

function put(id, value) {
  const node = byId(id);
  if (!node) return;
  node.textContent = value === null ? "—" : String(value);
  node.dataset.value = JSON.stringify(value);
}

/** The strip at frame r (update r.step) of the run res. */
export function nowAt(res, r) {
  const n = nowNumbers(res, r);
  put("now-epoch", n.epoch);
  put("now-mistakes", n.mistakes);
  byId("now-epoch")?.closest("dl")?.setAttribute("data-step", String(r?.step ?? ""));
}

/** The strip back at the run's final values. */
export function nowFinal(res) {
  put("now-epoch", res?.epochs ?? null);
  put("now-mistakes", res?.mistakes ?? null);
  byId("now-epoch")?.closest("dl")?.removeAttribute("data-step");
}
