"""The kernel perceptron's picture first, its margin in feature space after: 600 points with
10 % of their labels flipped (its margin solve takes seconds where training takes a fraction of
one) are uploaded and trained with the RBF kernel; the boundary plot is on screen while γ and
(R/γ)² say "computing…" and no sentence claims a verdict, and then the margin is filled in,
checked against CPython's bridge on the same text (the exact solver: the same γ, or, if the
page's budget stopped its solver, a lower bound on it with a true bound, saying so).

One page for the module (one Pyodide boot)."""
from __future__ import annotations

import json

import numpy as np
from playwright.sync_api import expect

from perceptron_lab.bridge import handle
from tools.planted_data import csv_text, planted

from test_margin_after_picture import WATCH_PICTURE, train_to_pending_picture

N, FLIP = 600, 0.1
TIMEOUT_MS = 180_000


def noisy_csv(seed=0):
    X, sign, _ = planted(seed, N, 2, 0.05, decimals=3)
    sign[np.random.default_rng(seed + 1).permutation(N)[:int(FLIP * N)]] *= -1
    return csv_text(X, sign, labels=("no", "yes"), number="{:.3f}".format)


def test_the_kernel_boundary_comes_before_its_margin(ready_page):
    page = ready_page
    text = noisy_csv()
    page.check("#source-csv")
    page.set_input_files("#csv-file", files=[{"name": "noisy.csv", "mimeType": "text/csv", "buffer": text.encode()}])
    expect(page.locator("#csv-info")).to_contain_text("noisy.csv: ", timeout=TIMEOUT_MS)
    page.select_option("#algorithm", "kernel")
    page.select_option("#kernel", "rbf")
    page.evaluate(WATCH_PICTURE)

    first = train_to_pending_picture(page, TIMEOUT_MS)
    assert "separable" not in first["status"], first

    expect(page.locator("#separable-note")).to_have_attribute("data-theory", "done", timeout=TIMEOUT_MS)
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=TIMEOUT_MS)
    shown = {k: json.loads(page.get_attribute(f"#{k}", "data-value")) for k in ("gamma", "bound", "mistakes", "R")}
    note = page.inner_text("#separable-note")
    verdict = page.inner_text("#bound-verdict")

    # CPython's bridge on the same text and settings, without a budget: the exact margin in feature space.
    exact = handle({"cmd": "train", "data": {"kind": "csv", "text": text, "name": "noisy.csv"},
                    "settings": {"plots": False, "algorithm": "kernel", "kernel": "rbf"}})
    assert exact["ok"] and exact["mistakes"] == shown["mistakes"]
    assert abs(shown["R"] / exact["R"] - 1) < 1e-12
    assert note.startswith("The training data is separable in the kernel's feature space"), note  # RBF, distinct inputs
    if "stopped at its time limit" not in note:  # the solver ended within the page's budget: CPython's answer
        assert note == exact["separable_text"] and verdict == exact["bound_text"], (note, exact["separable_text"])
        assert (shown["gamma"] is None) == (exact["gamma"] is None)
        if exact["gamma"] is not None:
            assert abs(shown["gamma"] / exact["gamma"] - 1) < 1e-9, (shown, exact["gamma"])
    elif isinstance(shown["gamma"], float):  # stopped: a verified margin, at most the maximum, and its true bound
        assert "lower bound" in note and "lower bound" in verdict and shown["mistakes"] <= shown["bound"]
        assert abs(shown["bound"] / (shown["R"] / shown["gamma"]) ** 2 - 1) < 1e-12
        assert exact["gamma"] is None or 0 < shown["gamma"] <= exact["gamma"] * (1 + 1e-9)
    else:
        assert verdict.startswith("No mistake bound"), verdict
    assert page.inner_text("#gamma") != "computing…" and page.inner_text("#bound") != "computing…"
