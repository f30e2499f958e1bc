#!/usr/bin/env python3
"""The run budget's pace in the page: its workload's milliseconds, for pace_reference_ms:

    python bench/budget_pace.py [--no-build] [--dist DIR] [--times 40] [--hogs N]

The built page in Chromium (Pyodide), Python ready; then `times` requests {cmd: "pace"}
(py/perceptron_lab/run_pace.py: the fixed workload the page times before weighing a link's run),
each printed with the load average, a second apart, and their lowest, median and highest. The
reference (params.json pace_reference_ms) is the workload in an unloaded tab of the machine the
budget's coefficients were measured on: the lowest time at the lowest load (beside it, the CPU
milliseconds the browser spent per request, which the load inflates less). With --hogs N the same
beside N busy processes (the pace a loaded machine gives).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchkit import loadavg  # noqa: E402
from budget_cpu import tree_cpu_seconds  # noqa: E402
from run_budget import RUN, hogs, warmed_page  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    ap.add_argument("--times", type=int, default=40)
    ap.add_argument("--hogs", type=int, default=0)
    args = ap.parse_args()
    args.full, args.only = False, ""
    with warmed_page(args, RUN) as page, hogs(args.hogs):
        print(f"{args.hogs} busy processes; load {loadavg()}", flush=True)
        times, cpu0 = [], tree_cpu_seconds()
        for i in range(args.times):
            r = page.evaluate("() => window.__pyclient.call({cmd: 'pace'})")
            times.append(r["ms"])
            print(f"{i + 1:3} {r['ms']:8.1f} ms  pace {r['pace']:5.2f}  load {loadavg()}", flush=True)
            time.sleep(1)
        cpu = (tree_cpu_seconds() - cpu0) / args.times * 1e3  # the browser's, idle seconds between included
        print(f"CPU the browser spent: {cpu:.1f} ms a request (an upper bound of the workload's own)")
        print(f"lowest {min(times):.1f} ms, median {statistics.median(times):.1f} ms, highest {max(times):.1f} ms "
              f"(reference now {r['reference_ms']:.0f} ms); load {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
