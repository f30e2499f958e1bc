// The verdict on one answer of the exercise, and the arithmetic when it is wrong.
import { el } from "../page/dom.js";
import { worked, vec, num, sub } from "./exercise-check.js";

/** Into `box` (emptied): right or not for visit v, with the engine's numbers; ex: {res, dual}. */
export function showFeedback(box, v, answer, result, ex) {
  box.dataset.right = String(result.right);
  const byCount = ex.dual;
  const a = `α${sub(v.index + 1)}`;
  let head;
  if (result.right) {
    head = !v.mistake ? `Right: example ${v.t} is no mistake; ${byCount ? `${a} stays ${num(v.alpha_before)}` : "w stays"}.`
      : `Right: example ${v.t} is a mistake and ${byCount ? `${a} is now ${num(v.alpha_after)}` : `the new w is ${vec(v.w_after)}`}.`;
  } else if (!result.mistakeRight) head = `Not quite: example ${v.t} is ${v.mistake ? "" : "not "}a mistake.`;
  else if (byCount) head = `Not quite: it is a mistake, but the new ${a} is ${num(v.alpha_after)}, not ${num(answer.w[0])}.`;
  else head = `Not quite: it is a mistake, but the new w is ${vec(v.w_after)}, not ${vec(answer.w)}.`;
  box.append(el("p", { class: "exercise-verdict", text: head }));
  if (!result.right) box.append(el("ul", { class: "exercise-worked", attrs: { "aria-label": "The arithmetic" } },
    ...worked(v, ex.res.eta, byCount ? ex.res.kernel.text : "").map((line) => el("li", { text: line }))));
}
