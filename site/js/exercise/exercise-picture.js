// The exercise's picture: the training points, the boundary of the w answered so far (the kernel
// perceptron: the points y·f(x) ≤ 0 gets wrong, as its boundary curves) and the next example.
import { show } from "../page/dom.js";
import { drawPlot } from "../plot/boundary-svg.js";
import { lineText } from "./exercise-check.js";

/** Draw the exercise `ex` ({res, dual, answers}) before visit `v` (null: none left) into plot, caption. */
export function drawVisit(plot, ex, v, caption) {
  const pts = ex.res.points;
  show(plot, !!pts);
  if (!pts) {
    caption.textContent = ex.dual
      ? "The picture needs data with 2 features and at most 500 training examples; the numbers tell the whole story."
      : "The picture needs data with 2 features and no feature map; the numbers tell the whole story.";
    return;
  }
  if (ex.dual) { drawKernel(plot, ex, pts, v, caption); return; }
  const last = ex.answers.length ? ex.res.visits[ex.answers.length - 1].w_after : [0, 0, 0];
  const w = ex.res.bias ? last : [last[0], last[1], 0];
  const line = w[0] === 0 && w[1] === 0 ? "w has no line yet (w₁ = w₂ = 0)" : `the line ${lineText(w)}`;
  const { wrong } = drawPlot(plot, pts, { w, current: v ? v.index : null,
    alt: `The ${pts.length} training points and ${line}; ${v ? `example ${v.index + 1} is ringed` : "no example is next"}.` });
  caption.textContent = `Now: ${line}. ${wrong.length} of ${pts.length} points misclassified (ringed).`
    + `${v ? ` The next example is circled.` : ""} Filled circles: +1, squares: −1.`;
}

/** The kernel boundary f(x) = 0 curves: the points, the ones y·f(x) ≤ 0 gets wrong (Python's), the next one. */
function drawKernel(plot, ex, pts, v, caption) {
  const k = ex.answers.length;
  // α = 0 scores every point f(x) = 0: every one is a mistake until the first update.
  const wrongIdx = k ? ex.res.visits[k - 1].wrong_after : pts.map((_, i) => i);
  const { wrong } = drawPlot(plot, pts, { current: v ? v.index : null, wrong: wrongIdx,
    alt: `The ${pts.length} training points; ${wrongIdx.length} have y·f(x) ≤ 0 with the counts so far; `
      + `${v ? `example ${v.index + 1} is circled` : "no example is next"}.` });
  caption.textContent = `Now: ${wrong.length} of ${pts.length} points have y·f(x) ≤ 0 with the counts so far (ringed).`
    + `${v ? " The next example is circled." : ""} The kernel boundary f(x) = 0 curves, so it is not drawn here. `
    + "Filled circles: +1, squares: −1.";
}
