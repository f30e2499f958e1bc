"""Python boots in the page's worker: only local files, no console errors, no font-cache
rebuild, and the client recovers from a killed worker, a cancel and a stalled boot."""
import json

TRAIN_AND = {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": True}}


def test_boots_to_ready(page, page_log, wait_ready):
    seconds = wait_ready(page)
    times = page.evaluate("window.__pyclient.bootTimes")
    print(f"\nready after {seconds:.1f} s; worker stages (ms): {json.dumps(times)}")
    assert times and times["ready"] > 0
    assert page.evaluate("window.__pyclient.state") == "ready"
    # All requests so far went to this machine (checked again at teardown, with errors).
    assert not page_log.foreign, page_log.foreign
    assert not page_log.errors, page_log.errors


def test_matplotlib_font_cache_is_not_rebuilt(page, page_log, wait_ready, py_call):
    wait_ready(page)
    res = py_call(page, TRAIN_AND)
    assert res["ok"], res
    assert res["plots"]["boundary"].startswith("data:image/")
    said = "\n".join(page_log.texts())
    assert "building the font cache" not in said.lower()


def test_worker_console_reaches_the_test(page, page_log, wait_ready):
    # The font-cache check above relies on the worker's console reaching page.on("console"):
    # the worker logs one info line when Python is ready.
    wait_ready(page)
    assert any("Perceptron Lab: Python ready" in t for t in page_log.texts()), page_log.messages[-10:]


def test_killed_worker_restarts_on_next_call(page, wait_ready, py_call, py_state):
    wait_ready(page)
    restarts_before = page.evaluate("window.__pyclient.state")
    assert restarts_before == "ready"
    page.evaluate("window.__pyclient.kill()")
    assert page.evaluate("window.__pyclient.state") == "stopped"
    res = py_call(page, TRAIN_AND)  # boots a fresh worker, queued until it is ready
    assert res["ok"], res
    assert page.evaluate("window.__pyclient.state") == "ready"
    assert py_state(page) == "ready"


def test_cancel_resolves_pending_call_and_recovers(page, wait_ready):
    wait_ready(page)
    out = page.evaluate(
        """async () => {
          const c = window.__pyclient;
          const long = c.call({cmd: "train", data: {kind: "preset", name: "overlap", n: 2000},
                               settings: {epochs: 10000, plots: false, order: "shuffle-each"}});
          await new Promise((r) => setTimeout(r, 300));
          c.cancel();
          const first = await long;
          const second = await c.call({cmd: "train", data: {kind: "preset", name: "and"},
                                       settings: {plots: false}});
          return {first, second};
        }"""
    )
    assert out["first"] == {"ok": False, "error": {"kind": "cancelled", "message": "Training was cancelled."}}
    assert out["second"]["ok"], out["second"]
    wait_ready(page)


def test_boot_watchdog_reports_error_and_answers_calls(page, wait_ready):
    wait_ready(page)
    out = page.evaluate(
        """async () => {
          const hook = window.__pyclient;
          const { createPyClient } = await import(new URL("js/pyclient.js", document.baseURI).href);
          const stages = [];
          const c = createPyClient({ bootTimeoutMs: 1, onStage: (s, d) => stages.push([s, d]) });
          window.__pyclient = hook;  // keep the page's client as the test hook
          let readyFailed = false;
          await c.ready.catch(() => { readyFailed = true; });
          const res = await Promise.race([
            c.call({cmd: "inspect", data: {kind: "preset", name: "and"}}),
            new Promise((r) => setTimeout(() => r("no answer"), 5000)),
          ]);
          c.kill();
          return {stages, readyFailed, res, state: c.state};
        }"""
    )
    assert out["readyFailed"]
    assert out["stages"][-1][0] == "error" or any(s == "error" for s, _ in out["stages"])
    assert "stopped loading" in [d for s, d in out["stages"] if s == "error"][0]
    # The call restarted the worker, which the 1 ms watchdog stopped again: an internal error.
    assert out["res"]["ok"] is False and out["res"]["error"]["kind"] == "internal"
