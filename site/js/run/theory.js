// The margin after the first picture: a train answer with theory_pending (the train request
// said theory: "later") shows the run at once and "computing…" where γ and (R/γ)² go; the
// theory request then brings R, γ, the bound, the verdict and every sentence that depends on
// them, rendered in place (results.js renderTheory). Python heartbeats while it solves, and
// gives up after its budget saying what it could prove (py bridge/linear_theory.py). Every family
// answers alike (py bridge/fit.py): a kernel run's margin in feature space comes the same way.
import { renderTheory } from "./results.js";
import { tableViewsResult } from "../access/table-view.js";
import { t } from "../i18n/i18n.js";

/** Ask for the theory of the run on screen and show it. current(): is that run still the page's
 * (a newer Train drops this answer); a cancel or a lost worker says the margin was not computed. */
export async function completeTheory(res, { call, current }) {
  if (res?.theory_pending !== true) return;
  let reply;
  try {
    reply = await call({ cmd: "theory" });
  } catch {
    reply = null;
  }
  if (!current()) return;
  Object.assign(res, reply?.ok && reply.theory_pending === false ? reply : notComputed(reply));
  renderTheory(res);
  tableViewsResult(res); // the proof plot's table needs u, which came with this answer
}

/** The theory fields when no answer came: no verdict, no margin, and a sentence that says so. */
function notComputed(reply) {
  const why = reply?.error?.kind === "cancelled" ? t("training was cancelled") : t("Python did not finish it");
  return {
    theory_pending: false, separable: null, separable_reason: null, gamma: null, bound: null, u: null,
    gamma_upper: null, theory_note: null, bound_text: "",
    separable_text: t("The margin was not computed ({why}), so nothing is said here about separability.", { why }),
    proof_text: t("No proof plot: the margin γ was not computed ({why}).", { why }),
  };
}
