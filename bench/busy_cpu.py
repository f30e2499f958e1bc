#!/usr/bin/env python3
"""Repeated Trains on a 200 000 × 2 CSV with a CPU hog running beside the browser:

    python bench/busy_cpu.py [--no-build] [--dist DIR] [--trains 6] [--hogs N] [--limit-ms MS]

The page is driven as a student would (upload, Train, the auto-play that follows), in headless
Chromium against a build of the site, while N processes (default: twice the cores) spin beside
it. Per Train: seconds from the click to the run's end, the longest silence of a pending call
(ms: what a watchdog measuring silence sees), and what the page said if a watchdog ended Python
("stopped answering"). With --limit-ms the page's pending-call watchdog is set to that limit
(10000: the one limit before the worker's end was watched by its Web Lock) for an A/B in one run.
Prints the load average beside every figure (the machine is shared: compare ratios in one run).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

ROWS = 200_000


def big_csv(seed: int = 24) -> bytes:
    rng = random.Random(seed)
    lines = ["a,b,label"]
    for _ in range(ROWS):
        k = rng.random() < 0.5
        lines.append(f"{rng.gauss(1 if k else -1, 1.2):.4f},{rng.gauss(0.5 if k else -0.5, 1.2):.4f},{'yes' if k else 'no'}")
    return ("\n".join(lines) + "\n").encode()


# A CPU hog: a separate interpreter spinning (not a fork of this one, which holds the browser's pipes).
HOG = "x = 0\nwhile True:\n    x = (x * 1103515245 + 12345) & 0x7FFFFFFF\n"


def wait_until(page, expression: str, timeout_s: float) -> None:
    """Poll a page expression (the page's CSP forbids the eval behind Playwright's own waiting)."""
    end = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise TimeoutError(expression)
        time.sleep(0.2)


def end_hogs(hogs) -> None:
    for h in hogs:
        if h.poll() is None:
            h.terminate()
            h.wait(timeout=5)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    ap.add_argument("--trains", type=int, default=6)
    ap.add_argument("--hogs", type=int, default=2 * (os.cpu_count() or 1))
    ap.add_argument("--limit-ms", type=int, default=0, help="the page's pending-call watchdog (default: the page's own)")
    ap.add_argument("--epochs", type=int, default=5)
    args = ap.parse_args()

    dist = args.dist
    if dist is None:
        dist = ROOT / "dist"
        if not args.no_build:
            import build
            with contextlib.redirect_stdout(io.StringIO()):
                build.build()
    from playwright.sync_api import sync_playwright

    data = big_csv()
    switch = {"callTimeoutMs": args.limit_ms} if args.limit_ms else True
    srv, url = start_server(dist, prefix="/perceptron-lab/")
    hogs: list[subprocess.Popen] = []
    print(f"{ROWS} × 2 CSV ({len(data) / 1e6:.1f} MB), {args.epochs} epochs (online), {args.hogs} CPU hogs, "
          f"watchdog: {'page default' if not args.limit_ms else f'{args.limit_ms} ms'}; load {loadavg()}")
    stalls = 0
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                          reduced_motion="no-preference")
            context.add_init_script(f"globalThis.__PERCEPTRON_LAB_TEST__ = {json.dumps(switch)};")
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=180_000)
            page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=180_000)
            csv_path = Path(tmp) / "big.csv"
            csv_path.write_bytes(data)
            hogs += [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(args.hogs)]
            time.sleep(3)
            page.set_input_files("#csv-file", str(csv_path))
            wait_until(page, "document.getElementById('csv-info').textContent.includes('200000 rows')", 600)
            page.select_option("#algorithm", "online")
            page.fill("#epochs", str(args.epochs))
            print(f"{'train':>5} {'seconds':>8} {'longest silence ms':>19} {'load (1 5 15 min)':>20}  said")
            for i in range(args.trains):
                wait_until(page, "window.__pyclient.state === 'ready' && !window.__pyclient.busy", 600)
                page.evaluate("window.__pyclient.silence(true)")
                t0 = time.monotonic()
                page.click("#train")
                page.wait_for_selector('body[data-run-state="running"]', state="attached", timeout=60_000)
                page.wait_for_selector('body[data-run-state="done"], body[data-run-state="error"]', state="attached",
                                       timeout=900_000)
                took = time.monotonic() - t0
                time.sleep(5)  # the auto-play's frames and the later plots, as a student would watch them
                wait_until(page, "window.__pyclient.state === 'ready' && !window.__pyclient.busy", 600)
                silence = page.evaluate("window.__pyclient.silence(true)")
                said = page.text_content("#message") or ""
                stalled = "stopped answering" in said or "stopped unexpectedly" in said
                stalls += stalled
                print(f"{i + 1:>5} {took:>8.1f} {silence:>19.0f} {loadavg():>20}  {said[:90] if stalled else 'ok'}")
            end_hogs(hogs)  # before anything else: they load a shared machine
            browser.close()
    finally:
        end_hogs(hogs)
        srv.shutdown()
    print(f"'stopped answering' or an end: {stalls} of {args.trains} Trains; load {loadavg()}")
    return 1 if stalls else 0


if __name__ == "__main__":
    sys.exit(main())
