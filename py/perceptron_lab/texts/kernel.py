"""The sentences of a kernel perceptron run, from its summary's numbers (no I/O, no DOM).

Each says only what the numbers of that run show; the keys are the ones texts.run_texts uses,
so the page's result panel shows them in the same places.
"""

from .numbers import g as _g, pm as _pm, plural as _plural, sub as _sub
from .run import split_text
from .stopping import status_text as _status


def kernel_texts(summ, *, n_train, dataset_name, n_test=0):
    k = summ["kernel"]
    name = {"linear": "linear kernel", "poly": f"polynomial kernel (degree {k['degree']}, coef0 {_g(k['coef0'])})",
            "rbf": f"RBF kernel (γ = {_g(k['gamma'])})"}[k["kernel"]]
    th = summ["theory"]
    n_sv = len(summ["support"])
    status = _status(summ, dataset_name, f"kernel perceptron with the {name}")
    if th["separable"] is True:
        sep = "The training data is separable in the kernel's feature space."
    elif th["separable"] is False:
        sep = "The training data is not separable in the kernel's feature space."
    else:
        sep = "Whether the training data is separable in the kernel's feature space is undecided."
    if th["note"]:
        sep += " " + th["note"]
    if th["bound"] is not None:
        holds = "within" if summ["mistakes"] <= th["bound"] else "beyond"
        bound = (f"In feature space R = {_g(th['R'])} (R² = max k̃(x, x)) and γ = {_g(th['gamma'])}, so Novikoff's "
                 f"theorem allows at most (R/γ)² = {_g(th['bound'])} mistakes; this run made {summ['mistakes']}, "
                 f"{holds} the bound.")
    else:
        bound = "No mistake bound: the margin in feature space is not known for this run."
    classifier = (f"f(x) = η·Σ αᵢ yᵢ k̃(xᵢ, x) over {_plural(n_sv, 'support vector')} (αᵢ > 0) of the "
                  f"{n_train:,} training examples ({_plural(summ['updates'], 'update')}); training accuracy "
                  f"{100 * summ['train_accuracy']:.1f} %.")
    return {"status_text": status, "separable_text": sep, "bound_text": bound, "classifier_text": classifier,
            "split_text": split_text(n_test=n_test, separable_all=None, separable_train=None), "proof_text": "The proof plot follows w in the primal space; the kernel perceptron "
            "never builds w, so its bound is stated in numbers above."}


def kernel_step_text(i, y, score, alpha_after):
    return (f"Example {i + 1} (y = {_pm(y)}) scored f(x) = {_g(score)}, so y·f(x) = {_g(y * score)} ≤ 0: a mistake. "
            f"Its count grows: α{_sub(i + 1)} = {alpha_after - 1} → {alpha_after}.")
