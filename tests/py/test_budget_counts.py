"""The run budget's step two: the train answer carries the real counts (votes kept, mistakes, epochs
run, the rows and the width of x̃, the kernel's support vectors), and the later plots poll exactly
what those counts say (site/js/run/budget.js laterEstimate prices them: votes × (test rows, and the
training rows when the score strip is drawn) pairs of x̃_width values each).

The polls are counted where they are made (core/strategies.py vote_scores, stubbed to count and
answer 0), the counts of the answer are checked against the run's own record (its trace), and the
figures issue 36 reported are held: breast cancer with poly2 and voted keeps a few thousand votes,
not the 56,901 counted before the run."""

import numpy as np
import pytest

from perceptron_lab import run_cost
from perceptron_lab.bridge import handle
from perceptron_lab.core import loop, strategies

LATER_PLOTS = ["mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]  # js/plot/plots.js


@pytest.fixture
def polls(monkeypatch):
    seen = {"pairs": 0, "votes": 0}

    def counted(Z, W, c):
        seen["pairs"] += len(Z) * len(W)
        seen["votes"] = max(seen["votes"], len(W))
        return np.zeros(len(Z))

    monkeypatch.setattr(strategies, "vote_scores", counted)
    monkeypatch.setattr(loop, "vote_scores", counted)
    return seen


def test_breast_cancer_poly2_voted_answer_holds_the_counts_its_later_plots_poll(polls):
    s = {"algorithm": "voted", "epochs": 20, "feature_map": "poly2", "test_fraction": 0.2, "plots": True,
         "plot_kinds": ["boundary"]}
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"}, "settings": s, "theory": "later"})
    assert r["ok"], r
    n = r["dataset"]
    assert (n["n_train"], n["n_test"]) == (456, 113)
    assert n["x_tilde_width"] == 30 * 33 // 2 + 1  # poly2 of 30 features (495) and the bias
    assert r["epochs"] == 20 and r["status"] == "max_epochs"
    # Every mistake keeps a vote (the w before it stops voting), so the votes are the mistakes: far
    # fewer than the most the estimate before the run can count.
    assert r["votes"] == r["mistakes"] == r["trace"]["total"]
    assert 1000 < r["votes"] < run_cost.most_votes(456, 20) / 4
    polls.update(pairs=0, votes=0)
    more = handle({"cmd": "plots", "kinds": LATER_PLOTS})
    assert more["ok"], more
    # The accuracy plot polls every vote at each test row, the score strip (30 features) at each training row.
    assert polls["votes"] == r["votes"]
    assert polls["pairs"] == r["votes"] * (n["n_test"] + n["n_train"])


def test_a_two_feature_voted_run_polls_its_votes_only_at_the_test_rows_later(polls):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(400, 2))
    y = np.where(X[:, 0] + 0.7 * rng.normal(size=len(X)) > 0, 1, -1)
    points = [[float(a), float(b), int(c)] for (a, b), c in zip(X, y)]
    s = {"algorithm": "voted", "epochs": 5, "test_fraction": 0.25, "plots": True, "plot_kinds": ["boundary"]}
    r = handle({"cmd": "train", "data": {"kind": "points", "points": points}, "settings": s, "theory": "later"})
    assert r["ok"], r
    assert r["dataset"]["x_tilde_width"] == 3 and r["votes"] == r["mistakes"] > 50
    polls.update(pairs=0, votes=0)
    assert handle({"cmd": "plots", "kinds": LATER_PLOTS})["ok"]
    assert polls["pairs"] == r["votes"] * r["dataset"]["n_test"]  # no score strip for two features


def test_a_kernel_answer_counts_its_support_vectors():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "xor"},
                "settings": {"algorithm": "kernel", "kernel": "poly", "degree": 2, "plots": False}, "theory": "later"})
    assert r["ok"], r
    alpha = np.array(r["alpha"])
    assert r["support_count"] == int(np.count_nonzero(alpha)) == len(r["support"])
    assert int(alpha.sum()) == r["mistakes"]  # each mistake adds 1 to one example's count


def test_the_budget_prices_pocket_as_the_ratchet_exactly_where_the_core_runs_it():
    from perceptron_lab import settings

    cost = settings.option("algorithm", "pocket")["cost"]
    assert cost["ratchet"]["work"] == strategies.POCKET_EXHAUSTIVE_WORK
    # The core weighs every w while the training Z (rows × (features + bias)) holds at most that many values.
    for rows in (16_000, 16_666, 16_667, 25_000, 25_001, 25_002, 40_000):
        Z = np.ones((rows - 1, 3))  # the budget's rows less one (a split's rounding), two features and the bias
        core_ratchet = Z.size > strategies.POCKET_EXHAUSTIVE_WORK
        priced_ratchet = run_cost.weights_factor(cost, rows, 2) == cost["ratchet"]["factor"]
        assert not priced_ratchet or core_ratchet, rows  # never the cheap price for the costly rule
