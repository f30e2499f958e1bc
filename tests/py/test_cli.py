"""The command line: readable summary, --json, plots, and status 2 with one line on bad input."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import reference

ROOT = Path(__file__).resolve().parents[2]


def run(*args, cwd=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "perceptron_lab", *args], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120)


def test_summary_for_and():
    p = run("train", "--preset", "and")
    assert p.returncode == 0, p.stderr
    assert "Converged after 9 epochs" in p.stdout
    assert "labels: -1 = 0, +1 = 1" in p.stdout
    assert "bound (R/gamma)^2 = 51" in p.stdout


def test_json_output_has_the_documented_keys():
    p = run("train", "--preset", "xor", "--json")
    r = json.loads(p.stdout)
    for key in ("weights", "bias", "mistakes", "epochs", "status", "labels", "train_accuracy", "separable",
                "R", "gamma", "bound"):
        assert key in r
    assert r["status"] == "cycled" and r["separable"] is False and r["gamma"] is None and r["bound"] is None


def test_every_option(tmp_path):
    # Each option must reach the training: the result must equal a literal averaged perceptron
    # (Algorithm 2) on the features the options describe, and the settings must echo every value.
    csv = tmp_path / "d.csv"
    csv.write_text("y;a;b\n1;0;0.2\n2;3;3\n1;0.5;0\n2;3;2.5\n1;1;0.5\n2;2.5;3\n")
    p = run("train", str(csv), "--label", "y", "--algorithm", "averaged", "--epochs", "50", "--eta", "0.5",
            "--no-bias", "--order", "shuffle-each", "--seed", "4", "--normalize", "--feature-map", "poly2",
            "--early-stop", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["settings"] == {**r["settings"], "algorithm": "averaged", "epochs": 50, "eta": 0.5, "bias": False,
                             "order": "shuffle-each", "seed": 4, "normalize": True, "feature_map": "poly2",
                             "early_stop": True, "test_fraction": 0.0}
    assert r["bias"] is None and r["labels"] == {"-1": "1", "+1": "2"} and len(r["weights"]) == 5
    X = np.array([[0, 0.2], [3, 3], [0.5, 0], [3, 2.5], [1, 0.5], [2.5, 3]])
    y = np.array([-1, 1, -1, 1, -1, 1])
    Z = np.column_stack([X, X[:, 0] * X[:, 1], X[:, 0] ** 2, X[:, 1] ** 2])
    Z = Z / np.maximum(np.linalg.norm(Z, axis=1, keepdims=True), 1e-300)
    Z[np.linalg.norm(Z, axis=1) == 0] = 0
    orders = reference.orders_of("shuffle-each", len(y), 4, 50)
    epoch = reference.online_visits(Z, y, epochs=50, orders=orders)[-1].epoch
    assert r["epochs"] == epoch < 50  # --early-stop: stopped at the first clean epoch
    mean = reference.plain_averaged(Z, y, 50, orders=orders, stop_clean=True)
    np.testing.assert_allclose(r["weights"], 0.5 * mean, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("ext,magic", [("png", b"\x89PNG"), ("svg", b"<?xml")])
def test_plot_file(tmp_path, ext, magic):
    out = tmp_path / f"p.{ext}"
    p = run("train", "--preset", "or", "--plot", str(out))
    assert p.returncode == 0, p.stderr
    assert out.read_bytes().startswith(magic)


@pytest.mark.parametrize("args,needle", [
    (["train", "missing.csv"], "cannot read missing.csv"),
    (["train", "--preset", "and", "--eta", "-1"], "Learning rate η must be a number greater than 0 and at most 1000000. "
                                                   "(option --eta)"),
    (["train", "--preset", "and", "--epochs", "x"], "invalid int value"),
    (["train", "--preset", "pentagon"], "invalid choice"),
    (["train", "--preset", "and", "--plot", "out.gif"], ".png or .svg"),
    (["train", "BAD"], "Row 3, column 'b'"),
    (["train", "--preset", "and", "--test-fraction", "0.95"], "Test fraction must be a number at least 0 and at most "
                                                             "0.9. (option --test-fraction)"),
    (["train", "--preset", "and", "--seed", str(2**32)], "to 4294967295; got 4294967296. (option --seed)"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, args, needle):
    (tmp_path / "BAD").write_text("a,b,y\n1,2,0\n1,zz,1\n")
    p = run(*args, cwd=tmp_path)
    assert p.returncode == 2
    assert needle in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr


def test_plot_shows_the_printed_model_on_the_training_split(tmp_path, monkeypatch, capsys):
    """--plot draws the w that --json printed, over the training split only (not a model
    retrained on all the data, which --test-fraction would make a different one)."""
    import numpy as np

    from perceptron_lab import cli, plots
    from perceptron_lab.data import preset

    drawn = []
    real = plots.boundary_figure

    def spy(X, y, *, w, **kw):
        drawn.append((np.array(X), np.array(w)))
        return real(X, y, w=w, **kw)

    monkeypatch.setattr(plots, "boundary_figure", spy)
    out = tmp_path / "b.svg"
    assert cli.main(["train", "--preset", "overlap", "--test-fraction", "0.3", "--seed", "5", "--epochs", "7",
                     "--plot", str(out), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert len(drawn) == 1 and out.read_bytes().startswith(b"<?xml")
    X, w = drawn[0]
    assert w.tolist() == r["weights"] + [r["bias"]]
    # the training split: 70 of the 100 points, each one of the preset's rows
    full = preset("overlap", seed=5).X
    assert len(X) == 70 and all((full == x).all(axis=1).any() for x in X)
    # and a model retrained on all 100 points would have been another one
    from perceptron_lab.core import train
    from perceptron_lab.core.features import prepare

    assert train(prepare(full), preset("overlap", seed=5).y, max_epochs=7).model.w.tolist() != w.tolist()
