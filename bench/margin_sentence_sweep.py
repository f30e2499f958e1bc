"""Every sentence of random small margin perceptron runs (update whenever y·(w·x̃) <= τ) judged by an
independent oracle (tests/py/margin_oracle.py): τ from 0 to 3.5, η 0.1 to 2, bias on and off, early
stop, fixed and shuffled orders, through the bridge. Prints the claims judged and every false one.

    .venv/bin/python bench/margin_sentence_sweep.py [runs] [seed]
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "py")]
from bench.benchkit import loadavg  # noqa: E402
from perceptron_lab.bridge import handle  # noqa: E402
import margin_oracle as oracle  # noqa: E402


def sweep(runs, seed=0, report=print):
    """-> (runs, sentences, claims, false claims [(case, claim, detail)], claims by name)."""
    rng = np.random.default_rng(seed)
    n_sent, judged, false, kinds = 0, 0, [], Counter()
    for k in range(runs):
        X, y, s = oracle.random_case(rng)
        r = handle({"cmd": "train", "data": oracle.csv_of(X, y), "settings": s})
        if not r.get("ok"):
            report(f"run {k} refused: {r.get('error')} {s}")
            continue
        n_sent += len(oracle.sentences(r))
        for name, ok, detail in oracle.judge(X, y, s, r):
            judged += 1
            kinds[name] += 1
            if not ok:
                false.append(((X.tolist(), y.tolist(), s), name, detail))
    return runs, n_sent, judged, false, kinds


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    t0 = time.time()
    print(f"load average {loadavg()}")
    runs, n_sent, judged, false, kinds = sweep(runs, seed)
    for case, name, detail in false:
        print(f"FALSE {name}: {detail}\n    {case}")
    print(f"{runs} runs, {n_sent} sentences, {judged} claims judged, {len(false)} false")
    print("claims: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"{time.time() - t0:.0f} s, load average {loadavg()}")


if __name__ == "__main__":
    main()
