"""What the exercise tests share."""
from __future__ import annotations

import ast
import math
import os

import subprocess
import sys
from pathlib import Path

import numpy as np

from sklearn.datasets import load_iris
from sklearn.metrics.pairwise import polynomial_kernel

import reference
from pagekit import RUN_TIMEOUT_MS, in_tab, settled


ROOT = Path(__file__).resolve().parents[2]
SHARED = {}  # the result link, from the keyboard test to the link test


def literal_and_visits(count):
    """AND (seed 001: x̃ = (x1, x2, 1), labels 0 -> -1), w = 0, η = 1, fixed order, one example at a time
    (reference.py's online loop, epoch after epoch): (mistake?, w after) of each visit."""
    X = np.array([[0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=float)
    y = np.array([-1, -1, -1, 1])
    visits = reference.online_visits(X, y, epochs=math.ceil(count / len(y)), stop_clean=False)
    return [(bool(v.mistake), v.w_after.tolist()) for v in visits[:count]]


def answer(page, mistake: bool, w: list[str] | None = None) -> None:
    """One answer with the keyboard only: the focus starts on "Yes" of the question."""
    assert page.evaluate("document.activeElement.id") == "exercise-mistake-yes"
    if mistake:
        page.keyboard.press("Space")
        for v in w:
            page.keyboard.press("Tab")
            page.keyboard.type(v)
        page.keyboard.press("Enter")
    else:
        page.keyboard.press("ArrowDown")  # moves to "No" and selects it
        page.keyboard.press("Enter")


def answered(page, k: int) -> None:
    page.wait_for_selector(f'#exercise[data-answered="{k}"]', state="attached")


def literal_xor_kernel_visits(count):
    """XOR (x1, x2 in {0, 1}, label 1 when they differ -> +1), the kernel perceptron from its definition
    (reference.py): k̃ = (x·x′ + 1)² + 1 (scikit-learn's polynomial kernel, plus 1 for the bias), α = 0,
    η = 1, fixed order: (mistake?, α_i after, f(x_i), rows wrong after) of each visit."""
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    y = np.array([-1, 1, 1, -1])
    K = polynomial_kernel(X, degree=2, gamma=1.0, coef0=1.0) + 1.0
    log = reference.kernel_visit_log(K, y, order="fixed", seed=0, eta=1.0, epochs=math.ceil(count / 4), limit=count)
    return [(v["mistake"], v["alpha_after"], v["a"], len(v["wrong_after"])) for v in log]


def wait_view(page, present: bool) -> None:
    page.wait_for_function("p => location.hash.includes('view=exercise') === p", arg=present, timeout=RUN_TIMEOUT_MS)


def paste(page, hash_: str) -> None:
    """Type a link into the address bar of the open lab (a hashchange), and wait for its run."""
    seq = page.evaluate("Number(document.body.dataset.linkSeq || 0)")
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_function("s => Number(document.body.dataset.linkSeq || 0) > s", arg=seq, timeout=RUN_TIMEOUT_MS)
    settled(page)


def iris_csv() -> str:
    d = load_iris()
    rows = [f"{a!r},{b!r},{d.target_names[t]}" for (a, b), t in zip(d.data[:100, :2].tolist(), d.target[:100])]
    return "sepal_length,sepal_width,species\n" + "\n".join(rows) + "\n"


def download_script(page, tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for attempt in range(2):
        try:
            with page.expect_download(timeout=45_000) as info, in_tab(page, "share"):
                page.click("#export-script-py")
            break
        except Exception:
            # The page made the file; a headless Chromium can drop one of many downloads.
            assert page.inner_text("#export-status").startswith("Downloaded "), page.inner_text("#export-status")
            if attempt:
                raise
    d = info.value
    target = folder / d.suggested_filename
    d.save_as(target)
    return target


def run_in_cpython(scripts: dict[str, Path]) -> dict[str, tuple]:
    runner = ("import os, runpy\n"
              f"for name, path in {[(k, str(v)) for k, v in scripts.items()]!r}:\n"
              "    os.chdir(os.path.dirname(path)); print('@@', name, flush=True)\n"
              "    runpy.run_path(path, run_name='__main__')\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "MPLBACKEND": "Agg"}
    out = subprocess.run([sys.executable, "-c", runner], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    got, current = {}, None
    for line in out.stdout.splitlines():
        if line.startswith("@@ "):
            current = line[3:]
        elif line.startswith("weights: "):
            got[current] = [ast.literal_eval(line[9:])]
        elif line.startswith("bias: "):
            got[current].append(None if line[6:].startswith("off") else float(line[6:]))
    return {k: tuple(v) for k, v in got.items()}
