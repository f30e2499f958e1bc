"""The sentences of a multiclass perceptron run, from its summary's numbers (no I/O, no DOM).

Each says only what the numbers of that run show; the keys are the ones texts.run_texts uses,
so the page's result panel shows them in the same places.
"""

from .numbers import g as _g
from .run import split_text
from .stopping import status_text as _status


def multiclass_texts(summ, *, n_train, dataset_name, n_test=0):
    k = len(summ["classes"])
    avg = "averaged " if summ["average"] else ""
    status = _status(summ, dataset_name, f"{avg}multiclass perceptron ({k} classes)")
    if summ["status"] != "converged":
        status += " " + _unfinished(summ, n_train)
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


def multiclass_step_text(i, true_class, rival_class, score_true, score_rival):
    return (f"Example {i + 1} is class {true_class}, but class {rival_class} scored {_g(score_rival)} ≥ "
            f"{_g(score_true)} (its own class's score): W[{true_class}] += η·x̃ and W[{rival_class}] −= η·x̃.")


def _unfinished(summ, n_train):
    """What a run that never had a clean epoch got right, and what the reader can try."""
    right = f"Its answer puts {100 * summ['train_accuracy']:.1f} % of the {n_train:,} training examples in their class"
    if summ["average"]:
        return (f"{right} (the mean of every W). Mistakes never stopped: more epochs may help, "
                "or no W separates the classes.")
    return (f"{right}. Mistakes never stopped: perhaps no W separates the classes. "
            "Try Average (predict with the mean of every W seen) and compare the two accuracies.")

