#!/usr/bin/env python3
"""The page's longest main-thread tasks (PerformanceObserver "longtask": over 50 ms), for the
heaviest things a link or a click can ask of it:

    python bench/long_tasks.py [--no-build] [--dist DIR] [--only NAME,...]

  load         the page's first visit and its default run
  compare      a link asking for the comparison of five variants on 5 000 points (it asks first;
               then Run is clicked)
  multiclass   a 2 000-row CSV of 100 classes, 20 features, uploaded and trained by the multiclass
               perceptron for 100 epochs
  points-1e9   a link with 2 000 placed points at ±1e9
In headless Chromium against a build of the site. Per case: the number of long tasks, the
longest (ms) and the sum (ms), with the load average (the machine is shared: a loaded CPU
stretches every task; compare cases of one run). The page's aim: no task over 200 ms.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

OBSERVE = """
globalThis.__PERCEPTRON_LAB_TEST__ = true;
globalThis.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) globalThis.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
}).observe({ type: "longtask", buffered: true });
"""
DONE = 'body[data-run-state="done"], body[data-run-state="error"]'


def classes_csv(rows=2000, classes=100, features=20, seed=8) -> str:
    rng = random.Random(seed)
    lines = [",".join([f"f{j}" for j in range(features)] + ["label"])]
    for _ in range(rows):
        c = rng.randrange(classes)
        lines.append(",".join(f"{rng.gauss(c % 7 - 3, 1):.3f}" for _ in range(features)) + f",class{c}")
    return "\n".join(lines) + "\n"


def points_link(n=2000, seed=1) -> str:
    rng = random.Random(seed)
    return "#v=1&source=points&pts=" + ";".join(
        f"{rng.choice([-1, 1]) * 1e9:g},{rng.choice([-1, 1]) * 1e9:g},{rng.choice([-1, 1])}" for _ in range(n))


def run_case(browser, url: str, name: str, tmp: Path):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.add_init_script(OBSERVE)
    page = ctx.new_page()
    try:
        if name == "load":
            page.goto(url)
            page.wait_for_selector(DONE, state="attached", timeout=300_000)
        elif name == "compare":
            page.goto(url + "#v=1&preset=overlap&n=5000&spread=3&algorithm=online&epochs=100&view=compare")
            page.wait_for_selector(DONE, state="attached", timeout=300_000)
            page.wait_for_selector("#budget-run", timeout=300_000)
            page.click("#budget-run")
            page.wait_for_selector('#compare[data-state="done"], #compare[data-state="error"]', state="attached",
                                   timeout=900_000)
        elif name == "multiclass":
            page.goto(url)
            page.wait_for_selector(DONE, state="attached", timeout=300_000)
            path = tmp / "classes.csv"
            path.write_text(classes_csv())
            page.select_option("#algorithm", "multiclass")
            page.set_input_files("#csv-file", str(path))
            wait_until(page, "document.getElementById('csv-info').textContent.includes('2000 rows')", 300)
            page.fill("#epochs", "100")
            page.click("#train")
            page.wait_for_selector('body[data-run-state="running"]', state="attached", timeout=60_000)
            page.wait_for_selector(DONE, state="attached", timeout=900_000)
        elif name == "points-1e9":
            page.goto(url + points_link())
            page.wait_for_selector(DONE + ', body[data-run-state="asking"]', state="attached", timeout=300_000)
        page.wait_for_timeout(3000)
        tasks = page.evaluate("globalThis.__long")
        state = page.evaluate("document.body.dataset.runState")
    finally:
        ctx.close()
    return tasks, state


def wait_until(page, expression: str, timeout_s: float) -> None:
    """Poll a page expression (the page's CSP forbids the eval behind Playwright's own waiting)."""
    end = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise TimeoutError(expression)
        time.sleep(0.2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    ap.add_argument("--only", default="load,compare,multiclass,points-1e9")
    args = ap.parse_args()
    dist = args.dist
    if dist is None:
        dist = ROOT / "dist"
        if not args.no_build:
            import build
            with contextlib.redirect_stdout(io.StringIO()):
                build.build()
    from playwright.sync_api import sync_playwright

    srv, url = start_server(dist, prefix="/perceptron-lab/")
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"{'case':<12} {'run':<7} {'long tasks':>10} {'longest ms':>11} {'sum ms':>8}  load (1 5 15 min)")
            for name in args.only.split(","):
                tasks, state = run_case(browser, url, name, Path(tmp))
                longest = max((d for _, d in tasks), default=0)
                print(f"{name:<12} {state:<7} {len(tasks):>10} {longest:>11} {sum(d for _, d in tasks):>8}  {loadavg()}")
            browser.close()
    finally:
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
