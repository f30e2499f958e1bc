// The verdict on one answer of the exercise, and the arithmetic when it is wrong.
import { el } from "../page/dom.js";
import { worked, vec, num, sub } from "./exercise-check.js";
import { t } from "../i18n/i18n.js";

/** The verdict's sentence for visit v (pure): right or not, with the engine's numbers. */
export function verdictText(v, answer, result, byCount) {
  const a = `α${sub(v.index + 1)}`;
  // The margin perceptron (visit.threshold τ > 0) updates on examples it classifies right too.
  const [is, isNot] = v.threshold ? [t("makes an update"), t("makes no update")] : [t("is a mistake"), t("is no mistake")];
  let head;
  if (result.right) {
    const at = { t: v.t, alpha: a };
    head = !v.mistake
      ? (byCount ? t("Right: example {t} {verdict}; {alpha} stays {value}.", { ...at, verdict: isNot, value: num(v.alpha_before) })
        : t("Right: example {t} {verdict}; w stays.", { ...at, verdict: isNot }))
      : (byCount ? t("Right: example {t} {verdict} and {alpha} is now {value}.", { ...at, verdict: is, value: num(v.alpha_after) })
        : t("Right: example {t} {verdict} and the new w is {w}.", { ...at, verdict: is, w: vec(v.w_after) }));
  } else if (!result.mistakeRight) head = t("Not quite: example {t} {verdict}.", { t: v.t, verdict: v.mistake ? is : isNot });
  else if (byCount) head = t("Not quite: it {verdict}, but the new {alpha} is {value}, not {answer}.", { verdict: is, alpha: a, value: num(v.alpha_after), answer: num(answer.w[0]) });
  else head = t("Not quite: it {verdict}, but the new w is {w}, not {answer}.", { verdict: is, w: vec(v.w_after), answer: vec(answer.w) });
  return head;
}

/** Into `box` (emptied): right or not for visit v, with the engine's numbers; ex: {res, dual}. */
export function showFeedback(box, v, answer, result, ex) {
  box.dataset.right = String(result.right);
  const byCount = ex.dual;
  box.append(el("p", { class: "exercise-verdict", text: verdictText(v, answer, result, byCount) }));
  if (!result.right) box.append(el("ul", { class: "exercise-worked", attrs: { "aria-label": t("The arithmetic") } },
    ...worked(v, ex.res.eta, byCount ? ex.res.kernel.text : "").map((line) => el("li", { text: line }))));
}
