#!/usr/bin/env python3
"""Page load times in headless Chromium against a build of the site (served like GitHub
Pages: gzip, Cache-Control: max-age=600, under a sub-path), on network profiles set with
Chromium's DevTools protocol (Network.emulateNetworkConditions):

    python bench/load_time.py [--runs 1] [--profiles localhost,20/40,5/40,2/100] [--no-build]
    python bench/load_time.py --engine webkit|firefox|chromium[,...] [--runs 1] [--no-build]

--engine: the same page in each browser engine named (the system's WebKitGTK, Firefox ESR,
Chromium), cold and warm on localhost, with the ratio of each cold Ready to Chromium's
(bench/engine_loads.py). Without it, what follows (Chromium only, with network profiles).

Per profile and run: a fresh on-disk browser profile loads the page ("cold": empty caches),
waits until the service worker has precached the build (body[data-offline="ready"]), then
loads it again ("warm": from the service worker's cache). Once, at the end: the network
switched off (context.set_offline) and the page loaded a third time ("offline"). For each
load, the time from navigation start (page time) to
  - first picture  (the build-time picture of the default run, visible and decoded),
  - Python ready   (body[data-py-state="ready"]),
  - first plot     (the live boundary plot of the page's own first run, decoded),
and the bytes the server sent (bodies after gzip, as on the wire), and whether the page
showed an error or retried a stalled load. Then, on the localhost warm page, each preset
trained with the Train button (click -> boundary plot decoded, -> every plot shown).
Prints a table, and the load average (the machine is shared: note it next to any figure).

By default the site is built into .cache/bench-dist (not dist/, which e2e runs share).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import COMPRESSIBLE, start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

PRESETS = ["and", "or", "nand", "xor", "clouds", "overlap", "circles"]
PROFILES = {"localhost": None, "20/40": (20, 40), "5/40": (5, 40), "2/100": (2, 100)}  # Mbit/s, ms
TARGETS = {"picture_ms": 1000, "warm_first_plot_ms": 1200, "bytes": 12e6}

INIT = """
(() => {
  // window.__pyclient.bootTimes; a first visit makes the memory snapshot a second one starts from
  globalThis.__PERCEPTRON_LAB_TEST__ = {snapshot: true};
  const T = window.__benchTimes = {py: {}, run: {}};
  const seen = () => {
    const b = document.body;
    if (!b) return;
    const now = performance.now();
    const s = b.dataset.pyState, r = b.dataset.runState;
    if (s && !(s in T.py)) T.py[s] = now;
    if (r && !(r in T.run)) T.run[r] = now;
    // The first picture (built at build time): visible and decoded.
    const fig = document.getElementById("first-picture");
    if (fig && !fig.hidden && !T.picturePromise) {
      T.picturePromise = document.getElementById("first-picture-img").decode()
        .then(() => { T.picture = performance.now(); }, () => {});
    }
    // The first plot: the boundary comes with the run, the other plots a moment later.
    const img = document.getElementById("plot-boundary");
    if (img && img.getAttribute("src") && !T.plotPromise) {
      T.plotPromise = img.decode().then(() => { T.plot = performance.now(); }, (e) => { T.plotError = String(e); });
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-py-state", "data-run-state", "src", "hidden"], childList: true});
})();
"""

# Choose a preset in the page, press Train, resolve with ms from the click to the boundary
# plot of the new run decoded (the first plot), and to the whole result shown ("done").
TRAIN_PRESET = """
async (name) => {
  const sel = document.getElementById("preset");
  if (sel.value !== name) {
    sel.value = name;
    sel.dispatchEvent(new Event("input", {bubbles: true}));
    sel.dispatchEvent(new Event("change", {bubbles: true}));
  }
  await new Promise((r) => requestAnimationFrame(() => r()));
  const body = document.body, img = document.getElementById("plot-boundary");
  let tPlot = null;
  // The first write of src after the click (the same picture as before counts: AND again).
  const plotted = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      obs.disconnect();
      img.decode().then(() => { tPlot = performance.now(); resolve(); }, () => resolve());
    });
    obs.observe(img, {attributes: true, attributeFilter: ["src"]});
  });
  const done = new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => {
      const s = body.dataset.runState;
      if (s === "done" || s === "error" || s === "cancelled") { obs.disconnect(); resolve(s); }
    });
    obs.observe(body, {attributes: true, attributeFilter: ["data-run-state"]});
    setTimeout(() => { obs.disconnect(); reject(new Error("timeout")); }, 60000);
  });
  const t0 = performance.now();
  document.getElementById("train").click();
  const state = await done;
  const tDone = performance.now();
  if (state !== "done") return {state};
  await plotted;
  return {state, done_ms: tDone - t0, plot_ms: (tPlot ?? tDone) - t0};
}
"""


def warm_gzip(server, base: str, dist: Path) -> None:
    """The test server gzips a file on its first request (GitHub Pages has it ready):
    do that before measuring, so the first cold load does not wait for it."""
    import urllib.request

    for f in dist.rglob("*"):
        if f.is_file() and f.suffix in COMPRESSIBLE:
            req = urllib.request.Request(base + f.relative_to(dist).as_posix(),
                                         headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(req) as r:
                r.read()
    server.stats.reset()


def throttle(page, profile) -> None:
    if profile is None:
        return
    mbit, latency = profile
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency,
        "downloadThroughput": mbit * 1e6 / 8, "uploadThroughput": mbit * 1e6 / 8})


def one_load(page, url: str, timeout_ms: int, server) -> dict:
    server.stats.reset()
    page.goto(url, wait_until="commit")
    page.wait_for_selector('body[data-py-state="ready"], body[data-py-state="error"]',
                           state="attached", timeout=timeout_ms)
    error = page.evaluate("document.body.dataset.pyState") != "ready"
    if not error:
        page.wait_for_selector('body[data-run-state="done"], body[data-run-state="error"]',
                               state="attached", timeout=timeout_ms)
    times = page.evaluate("(async () => { const T = window.__benchTimes; await T.plotPromise; "
                          "await T.picturePromise; return {py: T.py, plot: T.plot, picture: T.picture}; })()")
    return {"picture_ms": times.get("picture"), "ready_ms": times["py"].get("ready"),
            "first_plot_ms": times.get("plot"), "bytes": server.stats.bytes,
            "retries": int(page.evaluate("document.body.dataset.pyRetries || 0")),
            "error": error or page.evaluate("document.body.dataset.runState") == "error",
            "worker": page.evaluate("window.__pyclient && window.__pyclient.bootTimes"),
            "restored": bool(page.evaluate("document.body.dataset.snapshot === 'restored'"))}


def preset_times(page) -> dict:
    out = {}
    for name in PRESETS:
        r = page.evaluate(TRAIN_PRESET, name)
        if r.get("state") != "done":
            raise SystemExit(f"preset {name}: {r}")
        out[name] = r["plot_ms"]
        out[name + " (all plots)"] = r["done_ms"]
    return out


def fmt_s(ms) -> str:
    return "-" if ms is None else f"{ms / 1000:.2f} s"


def run_profile(pw, name, url, server, timeout_ms, offline: bool) -> dict:
    profile = tempfile.TemporaryDirectory(prefix="bench-profile-")
    context = pw.chromium.launch_persistent_context(profile.name, executable_path=CHROMIUM, args=ARGS)
    try:
        context.add_init_script(INIT)
        page = context.pages[0] if context.pages else context.new_page()
        throttle(page, PROFILES[name])
        out = {"cold": one_load(page, url, timeout_ms, server)}
        page.wait_for_selector('body[data-offline]:not([data-offline="caching"])', state="attached",
                               timeout=timeout_ms * 2)
        out["sw"] = page.evaluate("document.body.dataset.offline")
        page.wait_for_selector('body[data-snapshot]:not([data-snapshot="making"])', state="attached",
                               timeout=timeout_ms * 2)
        out["snapshot"] = page.evaluate("document.body.dataset.snapshot")
        out["warm"] = one_load(page, url, timeout_ms, server)
        if name == "localhost":
            out["presets"] = preset_times(page)
        if offline:
            context.set_offline(True)
            out["offline"] = one_load(page, url, timeout_ms, server)
        return out
    finally:
        context.close()
        profile.cleanup()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--profiles", default=",".join(PROFILES))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=ROOT / ".cache" / "bench-dist")
    ap.add_argument("--timeout", type=int, default=300_000)
    ap.add_argument("--json", type=Path, help="also write every measurement here")
    ap.add_argument("--engine", help="comma-separated: chromium, webkit, firefox (cold/warm per engine)")
    args = ap.parse_args()
    if args.engine:
        return engines_main(args)
    names = [n for n in args.profiles.split(",") if n]
    unknown = [n for n in names if n not in PROFILES]
    if unknown:
        raise SystemExit(f"unknown profiles {unknown}; known: {', '.join(PROFILES)}")
    dist = args.dist.resolve()
    if not args.no_build:
        import contextlib
        import io

        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    from playwright.sync_api import sync_playwright

    info = json.loads((dist / "build-info.json").read_text())
    server, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    warm_gzip(server, url, dist)
    results, loads = {n: [] for n in names}, [loadavg()]
    try:
        with sync_playwright() as pw:
            for i in range(args.runs):
                for n in names:
                    r = run_profile(pw, n, url, server, args.timeout, offline=(i == 0 and n == names[0]))
                    results[n].append(r)
                    loads.append(loadavg())
                    print(f"run {i + 1} {n}: cold ready {fmt_s(r['cold']['ready_ms'])}, warm ready "
                          f"{fmt_s(r['warm']['ready_ms'])}; load {loads[-1]}", file=sys.stderr, flush=True)
    finally:
        server.shutdown()

    def med(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    print(f"build {info['build']}; counted download {sum(f['gzip'] for f in info['download']) / 1e6:.2f} MB "
          f"(gzip); runs: {args.runs}; load average {' -> '.join(loads)} (on {os.cpu_count()} CPUs)")
    print(f"{'profile':<10} {'load':<8} {'picture':>9} {'ready':>9} {'1st plot':>9} {'MB sent':>8} "
          f"{'retries':>7} {'error':>5} {'snapshot':>8}")
    for n in names:
        for kind in ("cold", "warm", "offline"):
            rows = [r[kind] for r in results[n] if kind in r]
            if not rows:
                continue
            print(f"{n:<10} {kind:<8} {fmt_s(med([r['picture_ms'] for r in rows])):>9} "
                  f"{fmt_s(med([r['ready_ms'] for r in rows])):>9} {fmt_s(med([r['first_plot_ms'] for r in rows])):>9} "
                  f"{med([r['bytes'] for r in rows]) / 1e6:>8.2f} {sum(r['retries'] for r in rows):>7} "
                  f"{sum(bool(r['error']) for r in rows):>5} "
                  f"{sum(bool(r.get('restored')) for r in rows):>3} of {len(rows)}")
    print(f"targets: first picture <= {fmt_s(TARGETS['picture_ms'])} (cold), warm first plot <= "
          f"{fmt_s(TARGETS['warm_first_plot_ms'])} (localhost), cold bytes <= {TARGETS['bytes'] / 1e6:.0f} MB")
    if "localhost" in results:
        print("train+plot after ready (localhost warm; click Train -> boundary decoded | every plot shown):")
        for name in PRESETS:
            vals = [r["presets"][name] for r in results["localhost"]]
            alls = [r["presets"][name + " (all plots)"] for r in results["localhost"]]
            print(f"  {name:<8} {fmt_s(med(vals)):>9} | {fmt_s(med(alls)):>9}")
        last = results["localhost"][-1]
        print("snapshot after the first visit:", last.get("snapshot"), "(warm and offline visits start from it)")
        for kind in ("cold", "warm"):
            stages = {k: v for k, v in (last[kind]["worker"] or {}).items() if k != "origin"}
            print(f"localhost {kind} worker stages (ms since worker start):", json.dumps(stages))
    if args.json:
        args.json.write_text(json.dumps({"results": results, "loadavg": loads}, indent=1))
    return 0


def engines_main(args) -> int:
    import engine_loads
    from tools.browser_engines import ENGINES

    engines = [e for e in args.engine.split(",") if e]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        raise SystemExit(f"unknown engines {unknown}; known: {', '.join(ENGINES)}")
    dist = args.dist.resolve()
    if not args.no_build:
        import contextlib
        import io

        import build

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    info = json.loads((dist / "build-info.json").read_text())
    server, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    warm_gzip(server, url, dist)
    try:
        results = engine_loads.run(engines, args.runs, url, args.timeout / 1000)
    finally:
        server.shutdown()
    print(f"build {info['build']}; localhost; runs: {args.runs}; on {os.cpu_count()} CPUs")
    engine_loads.report(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
