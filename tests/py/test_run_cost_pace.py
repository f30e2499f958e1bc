"""The run budget in this device's seconds now (issue 36 item 9): the page times a small fixed workload
(run_pace.py, through the bridge's "pace" request) and scales its estimate by it before weighing a run
nobody clicked for. A run that fits the budget on the machine the coefficients were measured on must
be asked for on a device four times slower; a measurement faster than the reference never shrinks the
estimate; the CLI's estimate keeps a pace of 1."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from perceptron_lab import run_cost, run_pace, settings
from perceptron_lab.bridge import handle

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from run_budget import cases  # noqa: E402

REFERENCE_MS = settings.LIMITS["pace_reference_ms"]
LIMIT_S = settings.LIMITS["auto_run_seconds_max"]


def clock_taking(ms):
    """A clock whose timed span (measure reads it twice) lasts ms."""
    return iter([100.0, 100.0 + ms / 1e3]).__next__


def test_a_device_four_times_slower_has_pace_four():
    assert run_pace.measure(clock=clock_taking(REFERENCE_MS))["pace"] == pytest.approx(1.0)
    slow = run_pace.measure(clock=clock_taking(4 * REFERENCE_MS))
    assert slow["pace"] == pytest.approx(4.0) and slow["ms"] == pytest.approx(4 * REFERENCE_MS)


def test_a_quick_measurement_never_shrinks_the_estimate():
    assert run_pace.measure(clock=clock_taking(REFERENCE_MS / 3))["pace"] == 1.0


def test_the_bridge_answers_the_pace_the_workload_took_now():
    r = handle({"cmd": "pace"})
    assert r["ok"] and r["ms"] > 0 and r["reference_ms"] == REFERENCE_MS
    assert r["pace"] == max(1.0, r["ms"] / REFERENCE_MS)


def test_the_clis_estimate_is_the_unpaced_one():
    # The CLI's sentence is the page's estimate for an unloaded tab: run_cost has no pace in it.
    s = run_cost.seconds(500, 2, 200, "online")
    assert s == pytest.approx(500 * 200 * (12 + 3 * 0.3) / 1e6)


NODE = """
import { estimate, paced, overBudget, measurePace } from "./site/js/run/budget.js";
const [data, settings, info, answers] = JSON.parse(process.argv[1]);
const est = estimate(data, settings, info);
const out = [];
for (const answer of answers) {
  const pace = await measurePace(async (request) => (request.cmd === "pace" ? { ok: true, ...answer } : null), null);
  const e = paced(est, pace);
  out.push({ pace, seconds: e.seconds, asks: overBudget(e), unpaced: est.seconds });
}
console.log(JSON.stringify(out));
"""


def weigh(name, answers):
    data, settings_, info = next((d, s, i) for n, d, s, i in cases(False) if n == name)
    data = {k: v for k, v in data.items() if k != "text"}
    node = shutil.which("node")
    assert node, "Node runs the page's budget.js"
    p = subprocess.run([node, "--input-type=module", "-e", NODE, json.dumps([data, settings_, info, answers])],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("name", ["multiclass, 3,000 rows × 2, 100 classes, 20 epochs (issue 36)",
                                  "kernel RBF, 200 noisy rows, 100 epochs",
                                  "online, 500 noisy rows × 2, 200 epochs"])
def test_a_run_that_fits_on_the_reference_machine_asks_on_one_four_times_slower(name):
    fast = run_pace.measure(clock=clock_taking(REFERENCE_MS))
    slow = run_pace.measure(clock=clock_taking(4 * REFERENCE_MS))
    at_fast, at_slow = weigh(name, [fast, slow])
    assert not at_fast["asks"] and at_fast["seconds"] == at_fast["unpaced"]
    # The 500-row online run (1.6 s) still fits 4× slower; the others (3.2 and 4.8 s) ask.
    assert at_slow["seconds"] == pytest.approx(4 * at_fast["seconds"])
    assert at_slow["asks"] == (4 * at_fast["unpaced"] > LIMIT_S)
    if name.startswith(("multiclass", "kernel")):
        assert at_slow["asks"]
