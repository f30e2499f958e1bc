"""Issue 25 item 6 end to end: a worker that ends without an error event (it closes itself),
idle or in the middle of a run, is noticed within seconds (its Web Lock, js/python/worker-life.js) and
said in true words; then the tab trains again. (A worker filling its JavaScript heap takes the
whole tab with it in this Chromium: nothing a page can notice.)
The faults are caused inside the worker by a test hook (worker.js "fault"), mid-run from the
run's own progress report, inside Python's call."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from conftest import wait_ready_of
from datakit import csv_data, engine, make_csv
from hostilekit import AFTER_RESTART_S, train_and_quickly
from pagekit import RUN_TIMEOUT_MS, arm_run_end, extra_page, settled, shown_weights

ENDED = "Python stopped unexpectedly (its worker ended) and was restarted. Your data and settings are kept."
CRASHED = "Python crashed and was restarted. Try again."
NOTICED_S = 3  # a lock is granted at once; slack for a loaded machine
BIG = make_csv(20000, ["a", "b"], ("no", "yes"), seed=14)


def idle(page) -> None:
    """No call pending for half a second (the page asks for more after a run)."""
    page.evaluate("""async () => {
        for (let quiet = 0; quiet < 5; quiet = window.__pyclient.busy ? 0 : quiet + 1) {
          await new Promise((r) => setTimeout(r, 100));
        }
    }""")


def fault_while_idle(page, kind: str) -> float:
    idle(page)
    page.evaluate("(kind) => window.__pyclient.fault(kind)", kind)
    return time.monotonic()


def test_a_worker_that_closes_itself_while_idle_is_noticed_at_once(browser, base_url):
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        page.select_option("#algorithm", "averaged")
        page.fill("#eta", "0.25")
        died = fault_while_idle(page, "close")
        expect(page.locator("#message")).to_have_text(ENDED, timeout=NOTICED_S * 1000)
        noticed = time.monotonic() - died
        assert page.get_attribute("#message", "data-kind") == "error"
        wait_ready_of(page)
        assert page.input_value("#algorithm") == "averaged" and page.input_value("#eta") == "0.25"
        assert train_and_quickly(page, died + noticed) < AFTER_RESTART_S


def start_run_with_fault(page, kind: str, epochs: int = 400) -> float:
    """Upload BIG, arm `kind` for the run's first progress report, start a pocket run."""
    page.set_input_files("#csv-file", files=[{"name": "big.csv", "mimeType": "text/csv", "buffer": BIG.encode()}])
    expect(page.locator("#csv-info")).to_contain_text("big.csv: 20000 rows, 2 features", timeout=RUN_TIMEOUT_MS)
    page.select_option("#algorithm", "pocket")
    page.fill("#epochs", str(epochs))
    idle(page)
    page.evaluate("(kind) => window.__pyclient.fault(kind, 'run')", kind)
    arm_run_end(page)
    page.click("#train")
    return time.monotonic()


def test_a_worker_that_closes_itself_mid_run_is_noticed_when_its_call_returns(browser, base_url):
    """close() lets the running task finish (Python's call, whose result is complete and
    shown), then the worker ends: the page says so at once, not after minutes, and trains."""
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        exp = engine(csv_data(BIG), algorithm="pocket", epochs=20)  # CPython's, before the clock runs
        start_run_with_fault(page, "close", epochs=20)
        assert page.evaluate("window.__runEnd") == "done", page.text_content("#message")
        ended = time.monotonic()
        assert shown_weights(page) == (exp["weights"], exp["bias"])
        expect(page.locator("#message")).to_have_text(ENDED, timeout=NOTICED_S * 1000)
        assert page.get_attribute("#message", "data-kind") == "error"
        wait_ready_of(page)
        expect(page.locator("#csv-info")).to_contain_text("big.csv: 20000 rows, 2 features")
        assert train_and_quickly(page, ended) < AFTER_RESTART_S


def test_an_uncaught_error_in_the_worker_is_said_as_a_crash_and_the_tab_trains(browser, base_url):
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        fault_while_idle(page, "throw")
        expect(page.locator("#message")).to_have_text(CRASHED, timeout=NOTICED_S * 1000)
        wait_ready_of(page)
        assert train_and_quickly(page) < AFTER_RESTART_S
        # The injected error itself is the one uncaught error this page may log.
        page.lab_log.errors[:] = [e for e in page.lab_log.errors if "a fault injected by a test" not in e]


RAN_OUT = ("The run needed more memory than the browser gives; Python was restarted to free it. "
           "Your data and settings are kept.")
EARLIER = "This result is from an earlier run: the last one stopped without a result. Press Train to try again."
BIG_HEAP = ("This run took more than 1 GB of memory, which Python cannot give back: it was restarted to free it. "
            "Your data and settings are kept.")


def test_a_run_that_grew_the_heap_past_1_gb_restarts_python_to_free_it(browser, base_url):
    """Issue 25 item 12: a WebAssembly heap never shrinks (an out-of-memory run left a tab at
    4.4 GB). A run whose heap passed 1 GiB (here grown by the "memory" fault, 1.1 GB taken and
    freed by the runtime's own malloc, as a big run would) still shows its result; then the
    worker is replaced by a fresh one, the page says why, and the data and settings stay.
    (The wording when such a run failed, e.g. with MemoryError: tests/js/worker-memory.test.mjs.)"""
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        page.evaluate("window.__oldWorker = window.__pyclient.worker")
        exp = engine(csv_data(BIG), algorithm="pocket", epochs=20)
        start_run_with_fault(page, "memory", epochs=20)
        assert page.evaluate("window.__runEnd") == "done", page.text_content("#message")
        assert shown_weights(page) == (exp["weights"], exp["bias"])
        expect(page.locator("#message")).to_have_text(BIG_HEAP, timeout=NOTICED_S * 1000)
        wait_ready_of(page)
        assert page.evaluate("window.__pyclient.worker !== null && window.__pyclient.worker !== window.__oldWorker")
        expect(page.locator("#csv-info")).to_contain_text("big.csv: 20000 rows, 2 features")
        assert page.input_value("#algorithm") == "pocket" and page.input_value("#epochs") == "20"
        # Issue 36 item 11: the same run again, now running out of memory (the heap grown past
        # 1 GiB, then the run fails as a MemoryError does): no result comes, so the result on
        # screen, whose settings are still those in the controls, is marked as an earlier run's.
        status = page.text_content("#status")
        expect(page.locator("#stale-note")).to_be_hidden()
        idle(page)
        page.evaluate("() => window.__pyclient.fault('out-of-memory', 'run')")
        arm_run_end(page)
        page.click("#train")
        assert page.evaluate("window.__runEnd") == "error", page.text_content("#message")
        expect(page.locator("#message")).to_have_text(RAN_OUT, timeout=NOTICED_S * 1000)
        expect(page.locator("#stale-note")).to_be_visible()
        assert page.text_content("#stale-note") == EARLIER and page.text_content("#status") == status
        assert shown_weights(page) == (exp["weights"], exp["bias"])
        wait_ready_of(page)
        assert train_and_quickly(page) < AFTER_RESTART_S
        expect(page.locator("#stale-note")).to_be_hidden()
