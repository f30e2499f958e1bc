"""The run budget bounds the runs issue 36 found it missing (links started them without asking):
voted on 200 000 rows (estimated 7.7 s, still running at 45 s), multiclass with 100 classes
(3.6 s, ran 15 s), breast cancer with poly2 and voted (9.1 s, ran 31 s).

Not timed: each run goes through the bridge as the page sends it (train with the boundary,
theory, the other plots) while the work the estimate leaves out is counted where it is done, and
the estimate's own counts must be at least those: the point-vote pairs every voted prediction
polls (core/strategies.py vote_scores, stubbed here to count and answer 0: the bridge goes on
unchanged, at no cost) and the epoch accuracies' products; the numbers drawn in the multiclass
confusion matrix. bench/run_cost.py times the same runs against the estimate."""

import base64

import numpy as np
import pytest

from perceptron_lab import run_cost, settings
from perceptron_lab.bridge import handle
from perceptron_lab.core import loop, strategies

L = settings.LIMITS
LATER_PLOTS = ["mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]  # js/plot/plots.js


def csv_request(X, labels):
    text = "\n".join(["a,b,label"] + [f"{a:.5f},{b:.5f},{c}" for (a, b), c in zip(X, labels)])
    return {"kind": "csv", "base64": base64.b64encode(text.encode()).decode(), "label": 2}


def page_run(data, s, later=LATER_PLOTS):
    """The page's requests for a run: the boundary with it, the theory, then the other plots."""
    r = handle({"cmd": "train", "data": data, "settings": {**s, "plots": True, "plot_kinds": ["boundary"]},
                "theory": "later"})
    assert r["ok"], r
    assert handle({"cmd": "theory"})["ok"]
    more = handle({"cmd": "plots", "kinds": later})
    assert more["ok"], more
    return r


@pytest.fixture
def polls(monkeypatch):
    """Every point-vote pair a voted run polls, and the most votes it kept."""
    seen = {"pairs": 0, "votes": 0}

    def counted(Z, W, c):
        seen["pairs"] += len(Z) * len(W)
        seen["votes"] = max(seen["votes"], len(W))
        return np.zeros(len(Z))  # the answer is not what is counted

    original = strategies.Voted.epoch_accuracies

    def accuracies(self, snaps, Z, y, w):
        W, _ = self.votes(w)
        seen["votes"] = max(seen["votes"], len(W))
        if len(Z) * len(W) <= strategies.VOTE_WORK_MAX:  # else skipped (as the strategy does)
            seen["pairs"] += len(Z) * len(W)
        return original(self, snaps, Z, y, w)

    monkeypatch.setattr(strategies, "vote_scores", counted)
    monkeypatch.setattr(loop, "vote_scores", counted)
    monkeypatch.setattr(strategies.Voted, "epoch_accuracies", accuracies)
    return seen


def vote_part_us(rows, epochs, width, plots):
    """The estimate's share for polling votes, in µs (x̃ of `width` values)."""
    return run_cost.vote_pairs(rows, epochs, plots) * (L["cost_us_per_vote_pair"] + width * L["cost_us_per_vote_value"])


def test_voted_on_200000_rows_polls_no_more_votes_than_estimated(polls):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(200_000, 2))
    labels = np.where(X[:, 0] + 0.5 * rng.normal(size=len(X)) > 0, "yes", "no")  # noisy: a mistake every few rows
    page_run(csv_request(X, labels), {"algorithm": "voted", "epochs": 3})
    assert polls["votes"] > L["votes_max"]  # the run kept more than the cap (it stops after the epoch passing it)
    assert polls["votes"] <= run_cost.most_votes(200_000, 3)
    assert polls["pairs"] > 10 ** 10  # the work the old estimate (7.7 s) left out
    assert polls["pairs"] <= run_cost.vote_pairs(200_000, 3, plots=True)
    # The estimate in seconds covers the counted polls at the estimate's own price per pair.
    assert run_cost.seconds(200_000, 2, 3, "voted") * 1e6 >= vote_part_us(200_000, 3, 3, False)
    assert vote_part_us(200_000, 3, 3, True) >= polls["pairs"] * (L["cost_us_per_vote_pair"] + 3 * L["cost_us_per_vote_value"])


def test_breast_cancer_poly2_voted_polls_no_more_than_estimated(polls):
    page_run({"kind": "preset", "name": "breast-cancer"}, {"algorithm": "voted", "epochs": 100, "feature_map": "poly2"})
    width = 30 * 33 // 2 + 1  # poly2 of 30 features: 495, and the bias
    assert polls["pairs"] > 569 * 1000  # thousands of votes polled at every row
    assert polls["votes"] <= run_cost.most_votes(569, 100)
    assert polls["pairs"] <= run_cost.vote_pairs(569, 100, plots=True)
    # The old estimate, 569 × 100 × (12 + 496 × 0.3) µs = 9.1 s, was the training alone.
    assert run_cost.seconds(569, 30, 100, "voted", feature_map="poly2") > 9.2
    assert vote_part_us(569, 100, width, True) >= polls["pairs"] * (L["cost_us_per_vote_pair"] + width * L["cost_us_per_vote_value"])


def test_100_classes_draw_no_more_confusion_numbers_than_estimated(monkeypatch):
    from matplotlib.axes import Axes

    drawn = {"texts": 0}
    text = Axes.text

    def counted(self, *a, **k):
        drawn["texts"] += 1
        return text(self, *a, **k)

    monkeypatch.setattr(Axes, "text", counted)
    rng = np.random.default_rng(2)
    X = rng.normal(size=(3000, 2))
    labels = [f"c{i}" for i in rng.integers(0, 100, len(X))]
    r = page_run(csv_request(X, labels), {"algorithm": "multiclass", "epochs": 20}, later=["mistakes", "accuracy"])
    classes = len(r["classes"])
    assert classes == 100
    # 10 000 numbers in cells of 3 × 2 px cost seconds and showed nothing: past confusion_numbers_max
    # classes the counts are shown by colour only, so the budget's cells (none here) bound the text drawn.
    assert classes > L["confusion_numbers_max"]
    assert drawn["texts"] <= 50
