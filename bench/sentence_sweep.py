"""Every sentence of ~750 random small runs judged by an independent oracle (tests/py/sentence_oracle.py):
the binary perceptrons, the kernel perceptron (linear, poly, RBF) and the multiclass one, through the
bridge (the page's and the CLI's answers), at η 1, 0.1 and 0.7, bias on and off, early stop, orders.
Prints the runs, sentences and claims judged, and every false claim with its case.

    .venv/bin/python bench/sentence_sweep.py [runs] [seed]
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
import sentence_oracle as oracle  # noqa: E402


def sweep(runs, seed=0, report=print, oracle=oracle):
    """-> (runs, sentences, claims, false claims [(case, claim, detail)], claims by name).
    oracle: the module that draws the random cases and judges their sentences (random_case,
    csv_of, sentences, judge(X, y, s, r, rerun))."""
    rng = np.random.default_rng(seed)
    n_sent, judged, false, kinds = 0, 0, [], Counter()
    for k in range(runs):
        X, y, s = oracle.random_case(rng)
        data = oracle.csv_of(X, y)
        r = handle({"cmd": "train", "data": data, "settings": s})
        if not r.get("ok"):
            report(f"run {k} refused: {r.get('error')} {s}")
            continue
        rerun = lambda settings: handle({"cmd": "train", "data": data, "settings": settings})  # noqa: E731
        n_sent += len(oracle.sentences(r))
        for name, ok, detail in oracle.judge(X, y, s, r, rerun):
            judged += 1
            kinds[name] += 1
            if not ok:
                false.append(((X.tolist(), y.tolist(), s), name, detail))
    return runs, n_sent, judged, false, kinds


def main(oracle=oracle, runs=750, seed=36):
    args = sys.argv[1:]
    if len(args) > 2 or not all(a.isdigit() and a.isascii() for a in args):
        print(f"usage: {Path(sys.argv[0]).name} [runs] [seed]   (whole numbers; defaults {runs} and {seed})")
        sys.exit(0 if args[:1] in (["-h"], ["--help"]) else 2)
    runs = int(args[0]) if args else runs
    seed = int(args[1]) if len(args) > 1 else seed
    t0 = time.time()
    print(f"load average {loadavg()}")
    runs, n_sent, judged, false, kinds = sweep(runs, seed, oracle=oracle)
    for case, name, detail in false:
        print(f"FALSE {name}: {detail}\n    {case}")
    print(f"{runs} runs, {n_sent} sentences, {judged} claims judged, {len(false)} false")
    print("claims: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"{time.time() - t0:.0f} s, load average {loadavg()}")


if __name__ == "__main__":
    main()
