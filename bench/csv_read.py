"""CSV reading figures: hostile shapes (equal names, wide rows) and a large ordinary file.

Run: .venv/bin/python bench/csv_read.py   (prints seconds per case and the load average)
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from perceptron_lab.csvio import MAX_COLUMNS, parse_csv  # noqa: E402
from perceptron_lab.errors import DataError  # noqa: E402


def timed(label, make):
    text = make()
    t = time.perf_counter()
    try:
        ds = parse_csv(text, max_bytes=10**9)
        what = f"{ds.n} rows x {ds.m} features"
    except DataError as e:
        what = f"refused: {e.message[:70]}"
    print(f"{label:<46} {len(text) / 1e6:7.2f} MB  {time.perf_counter() - t:7.3f} s  {what}")


def equal_names(n):
    return lambda: ",".join(["a"] * (n - 1) + ["y"]) + "\n" + ",".join(["1"] * (n - 1) + ["0"]) + "\n" + \
        ",".join(["2"] * (n - 1) + ["1"]) + "\n"


def main():
    print(f"load average: {os.getloadavg()}")
    timed("20 000 equal column names", equal_names(20_000))
    timed(f"{MAX_COLUMNS + 1:,} columns (over the limit)", lambda: ",".join(["1"] * (MAX_COLUMNS + 1)) + "\n")
    timed("1 000 000 columns (refused)", lambda: "1,2," * 500_000 + "\n")
    timed("200 000 rows x 10 features, decimal point",
          lambda: "".join(f"{i * 0.5},{i},1.25,2.5,3,4,5,6,7,8,{i % 2}\n" for i in range(200_000)))
    timed("200 000 rows x 10 features, decimal comma (;)",
          lambda: "".join(f"{i},5;{i};1,25;2,5;3;4;5;6;7;8;{i % 2}\n" for i in range(200_000)))
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
