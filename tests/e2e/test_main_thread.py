"""Issue 25 item 8: no main-thread task over 200 ms once the page is ready, for the two links
that blocked it: 2,000 placed points carried in the link (the points table built a row of
inputs per point, and the canvas drew shapes at ±1e9: 1.7 s in one task) and a 100-class CSV
for the multiclass perceptron (the 100 × 100 confusion table: 0.56 s).

Measured with a Chromium trace of the page from its navigation. What is left out,
and why: tasks that start before Python is ready. Those are the page's own start (its modules
evaluated, the first layout: 0.3 s a task on this shared machine with or without a link), not
the links' work: both links' data reach the page then, but the runs, their results and the
tables built from them all come after ready. Waiting uses page.evaluate polls, not
Playwright's selector waits, whose queries run on the page's main thread and would be counted.

A task is measured by its main thread's own time (the trace's thread clock), not its wall
time: the suite runs two browsers on two cores beside Pyodide's workers, and there a task that
does 70 ms of work took 200 to 500 ms of wall time while the thread waited for a core
(measured with the trace: wall 252 ms, thread 73 ms at load 12). What the page asks of the main
thread is the part this test can hold the page to.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

from pagekit import RUN_TIMEOUT_MS, at_rest, extra_page, in_tab, wait_until

LIMIT_MS = 200
# Python's readiness as a user-timing mark: the trace carries it on the page's own main thread.
OBSERVE = """
globalThis.__readyAt = null;
new MutationObserver(() => {
  if (globalThis.__readyAt === null && document.body?.dataset.pyState === "ready") {
    globalThis.__readyAt = performance.now();
    performance.mark("lab-python-ready");
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-py-state"] });
"""
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]


def long_tasks_after_ready(trace: bytes) -> list[tuple[float, float]]:
    """(wall ms, thread ms) of every task of the page's main thread after the ready mark whose
    thread time passes the limit."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    marks = [e for e in events if e.get("name") == "lab-python-ready"]
    assert marks, "the trace holds no ready mark"
    pid, tid, ready = marks[0]["pid"], marks[0]["tid"], marks[0]["ts"]
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X"
             and (e["pid"], e["tid"]) == (pid, tid) and e["ts"] >= ready]
    assert tasks, "the trace holds no task of the page's main thread after ready"
    return [(round(e["dur"] / 1000), round(e.get("tdur", e["dur"]) / 1000)) for e in tasks
            if e.get("tdur", e["dur"]) / 1000 > LIMIT_MS]


def points_link(n: int = 2000, seed: int = 1) -> str:
    rng = random.Random(seed)
    return "#v=1&source=points&pts=" + ";".join(
        f"{rng.choice([-1, 1]) * 1e9:g},{rng.choice([-1, 1]) * 1e9:g},{rng.choice([-1, 1])}" for _ in range(n))


def classes_link(rows: int = 2000, classes: int = 100, epochs: int = 100, seed: int = 8) -> str:
    """100 classes in a 10 × 10 grid of 3 × 3 cells (integers: the file fits a link)."""
    rng = random.Random(seed)
    lines = ["x1,x2,label"]
    for _ in range(rows):
        c = rng.randrange(classes)
        lines.append(f"{c % 10 * 3 + rng.randrange(3)},{c // 10 * 3 + rng.randrange(3)},{c}")
    pack = zlib.compressobj(9, zlib.DEFLATED, -15)
    z = pack.compress(("\n".join(lines) + "\n").encode()) + pack.flush()
    csv = base64.urlsafe_b64encode(z).decode().rstrip("=")
    return f"#v=1&source=csv&csv={csv}&csvname=classes.csv&algorithm=multiclass&epochs={epochs}"


def poll(page, expression: str, timeout_ms: float = RUN_TIMEOUT_MS):
    return wait_until(page, expression, timeout_ms, every_ms=250)


def run_link(browser, base_url: str, link: str, check) -> None:
    with extra_page(browser, base_url + link, goto=False) as page:
        page.context.add_init_script(OBSERVE)
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        try:
            page.goto(base_url + link)
            finish_run(page, check)
        finally:
            trace = browser.stop_tracing()
        assert page.evaluate("globalThis.__readyAt") is not None
        late = long_tasks_after_ready(trace)
        assert not late, f"main-thread tasks after ready over {LIMIT_MS} ms of thread time (wall ms, thread ms): {late}"


def finish_run(page, check) -> None:
    poll(page, "document.body.dataset.pyState === 'ready'")
    state = poll(page, "['done', 'error', 'asking'].includes(document.body.dataset.runState) "
                       "&& document.body.dataset.runState")
    if state == "asking":  # above the run budget: asked first, as a person would answer
        page.evaluate("document.getElementById('budget-run').click()")
        poll(page, "document.body.dataset.runState !== 'asking'")
        state = poll(page, "['done', 'error'].includes(document.body.dataset.runState) "
                           "&& document.body.dataset.runState")
    assert state == "done", page.text_content("#message")
    # the pictures that follow the result and the step-through's first frames: their long tasks count
    at_rest(page)
    page.wait_for_selector('#stepper:not([data-busy="true"])', state="attached", timeout=RUN_TIMEOUT_MS)
    check(page)


def test_a_link_with_2000_points_never_blocks_the_page(browser, base_url):
    def check(page):
        assert page.locator("#points-rows tr").count() == 100
        assert page.text_content("#points-page-text").startswith("Points 1–100 of 2000")
        with in_tab(page, "setup"):
            page.click("#points-next")  # a page turned: its task is measured too
        assert page.get_attribute("#points-rows tr:first-child", "data-index") == "100"
        assert len(page.input_value("#points-text").splitlines()) == 2000

    run_link(browser, base_url, points_link(), check)


def test_a_100_class_run_never_blocks_the_page(browser, base_url):
    def check(page):
        assert page.text_content("#model-details-h") == "Multiclass perceptron: 100 classes"
        assert page.locator("#confusion-table").count() == 0
        assert "confusion matrix of 100 classes is shown as a picture" in page.text_content("#model-details-body")

    run_link(browser, base_url, classes_link(), check)
