#!/usr/bin/env python3
"""What plot pixels cost (the run budget's limits.cost_us_per_plot_pixel, site/js/run/budget.js):
the bridge's train request with and without plots, every plot kind drawn, for box sizes and
pixel ratios up to the bridge's limits (plot_px 2000 × 1500, dpr 4), in CPython. Pyodide runs
the same code in WebAssembly, slower (bench/engine.py has the ratio for training loops).

    python bench/plot_pixels.py

Prints seconds of drawing, image pixels (all plots), µs per image pixel, and the load average.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from perceptron_lab.bridge import handle  # noqa: E402

KINDS = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]
SIZES = [([480, 360], 1), ([480, 360], 2), ([1000, 750], 2), ([2000, 1500], 1), ([2000, 1500], 2), ([2000, 1500], 4)]


def seconds(request: dict) -> float:
    t = time.perf_counter()
    res = handle(request)
    assert res["ok"], res
    return time.perf_counter() - t


def main() -> int:
    data = {"kind": "preset", "name": "overlap", "n": 1000, "spread": 1.0, "seed": 0}
    handle({"cmd": "train", "data": data, "settings": {"epochs": 5, "plot_kinds": KINDS}})  # imports, fonts
    print(f"{'plot_px':>12} {'dpr':>4} {'plots':>5} {'Mpx (all)':>10} {'drawing s':>10} {'µs/px':>7}")
    for px, dpr in SIZES:
        base = {"epochs": 5, "plot_px": px, "dpr": dpr}
        bare = min(seconds({"cmd": "train", "data": data, "settings": {**base, "plots": False}}) for _ in range(2))
        res = handle({"cmd": "train", "data": data, "settings": {**base, "plot_kinds": KINDS}})
        drawn = sum(1 for k in KINDS if res["plots"].get(k))
        full = min(seconds({"cmd": "train", "data": data, "settings": {**base, "plot_kinds": KINDS}}) for _ in range(2))
        pixels = drawn * px[0] * px[1] * dpr * dpr
        print(f"{px[0]:>6}×{px[1]:<5} {dpr:>4} {drawn:>5} {pixels / 1e6:>10.1f} {full - bare:>10.2f} "
              f"{(full - bare) * 1e6 / pixels:>7.3f}")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
