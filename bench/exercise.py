"""Exercise, hand weights and the run as code: how long the bridge takes to answer (CPython).

Run with `python bench/exercise.py`; prints milliseconds (best of 5) per request. Target: every
answer well under the 100 ms a click should feel instant within (Pyodide is some 2-3x slower).
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from perceptron_lab.bridge import handle  # noqa: E402


def best_ms(request, repeat=5):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = handle(request)
        times.append(time.perf_counter() - t0)
        assert r["ok"], r
    return 1000 * min(times)


def big_csv(n, m, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, m))
    y = (X @ rng.normal(size=m) > 0).astype(int)
    return "\n".join(",".join(f"{v:.6g}" for v in row) + f",{c}" for row, c in zip(X, y)) + "\n"


def main():
    clouds = {"kind": "preset", "name": "clouds", "n": 5000, "seed": 1}
    csv = {"kind": "csv", "text": big_csv(100_000, 10), "label": None, "name": "big.csv"}
    cases = [
        ("visits, AND, 200 visits", {"cmd": "visits", "data": {"kind": "preset", "name": "and"}, "limit": 200}),
        ("visits, clouds n=5000, 200 visits", {"cmd": "visits", "data": clouds, "limit": 200}),
        ("visits, CSV 100 000 x 10, 1000 visits", {"cmd": "visits", "data": csv, "limit": 1000}),
        ("visits, kernel poly, XOR, 200 visits", {"cmd": "visits", "data": {"kind": "preset", "name": "xor"},
                                                  "settings": {"algorithm": "kernel", "kernel": "poly"}, "limit": 200}),
        ("visits, kernel rbf, clouds n=500 (drawn), 200", {"cmd": "visits", "limit": 200,
                                                          "data": {**clouds, "n": 500}, "settings": {"algorithm": "kernel"}}),
        ("visits, kernel rbf, clouds n=5000, 200 visits", {"cmd": "visits", "data": clouds, "limit": 200,
                                                          "settings": {"algorithm": "kernel"}}),
        ("hand, AND", {"cmd": "hand", "data": {"kind": "preset", "name": "and"}, "w": [20, 20, -30]}),
        ("hand + compare, clouds n=5000", {"cmd": "hand", "data": clouds, "w": [1, 1, 0], "compare": True}),
        ("script .py, AND", {"cmd": "script", "data": {"kind": "preset", "name": "and"}}),
        ("script .ipynb, CSV 100 000 x 10 (CSV beside)", {"cmd": "script", "data": csv, "format": "ipynb"}),
    ]
    for name, req in cases:
        print(f"{name:48s} {best_ms(req):10.2f} ms")


if __name__ == "__main__":
    main()
