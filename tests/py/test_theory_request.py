"""The margin after the first picture: a train request with theory: "later" answers without the
solver's verdict, the theory request completes it, and a solver stopped by its budget says only
what it proved (checked against the exact max margin, the brute-force oracle of test_theory)."""

import math
import time

import numpy as np
import pytest

from perceptron_lab import heartbeat
from perceptron_lab.bridge import handle
from perceptron_lab.bridge import linear_theory, session
from perceptron_lab.theory import margin_of, max_margin
import importlib

from tools.planted_data import csv_text, planted
from perceptron_lab.texts import run as texts

# The modules (perceptron_lab.theory re-exports functions of the same names).
nnls_module = importlib.import_module("perceptron_lab.theory.nnls")
margin_module = importlib.import_module("perceptron_lab.theory.margin")
dual_module = importlib.import_module("perceptron_lab.theory.dual_margin")

THEORY_KEYS = ("R", "gamma", "bound", "u", "separable", "separable_reason", "gamma_upper", "theory_note",
               "status_text", "separable_text", "bound_text", "proof_text", "split_text")


def points_csv(X, y):
    return csv_text(X, y, labels=("-1", "1"))


class Clock:
    """time.monotonic for a module: one second per reading, so a deadline falls mid-solve."""

    def __init__(self):
        self.now = 0.0

    def monotonic(self):
        self.now += 1.0
        return self.now


def test_the_train_answer_waits_for_no_margin_and_claims_no_verdict():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": False},
                "theory": "later"})
    assert r["ok"] and r["theory_pending"] is True
    assert r["separable"] is None and r["gamma"] is None and r["bound"] is None and r["u"] is None
    assert r["R"] == pytest.approx(math.sqrt(3))  # R needs no solver: max ‖(x1, x2, 1)‖ on AND
    assert r["separable_text"] == "Computing the margin…" and r["bound_text"] == ""
    assert "computing the margin" in r["proof_text"]
    t = handle({"cmd": "theory"})
    # AND's max margin through the origin in x̃-space is 1/√17 (u ∝ (2, 2, −3)).
    assert t["ok"] and t["theory_pending"] is False and t["separable"] is True
    assert t["gamma"] == pytest.approx(1 / math.sqrt(17), rel=1e-9)
    assert t["bound"] == pytest.approx(3 * 17, rel=1e-9)
    assert t["bound_text"].startswith("mistakes 18 ≤ bound 51")


@pytest.mark.parametrize("name, settings", [
    ("and", {}), ("xor", {}), ("or", {"algorithm": "averaged"}), ("clouds", {"test_fraction": 0.3}), ("overlap", {"test_fraction": 0.2}),
    ("xor", {"algorithm": "pocket", "epochs": 5}), ("and", {"algorithm": "batch", "bias": False}),
])
def test_the_theory_request_completes_what_the_train_answer_said_inline(name, settings):
    settings = {"plots": False, **settings}
    inline = handle({"cmd": "train", "data": {"kind": "preset", "name": name}, "settings": settings})
    later = handle({"cmd": "train", "data": {"kind": "preset", "name": name}, "settings": settings, "theory": "later"})
    assert later["theory_pending"] is True and inline["theory_pending"] is False
    t = handle({"cmd": "theory"})
    assert {k: t[k] for k in THEORY_KEYS} == {k: inline[k] for k in THEORY_KEYS}
    assert handle({"cmd": "theory"}) == t  # asked again: the same, from the session


def test_an_epoch_limit_run_claims_nothing_about_separability_before_the_margin():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "overlap"},
                "settings": {"plots": False, "epochs": 3}, "theory": "later"})
    assert r["status"] == "max_epochs"
    assert r["status_text"] == "Stopped at the epoch limit (3 epochs) without converging."
    t = handle({"cmd": "theory"})
    assert "not linearly separable" in t["status_text"] and t["separable"] is False


def test_plots_that_need_the_margin_get_it_and_the_boundary_does_not_wait():
    handle({"cmd": "train", "data": {"kind": "preset", "name": "and"},
            "settings": {"plot_kinds": ["boundary"]}, "theory": "later"})
    assert session.current().theory_done is False  # the boundary was drawn without it
    p = handle({"cmd": "plots", "kinds": ["proof"]})
    assert p["ok"] and p["plots"]["proof"] is not None
    assert session.current().theory_done is True


def test_the_theory_request_needs_a_run_and_a_known_value():
    session.replace(None)
    assert handle({"cmd": "theory"})["error"]["kind"] == "no_session"
    bad = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "theory": "soon"})
    assert bad["error"]["kind"] == "settings" and bad["error"]["field"] == "theory"


def test_a_multiclass_run_has_no_theory_pending():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "iris"},
                "settings": {"plots": False, "algorithm": "multiclass"}, "theory": "later"})
    assert r["ok"] and r["theory_pending"] is False
    assert handle({"cmd": "theory"}) == {"ok": True, "R": None, "gamma": None, "bound": None, "separable": None,
                                         "theory_note": None, "theory_pending": False, "algorithm": "multiclass"}


@pytest.mark.parametrize("seed, n, d, margin, seconds, proved", [
    (0, 300, 12, 0.05, 20, None), (1, 200, 30, 0.02, 60, None), (2, 500, 6, 0.1, 3, None),
    (2, 500, 6, 0.1, 5, True), (2, 500, 6, 0.1, 40, True), (6, 400, 50, 0.001, 40, None)])
def test_a_stopped_solver_proves_only_a_lower_and_an_upper_bound(monkeypatch, seed, n, d, margin, seconds, proved):
    X, y, _ = planted(seed, n, d, margin)
    exact = max_margin(X, y)
    assert exact.complete and exact.separable
    clock = Clock()  # one clock for the exact solver's share, its iterations and the dual sweeps
    for module in (nnls_module, margin_module, dual_module):
        monkeypatch.setattr(module, "time", clock)
    m = max_margin(X, y, deadline=seconds)
    assert m.complete is False and m.separable is proved
    assert m.gamma_upper is not None and m.gamma_upper >= exact.gamma * (1 - 1e-12)
    if m.separable:  # a verified margin of the returned unit u: every point on its side, below the maximum
        assert np.linalg.norm(m.u) == pytest.approx(1.0)
        assert margin_of(m.u, X, y) == pytest.approx(m.gamma) and 0 < m.gamma <= exact.gamma * (1 + 1e-12)
    else:
        assert m.separable is None and m.u is None  # never "not separable" without the solver's end


def test_out_of_time_the_page_keeps_a_true_bound_from_the_run(monkeypatch):
    X, y, _ = planted(3, 400, 20, 0.05)
    exact = max_margin(X, y)
    monkeypatch.setattr(linear_theory, "MARGIN_SECONDS", 0.0)
    r = handle({"cmd": "train", "data": {"kind": "csv", "text": points_csv(X, y), "name": "p.csv"},
                "settings": {"plots": False, "bias": False}, "theory": "later"})
    assert r["status"] == "converged"
    t = handle({"cmd": "theory"})
    assert t["separable"] is True and t["separable_reason"] == "margin lower bound"
    assert 0 < t["gamma"] <= exact.gamma * (1 + 1e-12)
    assert t["gamma"] >= r["margin_of_w"] * (1 - 1e-12)  # at least the run's own w's margin
    assert r["mistakes"] <= t["bound"]  # Novikoff holds with any unit u's margin
    assert "lower bound" in t["separable_text"] and "0 s" in t["separable_text"]
    assert t["proof_text"] == ""


def test_out_of_time_without_a_proof_says_so(monkeypatch):
    X, y, _ = planted(4, 300, 10, 0.05)
    y[:7] = -y[:7]  # label noise: no run converges
    monkeypatch.setattr(linear_theory, "MARGIN_SECONDS", 0.0)
    handle({"cmd": "train", "data": {"kind": "csv", "text": points_csv(X, y), "name": "p.csv"},
            "settings": {"plots": False, "bias": False, "epochs": 3, "order": "shuffle-each"}, "theory": "later"})
    t = handle({"cmd": "theory"})
    assert t["separable"] is None and t["separable_reason"] == "out of time" and t["bound"] is None
    assert t["separable_text"].startswith("Separability could not be decided: the margin solver stopped at its "
                                          "time limit")
    assert "Whether the data is linearly separable could not be decided" in t["status_text"]


def test_the_solver_beats_while_it_solves(monkeypatch):
    X, y, _ = planted(5, 400, 20, 0.01)
    beats = []
    monkeypatch.setattr(heartbeat, "time", Clock())  # every beat() is a second later
    with heartbeat.listening(lambda: beats.append(1)):
        m = max_margin(X, y)
    assert m.separable and len(beats) >= 20  # about one per least-squares solve


def test_every_reason_has_its_sentence():
    for reason in ("pending", "margin lower bound", "out of time"):
        th = {"R": 1.0, "separable": True if reason == "margin lower bound" else None, "reason": reason,
              "gamma": 0.1 if reason == "margin lower bound" else None, "budget": 10.0, "n": 10}
        assert texts.separability_text(th) and "could not decide" not in texts.separability_text(th)


@pytest.mark.parametrize("seed, n, d, margin", [(0, 300, 12, 0.05), (1, 200, 30, 0.02), (7, 150, 3, 0.2)])
def test_dual_coordinate_descent_brackets_the_exact_margin(seed, n, d, margin):
    X, y, _ = planted(seed, n, d, margin)
    exact = max_margin(X, y)
    u, gamma, upper = dual_module.dual_margin(X, y, time.monotonic() + 20.0)
    assert margin_of(u, X, y) == pytest.approx(gamma)
    assert gamma <= exact.gamma * (1 + 1e-12) and upper >= exact.gamma * (1 - 1e-12)
    assert gamma >= 0.99 * exact.gamma  # 20 s is far more than these need: the sweeps close the gap
