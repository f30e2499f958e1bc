"""The sentences of a kernel or multiclass run, from its summary's numbers (no I/O, no DOM).

Each says only what the numbers of that run show; the keys are the ones texts.run_texts uses,
so the page's result panel shows them in the same places.
"""

from .run import split_text


def _g(v):
    """4 significant digits with the typographic minus the page uses, never "-0"."""
    s = f"{v:.4g}"
    return "0" if s in ("-0", "0") else s.replace("-", "−")


def _pm(y):
    return "+1" if y > 0 else "−1"


def _plural(n, word):
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _status(summ, dataset_name, what):
    e, m = summ["epochs"], summ["mistakes"]
    if summ["status"] == "converged":
        first = summ.get("converged_epoch") or e
        more = "" if first == e else (f"; the averaged answer kept moving, so all {e} epochs ran "
                                      "(Early stop ends it at the clean epoch)")
        return (f"{dataset_name}: the {what} converged: epoch {first} had no mistake "
                f"({_plural(m, 'mistake')} in all){more}.")
    if summ["status"] == "cycled":
        c = summ["cycle"]
        ago = f"{_plural(c['period'], 'epoch')} earlier"
        proved = summ.get("cycle_proved") is not False
        # A repeat of floats only, unless exact arithmetic confirmed it (cycle_proof).
        caveat = "" if proved else (" That is no proved cycle: checked in exact arithmetic, the lap's updates "
                                    "were not shown to add up to 0 (rounding can repeat a state), so it says "
                                    "nothing about separability.")
        floats = "" if proved else " in floating point"
        if e > c["epoch"]:
            # The averaged answer runs on to MaxIter after the online W repeats (Algorithm 2).
            return (f"{dataset_name}: the {what}: after epoch {c['epoch']} the online weights are back where they were {ago}{floats}; "
                    f"the averaged answer kept moving, so all {e} epochs ran ({_plural(m, 'mistake')} in all)."
                    f"{caveat}")
        if proved:
            return (f"{dataset_name}: the {what} cycles: after epoch {c['epoch']} it is back where it was {ago}, so more epochs "
                    f"cannot help ({_plural(m, 'mistake')} so far).")
        return (f"{dataset_name}: the {what} stopped after epoch {c['epoch']}: it is back where it was {ago}{floats}, so more "
                f"epochs would only repeat ({_plural(m, 'mistake')} so far).{caveat}")
    return f"{dataset_name}: the {what} stopped at the epoch limit ({e}) with {_plural(m, 'mistake')}."


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


def multiclass_texts(summ, *, n_train, dataset_name, n_test=0):
    k = len(summ["classes"])
    avg = "averaged " if summ["average"] else ""
    status = _status(summ, dataset_name, f"{avg}multiclass perceptron ({k} classes)")
    worst = [(a, c) for a, c in zip(summ["per_class_accuracy"], summ["classes"]) if a is not None]
    a_min, c_min = min(worst)
    # "lowest for class X (100.0 %)" when every class is at 100 % names no real lowest.
    lowest = (f"every class at {100 * a_min:.1f} %" if all(a == a_min for a, _ in worst)
              else f"lowest for class {c_min} ({100 * a_min:.1f} %)")
    classifier = (f"Prediction: the class k with the highest score W_k·x̃ (ties go to the class listed first); "
                  f"training accuracy {100 * summ['train_accuracy']:.1f} % on {n_train:,} examples, {lowest}.")
    return {"status_text": status, "separable_text": "", "bound_text": "", "classifier_text": classifier,
            "split_text": split_text(n_test=n_test, separable_all=None, separable_train=None), "proof_text": "The convergence proof is about the binary perceptron; the multiclass "
            "run shows its mistakes per epoch and the confusion matrix instead."}


def kernel_step_text(i, y, score, alpha_after):
    return (f"Example {i + 1} (y = {_pm(y)}) scored f(x) = {_g(score)}, so y·f(x) = {_g(y * score)} ≤ 0: a mistake. "
            f"Its count grows: α{_sub(i + 1)} = {alpha_after - 1} → {alpha_after}.")


def multiclass_step_text(i, true_class, rival_class, score_true, score_rival):
    return (f"Example {i + 1} is class {true_class}, but class {rival_class} scored {_g(score_rival)} ≥ "
            f"{_g(score_true)} (its own class's score): W[{true_class}] += η·x̃ and W[{rival_class}] −= η·x̃.")


def _sub(n):
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
