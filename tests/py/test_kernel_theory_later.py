"""The kernel run's picture first, its margin in feature space after: a train request with
theory: "later" answers with R and no verdict, the theory request gives exactly what the inline
train answer gives, and a solver stopped by its budget proves only what the exact solver
(theory.kernel_bound.bound_in_feature_space without a deadline) confirms."""

import importlib
import json

import numpy as np
import pytest

from perceptron_lab.bridge import handle, linear_theory, session
from perceptron_lab.core import kernel_perceptron as km
from perceptron_lab.theory import kernel_bound
from tools.planted_data import csv_text, planted
from test_theory_request import Clock  # one second per reading: a deadline falls mid-solve

nnls_module = importlib.import_module("perceptron_lab.theory.nnls")
margin_module = importlib.import_module("perceptron_lab.theory.margin")
dual_module = importlib.import_module("perceptron_lab.theory.dual_margin")

THEORY_KEYS = ("R", "gamma", "bound", "separable", "separable_reason", "gamma_upper", "theory_note",
               "status_text", "separable_text", "bound_text", "classifier_text", "split_text", "proof_text")


def noisy(seed, n, flip, d=2, margin=0.05):
    """n planted points in d dimensions with a fraction `flip` of their labels flipped, as a CSV request."""
    X, y, _ = planted(seed, n, d, margin, decimals=3)
    y[np.random.default_rng(seed + 100).permutation(n)[:int(flip * n)]] *= -1
    return {"kind": "csv", "text": csv_text(X, y, labels=("-1", "1"), number="{:.3f}".format), "name": "k.csv"}, X, y


def train(data, settings, later):
    r = handle({"cmd": "train", "data": data, "settings": {"plots": False, "algorithm": "kernel", **settings},
                **({"theory": "later"} if later else {})})
    assert r["ok"], r
    return r


CASES = [
    ({"kind": "preset", "name": "xor"}, {"kernel": "rbf"}),
    ({"kind": "preset", "name": "xor"}, {"kernel": "poly", "degree": 2}),
    ({"kind": "preset", "name": "clouds"}, {"kernel": "linear"}),
    ({"kind": "preset", "name": "circles"}, {"kernel": "poly", "degree": 2, "test_fraction": 0.2}),
    (noisy(1, 200, 0.1)[0], {"kernel": "rbf", "epochs": 20}),
    (noisy(2, 150, 0.5)[0], {"kernel": "poly", "degree": 3, "epochs": 10}),
    (noisy(3, 120, 0.1)[0], {"kernel": "linear", "epochs": 5, "order": "shuffle-each"}),
]


@pytest.mark.parametrize("data, settings", CASES)
def test_the_theory_request_gives_what_the_inline_train_answer_said(data, settings):
    inline = train(data, settings, later=False)
    assert inline["theory_pending"] is False
    later = train(data, settings, later=True)
    assert later["theory_pending"] is True and later["R"] == inline["R"]
    t = handle({"cmd": "theory"})
    assert t["ok"] and t["theory_pending"] is False
    assert {k: t[k] for k in THEORY_KEYS} == {k: inline[k] for k in THEORY_KEYS}
    assert handle({"cmd": "theory"}) == t  # asked again: the same, from the session
    # The bound on the mistakes plot and in the model file is the completed one.
    assert session.current().mistake_bound == inline["bound"]


@pytest.mark.parametrize("data, settings", CASES[:2] + CASES[4:6])
def test_a_pending_kernel_answer_claims_nothing(data, settings):
    r = train(data, settings, later=True)
    assert r["separable"] is None and r["gamma"] is None and r["bound"] is None and r["gamma_upper"] is None
    assert r["separable_reason"] == "pending" and r["theory"]["reason"] == "pending"
    assert r["separable_text"] == "Computing the margin…" and r["bound_text"] == ""
    for key in ("status_text", "classifier_text", "split_text", "proof_text"):
        assert "separable" not in r[key] and "(R/γ)²" not in r[key], (key, r[key])
    assert r["R"] == pytest.approx(np.sqrt(np.max(np.diag(session.current().run.K))))


def test_past_the_solvers_limit_the_theory_comes_with_the_run():
    """Over THEORY_MAX_POINTS a poly/rbf run has no solver to wait for: its answer is complete."""
    data, _, _ = noisy(4, kernel_bound.THEORY_MAX_POINTS + 20, 0.1)
    r = train(data, {"kernel": "rbf", "epochs": 3}, later=True)
    assert r["theory_pending"] is False and r["separable"] is True  # RBF on distinct inputs
    assert f"up to {kernel_bound.THEORY_MAX_POINTS}" in r["separable_text"]


@pytest.mark.parametrize("seed, n, flip, settings, seconds", [
    (5, 200, 0.0, {"kernel": "rbf", "gamma": 0.5, "epochs": 1}, 12),
    (6, 250, 0.1, {"kernel": "rbf", "gamma": 2.0, "epochs": 5}, 25),
    (7, 200, 0.0, {"kernel": "poly", "degree": 3, "epochs": 2}, 8),
    (8, 300, 0.1, {"kernel": "poly", "degree": 2, "epochs": 5}, 5),
    (9, 300, 0.1, {"kernel": "linear", "epochs": 5, "order": "shuffle-each"}, 3),
])
def test_a_stopped_kernel_solver_proves_only_what_the_exact_one_confirms(monkeypatch, seed, n, flip, settings,
                                                                         seconds):
    data, _, _ = noisy(seed, n, flip)
    r = train(data, settings, later=True)
    f = session.current()
    exact = kernel_bound.bound_in_feature_space(f.run)
    clock = Clock()  # one clock for the exact solver's share, its iterations and the dual sweeps
    for module in (nnls_module, margin_module, dual_module):
        monkeypatch.setattr(module, "time", clock)
    f.complete_theory(deadline=seconds)
    t = f.theory_json()
    th = f.summary["theory"]
    assert th["complete"] is False and t["theory_pending"] is False and th["budget"] == linear_theory.MARGIN_SECONDS
    assert t["separable"] is not False  # "not separable" needs the solver's end or a proved cycle
    if exact["gamma"] is not None and t["gamma_upper"] is not None:
        assert t["gamma_upper"] >= exact["gamma"] * (1 - 1e-9)  # no margin is above the upper bound
    if t["separable_reason"] == "margin lower bound":
        assert exact["separable"] is True and 0 < t["gamma"] <= exact["gamma"] * (1 + 1e-9)
        assert t["bound"] == pytest.approx((t["R"] / t["gamma"]) ** 2) and t["bound"] >= exact["bound"] * (1 - 1e-9)
        assert r["mistakes"] <= t["bound"]  # Novikoff holds with any unit w's margin
        assert "lower bound on the maximum margin" in t["separable_text"] and "lower bound" in t["bound_text"]
    else:
        assert t["separable_reason"] == "out of time" and t["gamma"] is None and t["bound"] is None
        # What needs no solver: a converged run, or RBF on distinct inputs; else undecided.
        known = True if r["status"] == "converged" or settings["kernel"] == "rbf" else None
        assert t["separable"] is known
        assert "stopped at its time limit" in t["separable_text"] and t["bound_text"].startswith("No mistake bound")
    assert t["R"] == exact["R"]


def test_out_of_time_the_page_keeps_the_runs_own_margin(monkeypatch):
    """Budget 0: the run converged, so its own w = Σ αᵢ yᵢ φ̃(xᵢ) has a verified margin, a true bound."""
    data, _, _ = noisy(10, 150, 0.0)
    monkeypatch.setattr(linear_theory, "MARGIN_SECONDS", 0.0)
    r = train(data, {"kernel": "poly", "degree": 2}, later=True)
    assert r["status"] == "converged"
    exact = kernel_bound.bound_in_feature_space(session.current().run)
    t = handle({"cmd": "theory"})
    assert t["separable"] is True and t["separable_reason"] == "margin lower bound"
    assert 0 < t["gamma"] <= exact["gamma"] * (1 + 1e-9) and r["mistakes"] <= t["bound"]
    assert "0 s" in t["separable_text"]


def test_out_of_time_without_a_proof_says_so(monkeypatch):
    data, _, _ = noisy(11, 200, 0.2)
    monkeypatch.setattr(linear_theory, "MARGIN_SECONDS", 0.0)
    train(data, {"kernel": "linear", "epochs": 3, "order": "shuffle-each"}, later=True)
    t = handle({"cmd": "theory"})
    assert t["separable"] is None and t["separable_reason"] == "out of time" and t["bound"] is None
    assert t["separable_text"].startswith("Whether the training data is separable in the kernel's feature space is "
                                          "undecided: the margin solver stopped at its time limit of 0 s")


def test_the_model_file_waits_for_the_margin():
    data, _, _ = noisy(12, 100, 0.0)
    inline = train(data, {"kernel": "rbf"}, later=False)
    train(data, {"kernel": "rbf"}, later=True)
    model = handle({"cmd": "export", "what": "model"})
    assert json.loads(model["text"])["theory"] == inline["theory"]


def test_with_no_time_at_all_the_bound_is_the_runs_own_margins(monkeypatch):
    """No solver iterate and no dual sweep: the margin shown is that of the run's w = Σ αᵢ yᵢ φ̃(xᵢ),
    min yᵢ f(xᵢ) / ‖w‖ with ‖w‖² = (αy)ᵀK̃(αy), computed here from K̃ alone."""
    data, _, _ = noisy(13, 150, 0.0)
    monkeypatch.setattr(linear_theory, "MARGIN_SECONDS", 0.0)
    monkeypatch.setattr(margin_module, "dual_margin", lambda Z, y, deadline: (None, None, None))
    r = train(data, {"kernel": "poly", "degree": 2}, later=True)
    run = session.current().run
    assert r["status"] == "converged"
    c = run.model.alpha * run.y.astype(float)
    own = float(np.min(run.y * (run.K @ c)) / np.sqrt(c @ run.K @ c))
    t = handle({"cmd": "theory"})
    assert t["separable_reason"] == "margin lower bound" and t["gamma"] == pytest.approx(own, rel=1e-6)
    assert t["bound"] == pytest.approx((t["R"] / own) ** 2, rel=1e-6) and r["mistakes"] <= t["bound"]
