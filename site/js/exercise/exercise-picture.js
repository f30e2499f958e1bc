// The exercise's picture: the training points, the boundary of the w answered so far (the kernel
// perceptron: the points y·f(x) ≤ 0 gets wrong, as its boundary curves) and the next example.
import { show } from "../page/dom.js";
import { drawPlot } from "../plot/boundary-svg.js";
import { lineText } from "./exercise-check.js";
import { t } from "../i18n/i18n.js";

/** Draw the exercise `ex` ({res, dual, answers}) before visit `v` (null: none left) into plot, caption. */
export function drawVisit(plot, ex, v, caption) {
  const pts = ex.res.points;
  show(plot, !!pts);
  if (!pts) {
    caption.textContent = ex.dual
      ? t("The picture needs data with 2 features and at most 500 training examples; the numbers tell the whole story.")
      : t("The picture needs data with 2 features and no feature map; the numbers tell the whole story.");
    return;
  }
  if (ex.dual) { drawKernel(plot, ex, pts, v, caption); return; }
  const last = ex.answers.length ? ex.res.visits[ex.answers.length - 1].w_after : [0, 0, 0];
  const w = ex.res.bias ? last : [last[0], last[1], 0];
  const line = w[0] === 0 && w[1] === 0 ? t("w has no line yet (w₁ = w₂ = 0)") : t("the line {line}", { line: lineText(w) });
  const { wrong } = drawPlot(plot, pts, { w, current: v ? v.index : null,
    alt: v ? t("The {n} training points and {line}; example {k} is ringed.", { n: pts.length, line, k: v.index + 1 })
      : t("The {n} training points and {line}; no example is next.", { n: pts.length, line }) });
  caption.textContent = [t("Now: {line}. {wrong} of {n} points misclassified (ringed).", { line, wrong: wrong.length, n: pts.length }),
    ...(v ? [t("The next example is circled.")] : []), t("Filled circles: +1, squares: −1.")].join(" ");
}

/** The kernel boundary f(x) = 0 curves: the points, the ones y·f(x) ≤ 0 gets wrong (Python's), the next one. */
function drawKernel(plot, ex, pts, v, caption) {
  const k = ex.answers.length;
  // α = 0 scores every point f(x) = 0: every one is a mistake until the first update.
  const wrongIdx = k ? ex.res.visits[k - 1].wrong_after : pts.map((_, i) => i);
  const { wrong } = drawPlot(plot, pts, { current: v ? v.index : null, wrong: wrongIdx,
    alt: v ? t("The {n} training points; {wrong} have y·f(x) ≤ 0 with the counts so far; example {k} is circled.", { n: pts.length, wrong: wrongIdx.length, k: v.index + 1 })
      : t("The {n} training points; {wrong} have y·f(x) ≤ 0 with the counts so far; no example is next.", { n: pts.length, wrong: wrongIdx.length }) });
  caption.textContent = [t("Now: {wrong} of {n} points have y·f(x) ≤ 0 with the counts so far (ringed).", { wrong: wrong.length, n: pts.length }),
    ...(v ? [t("The next example is circled.")] : []), t("The kernel boundary f(x) = 0 curves, so it is not drawn here."),
    t("Filled circles: +1, squares: −1.")].join(" ");
}
