"""The sentences of a kernel perceptron run, from its summary's numbers (no I/O, no DOM).

Each says only what the numbers of that run show; the keys are the ones texts.run_texts uses,
so the page's result panel shows them in the same places.
"""

from ..i18n import _, ngettext, number, count as _count
from .numbers import g as _g, pm as _pm, sub as _sub
from .run import bound_verdict, split_text
from .stopping import status_text as _status


def _kernel_name(k):
    if k["kernel"] == "linear":
        return _("kernel perceptron with the linear kernel")
    if k["kernel"] == "poly":
        return _("kernel perceptron with the polynomial kernel (degree {degree}, coef0 {coef0})").format(
            degree=k["degree"], coef0=_g(k["coef0"]))
    return _("kernel perceptron with the RBF kernel (γₖ = {gamma})").format(gamma=_g(k["gamma"]))


def _holds(verdict, th):
    if verdict == "≤":
        return _("within the bound")
    if verdict == "=":
        return _("exactly the bound (checked in exact arithmetic): the theorem holds with equality")
    if verdict == "≈":
        return _("at the bound to within its rounding error (computed as {bound})").format(bound=number(repr(th["bound"])))
    return _("beyond the bound (rounding broke the theorem's exact arithmetic)")


def _bound(summ, th):
    at = {"R": _g(th["R"]), "gamma": _g(th["gamma"]), "bound": _g(th["bound"]), "mistakes": _count(summ["mistakes"]),
          "holds": _holds(bound_verdict(summ["mistakes"], th), th)}
    if th.get("reason") == "margin lower bound":
        return _("In feature space R = {R} (R² = max k̃(x, x)) and a unit w has margin γ = {gamma} (a lower bound on "
                 "the maximum margin), so Novikoff's theorem allows at most (R/γ)² = {bound} mistakes; this run made "
                 "{mistakes}, {holds}.").format(**at)
    return _("In feature space R = {R} (R² = max k̃(x, x)) and γ = {gamma}, so Novikoff's theorem allows at most "
             "(R/γ)² = {bound} mistakes; this run made {mistakes}, {holds}.").format(**at)


def kernel_texts(summ, *, n_train, dataset_name, n_test=0, bias=True, normalize=False):
    th = summ["theory"]
    n_sv = len(summ["support"])
    status = _status(summ, dataset_name, _kernel_name(summ["kernel"]))
    sep = separable_text(summ, th)
    if th["bound"] is not None:
        bound = _bound(summ, th)
    elif th.get("reason") == "pending":
        bound = ""  # the theory request brings it (the page shows "computing…" in its place)
    else:
        bound = _("No mistake bound: the margin in feature space is not known for this run.")
    support = ngettext("f(x) = η·Σ αᵢ yᵢ k̃(xᵢ, x) over {n} support vector of the {train} training examples",
                       "f(x) = η·Σ αᵢ yᵢ k̃(xᵢ, x) over {n} support vectors of the {train} training examples",
                       n_sv).format(n=_count(n_sv), train=_count(n_train))
    updates = ngettext("{n} update", "{n} updates", summ["updates"]).format(n=_count(summ["updates"]))
    classifier = (_("{support} ({updates}); training accuracy {accuracy} %. A support vector is a training example "
                    "that caused at least one update (its count αᵢ > 0); the others do not enter f.").format(
        support=support, updates=updates, accuracy=number(f"{100 * summ['train_accuracy']:.1f}"))
        + " " + _k_tilde(bias, normalize))
    return {"status_text": status, "separable_text": sep, "bound_text": bound, "classifier_text": classifier,
            "split_text": split_text(n_test=n_test, separable_all=None, separable_train=None),
            "proof_text": _("The proof plot follows w in the primal space; the kernel perceptron never builds w, "
                            "so its bound is stated in numbers above.")}


def _k_tilde(bias, normalize):
    """What k̃ is in this run, in words (core/kernels.py)."""
    if bias:
        return (_("k̃ is the kernel k plus 1 (the bias as a constant feature), scaled so every example has length 1 "
                  "in feature space (Normalize).") if normalize else
                _("k̃ is the kernel k plus 1 (the bias as a constant feature)."))
    return (_("k̃ is the kernel k itself (no bias), scaled so every example has length 1 in feature space "
              "(Normalize).") if normalize else _("k̃ is the kernel k itself (no bias)."))


def separable_text(summ, th):
    """Is the training data separable in feature space, and how is it known (th: the summary's
    theory; reason "pending" before the page's theory request, "margin lower bound" or "out of
    time" after a solver stopped at its budget of th["budget"] seconds)."""
    reason, sep = th.get("reason"), th["separable"]
    stopped = _("the margin solver stopped at its time limit of {seconds} s").format(
        seconds=number(f"{th.get('budget') or 0:g}"))
    if reason == "pending":
        return _("Computing the margin…")
    if reason == "margin lower bound":
        up = th.get("gamma_upper")
        between = (" " + _("(the maximum is between {low} and {high})").format(low=_g(th["gamma"]), high=_g(up))
                   if up else "")
        return _("The training data is separable in the kernel's feature space: a unit w there has margin γ > 0 "
                 "on it. But {stopped}, so this γ is a lower bound on the maximum margin{between}, and the bound "
                 "may be looser than the maximum's.").format(stopped=stopped, between=between)
    if reason == "out of time":
        if sep is True:
            why = (_("this run converged, which proves it") if summ["status"] == "converged" else
                   _("the RBF kernel's Gram matrix of distinct inputs is positive definite, which proves it"))
            return _("The training data is separable in the kernel's feature space: {why}. But {stopped} "
                     "before it verified a margin, so no bound can be computed.").format(why=why, stopped=stopped)
        if sep is False:
            return _("The training data is not separable in the kernel's feature space: the run cycled, and over "
                     "one lap its updates add up to exactly 0 in feature space (checked in exact arithmetic), "
                     "which never happens on separable data.")
        return _("Whether the training data is separable in the kernel's feature space is undecided: "
                 "{stopped} before it verified a margin or proved there is none, and this run proves "
                 "neither.").format(stopped=stopped)
    if sep is True:
        out = _("The training data is separable in the kernel's feature space.")
    elif sep is False:
        out = _("The training data is not separable in the kernel's feature space.")
    else:
        out = _("Whether the training data is separable in the kernel's feature space is undecided.")
    return out + (" " + th["note"] if th["note"] else "")


def kernel_step_text(i, y, score, alpha_after):
    return _("Example {i} (y = {y}) scored f(x) = {score}, so y·f(x) = {margin} ≤ 0: a mistake. "
             "Its count grows: α{sub} = {before} → {after}.").format(
        i=i + 1, y=_pm(y), score=_g(score), margin=_g(y * score), sub=_sub(i + 1), before=alpha_after - 1,
        after=alpha_after)
