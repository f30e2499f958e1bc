#!/usr/bin/env python3
"""The run budget's estimate against the real time of each kind of run, in the page's Python:

    python bench/run_budget.py [--no-build] [--dist DIR] [--full] [--only WORD] [--paced] [--hogs N]

Each run is sent as the page sends a link's run (train with the boundary and the theory later,
then the theory, then the other plots; 480 × 360 px, pixel ratio 1) through window.__pyclient.call
on a warm worker (Pyodide, in Chromium), timed once. The estimate is the page's own
(site/js/run/budget.js `estimate`, imported in the page). The runs are the worst case the estimate
must bound or come near: noisy data (no run converges; shuffled each epoch, so no lap stops one),
small and large, for online, batch, averaged, pocket, voted, the kernel perceptron (poly 2, RBF) and
multiclass, and issue 36's named runs (voted on 40 000 and, with --full, 200 000 rows; 100 classes;
breast cancer with poly2 and voted, which converges early: the estimate cannot know that).
Prints estimate / real (over 1: it bounds; the aim is at most about 3 where every epoch runs),
the CPU seconds Chromium spent on the run and estimate / CPU (bench/budget_cpu.py: nearer the time
in an unloaded tab than the wall time, though it grows with the load too; the ratio that must stay
over 1, tests/py/test_run_cost_measured.py holds the references), and the load average before and
after each run (the machine is shared: the wall times move with it).
With --paced, each run's pace is measured just before it as the page does before weighing a link's
run (budget.js measurePace: py/perceptron_lab/run_pace.py's workload against pace_reference_ms), and
the paced estimate (the page's, in this device's seconds now) is printed against the wall time: the
target is paced / real >= 1 in every case, and at most about 20. --hogs N adds N busy processes at the
bench's own nice beside the browser for the timed runs (the added load).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402
from budget_cpu import tree_cpu_seconds  # noqa: E402

SIZE = {"plot_px": [480, 360], "dpr": 1}
LATER = ["mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]

RUN = """async ({data, settings, later}) => {
  const c = window.__pyclient;
  const t0 = performance.now();
  const r = await c.call({cmd: "train", data, settings: {...settings, plot_kinds: ["boundary"]}, theory: "later"});
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const t1 = performance.now();
  await c.call({cmd: "theory"});
  const t2 = performance.now();
  const p = await c.call({cmd: "plots", kinds: later});
  const ms = performance.now() - t0;
  return {ms, train: t1 - t0, theory: t2 - t1, mistakes: r.mistakes, epochs: r.epochs, status: r.status, plots: !!(p && p.ok)};
}"""

ESTIMATE = """async ({data, settings, info}) => {
  const m = await import(new URL("js/run/budget.js", document.baseURI).href);
  return m.estimate(data, settings, info).seconds;
}"""

# This tab's pace now, as the page measures it before weighing a link's run (the test switch's pin left out).
PACE = """async () => {
  const m = await import(new URL("js/run/budget.js", document.baseURI).href);
  return m.measurePace((r) => window.__pyclient.call(r), null);
}"""

# A CPU hog: a separate interpreter spinning, at the bench's own nice (bench/busy_cpu.py's).
HOG = "x = 0\nwhile True:\n    x = (x * 1103515245 + 12345) & 0x7FFFFFFF\n"


@contextlib.contextmanager
def hogs(n):
    """n busy processes beside the browser for the block (the "added load" of the paced rows)."""
    procs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(n)]
    try:
        yield
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=5)


def noisy_csv(rows, cols, classes, seed, signal=0.0):
    """Gaussian features; the label the first feature's sign (weight `signal`) or a random class:
    with signal 0 no w separates them and about half the examples are mistakes."""
    rng = random.Random(seed)
    lines = [",".join([f"x{j}" for j in range(cols)] + ["y"])]
    for _ in range(rows):
        x = [rng.gauss(0, 1) for _ in range(cols)]
        k = (x[0] * signal + rng.gauss(0, 1) > 0) if classes == 2 else rng.randrange(classes)
        lines.append(",".join(f"{v:.4f}" for v in x) + f",c{int(k)}")
    return "\n".join(lines) + "\n"


def csv_case(rows, cols, classes, seed, signal=0.0):
    text = noisy_csv(rows, cols, classes, seed, signal)
    info = {"n": rows, "feature_names": [f"x{j}" for j in range(cols)],
            "labels": {"classes": [f"c{k}" for k in range(classes)]} if classes > 2 else None}
    return {"kind": "csv", "text": text, "label": "y"}, info


def cases(full):
    each = {"order": "shuffle-each", **SIZE}
    small, small_info = csv_case(500, 2, 2, 1)
    large, large_info = csv_case(40_000, 2, 2, 2)
    for algorithm in ("online", "batch", "averaged", "pocket", "voted"):
        yield f"{algorithm}, 500 noisy rows × 2, 200 epochs", small, {**each, "algorithm": algorithm, "epochs": 200}, small_info
        epochs = 3 if algorithm == "voted" else 20
        yield (f"{algorithm}, 40,000 noisy rows × 2, {epochs} epochs", large,
               {**each, "algorithm": algorithm, "epochs": epochs}, large_info)
    mostly, mostly_info = csv_case(40_000, 2, 2, 3, signal=2.0)
    yield "voted, 40,000 rows, 1 in 10 noisy, 3 epochs (issue 36)", mostly, {**each, "algorithm": "voted", "epochs": 3}, mostly_info
    if full:
        big, big_info = csv_case(200_000, 2, 2, 4, signal=2.0)
        yield "voted, 200,000 rows, 1 in 10 noisy, 3 epochs (issue 36)", big, {**each, "algorithm": "voted", "epochs": 3}, big_info
    k, k_info = csv_case(1500, 2, 2, 5)
    yield "kernel poly 2, 1,500 noisy rows, 30 epochs", k, {**each, "algorithm": "kernel", "kernel": "poly", "degree": 2, "epochs": 30}, k_info
    yield "kernel RBF, 1,500 noisy rows, 30 epochs", k, {**each, "algorithm": "kernel", "kernel": "rbf", "epochs": 30}, k_info
    s, s_info = csv_case(200, 2, 2, 6)
    yield "kernel RBF, 200 noisy rows, 100 epochs", s, {**each, "algorithm": "kernel", "kernel": "rbf", "epochs": 100}, s_info
    m, m_info = csv_case(3000, 2, 100, 7)
    yield "multiclass, 3,000 rows × 2, 100 classes, 20 epochs (issue 36)", m, {**each, "algorithm": "multiclass", "epochs": 20}, m_info
    m, m_info = csv_case(300, 4, 3, 8)
    yield "multiclass, 300 rows × 4, 3 classes, 200 epochs", m, {**each, "algorithm": "multiclass", "epochs": 200}, m_info
    yield ("breast cancer, poly2, voted, 100 epochs (issue 36; converges)", {"kind": "preset", "name": "breast-cancer"},
           {"algorithm": "voted", "epochs": 100, "feature_map": "poly2", **SIZE}, None)


def arguments(doc):
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    ap.add_argument("--full", action="store_true", help="also voted on 200,000 rows (minutes)")
    ap.add_argument("--only", default="", help="only the runs whose name holds one of these words, separated by |")
    ap.add_argument("--paced", action="store_true", help="also each run's pace now and the paced estimate (budget.js "
                    "measurePace, just before the run, as the page weighs a link's run) against the wall time")
    ap.add_argument("--hogs", type=int, default=0, help="busy processes beside the browser during the timed runs")
    return ap.parse_args()


@contextlib.contextmanager
def warmed_page(args, run_script, ready_timeout_ms=300_000):
    """The built page in Chromium, Python ready, and one small voted run through run_script first, so
    every module the timed runs use is already imported."""
    dist = (args.dist or Path(tempfile.mkdtemp(prefix="budget-bench-"))).resolve()
    if not args.no_build:
        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    from playwright.sync_api import sync_playwright

    server, url = start_server(dist, prefix="/perceptron-lab/")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.set_default_timeout(1_800_000)
            page.add_init_script("globalThis.__PERCEPTRON_LAB_TEST__ = true;")
            page.goto(url)
            page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=ready_timeout_ms)
            page.evaluate(run_script, {"data": {"kind": "preset", "name": "and"},
                                       "settings": {"algorithm": "voted", **SIZE}, "later": LATER})
            yield page
            browser.close()
    finally:
        server.shutdown()


def chosen_cases(args):
    """The cases --only and --full choose, each with the later plots its family draws."""
    for name, data, settings, info in cases(args.full):
        if args.only and not any(w in name for w in args.only.split("|")):
            continue
        later = LATER if settings["algorithm"] not in ("multiclass", "kernel") else ["mistakes", "accuracy"]
        yield name, data, settings, info, later


def main() -> int:
    args = arguments(__doc__)
    with warmed_page(args, RUN) as page, hogs(args.hogs):
        print(f"{args.hogs} busy processes beside the browser; load {loadavg()}", flush=True)
        print(f"{'run':64} {'estimate':>9} {'real':>8} {'est/real':>8} {'CPU':>7} {'est/CPU':>7}"
              + (f" {'pace':>5} {'paced':>8} {'paced/real':>10}" if args.paced else "")
              + "  mistakes, epochs; load before → after", flush=True)
        worst, worst_paced = None, []
        for name, data, settings, info, later in chosen_cases(args):
            before = loadavg().split()[0]
            pace = page.evaluate(PACE) if args.paced else 1.0
            cpu0 = tree_cpu_seconds()
            r = page.evaluate(RUN, {"data": data, "settings": settings, "later": later})
            cpu = tree_cpu_seconds() - cpu0
            est = page.evaluate(ESTIMATE, {"data": data, "settings": settings, "info": info})
            real = r["ms"] / 1e3
            worst = min(worst or est / cpu, est / cpu)
            worst_paced.append(est * pace / real)
            paced = f" {pace:5.2f} {est * pace:7.1f}s {est * pace / real:10.2f}" if args.paced else ""
            print(f"{name:64} {est:8.1f}s {real:7.1f}s {est / real:8.2f} {cpu:6.1f}s {est / cpu:7.2f}{paced}  train "
                  f"{r['train'] / 1e3:.1f} s, theory {r['theory'] / 1e3:.1f} s; {r['mistakes']}, {r['epochs']}; "
                  f"{before} → {loadavg().split()[0]}", flush=True)
        print(f"lowest estimate / CPU: {worst:.2f} (under 1: a run the estimate does not bound)")
        if args.paced:
            print(f"paced estimate / wall: lowest {min(worst_paced):.2f}, highest {max(worst_paced):.2f} "
                  f"(under 1: a run the paced estimate does not bound); load {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
