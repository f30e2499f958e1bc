#!/usr/bin/env python3
"""Where a cold preset link's first moving frame waits, at a 2 Mbit/s share: the network
waterfall of one cold load in Chromium, recorded through DevTools (Network domain, the page and
its workers), paced by bench/engine_paced_cold.py's proxy (one 2 Mbit/s budget for every
connection, 100 ms per new connection).

    python bench/cold_waterfall.py [--link xor] [--no-build] [--all]

Prints each request that started before the run moved (--all: every request until then and
after): ms from navigation to its start and its end, the bytes on the wire (gzip), its kind
(html, css, js, run: the run computed ahead, runtime, wheel, other) and who asked (page/worker);
then the bytes per kind that finished before the first update was on screen, and the load average.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from benchkit import ARGS, CHROMIUM, loadavg  # noqa: E402
from cold_preset import INIT, LINKS  # noqa: E402
from engine_paced_cold import Pacer, built_and_served  # noqa: E402


def kind(url: str) -> str:
    path = url.split("?")[0].split("#")[0]
    if "/ahead/" in path:
        return "run"
    if path.endswith(".whl") or path.endswith("python_stdlib.zip"):
        return "wheel"
    if "/pyodide/" in path:
        return "runtime"
    for ext, k in ((".css", "css"), (".js", "js"), (".mjs", "js"), (".json", "json"), (".png", "image"),
                   (".woff2", "font"), (".ttf", "font")):
        if path.endswith(ext):
            return k
    return "html" if path.endswith("/") or path.endswith(".html") else "other"


def record(ctx, reqs: list, t0: list):
    """Every request of the page and its workers (Playwright's context events), in ms after navigation."""
    def sent(r):
        try:
            who = "page" if r.frame else "worker"
        except Exception:  # a worker's request has no frame
            who = "worker"
        reqs.append({"req": r, "url": r.url, "start": (time.monotonic() - t0[0]) * 1000, "who": who})

    def done(r):
        for e in reqs:
            if e["req"] is r:
                e["end"] = (time.monotonic() - t0[0]) * 1000

    ctx.on("request", sent)
    ctx.on("requestfinished", done)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--link", default="xor")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--all", action="store_true", help="also the requests started after the run moved")
    ap.add_argument("--dist", type=Path, default=ROOT / ".cache" / "bench-dist")
    args = ap.parse_args(argv)
    server, base = built_and_served(args.dist.resolve(), args.no_build)
    host, port = server.server_address[:2]
    pacer = Pacer((host, port))
    url = base.replace(f":{port}/", f":{pacer.port}/") + LINKS[args.link]
    from playwright.sync_api import sync_playwright
    print(f"load average before: {loadavg()}", flush=True)
    reqs: list = []
    t0 = [time.monotonic()]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.add_init_script(INIT)
        record(ctx, reqs, t0)
        t0[0] = time.monotonic()
        page.goto(url, wait_until="commit")
        end = time.monotonic() + 90
        while page.evaluate("window.__cold.moving") is None and time.monotonic() < end:
            time.sleep(0.05)
        marks = page.evaluate("window.__cold")
        time.sleep(1.0 if args.all else 0.2)
        origin = page.evaluate("performance.timeOrigin")
        for r in reqs:  # bytes on the wire: headers and the (gzip) body; the browser's own times
            tm = r["req"].timing
            if tm.get("startTime", -1) > 0:
                r["start"] = tm["startTime"] - origin
                if tm.get("responseEnd", -1) >= 0:
                    r["end"] = r["start"] + tm["responseEnd"]
            try:
                z = r["req"].sizes()
                r["bytes"] = z["responseBodySize"] + z["responseHeadersSize"]
            except Exception:
                r["bytes"] = 0
        browser.close()
    server.shutdown()
    moving = marks.get("moving")
    print(f"first update on screen: {moving:.0f} ms after navigation; the show: {marks.get('show', float('nan')):.0f} ms")
    print(f"{'start':>6} {'end':>6} {'kB':>7} {'kind':8} {'who':6} url")
    per_kind, after = defaultdict(float), defaultdict(float)
    for r in sorted(reqs, key=lambda r: r["start"]):
        s, e = r["start"], r.get("end")
        k = kind(r["url"])
        b = r.get("bytes", 0)
        if e is not None and moving is not None and e <= moving:
            per_kind[k] += b
        else:
            after[k] += b
        if args.all or moving is None or s <= moving:
            short = r["url"].split("/lab/", 1)[-1][:80]
            print(f"{s:6.0f} {'-' if e is None else f'{e:6.0f}':>6} {b / 1e3:7.1f} {k:8} {r['who']:6} {short}")
    print("bytes finished before the first update (kB): " + ", ".join(f"{k} {v / 1e3:.1f}" for k, v in sorted(per_kind.items()))
          + f"; total {sum(per_kind.values()) / 1e3:.1f}")
    print(f"load average after: {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
