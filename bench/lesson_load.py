"""From a lesson link to its first moving plot, cold and warm, in Chromium on localhost.

A student follows #view=lesson&lesson=1&step=1. That step asks a question first, and its show
holds at w = 0 until the student answers (predict, then see: js/steps/watch.js holdAtStart), so
the bench answers it as a student would (the first choice, whether right or wrong) as soon as the
question and the plot are on screen. Times from navigation start (the page's performance.now()):
  text     the step's words on screen;
  shown    the boundary plot on screen, held at its start (its figure's data-watch="paused");
  answer   the bench's click on "Check my prediction";
  moving   the first frame of the show (data-watch="playing"); "after the answer" is moving - answer.
  cold   a fresh profile: nothing cached;
  warm   the same profile loading the link again, once the service worker has precached the
         build and the memory snapshot's maker has ended (or after --settle seconds).
Normal motion (the show plays). Prints each run with the load average beside it.

  python bench/lesson_load.py [--runs 3] [--settle 90] [--dist DIR] [--cold-only]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from benchkit import loadavg  # noqa: E402
from tools import devserver  # noqa: E402

LINK = "#view=lesson&lesson=1&step=1"
OBSERVE = """
window.__lessonTimes = {};
new MutationObserver(() => {
  const T = window.__lessonTimes, now = performance.now();
  const fig = document.getElementById("plot-boundary")?.closest("figure");
  if (!T.text && document.querySelector(".lesson-words p")) T.text = now;
  if (!T.shown && fig && ["paused", "playing"].includes(fig.dataset.watch) && fig.checkVisibility()) T.shown = now;
  if (!T.moving && fig?.dataset.watch === "playing") T.moving = now;
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-watch", "hidden", "class"] });
"""
ANSWER = """() => {
  document.querySelector("#lesson-question input[name=answer]").checked = true;
  window.__lessonTimes.answer = performance.now();
  document.getElementById("lesson-submit").click();
}"""


def one(page, url, timeout_ms):
    page.goto("about:blank")  # a new document each time (the same URL with a hash would only scroll)
    page.goto(url + LINK)
    page.wait_for_function("() => window.__lessonTimes && window.__lessonTimes.shown && window.__lessonTimes.text"
                           " && document.querySelector('#lesson-question input[name=answer]')", timeout=timeout_ms)
    page.evaluate(ANSWER)
    page.wait_for_function("() => window.__lessonTimes.moving", timeout=timeout_ms)
    return page.evaluate("window.__lessonTimes")


def line(name, t, load):
    s = lambda k: t[k] / 1000  # noqa: E731
    return (f"{name}: step text {s('text'):.2f} s, plot shown {s('shown'):.2f} s, answered at {s('answer'):.2f} s, "
            f"moving {s('moving'):.2f} s ({s('moving') - s('answer'):.2f} s after the answer) (load {load})")


def main() -> int:
    import conftest  # the e2e fixtures' Chromium, its flags and the site's sub-path
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--settle", type=float, default=90.0)
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="a built site (another build to compare)")
    ap.add_argument("--cold-only", action="store_true", help="no warm load after each cold one")
    args = ap.parse_args()
    dist = args.dist.resolve()
    srv, url = devserver.start_server(dist, prefix=conftest.SUBPATH, cache_control="max-age=600",
                                      csp=conftest.page_csp(dist))
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=conftest.CHROMIUM, args=conftest.CHROMIUM_ARGS)
            for i in range(args.runs):
                ctx = b.new_context(viewport={"width": 1280, "height": 800})
                ctx.add_init_script(OBSERVE)
                page = ctx.new_page()
                cold = one(page, url, 300_000)
                load_cold = loadavg()
                if args.cold_only:
                    print(f"run {i + 1}: {line('cold', cold, load_cold)}", flush=True)
                    ctx.close()
                    continue
                try:
                    page.wait_for_selector('body[data-snapshot]:not([data-snapshot="making"])', state="attached",
                                           timeout=args.settle * 1000)
                except Exception:
                    pass  # no snapshot on this device: warm is the HTTP cache and the service worker
                warm = one(page, url, 300_000)
                print(f"run {i + 1}: {line('cold', cold, load_cold)}; {line('warm', warm, loadavg())}; "
                      f"warm/cold plot shown {warm['shown'] / cold['shown']:.2f}", flush=True)
                ctx.close()
            b.close()
    finally:
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
