"""The page's sound track (site/js/access/sound-track.js, run in Node) of real runs of the bridge:
for AND, OR, NAND and XOR under online, batch and averaged training, one tone per epoch with
that epoch's mistakes, its ticks counting exactly the updates the engine made in it (counted
here from perceptron_lab.core's own trace), and the end sound the run's status calls for."""
import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.core import train as core_train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare

ROOT = Path(__file__).resolve().parents[2]
END = {"converged": "converged", "cycled": "cycle", "max_epochs": "stopped"}
CASES = [(name, algo) for name in ("and", "or", "nand", "xor") for algo in ("online", "batch", "averaged")]

NODE_SCRIPT = r"""
import { soundTrack } from "./site/js/access/sound-track.js";
const runs = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (d) => s += d); process.stdin.on("end", () => ok(s)); }));
console.log(JSON.stringify(runs.map(soundTrack)));
"""


@pytest.fixture(scope="module")
def tracks():
    node = shutil.which("node")
    assert node, "Node is needed to run the page's sound track (tests/run.sh installs it)"
    runs = [handle({"cmd": "train", "data": {"kind": "preset", "name": name},
                    "settings": {"algorithm": algo, "epochs": 30, "plots": False}}) for name, algo in CASES]
    assert all(r["ok"] for r in runs)
    p = subprocess.run([node, "--input-type=module", "-e", NODE_SCRIPT], cwd=ROOT, input=json.dumps(runs),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return dict(zip(CASES, zip(runs, json.loads(p.stdout))))


@pytest.mark.parametrize("case", CASES, ids=[f"{n}-{a}" for n, a in CASES])
def test_the_track_follows_the_engines_run(tracks, case):
    name, algo = case
    res, ev = tracks[case]
    ds = preset(name)
    run = core_train(prepare(ds.X), ds.y, algorithm=algo, max_epochs=30)
    assert res["epoch_mistakes"] == [int(m) for m in run.epoch_mistakes]
    tones = [e for e in ev if e["kind"] == "epoch"]
    assert [e["mistakes"] for e in tones] == list(run.epoch_mistakes)
    # Updates per epoch, from the engine's trace (batch: one per epoch with a mistake).
    made = np.bincount(run.trace.epoch, minlength=run.n_epochs + 1)[1:].tolist()
    ticks = [sum(e["count"] for e in ev if e["kind"] == "tick" and e["epoch"] == k + 1) for k in range(run.n_epochs)]
    assert ticks == made
    if algo != "batch":
        assert made == list(run.epoch_mistakes)  # every online mistake is one update
    assert ev[-1]["kind"] == END[run.status]
    assert [e["kind"] for e in ev].count(ev[-1]["kind"]) == 1
