#!/usr/bin/env python3
"""The peak memory and time of `check` on a result link that carries a large CSV file:

    python bench/check_memory.py [--rows N] [--features D] [--repeat K]

The link is the page's (#v=1&source=csv&…&csv=<deflate-raw, base64url>) with an exercise of one
answer; its CSV is repetitive, so that a link within the page's 64 KiB hash limit inflates to
megabytes (the worst case issue 36 found: 11 MB of CSV, 247 MB traced, ~6 s). The check goes
through the bridge as `python -m perceptron_lab check` sends it. Prints the CSV's size, the check's
wall time (without tracing), its traced peak (tracemalloc: Python's own allocations, numpy's
arrays included) and the load average.
"""
from __future__ import annotations

import argparse
import base64
import os
import sys
import time
import tracemalloc
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from perceptron_lab.bridge import handle  # noqa: E402
from perceptron_lab.data.request import forget_csv  # noqa: E402


def csv_text(rows, features):
    head = ",".join([f"x{j}" for j in range(features)] + ["y"])
    # Few distinct lines (it packs small) with a label that both classes hold.
    lines = [",".join(f"{((i * 7 + j * 3) % 11) / 4 - 1.25:.2f}" for j in range(features)) + (",yes" if i % 2 else ",no")
             for i in range(16)]
    return head + "\n" + "\n".join(lines[i % 16] for i in range(rows)) + "\n"


def link_for(text):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = c.compress(text.encode()) + c.flush()
    z = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return ("https://t.example/lab/#v=1&source=csv&algorithm=online&epochs=1&view=exercise&exn=1&exs=0&exa=n"
            f"&csv={z}")


def check(link):
    forget_csv()  # each check reads its link's file afresh, as in a batch of students' links
    r = handle({"cmd": "check", "link": link})
    assert r["ok"], r
    return r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--features", type=int, default=24)
    ap.add_argument("--repeat", type=int, default=2, help="untraced timings (the best is printed)")
    args = ap.parse_args()
    text = csv_text(args.rows, args.features)
    link = link_for(text)
    check(link)  # warm: every module imported
    best = min(_timed(link) for _ in range(args.repeat))
    tracemalloc.start()
    check(link)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"CSV {len(text) / 1e6:.1f} MB ({args.rows:,} rows × {args.features} features), link {len(link):,} characters: "
          f"check {best:.2f} s (best of {args.repeat}), traced peak {peak / 1e6:.0f} MB; "
          f"load {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


def _timed(link):
    t = time.perf_counter()
    check(link)
    return time.perf_counter() - t


if __name__ == "__main__":
    raise SystemExit(main())
