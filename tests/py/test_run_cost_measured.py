"""The page's run budget bounds every run bench/run_budget.py times in the page's Python, with a
margin: each case's estimate (budget.js `estimate`, the bench's plot boxes) against the CPU seconds
Chromium spent on that run (bench/budget_cpu.py), which is about what an unloaded tab takes. The
references are measured (bench/run_budget.py, Pyodide in Chromium, the load average beside each);
under load the wall time is longer, so the bench prints both. Main's budget missed the RBF case
(0.8 s estimated; its theory, the margin in feature space, alone took 0.7 s of wall time at load 9)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from run_budget import cases  # noqa: E402

# CPU seconds of the whole run (train with the boundary, the theory, the later plots), the most of the
# runs measured on 2026-11-29 at load 5-15 on two cores (bench/run_budget.py; a run at load 19-21,
# where the CPU seconds themselves tripled, is left out: averaged and pocket on 500 rows came to 0.74
# and 0.80 of them there). CPU seconds grow with the
# load too, less than the wall time (two hardware threads share a core): kernel poly 2 on 1,500 rows
# took 1.1 CPU s at load 8.6 and 3.1 at load 11 (wall 1.5 and 11.2 s); the RBF kernel's theory on
# 200 rows took 0.7 to 5.5 s of wall time in the three runs (1.5 to 2.8 CPU s for the whole run).
MEASURED = {
    "online, 500 noisy rows × 2, 200 epochs": 1.3,
    "online, 40,000 noisy rows × 2, 20 epochs": 4.7,
    "batch, 500 noisy rows × 2, 200 epochs": 0.3,
    "batch, 40,000 noisy rows × 2, 20 epochs": 0.8,
    "averaged, 500 noisy rows × 2, 200 epochs": 0.9,
    "averaged, 40,000 noisy rows × 2, 20 epochs": 5.9,
    "pocket, 500 noisy rows × 2, 200 epochs": 3.0,
    "pocket, 40,000 noisy rows × 2, 20 epochs": 4.5,
    "voted, 500 noisy rows × 2, 200 epochs": 2.3,
    "voted, 40,000 noisy rows × 2, 3 epochs": 22.7,
    "voted, 40,000 rows, 1 in 10 noisy, 3 epochs (issue 36)": 14.2,
    "kernel poly 2, 1,500 noisy rows, 30 epochs": 3.1,
    "kernel RBF, 1,500 noisy rows, 30 epochs": 1.4,
    "kernel RBF, 200 noisy rows, 100 epochs": 2.8,
    "multiclass, 3,000 rows × 2, 100 classes, 20 epochs (issue 36)": 2.9,
    "multiclass, 300 rows × 4, 3 classes, 200 epochs": 0.7,
    "breast cancer, poly2, voted, 100 epochs (issue 36; converges)": 12.7,
}
# Every estimate is at least this far above the most CPU measured; all but two (kernel poly 2 on 1,500
# rows, RBF on 200: both measured at load 11-13, 2-3× their CPU at load 8) are 1.4× or more. The RBF
# theory allowance stays below what would ask before a 300-point RBF link (tests/e2e/test_budget_kernel.py).
MARGIN = 1.1

NODE = """
import { estimate } from "./site/js/run/budget.js";
const cases = JSON.parse(process.argv[1]);
console.log(JSON.stringify(cases.map(([data, settings, info]) => estimate(data, settings, info).seconds)));
"""


@pytest.fixture(scope="module")
def estimates():
    chosen = [(name, {k: v for k, v in data.items() if k != "text"}, settings, info)
              for name, data, settings, info in cases(False)]
    node = shutil.which("node")
    assert node, "Node runs the page's budget.js"
    p = subprocess.run([node, "--input-type=module", "-e", NODE, json.dumps([c[1:] for c in chosen])], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return dict(zip([c[0] for c in chosen], json.loads(p.stdout)))


def test_every_case_of_the_bench_has_a_measured_time(estimates):
    assert set(estimates) == set(MEASURED)


@pytest.mark.parametrize("name", sorted(MEASURED))
def test_the_estimate_bounds_the_measured_run_with_a_margin(estimates, name):
    assert estimates[name] >= MARGIN * MEASURED[name], (estimates[name], MEASURED[name])
