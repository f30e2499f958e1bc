"""What differs, in words, from one primal perceptron to another, as a table keyed by the
algorithm (params.json's algorithm options of the linear family): what it is in one sentence,
which classifier its weights are, what keeps moving after its last mistake, and how its updates
leave the online path that Novikoff's theorem and its proof follow. texts/run.py builds every
sentence of a run around these, and the package's estimator class of the variant (params.json
`estimator`, made in estimators/linear.py) has its summary as docstring; a new variant adds its
entry here (tests/py/test_texts.py checks the table against params.json and the core's strategies).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..i18n import N_, _, number


@dataclass(frozen=True)
class Variant:
    """summary: the variant in one sentence (its estimator class's docstring, help() shows it).
    classifier(run, train_accuracy, last_accuracy): which classifier the weights, accuracies and
    boundary plot belong to. runs_on: what keeps moving after the mistakes stop (a variant that
    runs all epochs, as Algorithm 2 does; "" for one that stops at its first clean epoch).
    converged: what a clean epoch means, when it is not "the last epoch made no mistake".
    off_path: why the theorem's bound does not count its updates ("" : they are the online ones),
    and no_proof: why there is then no proof plot. past_cycle: what more epochs would still change
    once the online w goes round a lap (a variant whose answer is not the last w). settled: what is
said instead of runs_on when the answer already equals the last w (the mean of every w is the last
w, e.g. after a single update at the first example), so more epochs leave it where it is."""

    summary: str
    classifier: Callable
    runs_on: str = ""
    converged: str = ""
    off_path: str = ""
    no_proof: str = ""
    past_cycle: str = ""  # what would still move after the online w cycles (averaged, voted)
    settled: str = ""  # runs_on's words when the answer already is the last w (then nothing moves)


def _pct(x):
    return number(f"{x:.1%}")


def _online(run, train_accuracy, last_accuracy):
    return _("The weights are the last w of the online updates.")


def _batch(run, train_accuracy, last_accuracy):
    return _("The weights are w after the last batch step (one summed update per epoch).")


def _averaged(run, train_accuracy, last_accuracy):
    return _("The weights, accuracies and plot are the averaged perceptron's: the mean of w after every example "
             "seen (Algorithm 2's μ divided by the number of examples): {train} right on the training data. The "
             "last w alone gets {last} right.").format(train=_pct(train_accuracy), last=_pct(last_accuracy))


def _voted(run, train_accuracy, last_accuracy):
    k = len(run.model.votes[1])
    return _("Two classifiers here. The vote, sign(Σ c_k·sign(w_k·x̃)) over {vectors} weight vectors "
             "(c_k: examples after which w_k was the current w), gives the accuracies "
             "({train} on the training data) and the regions of the boundary plot. "
             "The weights shown are only the last w ({last} right on the training data). "
             "The vote can get a point wrong that the last w gets right: earlier, worse vectors "
             "still hold votes.").format(vectors=number(f"{k:,}"), train=_pct(train_accuracy),
                                         last=_pct(last_accuracy))


def _pocket(run, train_accuracy, last_accuracy):
    if run.pocket_rule == "every":
        return _("The weights are the pocket's: every w on the path was weighed on the whole training set and the "
                 "most accurate kept. The last w gets {last} right.").format(last=_pct(last_accuracy))
    return _("The weights are the pocket's: the data is too large to weigh every w, so Gallant's ratchet ran: a "
             "w was weighed only when its run of correct predictions was the longest so far, and kept only if "
             "more accurate than the pocket's. The last w gets {last} right.").format(last=_pct(last_accuracy))


def _margin(run, train_accuracy, last_accuracy):
    return _("The weights are the last w of the margin perceptron's updates (one whenever y·(w·x̃) ≤ τ = {tau}, "
             "a mistake or a correct example too close to the boundary).").format(
        tau=number(f"{run.rule.threshold:g}"))


# The entries' words are marked for the catalog (N_) and translated where they are shown
# (texts/run.py asks _ for them), so the table itself stays in the language of the code.
VARIANTS = {
    "online": Variant(
        "Rosenblatt's online perceptron: w ← w + eta·y·x̃ at each mistake, example by example.",
        _online),
    "batch": Variant(
        "Batch perceptron: w ← w + eta·Σ_{mistakes} y·x̃, once an epoch (gradient step on the criterion).",
        _batch,
        converged=N_("no training point is misclassified any more"),
        off_path=N_("Batch takes one summed step per epoch"),
        no_proof=N_("No proof plot for batch: the proof follows the online updates w ← w + η·y·x̃, one "
                    "example at a time, and batch's summed steps are another path. Train the online "
                    "perceptron (or averaged, voted, pocket: they walk the online path) to see it.")),
    "averaged": Variant(
        "Averaged perceptron: the answer is the mean of w after every example seen.",
        _averaged, runs_on=N_("the average keeps moving toward the last w"),
        settled=N_("the average already equals the last w, so those epochs left it where it was"),
        past_cycle=N_("the average would move toward the mean w of that lap, unless it already is that mean")),
    "voted": Variant(
        "Voted perceptron: sign(Σ_k c_k·sign(w_k·x̃)) predicts; coef_/intercept_ are only the last w.",
        _voted, runs_on=N_("the last w keeps gaining votes"),
        past_cycle=N_("the lap's weight vectors would keep gaining votes")),
    "pocket": Variant(
        "Pocket perceptron (with ratchet): the answer is the w of best training accuracy met on the way.",
        _pocket),
    "margin": Variant(
        "Margin perceptron: w ← w + eta·y·x̃ whenever y·(w·x̃) <= tau, until every example clears tau.",
        _margin,
        converged=N_("every training example has y·(w·x̃) > τ, so none is misclassified")),
}
