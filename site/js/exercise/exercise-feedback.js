// The verdict on one answer of the exercise, and the arithmetic when it is wrong.
import { el } from "../page/dom.js";
import { worked, vec, num, sub } from "./exercise-check.js";

/** The verdict's sentence for visit v (pure): right or not, with the engine's numbers. */
export function verdictText(v, answer, result, byCount) {
  const a = `α${sub(v.index + 1)}`;
  // The margin perceptron (visit.threshold τ > 0) updates on examples it classifies right too.
  const [is, isNot] = v.threshold ? ["makes an update", "makes no update"] : ["is a mistake", "is no mistake"];
  let head;
  if (result.right) {
    head = !v.mistake ? `Right: example ${v.t} ${isNot}; ${byCount ? `${a} stays ${num(v.alpha_before)}` : "w stays"}.`
      : `Right: example ${v.t} ${is} and ${byCount ? `${a} is now ${num(v.alpha_after)}` : `the new w is ${vec(v.w_after)}`}.`;
  } else if (!result.mistakeRight) head = `Not quite: example ${v.t} ${v.mistake ? is : isNot}.`;
  else if (byCount) head = `Not quite: it ${is}, but the new ${a} is ${num(v.alpha_after)}, not ${num(answer.w[0])}.`;
  else head = `Not quite: it ${is}, but the new w is ${vec(v.w_after)}, not ${vec(answer.w)}.`;
  return head;
}

/** Into `box` (emptied): right or not for visit v, with the engine's numbers; ex: {res, dual}. */
export function showFeedback(box, v, answer, result, ex) {
  box.dataset.right = String(result.right);
  const byCount = ex.dual;
  box.append(el("p", { class: "exercise-verdict", text: verdictText(v, answer, result, byCount) }));
  if (!result.right) box.append(el("ul", { class: "exercise-worked", attrs: { "aria-label": "The arithmetic" } },
    ...worked(v, ex.res.eta, byCount ? ex.res.kernel.text : "").map((line) => el("li", { text: line }))));
}
