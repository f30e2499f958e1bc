"""The sentences of a multiclass perceptron run, from its summary's numbers (no I/O, no DOM).

Each says only what the numbers of that run show; the keys are the ones texts.run_texts uses,
so the page's result panel shows them in the same places.
"""

from ..i18n import _, number
from .numbers import g as _g
from .run import split_text
from .stopping import status_text as _status


# Features whose standard deviations differ by this factor or more: the largest decide every score.
SCALES_APART = 100


def multiclass_texts(summ, *, n_train, dataset_name, n_test=0, scales=None):
    """scales: (smallest, largest) standard deviation of the raw features, or None (standardized)."""
    k = len(summ["classes"])
    model = (_("averaged multiclass perceptron ({k} classes)") if summ["average"] else
             _("multiclass perceptron ({k} classes)")).format(k=k)
    status = _status(summ, dataset_name, model)
    if summ["status"] != "converged":
        status += " " + _unfinished(summ, n_train, scales)
    worst = [(a, c) for a, c in zip(summ["per_class_accuracy"], summ["classes"]) if a is not None]
    a_min, c_min = min(worst)
    # "lowest for class X (100.0 %)" when every class is at 100 % names no real lowest.
    at = {"train": _pct(summ["train_accuracy"]), "n": number(f"{n_train:,}"), "class": c_min, "low": _pct(a_min)}
    classifier = (_("Prediction: the class k with the highest score W_k·x̃ (ties go to the class listed first); "
                    "training accuracy {train} % on {n} examples, every class at {low} %.")
                  if all(a == a_min for a, _c in worst) else
                  _("Prediction: the class k with the highest score W_k·x̃ (ties go to the class listed first); "
                    "training accuracy {train} % on {n} examples, lowest for class {class} ({low} %).")).format(**at)
    return {"status_text": status, "separable_text": "", "bound_text": "", "classifier_text": classifier,
            "split_text": split_text(n_test=n_test, separable_all=None, separable_train=None), "proof_text": _("The convergence proof is about the binary perceptron; the multiclass "
                           "run shows its mistakes per epoch and the confusion matrix instead.")}


def _pct(fraction):
    return number(f"{100 * fraction:.1f}")


def multiclass_step_text(i, true_class, rival_class, score_true, score_rival):
    return _("Example {i} is class {true}, but class {rival} scored {rival_score} ≥ {true_score}, the score of "
             "class {true}: W[{true}] += η·x̃ and W[{rival}] −= η·x̃.").format(
        i=i + 1, true=true_class, rival=rival_class, rival_score=_g(score_rival), true_score=_g(score_true))


def _unfinished(summ, n_train, scales=None):
    """What a run that never had a clean epoch got right, and what the reader can try. Features on
    scales far apart (wine: proline in the hundreds, hue about 1) are the first thing to try: a W that
    separates the classes may exist, and the largest feature drowns the others' updates."""
    at = {"right": _pct(summ["train_accuracy"]), "n": number(f"{n_train:,}")}
    if scales and scales[1] >= SCALES_APART * scales[0]:
        return _("Its answer puts {right} % of the {n} training examples in their class. Mistakes never stopped, "
                 "and the features' scales are far apart (standard deviations from {low} to {high}), so the largest "
                 "ones dominate every score. Try Standardize (every feature on one scale) before concluding that no "
                 "W separates the classes.").format(**at, low=_g(scales[0]), high=_g(scales[1]))
    if summ["average"]:
        return _("Its answer puts {right} % of the {n} training examples in their class (the mean of every W). "
                 "Mistakes never stopped: more epochs may help, or no W separates the classes.").format(**at)
    return _("Its answer puts {right} % of the {n} training examples in their class. Mistakes never stopped: "
             "perhaps no W separates the classes. Try Average (predict with the mean of every W seen) and compare "
             "the two accuracies.").format(**at)

