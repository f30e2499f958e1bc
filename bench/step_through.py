"""Watch it learn and the step-through, in the real page: frames per second on screen.

Builds dist/ (python build.py), serves it under /perceptron-lab/ with the page's CSP, opens
it in Chromium (Playwright), trains each run below through the controls, and counts, in a
requestAnimationFrame loop inside the page, the animation frames in which the picture on
screen changed:
- the show after Train (auto-play): frames where the main boundary plot was redrawn at a new
  step position (the page draws it itself: js/plot/plot-motion.js; data-pos of its view) and,
  for the runs with a proof plot, where the proof plot moved with it (data-t), between the
  first and the last drawn frame of the show; beside it the display's own rate (rAF calls);
- play in the step-through at 60 updates/s, over and over for a few seconds: the same count
  for the step panel's boundary and proof views;
- Python in the page: the worker's time per batch frame (what it computes ahead of the show).
Target: at least 30 frames/s on screen for every run (issue 20), with the load average.
The runs: AND, clouds, circles with poly2, a kernel run and iris multiclass (its class regions);
then AND's step-through by visit (every example the run looked at).

    python bench/step_through.py [--seconds 4] [--no-build]
"""
from __future__ import annotations

import argparse
import html
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from benchkit import ARGS as CHROMIUM_ARGS, CHROMIUM, loadavg  # noqa: E402

TARGET_FPS = 30
RUNS = [("AND", {"preset": "and"}),
        ("clouds n=200", {"preset": "clouds", "n": "200", "margin": "0.02"}),
        ("circles + poly2", {"preset": "circles", "fmap": "poly2"}),
        ("circles, kernel (rbf)", {"preset": "circles", "algorithm": "kernel", "fmap": "none"}),
        ("iris, multiclass", {"preset": "iris", "algorithm": "multiclass", "fmap": "none"})]

# Counts, per animation frame, whether the views of the show changed (boundary, proof).
AUTO_ARM_JS = """
() => {
  const fig = document.getElementById("plot-boundary").closest("figure");
  const pf = document.getElementById("plot-proof").closest("figure");
  const r = window.__auto = { raf: 0, changed: 0, proof: 0, t0: null, t1: null, pace: null, total: null, done: false, began: false };
  let lastPos = null, lastT = null;
  const view = (f) => f.querySelector(".motion-view");
  const loop = (now) => {
    const v = view(fig), pv = view(pf);
    r.began = r.began || fig.dataset.watch === "playing";
    const playing = fig.dataset.watch === "playing" && v && !v.hidden;
    if (playing) {
      if (r.t0 === null) { r.t0 = now; const p = document.getElementById("stepper"); r.pace = Number(p.dataset.pace); r.total = Number(p.dataset.total); }
      r.raf++;
      if (v.dataset.pos !== lastPos) { r.changed++; lastPos = v.dataset.pos; r.t1 = now; }
      if (pv && !pv.hidden && pv.dataset.t !== lastT) { r.proof++; lastT = pv.dataset.t; }
    }
    if (fig.dataset.watch === "end" && r.began) { r.done = true; return; }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}
"""

# The worker's own time per batch frame (what the page asks ahead of the show).
PYTHON_JS = """
async ({ total }) => {
  const c = globalThis.__pyclient;
  const last = Math.min(total, 59);
  const t0 = performance.now();
  const r = await c.call({ cmd: "frame", batch: [0, last] });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return (performance.now() - t0) / (last + 1);
}
"""

# Resolves window.__runEnd with the state after the next "running" (done / error / cancelled).
ARM_JS = """
() => {
  window.__runEnd = new Promise((resolve) => {
    let started = false;
    const obs = new MutationObserver(() => {
      const s = document.body.dataset.runState;
      if (s === "running") { started = true; return; }
      if (started) { obs.disconnect(); resolve(s); }
    });
    obs.observe(document.body, { attributes: true, attributeFilter: ["data-run-state"] });
    setTimeout(() => { obs.disconnect(); resolve("timeout"); }, 120000);
  });
}
"""

PLAY_JS = """
async (seconds) => {
  const $ = (id) => document.getElementById(id);
  const panel = $("stepper"), range = $("step-range");
  const v = $("step-image").nextElementSibling, pv = $("step-proof").nextElementSibling;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = async (f, ms = 20000) => {
    const t = performance.now();
    while (!f()) { if (performance.now() - t > ms) throw new Error("timeout"); await sleep(5); }
  };
  const speed = $("step-speed");
  speed.value = "60";
  speed.dispatchEvent(new Event("change", { bubbles: true }));
  let ms = 0, raf = 0, changed = 0, proof = 0, plays = 0;
  const total = Number(panel.dataset.total);
  while (ms < seconds * 1000) {
    range.value = "0";
    range.dispatchEvent(new Event("input", { bubbles: true }));
    await until(() => (panel.dataset.mode === "visits" ? panel.dataset.visit : panel.dataset.step) === "0"
      && panel.dataset.playing === "false");
    await sleep(50);
    let lastPos = v.dataset.pos, lastT = pv && pv.dataset.t;
    const t0 = performance.now();
    $("step-play").click();
    await new Promise((resolve) => {
      const loop = () => {
        raf++;
        if (v.dataset.pos !== lastPos) { changed++; lastPos = v.dataset.pos; }
        if (pv && !pv.hidden && pv.dataset.t !== lastT) { proof++; lastT = pv.dataset.t; }
        if (panel.dataset.playing === "false") resolve(); else requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    });
    ms += performance.now() - t0;
    plays++;
  }
  return { raf, changed, proof, ms, plays, total, drawn: !v.hidden };
}
"""


def page_csp(dist: Path) -> str | None:
    m = re.search(r'<meta[^>]+http-equiv="Content-Security-Policy"[^>]+content="([^"]+)"',
                  (dist / "index.html").read_text(), re.I)
    return html.unescape(m.group(1)) if m else None


def settle(page) -> None:
    page.wait_for_selector('body:not([data-run-state="running"])', state="attached", timeout=120_000)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0, help="playing time per dataset")
    ap.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    from playwright.sync_api import sync_playwright

    # The load at the start and at the end: the figures are only comparable with them.
    print(f"[{os.cpu_count()} CPUs, load average at the start {loadavg()}]")
    dist = ROOT / "dist"
    server, url = build.start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600",
                                     csp=page_csp(dist))
    verdicts = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.add_init_script("globalThis.__PERCEPTRON_LAB_TEST__ = true;")  # exposes __pyclient
            errors = []
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(url)
            page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=120_000)
            page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=120_000)
            for label, choice in RUNS:
                page.click("#tab-setup")  # the data and settings (the lab's views sit behind tabs)
                page.check("#source-preset")
                page.select_option("#preset", choice["preset"])
                for field in ("n", "margin"):
                    if field in choice:
                        page.fill(f"#{field}", choice[field])
                page.select_option("#feature_map", choice.get("fmap", "none"))  # before the algorithm: kernel hides it
                page.select_option("#algorithm", choice.get("algorithm", "online"))
                page.wait_for_timeout(800)  # a retrain the changes started by themselves
                settle(page)
                page.evaluate(ARM_JS)
                page.evaluate(AUTO_ARM_JS)
                page.click("#tab-plots")  # the proof plot, which moves with the show
                page.click("#train")
                state = page.evaluate("window.__runEnd")
                if state != "done":
                    raise SystemExit(f"{label}: training ended in state {state!r}")
                page.wait_for_function("() => window.__auto.done", timeout=120_000)
                a = page.evaluate("window.__auto")
                if a["t0"] is None:
                    print(f"{label:22s} show after Train: the page did not draw it (Python's PNG frames)  TOO SLOW")
                    verdicts.append((label, "show", False))
                    continue
                secs = max((a["t1"] or 0) - (a["t0"] or 0), 1) / 1000
                fps, rate = a["changed"] / secs, a["raf"] / secs
                proof = a["proof"] / secs
                has_proof = a["proof"] > 0
                ok = fps >= TARGET_FPS and (not has_proof or proof >= TARGET_FPS)
                verdicts.append((label, "show", ok))
                print(f"{label:22s} show after Train: {a['total']:4d} updates at {a['pace']:5.1f}/s; "
                      f"on screen {fps:5.1f} frames/s (display {rate:5.1f}/s), proof plot "
                      f"{f'{proof:5.1f} frames/s' if has_proof else '(none for this run)'}  "
                      f"{'OK' if ok else 'TOO SLOW'}")
                page.wait_for_selector('#stepper[data-playing="false"]', state="attached", timeout=60_000)
                page.click("#tab-steps")  # the step panel's boundary and proof views
                r = page.evaluate(PLAY_JS, args.seconds)
                secs = r["ms"] / 1000
                fps, rate, proof = r["changed"] / secs, r["raf"] / secs, r["proof"] / secs
                ok = r["drawn"] and fps >= TARGET_FPS and (not has_proof or proof >= TARGET_FPS)
                verdicts.append((label, "play at 60/s", ok))
                print(f"{label:22s} step-through play at 60/s: played {r['plays']:3d}x in {secs:5.2f} s; "
                      f"on screen {fps:5.1f} frames/s (display {rate:5.1f}/s), proof plot "
                      f"{f'{proof:5.1f} frames/s' if has_proof else '(none)'}  {'OK' if ok else 'TOO SLOW'}")
                ms = page.evaluate(PYTHON_JS, {"total": r["total"]})
                print(f"{label:22s} Python in the page: {ms:5.1f} ms per frame of a batch, computed ahead of the show")
            # Every visited example (the last run's data, AND first): the step-through by visit.
            label = "AND, every visit"
            page.click("#tab-setup")
            page.select_option("#preset", "and")
            page.select_option("#algorithm", "online")
            page.wait_for_timeout(800)
            settle(page)
            page.evaluate(ARM_JS)
            page.click("#train")
            if page.evaluate("window.__runEnd") != "done":
                raise SystemExit(f"{label}: training failed")
            page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=120_000)
            page.click("#tab-steps")
            page.check("#step-visits")
            page.wait_for_function("() => { const v = document.getElementById('step-image').nextElementSibling;"
                                   " return document.getElementById('stepper').dataset.mode === 'visits' && !v.hidden; }")
            r = page.evaluate(PLAY_JS, args.seconds)
            secs = r["ms"] / 1000
            fps, rate, proof = r["changed"] / secs, r["raf"] / secs, r["proof"] / secs
            ok = r["drawn"] and fps >= TARGET_FPS and proof >= TARGET_FPS
            verdicts.append((label, "play at 60/s", ok))
            print(f"{label:22s} step-through play at 60/s: {r['total'] + 1} visits, played {r['plays']:3d}x in "
                  f"{secs:5.2f} s; on screen {fps:5.1f} frames/s (display {rate:5.1f}/s), proof plot "
                  f"{proof:5.1f} frames/s  {'OK' if ok else 'TOO SLOW'}")
            page.uncheck("#step-visits")
            browser.close()
            if errors:
                print("console errors:", *errors[:5], sep="\n  ")
    finally:
        server.shutdown()
    load = loadavg()
    slow = [f"{label} ({what})" for label, what, ok in verdicts if not ok]
    print(f"verdict: {'OK' if not slow else 'TOO SLOW: ' + ', '.join(slow)} (target: >= {TARGET_FPS} frames/s "
          f"on screen)   [{os.cpu_count()} CPUs, load average at the end {load}]")
    return 0 if verdicts and not slow else 1


if __name__ == "__main__":
    sys.exit(main())
