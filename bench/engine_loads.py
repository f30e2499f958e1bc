"""Cold and warm page loads in each browser engine (bench/load_time.py --engine ...): the
system's Chromium, WebKitGTK and Firefox ESR (tools/browser_engines.py), on localhost, with no
test switch (the page as a student gets it). Per engine and run, in a fresh profile:

  cold   the first visit: Python ready, first plot (the default run's boundary decoded),
         and when each boot stage began (body data-py-state, page clock);
  warm   once the service worker has precached the build and the memory snapshot's maker has
         ended (made, failed or skipped), the same page loaded again.

Engines alternate within a run (chromium, webkit, firefox, chromium, ...), so that each ratio
to Chromium compares loads made under the same load average, printed beside them.
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.browser_engines import open_engine  # noqa: E402
from benchkit import loadavg  # noqa: E402

# Installed once the navigation has returned (no engine but Chromium runs a script before the
# page's own): stages already passed are read at once; times are the page's performance.now(),
# i.e. ms since navigation start.
OBSERVE = """() => {
  const T = window.__engineTimes = {stages: {}};
  const body = document.body;
  const seen = () => {
    const now = performance.now(), s = body.dataset.pyState;
    if (s && !(s in T.stages)) T.stages[s] = now;
    const img = document.getElementById("plot-boundary");
    if (body.dataset.runState === "done" && img && img.getAttribute("src") && !T.plotPromise) {
      T.plotPromise = img.decode().then(() => { T.plot = performance.now(); }, () => { T.plot = performance.now(); });
    }
  };
  seen();
  new MutationObserver(seen).observe(document.body, {subtree: true, attributes: true,
    attributeFilter: ["data-py-state", "data-run-state", "src"]});
  // The longest time the loading panel did not change before ready (a stage or a byte count
  // is all the boot watchdog hears, js/python/pyclient.js: 30 s of it restart the boot).
  T.silence = 0;
  let last = performance.now();
  const load = document.getElementById("load");
  const heard = () => {
    if (body.dataset.pyState === "ready" || body.dataset.pyState === "error") return;
    const now = performance.now();
    T.silence = Math.max(T.silence, now - last);
    last = now;
  };
  new MutationObserver(heard).observe(load, {subtree: true, childList: true, characterData: true, attributes: true});
  new MutationObserver(heard).observe(body, {attributes: true, attributeFilter: ["data-py-state"]});
  return true;
}"""

SETTLED = ("() => (document.body.dataset.pyState === 'error' || ['done', 'error'].includes(document.body.dataset.runState))"
           " && document.body.dataset.pyState")
TIMES = """async () => { const T = window.__engineTimes; await T.plotPromise;
  return {stages: T.stages, plot: T.plot ?? null, silence: T.silence, retries: Number(document.body.dataset.pyRetries || 0),
          snapshot: document.body.dataset.snapshot || null, offline: document.body.dataset.offline || null,
          worker: performance.getEntriesByName("perceptron-lab:python-ready").map((e) => e.detail).pop() ?? null}; }"""
QUIET = ("() => { const b = document.body.dataset; const off = b.offline, snap = b.snapshot; "
         "return off && off !== 'caching' && snap && snap !== 'making' && [off, snap]; }")


def one_load(b, url: str, timeout_s: float) -> dict:
    b.goto(url)
    b.js(OBSERVE)
    state = b.wait(SETTLED, timeout=timeout_s)
    t = b.js(TIMES)
    return {"ready_ms": t["stages"].get("ready"), "first_plot_ms": t["plot"], "stages": t["stages"], "silence_ms": t["silence"],
            "retries": t["retries"], "error": state != "ready", "snapshot": t["snapshot"], "worker": t["worker"]}


def one_engine(engine: str, url: str, timeout_s: float) -> dict:
    with open_engine(engine) as b:
        out = {"load_before": loadavg(), "cold": one_load(b, url, timeout_s)}
        out["offline"], out["snapshot"] = b.wait(QUIET, timeout=timeout_s)
        out["warm"] = one_load(b, url, timeout_s)
        out["load_after"] = loadavg()
        return out


def fmt_s(ms) -> str:
    return "-" if ms is None else f"{ms / 1000:.2f} s"


def stage_text(stages: dict) -> str:
    order = sorted(stages.items(), key=lambda kv: kv[1])
    return " ".join(f"{k} {v / 1000:.1f}" for k, v in order)


def worker_text(times) -> str:
    """The worker's own clock (js/worker.js ready(): ms since it started, and the Python
    import times): where a boot's time went inside the worker."""
    if not times:
        return "-"
    text = " ".join(f"{k} {times[k] / 1000:.2f}" for k in ("runtime", "packages", "installed", "ready") if k in times)
    if "import_matplotlib" in times:
        text += f" (imports: matplotlib {times['import_matplotlib'] / 1000:.2f}, app {times['import_app'] / 1000:.2f})"
    if "unpacked_early" in times:
        text += f", wheels unzipped early {times['unpacked_early']}, libraries compiled early {times['compiled_early']}"
    return text


def run(engines: list[str], runs: int, url: str, timeout_s: float) -> dict:
    results = {e: [] for e in engines}
    for i in range(runs):
        for e in engines:
            r = one_engine(e, url, timeout_s)
            results[e].append(r)
            print(f"run {i + 1} {e}: cold ready {fmt_s(r['cold']['ready_ms'])} (stages since navigation, s: "
                  f"{stage_text(r['cold']['stages'])}; longest silence {fmt_s(r['cold']['silence_ms'])}; worker, s: "
                  f"{worker_text(r['cold']['worker'])}), warm first plot {fmt_s(r['warm']['first_plot_ms'])} "
                  f"(stages, s: {stage_text(r['warm']['stages'])}; longest silence {fmt_s(r['warm']['silence_ms'])}), "
                  f"snapshot {r['snapshot']}; load {r['load_before']} -> {r['load_after']}", file=sys.stderr, flush=True)
    return results


def report(results: dict) -> None:
    def med(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    base = med([r["cold"]["ready_ms"] for r in results.get("chromium", [])])
    print(f"{'engine':<9} {'cold ready':>10} {'x chromium':>10} {'cold plot':>10} {'warm ready':>10} "
          f"{'warm plot':>10} {'snapshot':>9} {'retries':>7} {'errors':>6}  load average (1 5 15 min)")
    for e, rows in results.items():
        cold = med([r["cold"]["ready_ms"] for r in rows])
        ratio = f"{cold / base:.2f}" if base and cold else "-"
        print(f"{e:<9} {fmt_s(cold):>10} {ratio:>10} {fmt_s(med([r['cold']['first_plot_ms'] for r in rows])):>10} "
              f"{fmt_s(med([r['warm']['ready_ms'] for r in rows])):>10} "
              f"{fmt_s(med([r['warm']['first_plot_ms'] for r in rows])):>10} "
              f"{'/'.join(sorted({str(r['snapshot']) for r in rows})):>9} "
              f"{sum(r['cold']['retries'] + r['warm']['retries'] for r in rows):>7} "
              f"{sum(r['cold']['error'] + r['warm']['error'] for r in rows):>6}  "
              f"{', '.join(r['load_before'] + ' -> ' + r['load_after'] for r in rows)}")
    print("warm: the second visit (service worker's copy; from the memory snapshot where it was made, "
          "snapshot 'ready'). x chromium: median cold ready over Chromium's, engines alternating in each run.")
