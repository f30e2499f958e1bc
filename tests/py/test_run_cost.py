"""Long runs are said up front with the page's estimate (run_cost = budget.js's estimate), and their
progress is shown on a terminal: the CLI and the estimators."""

import io
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from perceptron_lab import KernelPerceptron, MulticlassPerceptron, Perceptron, run_cost

ROOT = Path(__file__).resolve().parents[2]
CASES = [
    # [rows, features, epochs, algorithm, feature_map, classes]
    [200000, 2, 100, "online", "none", 2],  # the CLI run (random labels: 489 s in CPython)
    [5000, 2, 1000, "pocket", "none", 2],
    [1797, 64, 100, "multiclass", "none", 10],
    [3000, 5, 50, "kernel", "none", 2],
    [6000, 5, 50, "kernel", "none", 2],  # beyond kernel_max_points: refused at once, no estimate
    [200000, 3, 1000, "averaged", "poly2", 2],
    [4, 2, 100, "voted", "none", 2],
]
NODE = """
import { estimate } from "./site/js/run/budget.js";
const cases = JSON.parse(process.argv[1]);
const out = cases.map(([rows, features, epochs, algorithm, feature_map, classes]) => {
  const names = Array.from({ length: features }, (_, i) => `f${i}`);
  const info = { n: rows, feature_names: names, labels: { classes: Array.from({ length: classes }, (_, i) => `c${i}`) } };
  return estimate({ kind: "csv", text: "" }, { algorithm, epochs, feature_map, plots: false }, info).seconds;
});
console.log(JSON.stringify(out));
"""


def test_the_estimate_is_the_pages():
    node = shutil.which("node")
    assert node, "Node runs the page's budget.js (tests/run.sh installs it)"
    p = subprocess.run([node, "--input-type=module", "-e", NODE, json.dumps(CASES)], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    page = json.loads(p.stdout)
    for case, js in zip(CASES, page):
        rows, features, epochs, algorithm, fmap, classes = case
        py = run_cost.seconds(rows, features, epochs, algorithm, feature_map=fmap, classes=classes)
        assert py == pytest.approx(js, rel=1e-12, abs=1e-12), case


def test_long_run_text():
    text = run_cost.long_run_text(200000, 2, 100, "online")
    # 200 000 × 100 × (12 + 3·0.3) µs = 258 s: "up to about 5 min" in the page's words.
    assert text.startswith("A long run: 200,000 rows × 2 features × 100 epochs.")
    assert "up to about 5 min" in text
    assert run_cost.long_run_text(4, 2, 100, "online") is None
    assert "1 feature ×" in run_cost.long_run_text(100000, 1, 100, "online")
    assert "multiclass perceptron (10 classes)" in run_cost.long_run_text(1797, 64, 1000, "multiclass", classes=10)


class Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_on_a_terminal_only():
    t = [0.0]
    tty = Tty()
    p = run_cost.Progress(100, tty, clock=lambda: t[0])
    for epoch in range(1, 11):
        t[0] += 0.1
        p(epoch, 1000 - epoch)
    p.done()
    lines = tty.getvalue().split("\r")
    shown = [s for s in lines if s.startswith("epoch")]
    # At most four lines a second: epochs 1 at 0.1 s, then every 0.25 s or more.
    assert shown[0].startswith("epoch 1 of at most 100: 999 mistakes in it; 0:00 so far, about 0:10 more")
    assert 2 <= len(shown) <= 5
    assert tty.getvalue().endswith("\r")  # the line is wiped before the result is printed
    log = io.StringIO()  # not a terminal: no carriage returns in a log
    q = run_cost.Progress(100, log)
    q(1, 5)
    q.done()
    assert log.getvalue() == ""


def big_separable(n=20000):
    rng = np.random.default_rng(1)
    x = rng.uniform(-10, 10, n)
    x = x[np.abs(x) > 0.5]
    return x[:, None], np.where(x > 0, 1, -1)


@pytest.mark.parametrize("make", [lambda: Perceptron(max_epochs=1000), lambda: MulticlassPerceptron(max_epochs=1000)])
def test_estimators_warn_before_a_long_fit(make):
    X, y = big_separable()
    with pytest.warns(run_cost.LongRunWarning, match="A long run"):
        make().fit(X, y)  # converges at once all the same
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        make().fit(X[:50], y[:50])  # short: nothing said


def test_kernel_estimator_warns_before_a_long_fit():
    X, y = big_separable(3000)
    with pytest.warns(run_cost.LongRunWarning, match="kernel perceptron on"):
        KernelPerceptron(kernel="linear", max_epochs=200).fit(X, y)


def test_cli_says_a_long_run_up_front(tmp_path):
    X, y = big_separable()
    f = tmp_path / "big.csv"
    f.write_text("x,y\n" + "".join(f"{float(a)!r},{b}\n" for a, b in zip(X[:, 0], y)), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    p = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", str(f), "--epochs", "1000"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stderr.startswith(f"perceptron-lab: A long run: {len(y):,} rows × 1 feature × 1,000 epochs.")
    assert "\r" not in p.stderr  # no progress line when stderr is not a terminal
    assert "Converged" in p.stdout
    short = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", "--preset", "and"],
                           capture_output=True, text=True, env=env, timeout=120)
    assert short.returncode == 0 and short.stderr == ""


def test_cli_progress_on_a_terminal(tmp_path):
    import pty

    X, y = big_separable()
    f = tmp_path / "big.csv"
    f.write_text("x,y\n" + "".join(f"{float(a)!r},{b}\n" for a, b in zip(X[:, 0], y)), encoding="utf-8")
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    p = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", str(f), "--epochs", "1000", "--algorithm",
                        "averaged"], stdout=subprocess.PIPE, stderr=slave, env=env, timeout=300)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert p.returncode == 0
    text = seen.decode("utf-8")
    assert "A long run" in text and "\repoch 1 of at most 1,000:" in text and "more at this pace" in text
