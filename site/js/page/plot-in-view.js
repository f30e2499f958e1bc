// The plot back in view after the reader's own Train on a narrow screen (the plot is above the controls).
import { byId } from "./dom.js";

/** Bring the plot back into view when the reader had scrolled down to the settings. Only for a
 * run the reader started: for one the page started itself the reader may be typing in a field. */
export function plotInView() {
  const fig = byId("results");
  const r = fig.getBoundingClientRect();
  if (r.top >= 0 && r.top < window.innerHeight / 2) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  fig.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
}
