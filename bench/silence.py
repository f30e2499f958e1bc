#!/usr/bin/env python3
"""The longest silence of a pending call, in headless Chromium against a build of the site:

    python bench/silence.py [--no-build] [--dist DIR] [--only NAME,...]

While a call is pending the worker says "alive" at least once a second whenever Python
bytecode runs (worker.js installs an interrupt buffer whose getter CPython reads from its eval
loop), so the page hears nothing only while ONE C call runs (a numpy operation, an Agg draw,
a PNG encode) or when the worker is dead. pyclient.js's pending-call watchdog (CALL_TIMEOUT_MS)
must stay well above the longest such silence at the limits the bridge accepts; this prints it
for the heaviest requests we know of, sent straight through the page's client (no run budget):
  plots        AND with every plot kind at the largest box (2000 × 1500 CSS px) and pixel ratio 4
  kernel-grid  the kernel perceptron (rbf) on 5 000 generated points (its most), the same plots
  kernel-wide  the kernel perceptron on a 5 000 × 400 CSV (14 MB) (the Gram matrix's products are widest)
  kernel-2000  the kernel perceptron on a 2 000 × 2 000 CSV (16 MB: the widest file allowed)
  multiclass   all ten digits, largest plots
  csv-200k     a 200 000 × 10 CSV read and trained (voted, 1 epoch)
  theory       20 000 rows (theory_max_points) of a CSV: the max-margin solve
Per request: total seconds, the longest silence (ms), and the number of "alive" seconds.
Also the load average (the machine is shared: note it next to any figure).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

ALL_PLOTS = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]
BIG = {"plot_px": [2000, 1500], "dpr": 4, "plot_kinds": ALL_PLOTS}
BIG_OWN_PLOTS = {**BIG, "plot_kinds": ["boundary", "mistakes", "accuracy"]}  # kernel, multiclass (+ their extras)

CALL = """async (request) => {
  const c = window.__pyclient;
  c.silence(true);
  const t0 = performance.now();
  const res = await c.call(request);
  return {ok: res.ok, error: res.ok ? null : res.error, ms: performance.now() - t0, silence: c.silence(true)};
}"""


def csv(rows: int, cols: int, seed: int, digits: int = 4) -> str:
    rng = random.Random(seed)
    lines = [",".join([f"x{j}" for j in range(cols)] + ["y"])]
    for _ in range(rows):
        k = rng.random() < 0.5
        lines.append(",".join([f"{rng.gauss(0.3 if k else -0.3, 1):.{digits}f}" for _ in range(cols)] + ["ab"[k]]))
    return "\n".join(lines) + "\n"


def cases() -> dict[str, dict]:
    clouds = {"kind": "preset", "name": "overlap", "n": 5000, "spread": 1.0, "seed": 0}
    return {
        "plots": {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"epochs": 10, **BIG}},
        "kernel-grid": {"cmd": "train", "data": clouds,
                        "settings": {"algorithm": "kernel", "kernel": "rbf", "epochs": 3, **BIG_OWN_PLOTS}},
        "kernel-wide": {"cmd": "train", "data": {"kind": "csv", "text": csv(5000, 400, 1), "label": "y"},
                        "settings": {"algorithm": "kernel", "kernel": "rbf", "gamma": 0.001, "epochs": 2}},
        "kernel-2000": {"cmd": "train", "data": {"kind": "csv", "text": csv(2000, 2000, 4, digits=1), "label": "y"},
                        "settings": {"algorithm": "kernel", "kernel": "rbf", "gamma": 0.0005, "epochs": 2}},
        "multiclass": {"cmd": "train", "data": {"kind": "preset", "name": "digits"},
                       "settings": {"algorithm": "multiclass", "epochs": 20, **BIG_OWN_PLOTS}},
        "csv-200k": {"cmd": "train", "data": {"kind": "csv", "text": csv(200_000, 10, 2), "label": "y"},
                     "settings": {"algorithm": "voted", "epochs": 1}},
        "theory": {"cmd": "train", "data": {"kind": "csv", "text": csv(20_000, 2, 3), "label": "y"},
                   "settings": {"algorithm": "online", "epochs": 5}},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    ap.add_argument("--only", default="", help="comma-separated case names")
    args = ap.parse_args()
    dist = (args.dist or Path(tempfile.mkdtemp(prefix="silence-bench-"))).resolve()
    if not args.no_build:
        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    from playwright.sync_api import sync_playwright

    todo = cases()
    if args.only:
        todo = {k: v for k, v in todo.items() if k in args.only.split(",")}
    server, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    loads = [loadavg()]
    print(f"{'request':12} {'ok':>3} {'total s':>8} {'longest silence ms':>19}")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.set_default_timeout(600_000)
            page.add_init_script("globalThis.__PERCEPTRON_LAB_TEST__ = true;")
            page.goto(url)
            page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=120_000)
            for name, request in todo.items():
                out = page.evaluate(CALL, request)
                loads.append(loadavg())
                ok = "yes" if out["ok"] else "NO"
                print(f"{name:12} {ok:>3} {out['ms'] / 1000:8.2f} {out['silence']:19.0f}"
                      + ("" if out["ok"] else f"   {out['error']}"), flush=True)
            browser.close()
    finally:
        server.shutdown()
    print(f"load average: {' | '.join(loads)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
