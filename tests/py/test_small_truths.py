"""Issue 25 item 5: the smaller sentences, each checked against what the run shows."""

import numpy as np
import pytest

from perceptron_lab import Perceptron, PocketPerceptron
from perceptron_lab.bridge import handle
from perceptron_lab.core import features, train
from perceptron_lab.data import preset
from perceptron_lab.plots.text import describe_weights


def test_a_converged_pocket_run_has_no_training_point_on_its_line():
    ds = preset("and")
    c = PocketPerceptron().fit(ds.X, ds.y)
    Z = features.prepare(ds.X)
    assert c.status_ == "converged"
    assert (ds.y * (Z @ c.run_.model.w)).min() > 0  # was w = (2, 1, −3): (1, 1) exactly on the line
    # Over many separable sets: every converged pocket answer separates strictly.
    for seed in range(60):
        rng = np.random.default_rng(seed)
        X = rng.integers(-4, 5, size=(12, 2)).astype(float)
        a = X @ [2, -1] + 1
        keep = a != 0
        X, y = X[keep], np.where(a[keep] > 0, 1, -1)
        if len(set(y)) < 2:
            continue
        run = train(features.prepare(X), y, algorithm="pocket", max_epochs=200)
        if run.status == "converged":
            assert (y * (features.prepare(X) @ run.model.w)).min() > 0, seed


def test_partial_fit_and_fit_differ_after_a_long_cycle_as_the_docstring_says():
    from perceptron_lab.core import loop
    from perceptron_lab.estimators import linear

    X = np.array([[-3, -2], [-2, -2], [2, 3], [1, -3], [-3, -1], [0, 1]], float)
    y = np.array([-1, -1, -1, 1, 1, -1])
    run = train(features.prepare(X), y, max_epochs=50)
    assert run.status == "cycled" and run.cycle["period"] >= 2
    k = run.cycle["epoch"] + 1
    fitted = Perceptron(max_epochs=k).fit(X, y)
    stepped = Perceptron()
    for _ in range(k):
        stepped.partial_fit(X, y, classes=[-1, 1])
    assert not np.array_equal(fitted.coef_, stepped.coef_)  # "k calls equal fit" was false here
    assert "k calls equal fit" not in linear.__doc__ and "after a cycle of" in linear.__doc__
    assert "does not change the answer" not in loop._loop.__doc__
    assert "Two resumed one-epoch calls equal one two-epoch run" not in loop.train.__doc__


def test_every_class_at_100_percent_names_no_lowest():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"},
                "settings": {"algorithm": "multiclass", "plots": False}})
    assert "every class at 100.0 %" in r["classifier_text"] and "lowest" not in r["classifier_text"]
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "iris"},
                "settings": {"algorithm": "multiclass", "plots": False, "epochs": 5}})
    worst = min(a for a in r["per_class_accuracy"])
    assert worst < 1 and f"({100 * worst:.1f} %)" in r["classifier_text"]


@pytest.mark.parametrize("algorithm", ["online", "kernel", "multiclass"])
def test_one_test_point_is_said_to_be_no_estimate(algorithm):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"},
                "settings": {"algorithm": algorithm, "test_fraction": 0.25, "plots": False}})
    assert r["dataset"]["n_test"] == 1
    assert r["split_text"].startswith("Only 1 test point"), r["split_text"]


def test_weights_sizes_are_not_called_importance_where_they_are_not():
    w = np.array([1.0, -2.0, 0.5, 0.1])
    assert "compare as importance" not in describe_weights(w, ["a", "b", "c"], standardized=True)
    poly = describe_weights(w, ["a", "b", "c"], standardized=True, feature_map="poly2")
    assert "not z-scores" in poly and "not an importance" in poly
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"},
                "settings": {"standardize": True, "epochs": 5, "plots": True, "plot_kinds": ["weights"]}})
    assert "standardized units" in r["classifier_text"]  # the Weights card's note says the units
    assert "compare as importance" not in r["plot_alt"]["weights"]
    raw = handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"},
                  "settings": {"epochs": 5, "plots": False}})
    assert "standardized units" not in raw["classifier_text"]


def test_cli_plots_digits_on_pixels_that_vary(tmp_path):
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from perceptron_lab.data import real

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "py"), "MPLBACKEND": "Agg"}
    p = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", "--preset", "digits", "--algorithm",
                        "multiclass", "--epochs", "2", "--plot", str(tmp_path / "d.png"), "--json"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    pair = json.loads(p.stdout)["settings"]["plot_features"]
    X = real.load("digits", multiclass=True).X
    assert pair != [0, 1] and X[:, pair].var(axis=0).min() > 0  # pixel_0_0 is 0 in every image
