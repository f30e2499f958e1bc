#!/usr/bin/env python3
"""Page load times in headless Chromium against a build of the site (served like GitHub
Pages: gzip, Cache-Control: max-age=600, under a sub-path).

    python bench/load_time.py [--runs 5] [--no-build] [--dist DIR] [--json FILE]

Each run: a fresh browser profile (empty HTTP cache, on disk as in a normal browser)
loads the page ("cold"), then reloads it ("warm": HTTP cache and Chromium's wasm code
cache filled). --incognito uses an in-memory context instead (Playwright's new_context:
its memory cache keeps no entry over ~6 MB, e.g. the matplotlib wheel, and it has no
wasm code cache, so "warm" is much closer to "cold" there). For
both, the time from navigation start (page time, performance.now()) to
  - controls visible   (the form #lab is visible),
  - Python ready       (body[data-py-state="ready"]),
  - first plot         (the page trains AND/online by itself once Python is ready: the
                        boundary plot, which comes with the run, decoded; the other
                        three plots follow in a second call).
After the warm load, each preset (and, or, nand, xor, clouds, overlap, circles) is
chosen in the page and trained with the Train button: time from the click to its
boundary plot decoded ("train+plot"), and to data-run-state "done" (every plot shown).
Also: the bytes the server sent for the cold load (bodies after gzip, as on the wire), and
the dist/ files no cold load requested.
Prints the median and the best of the runs, and the load average (the machine is shared:
note it next to any figure).

By default the site is built into .cache/bench-dist (not dist/, which e2e runs share);
--no-build serves DIR as it is.
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
import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PRESETS = ["and", "or", "nand", "xor", "clouds", "overlap", "circles"]
TARGETS = {"controls_ms": 500, "cold_first_plot_ms": 4000, "warm_first_plot_ms": 2000, "bytes": 22e6}

# Records, in page time (ms since navigation start), when each data-py-state and
# data-run-state value first appeared, and when the boundary plot was first decoded.
INIT = """
(() => {
  const T = window.__benchTimes = {py: {}, run: {}};
  const seen = () => {
    const b = document.body;
    if (!b) return;
    const now = performance.now();
    const s = b.dataset.pyState, r = b.dataset.runState;
    if (s && !(s in T.py)) T.py[s] = now;
    if (r && !(r in T.run)) T.run[r] = now;
    // The first plot: the boundary comes with the run, the other plots a moment later.
    const img = document.getElementById("plot-boundary");
    if (img && img.getAttribute("src") && !T.plotPromise) {
      T.plotPromise = img.decode().then(() => { T.plot = performance.now(); }, (e) => { T.plotError = String(e); });
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["data-py-state", "data-run-state", "src"], childList: true});
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


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def warm_gzip(server, base: str, dist: Path) -> None:
    """The test server gzips a file on its first request (GitHub Pages has it ready):
    do that before measuring, so the first cold load does not wait for it."""
    import urllib.request

    for f in dist.rglob("*"):
        if f.is_file() and f.suffix in build.COMPRESSIBLE:
            req = urllib.request.Request(base + f.relative_to(dist).as_posix(),
                                         headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(req) as r:
                r.read()
    server.stats.reset()


def one_load(context, url: str, timeout_ms: int, reload: bool = False) -> dict:
    page = context.pages[0] if reload or context.pages else context.new_page()
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_selector("#lab", state="visible", timeout=timeout_ms)
    t_controls = page.evaluate("performance.now()")
    page.wait_for_selector('body[data-py-state="ready"], body[data-py-state="error"]',
                           state="attached", timeout=timeout_ms)
    if page.evaluate("document.body.dataset.pyState") != "ready":
        raise SystemExit(f"Python did not start: {page.evaluate('document.body.innerText')[:500]}")
    page.wait_for_selector('body[data-run-state="done"], body[data-run-state="error"]',
                           state="attached", timeout=timeout_ms)
    times = page.evaluate("(async () => { const T = window.__benchTimes; await T.plotPromise; "
                          "return {py: T.py, run: T.run, plot: T.plot, plotError: T.plotError}; })()")
    if times.get("plotError") or times.get("plot") is None:
        raise SystemExit(f"no first plot: {times}")
    worker = page.evaluate("window.__pyclient && window.__pyclient.bootTimes")
    origin = page.evaluate("performance.timeOrigin")
    # The worker reports its performance.timeOrigin: its start in the page's clock.
    worker_start = worker["origin"] - origin if worker and worker.get("origin") else None
    return {"controls_ms": t_controls, "ready_ms": times["py"].get("ready"), "worker_start_ms": worker_start,
            "first_plot_ms": times["plot"], "worker": worker, "page": page}


def preset_times(page) -> dict:
    out = {}
    for name in PRESETS:
        r = page.evaluate(TRAIN_PRESET, name)
        if r.get("state") != "done":
            raise SystemExit(f"preset {name}: {r}")
        out[name] = r["plot_ms"]
        out[name + " (all plots)"] = r["done_ms"]
    return out


def fmt_s(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=ROOT / ".cache" / "bench-dist")
    ap.add_argument("--page", default="", help="page under the site root")
    ap.add_argument("--timeout", type=int, default=120_000)
    ap.add_argument("--json", type=Path, help="also write every measurement here")
    ap.add_argument("--incognito", action="store_true", help="in-memory contexts (see above)")
    args = ap.parse_args()
    dist = args.dist.resolve()
    if not args.no_build:
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):
            build.build(dist)
    from playwright.sync_api import sync_playwright

    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    info = json.loads((dist / "build-info.json").read_text())
    wheels = sum((dist / info["pyodide_dir"] / w["file_name"]).stat().st_size for w in info["wheels"])
    server, base = build.start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    url = base + args.page
    warm_gzip(server, base, dist)
    cold, warm, sent, presets, loads = [], [], [], [], [loadavg()]
    requested: set[str] = set()  # paths the server sent on cold loads
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS) if args.incognito else None
            for i in range(args.runs):
                if args.incognito:
                    context = browser.new_context()
                else:
                    profile = tempfile.TemporaryDirectory(prefix="bench-profile-")
                    context = pw.chromium.launch_persistent_context(
                        profile.name, executable_path=CHROMIUM, args=ARGS)
                context.add_init_script(INIT)
                server.stats.reset()
                c = one_load(context, url, args.timeout)
                sent.append(server.stats.bytes)
                with server.stats.lock:
                    requested.update(path for path, _, _ in server.stats.requests)
                w = one_load(context, url, args.timeout, reload=True)
                presets.append(preset_times(w["page"]))
                for r in (c, w):
                    r.pop("page")
                cold.append(c)
                warm.append(w)
                context.close()
                if not args.incognito:
                    profile.cleanup()
                loads.append(loadavg())
                print(f"run {i + 1}: cold ready {fmt_s(c['ready_ms'])} plot {fmt_s(c['first_plot_ms'])}; "
                      f"warm ready {fmt_s(w['ready_ms'])} plot {fmt_s(w['first_plot_ms'])}; "
                      f"load {loads[-1]}", file=sys.stderr, flush=True)
            if browser:
                browser.close()
    finally:
        server.shutdown()

    def stat(values):
        return statistics.median(values), min(values)

    def line(label, values, target=None, unit=fmt_s):
        med, best = stat(values)
        t = ""
        if target is not None:
            t = f"   target <= {unit(target)}: {'ok' if med <= target else 'MISSED'}"
        return f"  {label:<20} median {unit(med):>9}   best {unit(best):>9}{t}"

    mb = lambda b: f"{b / 1e6:.2f} MB"  # noqa: E731
    print(f"dist/: {total / 1e6:.2f} MB on disk; wheels {wheels / 1e6:.2f} MB ({len(info['wheels'])} packages)")
    print(f"runs: {args.runs} (each: {'fresh in-memory context' if args.incognito else 'fresh profile'} "
          f"= cold, then reload = warm); "
          f"load average {' -> '.join(loads)} (on {os.cpu_count()} CPUs)")
    print("cold (empty cache):")
    print(line("controls visible", [r["controls_ms"] for r in cold], TARGETS["controls_ms"]))
    if all(r["worker_start_ms"] is not None for r in cold + warm):
        print(line("worker started", [r["worker_start_ms"] for r in cold]))
    print(line("Python ready", [r["ready_ms"] for r in cold]))
    print(line("first plot (AND)", [r["first_plot_ms"] for r in cold], TARGETS["cold_first_plot_ms"]))
    print(line("transferred", sent, TARGETS["bytes"], unit=mb))
    prefix = "/perceptron-lab/"
    unused = sorted(rel for rel in (f.relative_to(dist).as_posix() for f in dist.rglob("*") if f.is_file())
                    if prefix + rel not in requested and not (rel == "index.html" and prefix in requested))
    print(f"  dist/ files not requested by a cold load: {', '.join(unused) or 'none'} "
          "(see the on-demand list in docs/PYODIDE.md)")
    print("warm (reload):")
    print(line("controls visible", [r["controls_ms"] for r in warm], TARGETS["controls_ms"]))
    if all(r["worker_start_ms"] is not None for r in cold + warm):
        print(line("worker started", [r["worker_start_ms"] for r in warm]))
    print(line("Python ready", [r["ready_ms"] for r in warm]))
    print(line("first plot (AND)", [r["first_plot_ms"] for r in warm], TARGETS["warm_first_plot_ms"]))
    print("train+plot after ready (click Train -> boundary plot decoded; -> every plot shown):")
    for name in PRESETS:
        print(line(name, [p[name] for p in presets]) + "  |" + line("", [p[name + " (all plots)"] for p in presets]))
    def stages(r):
        return json.dumps({k: v for k, v in (r["worker"] or {}).items() if k != "origin"})

    print("cold worker stages (ms since worker start, last run):", stages(cold[-1]))
    print("warm worker stages (ms since worker start, last run):", stages(warm[-1]))
    if args.json:
        args.json.write_text(json.dumps({"cold": cold, "warm": warm, "sent": sent, "presets": presets,
                                         "loadavg": loads}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
