#!/usr/bin/env python3
"""The kernel perceptron's cost in the page (Pyodide), for the run budget's coefficients
(params.json limits cost_us_per_kernel_pair / _value / _update, site/js/run/budget.js):

    python bench/kernel_cost.py [--no-build] [--dist DIR]

Requests go straight through the page's client (window.__pyclient.call), each timed on a warm
worker as the fastest of two (a CSV is then read once: the page caches a read file). From them:
  pair    µs per kernel evaluation on 2 features: the Gram matrix of 5 000 against 2 500 points
          (rbf on well separated clouds, one epoch, no plots: few mistakes), per pair added;
  value   µs per pair and feature: a 2 500 × 200 CSV against a 2 500 × 2 one (rbf, one epoch);
  update  µs per score a mistake updates: overlapping points (rbf γ = 0.01: nearly linear, never
          separable; shuffled each epoch, so no cycle stops it), 500 epochs of 1 000 rows, 100 of 5 000: (time − Gram) per mistake, whose
          growth with the rows is the update of every score, the rest the per-example cost;
  grid    µs per kernel evaluation of the regions plot: the boundary drawn small (320 × 240 px)
          minus no plots, over (grid² + rows) × support vectors (2 000 overlapping points, rbf).
  extras  multiclass digits with its own three plots (confusion, class weights, gallery) drawn;
  multiclass  µs per example (on top: per class and value) in its worst case: random labels
          (10 classes against 2, 2 000 × 64 features), shuffled and averaged (every epoch runs).
Then the budget's estimate (budget.js, imported in the page) against the measured time of a
few kernel and multiclass runs: measured / estimate must stay below 1 (an upper bound).
Prints the load average (the machine is shared: note it next to any figure).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

LIMITS = json.loads((ROOT / "py/perceptron_lab/params.json").read_text())["limits"]
GRID = LIMITS["kernel_plot_grid"]

TIME = """async (request) => {
  let best = null;
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const res = await window.__pyclient.call(request);
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    if (!best || ms < best.ms) best = {ms, mistakes: res.mistakes, support: (res.support || []).length, epochs: res.epochs, status: res.status};
  }
  return best;
}"""

ESTIMATE = """async ({data, settings, info}) => {
  const m = await import(new URL("js/run/budget.js", document.baseURI).href);
  return m.estimate(data, settings, info).seconds;
}"""


def csv(rows: int, cols: int, seed: int) -> str:
    rng = random.Random(seed)
    lines = [",".join([f"x{j}" for j in range(cols)] + ["y"])]
    for _ in range(rows):
        k = rng.random() < 0.5
        lines.append(",".join([f"{rng.gauss(0.3 if k else -0.3, 1):.3f}" for _ in range(cols)] + ["ab"[k]]))
    return "\n".join(lines) + "\n"


def noise_csv(rows: int, cols: int, classes: int, seed: int) -> str:
    """Random features and random labels: no class can be learnt, so nearly every example is a mistake."""
    rng = random.Random(seed)
    lines = [",".join([f"x{j}" for j in range(cols)] + ["y"])]
    for _ in range(rows):
        lines.append(",".join([f"{rng.gauss(0, 1):.3f}" for _ in range(cols)] + [f"c{rng.randrange(classes)}"]))
    return "\n".join(lines) + "\n"


def clouds(n, margin=1.0):
    return {"kind": "preset", "name": "clouds", "n": n, "margin": margin, "spread": 1.0, "seed": 0}


def overlap(n):
    return {"kind": "preset", "name": "overlap", "n": n, "spread": 1.0, "seed": 0}


def kernel(**kw):
    return {"algorithm": "kernel", "kernel": "rbf", "plots": False, **kw}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    args = ap.parse_args()
    dist = (args.dist or Path(tempfile.mkdtemp(prefix="kernel-bench-"))).resolve()
    if not args.no_build:
        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    from playwright.sync_api import sync_playwright

    server, url = start_server(dist, prefix="/perceptron-lab/")
    loads = [loadavg()]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.set_default_timeout(900_000)
            page.add_init_script("globalThis.__PERCEPTRON_LAB_TEST__ = true;")
            page.goto(url)
            page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=120_000)

            def t(data, settings):
                out = page.evaluate(TIME, {"cmd": "train", "data": data, "settings": settings})
                loads.append(loadavg())
                return out

            t(clouds(200), kernel(epochs=1))  # warm
            # pair: Gram of 5 000 vs 2 500 (2 features), one epoch.
            big, small = t(clouds(5000), kernel(epochs=1)), t(clouds(2500), kernel(epochs=1))
            pair = (big["ms"] - small["ms"]) * 1e3 / (5000**2 - 2500**2)
            # value: 200 features vs 2, 2 500 rows each.
            wide = t({"kind": "csv", "text": csv(2500, 200, 1), "label": "y"}, kernel(epochs=1, gamma=0.005))
            narrow = t({"kind": "csv", "text": csv(2500, 2, 1), "label": "y"}, kernel(epochs=1, gamma=0.005))
            value = (wide["ms"] - narrow["ms"]) * 1e3 / (2500**2 * 198)
            # update: per mistake at 1 000 and 3 000 rows, beyond the Gram matrix.
            per = {}
            for n, epochs in ((1000, 500), (5000, 100)):  # about as many mistakes at both sizes
                r = t(overlap(n), kernel(epochs=epochs, order="shuffle-each", gamma=0.01))
                per[n] = (r["ms"] * 1e3 - n * n * pair) / max(1, r["mistakes"])
                print(f"  overlap n={n}: {r['ms'] / 1e3:.2f} s, {r['mistakes']} mistakes in {r['epochs']} epochs ({r['status']}), "
                      f"{per[n]:.2f} µs per mistake", flush=True)
            update = (per[5000] - per[1000]) / 4000
            example = per[1000] - 1000 * update
            # grid: the regions plot against no plots.
            spec = overlap(2000)  # rbf γ = 1 on overlapping points: most of them become support vectors
            bare = t(spec, kernel(epochs=20))
            drawn = t(spec, {**kernel(epochs=20), "plots": True, "plot_kinds": ["boundary"], "plot_px": [320, 240], "dpr": 1})
            grid = (drawn["ms"] - bare["ms"]) * 1e3 / ((GRID * GRID + 2000) * drawn["support"])
            # multiclass: the worst case (random labels, shuffled, averaged: every epoch runs), 10
            # classes against 2 on the same 2 000 × 64 features: per example, and per class and value.
            mc = {"algorithm": "multiclass", "average": True, "order": "shuffle-each", "epochs": 30, "plots": False}
            m10 = t({"kind": "csv", "text": noise_csv(2000, 64, 10, 4), "label": "y"}, mc)
            m2 = t({"kind": "csv", "text": noise_csv(2000, 64, 2, 4), "label": "y"}, mc)
            mc_example = m10["ms"] * 1e3 / (2000 * 30)
            mc_value = (m10["ms"] - m2["ms"]) * 1e3 / (2000 * 30 * 8 * 65)
            print(f"  multiclass, random labels: {m10['mistakes']} mistakes of {2000 * 30} examples (10 classes), "
                  f"{mc_example:.2f} µs per example", flush=True)
            print(f"µs per kernel pair (Gram, 2 features): {pair:.4f}   (limits.cost_us_per_kernel_pair = {LIMITS['cost_us_per_kernel_pair']})")
            print(f"µs per pair and feature:              {value:.5f}  (limits.cost_us_per_kernel_value = {LIMITS['cost_us_per_kernel_value']})")
            print(f"µs per score updated by a mistake:    {update:.5f}  (limits.cost_us_per_kernel_update = {LIMITS['cost_us_per_kernel_update']})")
            print(f"µs per mistake besides (per example): {example:.2f}    (limits.cost_us_per_example = {LIMITS['cost_us_per_example']})")
            print(f"µs per class and value of a multiclass example: {mc_value:.5f} "
                  f"(limits.cost_us_per_class_value = {LIMITS['cost_us_per_class_value']})")
            # multiclass's own plots (confusion, class weights, mistakes gallery) on all ten digits.
            digits = {"kind": "preset", "name": "digits"}
            few = {"algorithm": "multiclass", "epochs": 5, "plots": True, "plot_px": [480, 360], "dpr": 1}
            three = t(digits, {**few, "plot_kinds": ["boundary", "mistakes", "accuracy"]})  # + the 3 extras
            print(f"  multiclass digits, 3 plots + its 3 own: {three['ms'] / 1e3:.2f} s")
            print(f"µs per kernel pair of the regions plot ({GRID}² grid + rows, {drawn['support']} support vectors): {grid:.4f}")

            print("\nthe budget's estimate against the time measured (measured / estimate < 1: an upper bound)")
            checks = [
                ("kernel rbf, clouds n=5000, 100 epochs, plots 480×360", clouds(5000, 0.3),
                 {**kernel(epochs=100), "plots": True, "plot_px": [480, 360], "dpr": 1}),
                ("kernel rbf γ 0.01, overlap n=3000, 30 epochs, shuffled", overlap(3000),
                 kernel(epochs=30, gamma=0.01, order="shuffle-each")),
                ("kernel poly 3, overlap n=1500, 200 epochs, plots", overlap(1500),
                 {**kernel(epochs=200, kernel="poly", degree=3), "plots": True, "plot_px": [480, 360], "dpr": 1}),
                ("kernel rbf, digits (64 features), 20 epochs", {"kind": "preset", "name": "digits", "classes": ["0", "1"]},
                 kernel(epochs=20, gamma=0.001)),
                # averaged: every epoch runs (no early stop), the worst case of the estimate.
                # The page knows a CSV's shape and classes from its inspect (read for multiclass).
                ("multiclass averaged, random labels, 10 classes, 2000 × 64, 30 epochs",
                 {"kind": "csv", "text": noise_csv(2000, 64, 10, 5), "label": "y"}, mc),
                ("multiclass averaged, digits (10 classes), 50 epochs", {"kind": "preset", "name": "digits"},
                 {"algorithm": "multiclass", "average": True, "epochs": 50, "plots": False}),
                ("multiclass averaged, iris (3 classes), 1000 epochs", {"kind": "preset", "name": "iris"},
                 {"algorithm": "multiclass", "average": True, "epochs": 1000, "plots": False}),
                ("multiclass averaged, digits, 20 epochs, plots 480×360", {"kind": "preset", "name": "digits"},
                 {"algorithm": "multiclass", "average": True, "epochs": 20, "plots": True, "plot_px": [480, 360], "dpr": 1}),
            ]
            shape = {"n": 2000, "feature_names": [f"x{j}" for j in range(64)], "labels": {"classes": [f"c{k}" for k in range(10)]}}
            for name, data, settings in checks:
                measured = t(data, settings)["ms"] / 1e3
                info = shape if data["kind"] == "csv" else None
                est = page.evaluate(ESTIMATE, {"data": data, "settings": settings, "info": info})
                print(f"  {name:58} measured {measured:7.2f} s  estimate {est:8.2f} s  ratio {measured / est:5.2f}", flush=True)
            browser.close()
    finally:
        server.shutdown()
    print(f"load average: {' | '.join(loads[:1] + loads[-1:])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
