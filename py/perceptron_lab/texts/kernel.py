"""The sentences of a kernel perceptron run, from its summary's numbers (no I/O, no DOM).

Each says only what the numbers of that run show; the keys are the ones texts.run_texts uses,
so the page's result panel shows them in the same places.
"""

from .numbers import g as _g, pm as _pm, plural as _plural, sub as _sub
from .run import bound_verdict, split_text
from .stopping import status_text as _status


def kernel_texts(summ, *, n_train, dataset_name, n_test=0, bias=True, normalize=False):
    k = summ["kernel"]
    name = {"linear": "linear kernel", "poly": f"polynomial kernel (degree {k['degree']}, coef0 {_g(k['coef0'])})",
            "rbf": f"RBF kernel (γ = {_g(k['gamma'])})"}[k["kernel"]]
    th = summ["theory"]
    n_sv = len(summ["support"])
    status = _status(summ, dataset_name, f"kernel perceptron with the {name}")
    sep = separable_text(summ, th)
    if th["bound"] is not None:
        holds = {"≤": "within the bound",
                 "=": "exactly the bound (checked in exact arithmetic): the theorem holds with equality",
                 "≈": f"at the bound to within its rounding error (computed as {th['bound']!r})",
                 ">": "beyond the bound (rounding broke the theorem's exact arithmetic)"}[bound_verdict(summ["mistakes"], th)]
        gamma = (f"a unit w has margin γ = {_g(th['gamma'])} (a lower bound on the maximum margin)"
                 if th.get("reason") == "margin lower bound" else f"γ = {_g(th['gamma'])}")
        bound = (f"In feature space R = {_g(th['R'])} (R² = max k̃(x, x)) and {gamma}, so Novikoff's "
                 f"theorem allows at most (R/γ)² = {_g(th['bound'])} mistakes; this run made {summ['mistakes']}, "
                 f"{holds}.")
    elif th.get("reason") == "pending":
        bound = ""  # the theory request brings it (the page shows "computing…" in its place)
    else:
        bound = "No mistake bound: the margin in feature space is not known for this run."
    classifier = (f"f(x) = η·Σ αᵢ yᵢ k̃(xᵢ, x) over {_plural(n_sv, 'support vector')} of the "
                  f"{n_train:,} training examples ({_plural(summ['updates'], 'update')}); training accuracy "
                  f"{100 * summ['train_accuracy']:.1f} %. A support vector is a training example that caused "
                  "at least one update (its count αᵢ > 0); the others do not enter f. " + _k_tilde(bias, normalize))
    return {"status_text": status, "separable_text": sep, "bound_text": bound, "classifier_text": classifier,
            "split_text": split_text(n_test=n_test, separable_all=None, separable_train=None), "proof_text": "The proof plot follows w in the primal space; the kernel perceptron "
            "never builds w, so its bound is stated in numbers above."}


def _k_tilde(bias, normalize):
    """What k̃ is in this run, in words (core/kernels.py)."""
    k = "k̃ is the kernel k plus 1 (the bias as a constant feature)" if bias else "k̃ is the kernel k itself (no bias)"
    return k + (", scaled so every example has length 1 in feature space (Normalize)." if normalize else ".")


def separable_text(summ, th):
    """Is the training data separable in feature space, and how is it known (th: the summary's
    theory; reason "pending" before the page's theory request, "margin lower bound" or "out of
    time" after a solver stopped at its budget of th["budget"] seconds)."""
    reason, sep = th.get("reason"), th["separable"]
    stopped = f"the margin solver stopped at its time limit of {th.get('budget') or 0:g} s"
    if reason == "pending":
        return "Computing the margin…"
    if reason == "margin lower bound":
        up = th.get("gamma_upper")
        between = f" (the maximum is between {_g(th['gamma'])} and {_g(up)})" if up else ""
        return ("The training data is separable in the kernel's feature space: a unit w there has margin γ > 0 "
                f"on it. But {stopped}, so this γ is a lower bound on the maximum margin{between}, and the bound "
                "may be looser than the maximum's.")
    if reason == "out of time":
        if sep is True:
            why = ("this run converged, which proves it" if summ["status"] == "converged" else
                   "the RBF kernel's Gram matrix of distinct inputs is positive definite, which proves it")
            return (f"The training data is separable in the kernel's feature space: {why}. But {stopped} "
                    "before it verified a margin, so no bound can be computed.")
        if sep is False:
            return ("The training data is not separable in the kernel's feature space: the run cycled, and over "
                    "one lap its updates add up to exactly 0 in feature space (checked in exact arithmetic), "
                    "which never happens on separable data.")
        return ("Whether the training data is separable in the kernel's feature space is undecided: "
                f"{stopped} before it verified a margin or proved there is none, and this run proves neither.")
    if sep is True:
        out = "The training data is separable in the kernel's feature space."
    elif sep is False:
        out = "The training data is not separable in the kernel's feature space."
    else:
        out = "Whether the training data is separable in the kernel's feature space is undecided."
    return out + (" " + th["note"] if th["note"] else "")


def kernel_step_text(i, y, score, alpha_after):
    return (f"Example {i + 1} (y = {_pm(y)}) scored f(x) = {_g(score)}, so y·f(x) = {_g(y * score)} ≤ 0: a mistake. "
            f"Its count grows: α{_sub(i + 1)} = {alpha_after - 1} → {alpha_after}.")
