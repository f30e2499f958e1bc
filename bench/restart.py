#!/usr/bin/env python3
"""What a cancelled run costs before the tab trains again, in headless Chromium against a
build of the site:

    python bench/restart.py [--runs 3] [--no-build] [--dist DIR]

    python bench/restart.py --cancel-after 1.5,6

Per run: a long pocket run (5 000 overlapping points, 1 000 epochs) is started with Train
and cancelled after each --cancel-after seconds. A cancel ends the worker (Python runs
synchronously in it and cannot be interrupted without cross-origin isolation); a run older
than pyclient's spareAfterMs (3 s) has a spare worker booting alongside, which the cancel
adopts. The figures are, from the Cancel click:
  - ready   Python answering again (body[data-py-state="ready"]),
  - AND     the AND preset trained (Train clicked as soon as it is enabled) and its result shown,
and the new worker's own boot stages (pyclient bootTimes: runtime, packages, installed, ready).
For comparison: AND trained on the warm worker (no restart). Prints the load average (the
machine is shared: note it next to any figure).

By default the site is built into a temporary directory (dist/ and .cache are shared).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

DONE = 'body[data-run-state="done"], body[data-run-state="error"], body[data-run-state="cancelled"]'

ARM = """() => { window.__end = new Promise((resolve) => {
  const obs = new MutationObserver(() => {
    const s = document.body.dataset.runState;
    if (s !== "running") { obs.disconnect(); resolve(s); }
  });
  obs.observe(document.body, {attributes: true, attributeFilter: ["data-run-state"]});
}); }"""


def train_and(page) -> tuple[float, str]:
    """Choose AND (100 epochs, online), press Train as soon as it is enabled: -> (s, state)."""
    page.check("#source-preset")
    page.select_option("#preset", "and")
    page.select_option("#algorithm", "online")
    page.fill("#epochs", "100")
    page.evaluate(ARM)
    page.wait_for_selector("#train:enabled", timeout=120_000)
    page.click("#train")
    return page.evaluate("window.__end")


def one_run(page, cancel_after: float) -> dict:
    page.check("#source-preset")
    page.select_option("#preset", "overlap")
    page.fill("#n", "5000")
    page.select_option("#algorithm", "pocket")
    page.fill("#epochs", "1000")
    page.evaluate(ARM)
    page.click("#train")
    page.wait_for_selector('body[data-run-state="running"]', state="attached")
    time.sleep(cancel_after)
    t0 = time.monotonic()
    page.click("#cancel")
    page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=120_000)
    ready = time.monotonic() - t0
    boot = page.evaluate("window.__pyclient.bootTimes")
    # bootTimes count from the worker's start: a spare started before the click.
    state = train_and(page)
    and_s = time.monotonic() - t0
    assert state == "done", state
    t1 = time.monotonic()
    assert train_and(page) == "done"
    warm = time.monotonic() - t1
    return {"ready": ready, "and": and_s, "warm_and": warm,
            **{f"boot_{k}": boot.get(k, 0) / 1000 for k in ("runtime", "packages", "installed", "ready")}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cancel-after", default="1.5,6", help="seconds into the run, comma-separated")
    ap.add_argument("--snapshot", action="store_true",
                    help="let the page make its memory snapshot first: restarts then start from it")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    args = ap.parse_args()
    dist = (args.dist or Path(tempfile.mkdtemp(prefix="restart-bench-"))).resolve()
    if not args.no_build:
        import contextlib
        import io

        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    from playwright.sync_api import sync_playwright

    server, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    afters = [float(a) for a in args.cancel_after.split(",") if a]
    rows, loads = {a: [] for a in afters}, [loadavg()]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.add_init_script("globalThis.__PERCEPTRON_LAB_TEST__ = "
                                 + ("{snapshot: true};" if args.snapshot else "true;"))
            page.goto(url)
            page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=120_000)
            page.wait_for_selector(DONE, state="attached", timeout=120_000)
            if args.snapshot:
                page.wait_for_selector('body[data-snapshot]:not([data-snapshot="making"])', state="attached",
                                       timeout=240_000)
                made = page.evaluate("document.body.dataset.snapshot")
                print(f"memory snapshot: {made}", file=sys.stderr, flush=True)
                if made != "ready":
                    raise SystemExit(f"no snapshot was made ({made})")
            for after in afters:
                for i in range(args.runs):
                    rows[after].append(one_run(page, after))
                    loads.append(loadavg())
                    print(f"cancel after {after} s, run {i + 1}: " + ", ".join(f"{k} {v:.2f} s" for k, v in rows[after][-1].items())
                          + f"; load {loads[-1]}", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
    for after in afters:
        print(f"cancelled {after} s into the run; from the Cancel click: median (s)   max (s)")
        for k in rows[after][0]:
            vals = [r[k] for r in rows[after]]
            print(f"  {k:52} {statistics.median(vals):10.2f} {max(vals):9.2f}")
    print(f"load average: {' | '.join(loads)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
