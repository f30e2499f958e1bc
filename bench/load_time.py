#!/usr/bin/env python3
"""Page load times in headless Chromium against the built dist/ (served like GitHub Pages:
gzip, Cache-Control: max-age=600, under a sub-path).

    python bench/load_time.py [--runs 3] [--no-build]

Prints, for a cold load (fresh browser context: empty HTTP cache) and a warm one (reload
in the same context), the time from navigation start to
  - controls visible (the form #lab),
  - Python ready (body[data-py-state="ready"]),
and the bytes the server sent for the cold load (bodies after gzip, as on the wire).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

# Records, in page time (ms since navigation start), when each data-py-state appeared.
INIT = """
(() => {
  window.__pyStateTimes = {};
  const seen = () => {
    const s = document.body && document.body.dataset.pyState;
    if (s && !(s in window.__pyStateTimes)) window.__pyStateTimes[s] = performance.now();
  };
  new MutationObserver(seen).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-py-state"], childList: true});
})();
"""


def one_load(context, url: str, controls: str, timeout_ms: int, reload: bool = False) -> dict:
    page = context.pages[0] if reload else context.new_page()
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_selector(controls, state="visible", timeout=timeout_ms)
    t_controls = page.evaluate("performance.now()")
    page.wait_for_selector('body[data-py-state="ready"], body[data-py-state="error"]',
                           state="attached", timeout=timeout_ms)
    state = page.evaluate("document.body.dataset.pyState")
    times = page.evaluate("window.__pyStateTimes")
    worker = page.evaluate("window.__pyclient && window.__pyclient.bootTimes")
    if state != "ready":
        raise SystemExit(f"Python did not start: {page.evaluate('document.body.innerText')[:500]}")
    return {"controls_ms": t_controls, "ready_ms": times.get("ready"), "worker": worker}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--controls", default="#lab", help="selector of the controls")
    ap.add_argument("--page", default="", help="page under the site root")
    ap.add_argument("--timeout", type=int, default=120_000)
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, stdout=subprocess.DEVNULL)
    from playwright.sync_api import sync_playwright

    total = sum(p.stat().st_size for p in build.DIST.rglob("*") if p.is_file())
    info = json.loads((build.DIST / "build-info.json").read_text())
    wheels = sum((build.DIST / info["pyodide_dir"] / w["file_name"]).stat().st_size for w in info["wheels"])
    server, base = build.start_server(build.DIST, prefix="/perceptron-lab/", cache_control="max-age=600")
    url = base + args.page
    cold, warm, sent = [], [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.runs):
                context = browser.new_context()
                context.add_init_script(INIT)
                server.stats.reset()
                cold.append(one_load(context, url, args.controls, args.timeout))
                sent.append(server.stats.bytes)
                warm.append(one_load(context, url, args.controls, args.timeout, reload=True))
                context.close()
            browser.close()
    finally:
        server.shutdown()

    def med(rows, key):
        return statistics.median(r[key] for r in rows)

    print(f"dist/: {total / 1e6:.2f} MB on disk; wheels {wheels / 1e6:.2f} MB "
          f"({len(info['wheels'])} packages)")
    print(f"runs: {args.runs} (median; each run: a fresh context, then a reload)")
    print(f"cold: controls visible {med(cold, 'controls_ms') / 1000:.2f} s, "
          f"Python ready {med(cold, 'ready_ms') / 1000:.2f} s, "
          f"transferred {statistics.median(sent) / 1e6:.2f} MB")
    print(f"warm: controls visible {med(warm, 'controls_ms') / 1000:.2f} s, "
          f"Python ready {med(warm, 'ready_ms') / 1000:.2f} s")
    print("cold worker stages (ms, last run):", json.dumps(cold[-1]["worker"]))
    print("warm worker stages (ms, last run):", json.dumps(warm[-1]["worker"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
