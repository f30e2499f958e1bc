"""Every sentence of seeded random margin perceptron runs, judged by tests/py/margin_oracle.py (the
bench/margin_sentence_sweep.py sample, smaller)."""

import numpy as np

from perceptron_lab.bridge import handle

import margin_oracle as oracle


def test_every_judged_claim_of_random_margin_runs_is_true():
    rng = np.random.default_rng(2026)
    judged, false, names = 0, [], set()
    for _ in range(60):
        X, y, s = oracle.random_case(rng)
        r = handle({"cmd": "train", "data": oracle.csv_of(X, y), "settings": s})
        assert r["ok"], r
        for name, ok, detail in oracle.judge(X, y, s, r):
            judged += 1
            names.add(name)
            if not ok:
                false.append((name, detail, X.tolist(), y.tolist(), s))
    assert not false, false[:3]
    # the sample reaches the claims that matter: the bound, convergence, cycles, the τ it names
    assert {"the theorem holds", "updates ≤ bound", "converged at its epoch", "every example clears τ",
            "the weights repeat", "names its τ", "separable", "not separable"} <= names
    assert judged > 300


def test_the_judge_catches_a_run_that_ignores_tau():
    """The oracle is no rubber stamp: an online run's answer passed off as a margin run's fails it."""
    X = np.array([[1.0, 1.0], [2.0, 0.0], [-1.0, -2.0], [-2.0, 0.0]])
    y = np.array([1, 1, -1, -1])
    s = {"algorithm": "margin", "tau": 3.5, "eta": 1.0, "bias": True, "early_stop": False, "order": "fixed",
         "epochs": 100, "seed": 0, "plots": False}
    online = handle({"cmd": "train", "data": oracle.csv_of(X, y), "settings": {**s, "algorithm": "online"}})
    verdicts = {name: ok for name, ok, _ in oracle.judge(X, y, s, online)}
    assert verdicts["updates"] is False
