"""What the long-run tests share: the big files, starting a long run, the watchdog's words."""
from __future__ import annotations

from playwright.sync_api import expect

from datakit import make_csv

from pagekit import RUN_TIMEOUT_MS, arm_run_end


# A client of the page's pyclient.js on a stand-in worker (a blob: script of the test's own);
# the page's own client stays window.__pyclient.
STAND_IN = """
async ({script, options, call, watchMs, cancelAfterMs, restartAt}) => {
  const { createPyClient } = await import(new URL("js/python/pyclient.js", document.baseURI).href);
  const hook = window.__pyclient;
  const url = URL.createObjectURL(new Blob([script], {type: "text/javascript"}));
  const t0 = performance.now();
  const at = () => Math.round(performance.now() - t0);
  const restarts = [], readies = [];
  const c = createPyClient({ workerUrl: url, ...options,
    onRestart: (why, text) => restarts.push({why, text: text ?? null, at: at()}),
    onStage: (stage, detail) => { if (stage === "ready") readies.push({born: Number(detail) - performance.timeOrigin - t0, at: at()}); } });
  window.__pyclient = hook;
  await c.ready;
  let result = null, cancelledAt = null, restartedAt = null;
  if (call) {
    const p = c.call(call);
    if (cancelAfterMs) {
      await new Promise((r) => setTimeout(r, cancelAfterMs));
      cancelledAt = at();
      c.cancel();
    }
    result = await p;
  }
  if (restartAt) { restartedAt = at(); c.restart(); }
  await new Promise((r) => setTimeout(r, watchMs));
  c.kill();
  return {restarts, readies, result, cancelledAt, restartedAt};
}
"""

# Ready at once (its detail: when it was born, in ms of the epoch, for the spare tests); a ping
# is answered until SILENT_AFTER ms after birth; a call busy-waits request.ms (its loop is held,
# as Python holds the real worker's) and answers, or never answers when ms is null.
WORKER = """
const born = performance.timeOrigin + performance.now();
postMessage({type: "stage", stage: "ready", detail: String(born)});
onmessage = (ev) => {
  const m = ev.data;
  if (m.type === "ping" && performance.timeOrigin + performance.now() - born < SILENT_AFTER) postMessage({type: "pong", seq: m.seq});
  if (m.type === "call" && m.request.ms !== null) {
    const end = Date.now() + m.request.ms;
    while (Date.now() < end) { /* Python at work: no ping can be answered */ }
    postMessage({type: "result", id: m.id, result: {ok: true}});
  }
};
"""
# A worker's end is told by its Web Lock at once: the bound is slack for a loaded machine.
ENDED_S = 3
ENDED = "Python stopped unexpectedly (its worker ended) and was restarted. Your data and settings are kept."
IDLE = {"idleProbeMs": 200, "idleTimeoutMs": 400, "spareAfterMs": 0, "callTimeoutMs": 60_000}
STALL = "Python stopped answering; it was restarted. Your data and settings are kept."


def stand_in(page, silent_after_ms, **kw):
    kw.setdefault("call", None)
    kw.setdefault("cancelAfterMs", 0)
    kw.setdefault("restartAt", False)
    kw.setdefault("options", IDLE)
    return page.evaluate(STAND_IN, {"script": WORKER.replace("SILENT_AFTER", str(silent_after_ms)), **kw})


# A run long enough to act during it: voted or pocket on 20 000 noisy rows (never separable).
BIG = make_csv(20000, ["a", "b"], ("no", "yes"), seed=14)
# A run still going 17 s in on an idle machine: pocket's pass got fast enough to finish BIG's
# 1000 epochs by then.
LONGER = make_csv(80000, ["a", "b"], ("no", "yes"), seed=14)
SMALL = make_csv(40, ["p", "q", "r"], ("cat", "dog"), seed=3, label_name="kind")


def upload(page, name: str, text: str) -> None:
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": "text/csv", "buffer": text.encode()}])


def load_big(page, epochs: int, algorithm: str, text: str = BIG) -> None:
    """BIG (or `text`) uploaded and read, with the algorithm and epochs of a long run set (not started)."""
    upload(page, "big.csv", text)
    rows = text.count("\n") - 1  # the header's line
    expect(page.locator("#csv-info")).to_contain_text(f"big.csv: {rows} rows, 2 features", timeout=RUN_TIMEOUT_MS)
    page.select_option("#algorithm", algorithm)
    page.fill("#epochs", str(epochs))


def start_long_run(page, epochs: int, algorithm: str = "voted", text: str = BIG) -> None:
    load_big(page, epochs, algorithm, text)
    arm_run_end(page)
    page.click("#train")
    page.wait_for_selector('body[data-run-state="running"]', state="attached")
    expect(page.locator("#cancel")).to_be_visible()


# The client's watchdog against a stand-in worker that beats ("alive") during one long call.
ALIVE_CLIENT = """
async ({script, callTimeoutMs}) => {
  const { createPyClient } = await import(new URL("js/python/pyclient.js", document.baseURI).href);
  const hook = window.__pyclient;
  const url = URL.createObjectURL(new Blob([script], {type: "text/javascript"}));
  const events = [];
  const c = createPyClient({ workerUrl: url, callTimeoutMs, onRestart: (why) => events.push(why) });
  window.__pyclient = hook;
  await c.ready;
  const t0 = performance.now();
  const result = await c.call({cmd: "train"});
  const ms = performance.now() - t0;
  c.kill();
  return {events, result, ms};
}
"""

BEATS = """
postMessage({type: "stage", stage: "ready", detail: ""});
onmessage = (ev) => {
  if (ev.data.type !== "call") return;
  let n = 0;
  const t = setInterval(() => {
    n += 1;
    if (n < 10) { postMessage({type: "alive", id: ev.data.id}); return; }
    clearInterval(t);
    postMessage({type: "result", id: ev.data.id, result: {ok: true, slow: true}});
  }, 300);
};
"""

SILENT_CALL = """
postMessage({type: "stage", stage: "ready", detail: ""});
onmessage = () => {};
"""


def silent_for(seconds: int) -> str:
    return (f"Python stopped answering (nothing heard from it for {seconds} s) and was restarted. "
            "Your data and settings are kept.")
