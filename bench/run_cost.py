#!/usr/bin/env python3
"""The run budget's estimate against the time of the runs issue 36 found it missing, in CPython:

    python bench/run_cost.py [--quick] [--runs N]

Each run goes through the bridge as the page sends it (train with the boundary, the theory, the
other plots, at 480 × 360 px, pixel ratio 1), timed with time.perf_counter; the estimate is the
page's own (site/js/run/budget.js `estimate`, run in Node with the same plot boxes). The page's
Python (Pyodide) is slower than CPython (about 2× per example, more in numpy's products without
BLAS), so measured / estimate should stay well below 1 here: the estimate bounds the page's time.
--quick: the voted run on 40 000 rows instead of 200 000 (minutes in CPython). Prints the load
average (the machine is shared: note it next to any figure).
"""
from __future__ import annotations

import argparse
import base64
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from benchkit import loadavg  # noqa: E402

from perceptron_lab.bridge import handle  # noqa: E402

LATER = ["mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]
SIZE = {"plot_px": [480, 360], "dpr": 1}
NODE = """
import { estimate } from "./site/js/run/budget.js";
const [data, settings, info] = JSON.parse(process.argv[1]);
console.log(JSON.stringify(estimate(data, settings, info).seconds));
"""


def csv_request(X, labels):
    text = "\n".join(["a,b,label"] + [f"{a:.5f},{b:.5f},{c}" for (a, b), c in zip(X, labels)])
    return {"kind": "csv", "base64": base64.b64encode(text.encode()).decode(), "label": 2}


def cases(quick):
    rng = np.random.default_rng(1)
    n = 40_000 if quick else 200_000
    X = rng.normal(size=(n, 2))
    noisy = np.where(X[:, 0] + 0.5 * rng.normal(size=n) > 0, "yes", "no")
    yield (f"voted, {n:,} noisy rows × 2, 3 epochs", csv_request(X, noisy), {"algorithm": "voted", "epochs": 3},
           {"n": n, "feature_names": ["a", "b"]})
    X = rng.normal(size=(3000, 2))
    hundred = [f"c{i}" for i in rng.integers(0, 100, len(X))]
    yield ("multiclass, 3,000 rows × 2, 100 classes, 20 epochs", csv_request(X, hundred),
           {"algorithm": "multiclass", "epochs": 20},
           {"n": 3000, "feature_names": ["a", "b"], "labels": {"classes": sorted(set(hundred))}})
    yield ("breast cancer, poly2, voted, 100 epochs", {"kind": "preset", "name": "breast-cancer"},
           {"algorithm": "voted", "epochs": 100, "feature_map": "poly2"}, None)


def page_estimate(data, s, info):
    shown = {k: v for k, v in data.items() if k != "base64"}
    p = subprocess.run([shutil.which("node"), "--input-type=module", "-e", NODE,
                        json.dumps([shown, {**s, **SIZE}, info])], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def timed(data, s):
    t = time.perf_counter()
    r = handle({"cmd": "train", "data": data, "settings": {**s, **SIZE, "plot_kinds": ["boundary"]}, "theory": "later"})
    assert r["ok"], r
    handle({"cmd": "theory"})
    kinds = LATER if s["algorithm"] != "multiclass" else ["mistakes", "accuracy"]
    assert handle({"cmd": "plots", "kinds": kinds})["ok"]
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    print(f"load average {loadavg()}")
    print(f"{'run':55} {'estimate':>9} {'measured':>9} {'ratio':>6}")
    for name, data, s, info in cases(args.quick):
        est = page_estimate(data, s, info)
        took = min(timed(data, s) for _ in range(args.runs))
        print(f"{name:55} {est:8.1f}s {took:8.1f}s {took / est:6.2f}", flush=True)
    print(f"load average {loadavg()}")


if __name__ == "__main__":
    main()
