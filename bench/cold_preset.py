#!/usr/bin/env python3
"""Cold, a preset link's run moving: the time from navigation to the page's show of the run
(computed ahead at build time, site/js/run/ahead.js) drawing its first update, in a fresh
browser profile (empty caches), on localhost and at a 2 Mbit/s throttle (Chromium's DevTools
Network.emulateNetworkConditions, 2 Mbit/s down and up, 100 ms latency):

    python bench/cold_preset.py [--runs 2] [--links xor,...] [--no-build] [--engine firefox,webkit]

For each load: ms from navigation start to
  - show     the boundary plot's own drawing visible with the show playing (figure data-watch="playing"),
  - moving   the first update on screen (the figure's data-step >= 1),
  - python   Python ready (body[data-py-state="ready"]),
and the bytes the server sent before `moving` (as on the wire, gzip). --engine adds the same on
localhost in Firefox / WebKit (tools/browser_engines.py; no throttle there: only Chromium has the
DevTools network emulation). Targets (issue 33): moving <= 1 s on localhost, <= 3 s at 2 Mbit/s.
Prints the load average (the machine is shared). Built into .cache/bench-dist unless --no-build.
"""
from __future__ import annotations

import argparse
import statistics
import time
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402
from load_time import throttle, warm_gzip  # noqa: E402

LINKS = {"xor": "#v=1&preset=xor", "clouds": "#v=1&preset=clouds", "iris-pocket": "#v=1&preset=iris&algorithm=pocket"}
PROFILES = {"localhost": None, "2 Mbit/s": (2, 100)}
TARGETS = {"localhost": 1000, "2 Mbit/s": 3000}

INIT = """
(() => {
  const T = window.__cold = {};
  const seen = () => {
    const fig = document.getElementById("plot-boundary")?.closest("figure");
    const now = performance.now();
    if (fig && fig.dataset.watch === "playing" && T.show === undefined) {
      const v = fig.querySelector(".motion-view");
      if (v && !v.hidden) T.show = now;
    }
    if (fig && Number(fig.dataset.step) >= 1 && T.moving === undefined) T.moving = now;
    if (document.body?.dataset.pyState === "ready" && T.python === undefined) T.python = now;
  };
  new MutationObserver(seen).observe(document, {subtree: true, attributes: true, childList: true,
    attributeFilter: ["data-watch", "data-step", "data-py-state", "hidden"]});
})();
"""


def one(browser, url: str, profile, server, timeout_ms: int) -> dict:
    if True:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.add_init_script(INIT)
        throttle(page, profile)
        server.stats.reset()
        page.goto(url, wait_until="commit")
        end = time.monotonic() + timeout_ms / 1000
        # (wait_for_function evaluates a string: the page's CSP forbids that)
        while page.evaluate("window.__cold.moving") is None and time.monotonic() < end:
            time.sleep(0.05)
        t = page.evaluate("window.__cold")
        sent = server.stats.bytes
        ctx.close()
        return {**t, "bytes": sent}


POLL = """() => {
  const fig = document.getElementById("plot-boundary")?.closest("figure");
  return fig && Number(fig.dataset.step) >= 1 ? performance.now() : 0;
}"""


def other_engine(name: str, url: str) -> float:
    """Firefox or WebKit (tools/browser_engines.py, no init scripts there): ms from navigation to
    the first update seen on screen, polled after the load event."""
    from tools.browser_engines import open_engine
    with open_engine(name) as b:
        b.goto(url)
        return b.wait(POLL, timeout=60, every=0.05)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--links", default=",".join(LINKS))
    ap.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    ap.add_argument("--engine", default="", help="also firefox and/or webkit, on localhost")
    args = ap.parse_args(argv)
    dist = ROOT / "dist"
    if not args.no_build:
        import build
        dist = ROOT / ".cache" / "bench-dist"
        build.build(dist)
    server, base = start_server(dist, port=0, prefix="/lab/", quiet=True, cache_control="max-age=600")
    warm_gzip(server, base, dist)
    from playwright.sync_api import sync_playwright
    print(f"load average before: {loadavg()}")
    rows = []
    with sync_playwright() as p:
        engines = [("chromium", p.chromium.launch(executable_path=CHROMIUM, args=ARGS), PROFILES)]
        for engine, browser, profiles in engines:
            for pname, profile in profiles.items():
                for link in args.links.split(","):
                    runs = [one(browser, base + LINKS[link], profile, server, 60000) for _ in range(args.runs)]
                    med = {k: statistics.median(r[k] for r in runs if r.get(k) is not None)
                           for k in ("show", "moving", "python") if any(r.get(k) is not None for r in runs)}
                    rows.append((engine, pname, link, med, runs[-1].get("bytes")))
            browser.close()
    print(f"{'engine':9} {'network':10} {'link':12} {'show ms':>8} {'moving ms':>10} {'python ms':>10} {'target':>7}"
          "  (kB sent by then)")
    for engine, pname, link, med, sent in rows:
        tgt = TARGETS[pname]
        mark = "ok" if med.get("moving", 1e9) <= tgt else "MISSED"
        print(f"{engine:9} {pname:10} {link:12} {med.get('show', float('nan')):8.0f} {med.get('moving', float('nan')):10.0f} "
              f"{med.get('python', float('nan')):10.0f} {tgt:5d} {mark} ({sent / 1e3:.0f} kB)")
    for name in filter(None, args.engine.split(",")):
        for link in args.links.split(","):
            t = other_engine(name, base + LINKS[link])
            print(f"{name:9} {'localhost':10} {link:12} {'':>8} {t:10.0f} {'':>10} {TARGETS['localhost']:5d} "
                  f"{'ok' if t <= TARGETS['localhost'] else 'MISSED'} (polled every 50 ms after load: an upper bound)")
    print(f"load average after: {loadavg()} (2 cores, shared)")
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
