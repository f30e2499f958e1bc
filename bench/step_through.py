"""Step-through and auto-play speed in the real page: frames asked for and frames shown.

Builds dist/ (python build.py), serves it under /perceptron-lab/ with the page's CSP,
opens it in Chromium (Playwright), trains each run below through the controls, and measures
- auto-play (watch it learn): the show's pace (steps per second the page asks for: a preset
  run plays in about 4 s, so a short run asks for few frames) and the frames the main
  boundary plot showed between the start and the end of the show, which steps were skipped,
  and the proof plot's frames meanwhile;
- play at the top speed (60 updates/s), again and again for a few seconds: the frames the
  step-through showed (load events of the step image) and of its proof plot;
- Python in the page: the worker's time per frame (boundary + proof), asked back to back.
Target: at least 20 frames/s wherever the pace asks for 20 or more, and every asked frame
shown at slower paces. The page never queues frames: while one is drawn, later steps only
move the wanted step (stepper.js), so a slow frame skips steps rather than lags.

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

TARGET_FPS = 20
# Short runs (a slow pace: every frame must show) and long ones whose pace asks for more than
# 20 frames/s (about 160 updates in 4 s), linear and poly2.
RUNS = [("AND", {"preset": "and"}),
        ("clouds n=200 margin=0.02", {"preset": "clouds", "n": "200", "margin": "0.02"}),
        ("circles + poly2", {"preset": "circles", "fmap": "poly2"}),
        ("clouds n=400 margin=0.005", {"preset": "clouds", "n": "400", "margin": "0.005"}),
        ("clouds n=400 m=0.005 poly2", {"preset": "clouds", "n": "400", "margin": "0.005", "fmap": "poly2"})]

# Records the main plots' frames (step shown, time) during the show that follows the next Train.
AUTO_ARM_JS = """
() => {
  const b = document.getElementById("plot-boundary"), p = document.getElementById("plot-proof");
  const fig = b.closest("figure"), panel = document.getElementById("stepper");
  const r = window.__auto = { steps: [], times: [], proofs: 0, pace: null, total: null };
  b.addEventListener("load", () => {
    if (fig.dataset.watch !== "playing" || !fig.dataset.step) return;
    if (r.pace === null) { r.pace = Number(panel.dataset.pace); r.total = Number(panel.dataset.total); }
    r.steps.push(Number(fig.dataset.step));
    r.times.push(performance.now());
  });
  p.addEventListener("load", () => { if (fig.dataset.watch === "playing") r.proofs++; });
}
"""

# The worker's own time per frame (boundary + proof plot), asked back to back.
PYTHON_JS = """
async ({ total, n }) => {
  const c = globalThis.__pyclient;
  await c.call({ cmd: "frame", step: 0, proof: true });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await c.call({ cmd: "frame", step: Math.round((i * 7919) % (total + 1)), proof: true });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
  return (performance.now() - t0) / n;
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
  const panel = $("stepper"), img = $("step-image"), range = $("step-range");
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = async (f, ms = 20000) => {
    const t = performance.now();
    while (!f()) { if (performance.now() - t > ms) throw new Error("timeout"); await sleep(5); }
  };
  let frames = 0, proofs = 0;
  const onload = () => { frames++; };
  const onproof = () => { proofs++; };
  img.addEventListener("load", onload);
  $("step-proof").addEventListener("load", onproof);
  const speed = $("step-speed");
  speed.value = "60";
  speed.dispatchEvent(new Event("change", { bubbles: true }));
  let playMs = 0, shown = 0, plays = 0, proofShown = 0;
  const total = Number(panel.dataset.total);
  while (playMs < seconds * 1000) {
    range.value = "0";
    range.dispatchEvent(new Event("input", { bubbles: true }));
    // The step-0 frame with its proof plot has landed and nothing is in flight.
    await until(() => panel.dataset.step === "0" && $("step-proof").dataset.t === "0" && panel.dataset.busy === "false");
    await sleep(50);
    const f0 = frames, p0 = proofs, t0 = performance.now();
    $("step-play").click();
    await until(() => panel.dataset.playing === "false");
    playMs += performance.now() - t0;
    shown += frames - f0;
    proofShown += proofs - p0;
    plays += 1;
  }
  img.removeEventListener("load", onload);
  $("step-proof").removeEventListener("load", onproof);
  return { frames: shown, proofs: proofShown, ms: playMs, plays, total };
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
                page.check("#source-preset")
                page.select_option("#preset", choice["preset"])
                for field in ("n", "margin"):
                    if field in choice:
                        page.fill(f"#{field}", choice[field])
                page.select_option("#algorithm", "online")
                page.select_option("#feature_map", choice.get("fmap", "none"))
                page.wait_for_timeout(800)  # a retrain the changes started by themselves
                settle(page)
                page.evaluate(ARM_JS)
                page.evaluate(AUTO_ARM_JS)
                page.click("#train")
                state = page.evaluate("window.__runEnd")
                if state != "done":
                    raise SystemExit(f"{label}: training ended in state {state!r}")
                page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=120_000)
                a = page.evaluate("window.__auto")
                pace, total, steps = a["pace"], a["total"], a["steps"]
                secs = max(a["times"][-1] - a["times"][0], 1) / 1000
                afps, pfps = (len(steps) - 1) / secs, (a["proofs"] - 1) / secs
                skipped = len(set(range(total + 1)) - set(steps))
                ok = afps >= TARGET_FPS if pace >= TARGET_FPS else skipped == 0
                verdicts.append((label, "auto-play", ok))
                print(f"{label:27s} auto-play: the pace asks {pace:5.1f} frames/s ({total + 1} frames in "
                      f"{(total + 1) / pace:4.1f} s); shown {len(steps):4d} in {secs:5.2f} s = {afps:5.1f} frames/s, "
                      f"{skipped} skipped; proof {pfps:5.1f} frames/s  {'OK' if ok else 'TOO SLOW'}")
                page.wait_for_selector('#stepper[data-playing="false"]', state="attached", timeout=60_000)
                r = page.evaluate(PLAY_JS, args.seconds)
                fps = r["frames"] / (r["ms"] / 1000)
                proof_fps = r["proofs"] / (r["ms"] / 1000)
                per_play = r["ms"] / r["plays"]
                ok = min(fps, proof_fps) >= TARGET_FPS
                verdicts.append((label, "play at 60/s", ok))
                print(f"{label:27s} play at 60/s: {r['total']:4d} updates, "
                      f"played {r['plays']:3d}x in {r['ms'] / 1000:5.2f} s, "
                      f"{r['frames']:4d} frames = {fps:5.1f} frames/s, proof {proof_fps:5.1f} frames/s "
                      f"({per_play:5.0f} ms per play)  {'OK' if ok else 'TOO SLOW'}")
                ms = page.evaluate(PYTHON_JS, {"total": r["total"], "n": 40})
                print(f"{label:27s} Python in the page: {ms:5.1f} ms per frame with its proof plot "
                      f"(at most {1000 / ms:5.1f} frames/s)")
            browser.close()
            if errors:
                print("console errors:", *errors[:5], sep="\n  ")
    finally:
        server.shutdown()
    load = loadavg()
    slow = [f"{label} ({what})" for label, what, ok in verdicts if not ok]
    print(f"verdict: {'OK' if not slow else 'TOO SLOW: ' + ', '.join(slow)} (target: >= {TARGET_FPS} frames/s "
          f"where the pace asks for {TARGET_FPS} or more, every frame at slower paces)"
          f"   [{os.cpu_count()} CPUs, load average {load}]")
    return 0 if verdicts and not slow else 1


if __name__ == "__main__":
    sys.exit(main())
