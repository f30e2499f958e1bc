// The words for a cycled run at the end of the show (pure: watch.js shows them). The cycle is
// read from the recorded updates, so its length is the real one for every variant.
import { t, tn } from "../i18n/i18n.js";
import { cycleInfo } from "../plot/cycle-lap.js";

export { cycleInfo };

/** What the end of a cycled run means, true for every variant (the cycle's real length). */
export function endCaption(r) {
  const info = cycleInfo(r);
  if (!info) return "";
  if (info.stopped) return " " + tn("The weights cycle: the same {n} update would repeat forever, so the run stopped.", "The weights cycle: the same {n} updates would repeat forever, so the run stopped.", info.n);
  const algo = r.settings?.algorithm || "this";
  return " " + tn("The online weights cycle from epoch {epoch} on (the same {n} update repeat); the {algorithm} perceptron trained on for all {epochs} epochs, as Algorithm 2 does.",
    "The online weights cycle from epoch {epoch} on (the same {n} updates repeat); the {algorithm} perceptron trained on for all {epochs} epochs, as Algorithm 2 does.",
    info.n, { epoch: info.epoch, algorithm: algo, epochs: info.epochs });
}
