#!/usr/bin/env python3
"""A second visit's first plot in each browser engine, and where its time goes (issue 33:
warm first plot ≤ 1.2 s in Chromium and Firefox, ≤ 2 s in WebKit):

    python bench/warm_visit.py [--engines chromium,firefox,webkit] [--runs 1] [--no-build]

Per engine and run, in a fresh profile (tools/browser_engines.py, the page as a student gets it,
no test switch): the first visit, then, once the service worker has precached the build and
the memory snapshot's maker has ended, the same page again (the second visit, timed). Engines
alternate within a run, so the ratios compare loads made under one load average (printed).
An engine that times out (or whose driver fails) is recorded as failed, and the next goes on.
--no-build serves build.py's dist/ (or --dist); without it the bench builds .cache/bench-dist.

The second visit's stages, ms since navigation start (the page's clock):
  worker      the Python worker started (its performance.timeOrigin)
  info        build-info.json read                     \\
  module      pyodide.mjs imported                      |  the worker's own clock
  found       the snapshot's meta.json read             |  (js/worker.js ready()'s times),
  read        heap and fs read, SHA-256 checked, inflated|  shifted to the page's
  runtime     the runtime up from the snapshot          |
  checked     Python's self-check answered              |
  ready       "ready" posted                            /
  py-ready    the page heard "ready" (body data-py-state)
  call        the page's first train call sent, result: its answer back
  boundary    the boundary plot of that run decoded (Python's picture)
  moving      the run computed ahead moving on screen (figure data-step >= 1, js/run/ahead.js)
  first plot  the earlier of boundary and moving: what the student first sees of the run (issue 33's target)
  plot        the run done (its margin and the other plots too) and the boundary decoded: what
              bench/engine_loads.py calls the first plot (the README's table)
Then every call the page made and its answer, as marked by js/python/pyclient.js, and "again":
the same run trained again on that page (Train pressed -> boundary decoded), against call -> boundary.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from benchkit import chosen_dist, loadavg  # noqa: E402
from engine_loads import OBSERVE, QUIET, SETTLED  # noqa: E402
from load_time import TRAIN_PRESET  # noqa: E402
from tools.browser_engines import open_engine  # noqa: E402
from tools.devserver import start_server  # noqa: E402

TARGET_MS = {"chromium": 1200, "firefox": 1200, "webkit": 2000}
WORKER_STAGES = [("info", "build_info"), ("module", "runtime_module"), ("found", "snapshot_found"),
                 ("read", "snapshot_read"), ("runtime", "runtime"), ("checked", "self_check"), ("ready", "ready")]

# The boundary plot's first picture from Python, decoded (late: it was already set when this was
# installed, after the navigation returned, so its time is an upper bound).
BOUNDARY = """() => {
  const T = window.__engineTimes, img = document.getElementById("plot-boundary");
  const go = () => { T.boundaryP ??= img.decode().then(() => { T.boundary = performance.now(); }, () => {}); };
  if (img.getAttribute("src")) { T.boundaryLate = true; go(); }
  new MutationObserver(go).observe(img, {attributes: true, attributeFilter: ["src"]});
  // The run on screen before Python's picture: the run computed ahead (js/run/ahead.js) moving,
  // as bench/cold_preset.py sees it (the figure's data-step >= 1); late as above.
  const fig = img.closest("figure");
  const moved = () => { if (T.moving === undefined && Number(fig.dataset.step) >= 1) T.moving = performance.now(); };
  if (Number(fig.dataset.step) >= 1) T.movingLate = true;
  moved();
  new MutationObserver(moved).observe(fig, {attributes: true, attributeFilter: ["data-step"]});
  return true;
}"""

TIMES = """async () => {
  const T = window.__engineTimes; await T.plotPromise; await T.boundaryP;
  const marks = {};
  for (const m of performance.getEntriesByType("mark")) if (m.name.startsWith("perceptron-lab:") && !(m.name in marks)) marks[m.name] = m.startTime;
  const w = performance.getEntriesByName("perceptron-lab:python-ready").map((e) => e.detail).pop() ?? null;
  return {stages: T.stages, plot: T.plot ?? null, boundary: T.boundary ?? null, boundaryLate: !!T.boundaryLate, marks,
          moving: T.moving ?? null, movingLate: !!T.movingLate, worker: w, pageOrigin: performance.timeOrigin,
          snapshot: document.body.dataset.snapshot || null, retries: Number(document.body.dataset.pyRetries || 0)};
}"""


def one_visit(b, url, timeout_s):
    b.goto(url)
    b.js(OBSERVE)
    b.js(BOUNDARY)
    state = b.wait(SETTLED, timeout=timeout_s)
    t = b.js(TIMES)
    t["error"] = state != "ready"
    return t


def stages(t) -> list[tuple[str, float | None]]:
    """The visit's stages in the page's clock (ms since navigation start)."""
    w = t["worker"] or {}
    shift = (w["origin"] - t["pageOrigin"]) if "origin" in w else None
    out = [("worker", shift)]
    for name, key in WORKER_STAGES:
        out.append((name, shift + w[key] if shift is not None and key in w else None))
    m = t["marks"]
    out += [("py-ready", t["stages"].get("ready")), ("call", m.get("perceptron-lab:call:train")),
            ("result", m.get("perceptron-lab:result:train")), ("boundary", t["boundary"]), ("moving", t.get("moving")),
            ("plot", t["plot"])]
    return out


def first_plot(t):
    """The run's first picture on screen: Python's boundary plot or the run computed ahead moving, whichever came first."""
    seen = [v for v in (t.get("boundary"), t.get("moving")) if v is not None]
    return min(seen) if seen else None


def one_engine(engine, url, timeout_s) -> dict:
    with open_engine(engine) as b:
        before = loadavg()
        cold = one_visit(b, url, timeout_s)
        offline, snapshot = b.wait(QUIET, timeout=timeout_s)
        warm = one_visit(b, url, timeout_s)
        # The same run trained again on that page: the first call after a restore against a later one.
        again = b.js(TRAIN_PRESET, b.js("() => document.getElementById('preset').value"), timeout=timeout_s)
        warm["again"] = again.get("plot_ms")
        return {"load": f"{before} -> {loadavg()}", "cold": cold, "warm": warm, "made": snapshot, "offline": offline}


def fmt(ms) -> str:
    return "-" if ms is None else f"{ms / 1000:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engines", default="chromium,firefox,webkit")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--no-build", action="store_true", help="serve the build already in --dist (default: dist/)")
    ap.add_argument("--dist", type=Path, help="default: .cache/bench-dist, built first; with --no-build dist/")
    ap.add_argument("--timeout", type=float, default=240)
    ap.add_argument("--json", action="store_true", help="also print each visit's raw times")
    args = ap.parse_args()
    dist = chosen_dist(ROOT, args.dist, args.no_build)
    if args.no_build and not (dist / "build-info.json").exists():
        raise SystemExit(f"--no-build: no build in {dist} (run once without --no-build)")
    if not args.no_build:
        import contextlib
        import io

        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    server, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    engines = [e for e in args.engines.split(",") if e]
    rows = []
    try:
        for i in range(args.runs):
            for e in engines:
                before = loadavg()
                try:
                    r = one_engine(e, url, args.timeout)
                except Exception as err:  # a timeout (or a dead driver) in one engine: recorded, the next engine goes on
                    why = f"{type(err).__name__}: {(str(err).splitlines() or [''])[0][:200]}"
                    rows.append((i + 1, e, {"failed": why, "load": f"{before} -> {loadavg()}"}))
                    print(f"run {i + 1} {e}: FAILED {why}; load {before} -> {loadavg()}", flush=True)
                    continue
                rows.append((i + 1, e, r))
                st = stages(r["warm"])
                print(f"run {i + 1} {e}: second visit, s since navigation: "
                      + " ".join(f"{k} {fmt(v)}" for k, v in st)
                      + "; calls: " + " ".join(f"{k[15:]} {fmt(v)}" for k, v in sorted(r["warm"]["marks"].items(), key=lambda kv: kv[1]))
                      + f"; snapshot made {r['made']}, second visit {r['warm']['snapshot']}, retries {r['warm']['retries']};"
                        f" first visit's first plot {fmt(r['cold']['plot'])}; load {r['load']}", flush=True)
                if args.json:
                    print("  ", json.dumps({"cold": r["cold"], "warm": r["warm"]}))
    finally:
        server.shutdown()
    base = {i: first_plot(r["warm"]) for i, e, r in rows if e == "chromium" and "failed" not in r}
    print(f"\n{'run':>3} {'engine':<9} {'first plot':>10} {'target':>7} {'x chromium':>10} {'done':>6} {'restored':>9} "
          f"{'worker':>7} {'ready':>6} {'→call':>6} {'call→result':>11} {'→plot':>6} {'boundary':>8} {'moving':>6} {'again':>6}  load average")
    for i, e, r in rows:
        if "failed" in r:
            print(f"{i:>3} {e:<9} failed: {r['failed']}  {r['load']}")
            continue
        st = dict(stages(r["warm"]))
        plot = first_plot(r["warm"])
        ratio = f"{plot / base[i]:.2f}" if base.get(i) and plot else "-"
        gap = lambda a, b: (st[b] - st[a]) if st.get(a) is not None and st.get(b) is not None else None  # noqa: E731
        print(f"{i:>3} {e:<9} {fmt(plot):>10} {fmt(TARGET_MS[e]):>7} {ratio:>10} {fmt(r['warm']['plot']):>6} {str(r['warm']['snapshot'] == 'restored'):>9} "
              f"{fmt(st['worker']):>7} {fmt(st['ready']):>6} {fmt(gap('py-ready', 'call')):>6} {fmt(gap('call', 'result')):>11} "
              f"{fmt(gap('result', 'boundary')):>6} {fmt(st['boundary']):>8} {fmt(st['moving']):>6} {fmt(r['warm'].get('again')):>6}  {r['load']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
