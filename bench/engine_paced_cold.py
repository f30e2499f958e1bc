#!/usr/bin/env python3
"""Cold, a preset link's run moving at a 2 Mbit/s share, in each browser engine (issue 33: <= 3 s
after navigation in Chromium, Firefox and WebKit):

    python bench/engine_paced_cold.py [--engines chromium,firefox,webkit] [--links xor] [--runs 3] [--no-build]
                                      [--dist DIR [--dist DIR2 ...]] [--mbit 2 (0: localhost, no pacer; target 1 s)]
                                      [--viewport 390x844 (a phone's; set before the navigation, the
                                       viewport the page reports printed with each load)]

Firefox and WebKit have no network emulation of their own (bench/cold_preset.py throttles Chromium
through DevTools), so every engine here loads the page through the same pacer: a local TCP proxy
in front of the dev server that sends the server's bytes to the browser at 2 Mbit/s in all (one
budget shared by every connection, as a lecture hall's Wi-Fi share is) and holds each new
connection 100 ms (a round trip). Fresh profile per load (tools/browser_engines.py). The figure:
ms from navigation start to the run's first update on screen (figure data-step >= 1), polled after
the load event (an upper bound by the poll's 50 ms), as bench/cold_preset.py's other engines.
Engines alternate within a run: compare the ratios of one run; the load average is printed.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from benchkit import loadavg  # noqa: E402
from cold_preset import LINKS, POLL  # noqa: E402
from load_time import warm_gzip  # noqa: E402
from tools.browser_engines import open_engine  # noqa: E402
from tools.devserver import start_server  # noqa: E402

RATE = 2e6 / 8  # bytes per second, all connections together
RTT = 0.1       # s a new connection waits before its first byte
CHUNK = 1460    # bytes paced at a time (a TCP segment's payload)
TARGET_MS = 3000


class Pacer:
    """A TCP proxy to upstream (host, port) whose downstream bytes share one RATE budget."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream, self.free_at = upstream, 0.0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = self.server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _client(self, reader, writer):
        await asyncio.sleep(RTT)
        try:
            up_r, up_w = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._copy(reader, up_w, paced=False), self._copy(up_r, writer, paced=True),
                             return_exceptions=True)

    async def _copy(self, src, dst, paced):
        try:
            while data := await src.read(CHUNK if paced else 65536):
                if paced:  # this chunk's turn in the shared budget
                    now = time.monotonic()
                    # (a sleep's overshoot is made up: the budget restarts only after 20 ms idle)
                    self.free_at = max(now - 0.02, self.free_at) + len(data) / RATE
                    await asyncio.sleep(self.free_at - now)
                dst.write(data)
                await dst.drain()
        finally:
            dst.close()


def built_and_served(dist: Path, no_build: bool):
    """dist/ built (unless no_build) and served as the page is, its gzip answers made before any
    timing starts: (server, base url)."""
    if not no_build:
        import contextlib
        import io

        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    server, base = start_server(dist, port=0, prefix="/lab/", quiet=True, cache_control="max-age=600")
    warm_gzip(server, base, dist)
    return server, base


def set_viewport(b, size: tuple[int, int]) -> None:
    """The page's viewport (CSS px) in each engine's own way, before the page is opened: the <head>
    picks the runs computed ahead drawn for a phone by it (js/run/ahead-early.js)."""
    w, h = size
    if b.engine == "chromium":
        b.page.set_viewport_size({"width": w, "height": h})
    elif b.engine == "firefox":
        b._cmd("browsingContext.setViewport", {"context": b.context, "viewport": {"width": w, "height": h}})
    else:  # WebKitGTK's MiniBrowser: the window, with no toolbar in automation
        b.driver.set_window_size(w, h)


def moving_ms(engine: str, url: str, viewport: tuple[int, int] | None = None) -> tuple[float | None, str]:
    """(ms to the first update on screen or None, the viewport the page had: "W×H")."""
    with open_engine(engine) as b:
        if viewport:
            set_viewport(b, viewport)
        b.goto(url)
        try:
            ms = b.wait(POLL, timeout=90, every=0.05)
        except TimeoutError:
            ms = None
        return ms, "×".join(map(str, b.js("() => [innerWidth, innerHeight]")))


def main(argv=None) -> int:
    global RATE  # the Pacer's budget: --mbit
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engines", default="chromium,firefox,webkit")
    ap.add_argument("--links", default="xor")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, action="append",
                    help="the site to load (default .cache/bench-dist, built); given twice or more: the sites "
                         "alternate load by load (before/after in one run, ratios to the first)")
    ap.add_argument("--mbit", type=float, default=RATE * 8 / 1e6, help="the share in Mbit/s; 0: localhost, no pacer")
    ap.add_argument("--viewport", type=lambda v: tuple(int(x) for x in v.lower().split("x")),
                    help="WxH in CSS px, e.g. 390x844 (a phone's); default: each engine's own window")
    args = ap.parse_args(argv)
    RATE = args.mbit * 1e6 / 8
    target = TARGET_MS if RATE else 1000
    dists = [d.resolve() for d in (args.dist or [ROOT / ".cache" / "bench-dist"])]
    sites = []  # (dist, server, the paced base URL)
    for dist in dists:
        server, base = built_and_served(dist, args.no_build or len(dists) > 1)
        host, port = server.server_address[:2]
        paced = base.replace(f":{port}/", f":{Pacer((host, port)).port}/") if RATE else base
        sites.append((dist, server, paced))
    engines = [e for e in args.engines.split(",") if e]
    for k, (dist, _, _) in enumerate(sites):
        print(f"site {k}: {dist}")
    print(f"at {'localhost' if not RATE else f'{args.mbit:g} Mbit/s'}; load average before: {loadavg()}", flush=True)
    got: dict[tuple[str, str, int], list] = {}
    try:
        for i in range(args.runs):
            for link in args.links.split(","):
                for e in engines:
                    for k, (_, _, paced) in enumerate(sites):
                        ms, seen = moving_ms(e, paced + LINKS[link], args.viewport)
                        got.setdefault((e, link, k), []).append(ms)
                        print(f"run {i + 1} {e:8} {link:12} site {k} moving {'-' if ms is None else f'{ms:.0f}'} ms  "
                              f"viewport {seen} (load {loadavg()})", flush=True)
    finally:
        for _, server, _ in sites:
            server.shutdown()
    med = {key: statistics.median([r for r in runs if r is not None]) if any(r is not None for r in runs) else None
           for key, runs in got.items()}
    print(f"\n{'engine':9} {'link':12} {'site':>4} {'moving ms (median)':>18} {'runs':>24} {'x chromium':>10} "
          f"{'x site 0':>8} target {target}")
    for (e, link, k), runs in got.items():
        m, m_chromium, m_first = med[(e, link, k)], med.get(("chromium", link, k)), med[(e, link, 0)]
        print(f"{e:9} {link:12} {k:>4} {'-' if m is None else f'{m:.0f}':>18} "
              f"{' '.join('-' if r is None else f'{r:.0f}' for r in runs):>24} "
              f"{f'{m / m_chromium:.2f}' if m and m_chromium else '-':>10} {f'{m / m_first:.2f}' if m and m_first else '-':>8} "
              f"{'ok' if m is not None and m <= target else 'MISSED'}")
    print(f"load average after: {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
