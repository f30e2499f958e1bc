"""The Python worker's memory as Chromium measures it (CDP Runtime.getHeapUsage, after a
garbage collection in the worker): its JavaScript heap and its ArrayBuffers (the in-memory
file system, downloads, any memory snapshot's bytes; the wasm memory is in neither). For
bench/worker_memory.py and tests/e2e/test_snapshot.py."""
from __future__ import annotations

import json
import time


def python_worker_mb(page, timeout_s: float = 30) -> tuple[float, float]:
    """(JavaScript heap, ArrayBuffers) of the page's one dedicated worker, in MB. Its session
    is attached through the page's, not flattened, so Playwright's own are left alone."""
    cdp = page.context.new_cdp_session(page)
    workers, replies = {}, {}

    def attached(ev):
        if ev["targetInfo"]["type"] == "worker":
            workers[ev["sessionId"]] = ev["targetInfo"]

    def message(ev):
        m = json.loads(ev["message"])
        if "id" in m:
            replies[(ev["sessionId"], m["id"])] = m.get("result") or {}

    cdp.on("Target.attachedToTarget", attached)
    cdp.on("Target.receivedMessageFromTarget", message)
    try:
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
        page.wait_for_timeout(500)
        if len(workers) != 1:
            raise RuntimeError(f"expected the page's one Python worker, found {len(workers)}")
        (sid,) = workers
        until = time.time() + timeout_s

        def ask(i, method):
            cdp.send("Target.sendMessageToTarget", {"sessionId": sid, "message": json.dumps({"id": i, "method": method})})
            while (sid, i) not in replies:
                if time.time() > until:
                    raise TimeoutError("the worker did not report its heap")
                page.wait_for_timeout(50)
            return replies[(sid, i)]

        # Why twice, a moment apart: V8 frees an ArrayBuffer's bytes on a sweeper thread after
        # the collection that found it dead, so a reading right after one collection may still
        # count tens of MB that are already garbage.
        ask(1, "HeapProfiler.collectGarbage")
        page.wait_for_timeout(500)
        ask(2, "HeapProfiler.collectGarbage")
        usage = ask(3, "Runtime.getHeapUsage")
        return usage["usedSize"] / 1e6, usage["backingStorageSize"] / 1e6
    finally:
        cdp.detach()
