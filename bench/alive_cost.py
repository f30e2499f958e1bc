#!/usr/bin/env python3
"""What the worker's interrupt-buffer "alive" costs Python (site/js/worker.js, aliveSignal):
the same long requests timed in the page on two builds, one with it and one without (a build
of the commit before it), alternating so that both see the same load:

    python bench/alive_cost.py --before DIR [--after DIR] [--rounds 3]

DIR is a built dist/ (python build.py in a checkout of that commit). Each round times, on a
warm worker, through window.__pyclient.call (no UI work counted):
  pocket   20 000 noisy rows × 2 features, 100 epochs (the primal loop: numpy blocks + Python)
  kernel   linear on 3 000 overlapping points, 30 epochs, no plots (the dual loop: a Python step per mistake)
  frames   120 step-through frames of a 400-point run, back to back (Python per frame)
Prints the fastest and the median time per build, their ratios after / before (the fastest is
the least disturbed by other work on a shared machine), and the load average.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402


TIME = """async (request) => {
  const t0 = performance.now();
  const res = await window.__pyclient.call(request);
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return performance.now() - t0;
}"""

FRAMES = """async ({train, frames}) => {
  const c = window.__pyclient;
  const res = await c.call(train);
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  const first = await c.call({cmd: "frame", step: 0, proof: true});  // the animators are made here
  if (!first.ok) throw new Error(JSON.stringify(first.error));
  const t0 = performance.now();
  for (let i = 1; i <= frames; i++) {
    const f = await c.call({cmd: "frame", step: 1 + (i * 7) % first.total, proof: true});
    if (!f.ok) throw new Error(JSON.stringify(f.error));
  }
  return (performance.now() - t0) / frames;
}"""


def noisy_csv(rows: int, seed: int) -> str:
    rng = random.Random(seed)
    lines = ["a,b,y"]
    for _ in range(rows):
        k = rng.random() < 0.5
        lines.append(f"{rng.gauss(0.5 if k else -0.5, 1.3):.6f},{rng.gauss(0.2, 1.3):.6f},{'ny'[k]}")
    return "\n".join(lines) + "\n"


REQUESTS = {
    "pocket": {"cmd": "train", "data": {"kind": "csv", "text": noisy_csv(20000, 14), "label": "y"},
               "settings": {"algorithm": "pocket", "epochs": 100, "plots": False}},
    "kernel": {"cmd": "train", "data": {"kind": "preset", "name": "overlap", "n": 3000, "spread": 1.0, "seed": 0},
               "settings": {"algorithm": "kernel", "kernel": "linear", "epochs": 30, "plots": False}},
}
FRAME_RUN = {"cmd": "train", "data": {"kind": "preset", "name": "clouds", "n": 400, "margin": 0.005, "spread": 1.0,
                                       "seed": 0}, "settings": {"algorithm": "online", "epochs": 100}}


def one_round(page) -> dict[str, float]:
    out = {name: page.evaluate(TIME, req) / 1000 for name, req in REQUESTS.items()}
    out["frames"] = page.evaluate(FRAMES, {"train": FRAME_RUN, "frames": 120}) / 1000
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=Path, required=True)
    ap.add_argument("--after", type=Path, default=ROOT / "dist")
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    builds = {"before": args.before.resolve(), "after": args.after.resolve()}
    servers = {k: start_server(d, prefix="/perceptron-lab/") for k, d in builds.items()}
    times: dict[str, dict[str, list[float]]] = {k: {} for k in builds}
    loads = [loadavg()]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            pages = {}
            for k, (_, url) in servers.items():
                page = browser.new_page()
                page.set_default_timeout(600_000)
                page.add_init_script("globalThis.__PERCEPTRON_LAB_TEST__ = true;")
                page.goto(url)
                page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=120_000)
                page.evaluate(TIME, REQUESTS["kernel"])  # warm: imports, first calls
                pages[k] = page
            for r in range(args.rounds):
                for k in (("before", "after") if r % 2 == 0 else ("after", "before")):
                    for name, s in one_round(pages[k]).items():
                        times[k].setdefault(name, []).append(s)
                loads.append(loadavg())
                print(f"round {r + 1}: " + "; ".join(f"{k} " + ", ".join(f"{n} {v[-1]:.3f}" for n, v in times[k].items())
                                                   for k in builds) + f"; load {loads[-1]}", file=sys.stderr, flush=True)
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
    print(f"{'request':8} {'unit':8} {'before: min':>12} {'median':>8} {'after: min':>11} {'median':>8} "
          f"{'ratio of min':>13} {'of median':>10}")
    for name in times["before"]:
        b, a = times["before"][name], times["after"][name]
        unit = "ms/frame" if name == "frames" else "ms"
        bm, am, bmed, amed = min(b) * 1e3, min(a) * 1e3, statistics.median(b) * 1e3, statistics.median(a) * 1e3
        print(f"{name:8} {unit:8} {bm:12.1f} {bmed:8.1f} {am:11.1f} {amed:8.1f} {am / bm:13.3f} {amed / bmed:10.3f}")
    print(f"load average: {' | '.join(loads)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
