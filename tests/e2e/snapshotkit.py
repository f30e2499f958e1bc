"""What the memory snapshot tests share: the page's offline and snapshot states, the timeline."""
import base64

import numpy as np

from conftest import READY_TIMEOUT_MS, py_call_of, wait_ready_of

import reference


SNAPSHOT_SWITCH = "globalThis.__PERCEPTRON_LAB_TEST__ = {snapshot: true};"
# The snapshot's folder in the origin private file system (js/worker/snapshot.js), from the page.
OPFS_FILES = """async () => {
  const top = await navigator.storage.getDirectory();
  for await (const [name, h] of top.entries()) if (name.startsWith("snapshot-of-perceptron-lab-")) {
    const out = {};
    for await (const [f, fh] of h.entries()) out[f] = (await fh.getFile()).size;
    return out;
  }
  return null;
}"""

META = """async () => {
  const top = await navigator.storage.getDirectory();
  for await (const [name, h] of top.entries()) if (name.startsWith("snapshot-of-perceptron-lab-")) {
    return JSON.parse(await (await (await h.getFileHandle("meta.json")).getFile()).text());
  }
  return null;
}"""

LATIN1_CSV = "température;pression;classe\n1,5;2,0;oui\n2,5;0,5;non\n0,5;1,0;oui\n3,0;0,2;non\n".encode("latin-1")
ALL = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]
REQUESTS = [
    {"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {}},
    {"cmd": "frame", "step": 2, "proof": True, "mistakes": True},
    {"cmd": "export", "what": "plot", "plot": "boundary", "format": "svg"},
    {"cmd": "train", "data": {"kind": "preset", "name": "xor"}, "settings": {"plot_kinds": ALL, "epochs": 12}},
    {"cmd": "train", "data": {"kind": "preset", "name": "iris"}, "settings": {"plot_kinds": ALL, "eta": 0.5}},
    {"cmd": "train", "data": {"kind": "preset", "name": "circles"}, "settings": {"algorithm": "kernel", "plot_kinds": ALL[:3]}},
    {"cmd": "train", "data": {"kind": "preset", "name": "digits"}, "settings": {"algorithm": "multiclass", "plot_kinds": ALL[:3]}},
    {"cmd": "train", "data": {"kind": "csv", "base64": base64.b64encode(LATIN1_CSV).decode(), "name": "fr.csv"},
     "settings": {"plot_kinds": ["boundary"]}},
]


def literal_perceptron(X, y, epochs=100):
    """Rosenblatt's rule as written in the notes: x̃ = (x, 1), w ← w + y x̃ on y w·x̃ ≤ 0, in order."""
    return reference.plain_online(np.hstack([X, np.ones((len(X), 1))]), y, epochs=epochs)[0]


def wait_attr(page, name, settled_not, timeout_ms=READY_TIMEOUT_MS * 2) -> str:
    page.wait_for_selector(f'body[data-{name}]:not([data-{name}="{settled_not}"])', state="attached",
                           timeout=timeout_ms)
    return page.evaluate(f"document.body.dataset.{name}")


def first_run(page):
    wait_ready_of(page)
    page.wait_for_selector('body[data-run-state="done"], body[data-run-state="error"]',
                           state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.runState") == "done", page.inner_text("#message")


def answers(page):
    return [py_call_of(page, r) for r in REQUESTS]


REFUSED = ("The quick start saved in this browser (a memory snapshot of Python) failed its check and was not "
           "used: Python started the normal way.")


# A worker of the page holding the snapshot's heap file (a sync access handle, as a reading worker
# holds it), released after `ms`: as a spare booting from the snapshot, or the last page's worker
# ended by a reload while it read the file, holds it.
HOLD_HEAP = """async (ms) => {
  const code = `onmessage = async () => {
    const top = await navigator.storage.getDirectory();
    for await (const [name, h] of top.entries()) if (name.startsWith("snapshot-of-perceptron-lab-")) {
      const handle = await (await h.getFileHandle("heap")).createSyncAccessHandle();
      postMessage("held");
      setTimeout(() => { handle.close(); postMessage("released"); }, ${ms});
    }
  };`;
  const w = new Worker(URL.createObjectURL(new Blob([code], {type: "text/javascript"})));
  window.__released = new Promise((r) => { w.addEventListener("message", (e) => e.data === "released" && r()); });
  await new Promise((r) => { w.addEventListener("message", (e) => e.data === "held" && r()); w.postMessage("go"); });
}"""


# A timeline of the page, from before its own scripts run: every Worker made and ended (a
# maker is one whose script is worker.js?snapshot=make, imported by the one-line blob that
# js/python/worker-start.js makes), the run state's changes and the reader's clicks.
TIMELINE = """(() => {
  const log = (globalThis.__timeline = []);
  const at = () => performance.now();
  const texts = new Map(); // blob: URL -> the text of the blob's first part
  const B = globalThis.Blob;
  const made = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    const url = made.call(URL, blob);
    if (blob && typeof blob.firstPart === "string") texts.set(url, blob.firstPart);
    return url;
  };
  globalThis.Blob = class extends B {
    constructor(parts, opts) {
      super(parts, opts);
      this.firstPart = parts && typeof parts[0] === "string" ? parts[0] : null;
    }
  };
  const W = globalThis.Worker;
  let n = 0;
  globalThis.Worker = class extends W {
    constructor(url, opts) {
      super(url, opts);
      this.n = ++n;
      log.push({ t: at(), what: "new", n: this.n, maker: (texts.get(String(url)) || String(url)).includes("snapshot=make") });
    }
    terminate() {
      log.push({ t: at(), what: "end", n: this.n });
      super.terminate();
    }
  };
  new MutationObserver(() => {
    const s = document.body?.dataset.runState;
    if (s && s !== log.lastRun) log.push({ t: at(), what: "run", state: (log.lastRun = s) });
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-run-state"] });
  addEventListener("pointerdown", () => log.push({ t: at(), what: "input" }), true);
})();"""
MAKER_ALIVE = """() => { const l = globalThis.__timeline;
  return l.some((e) => e.what === "new" && e.maker && !l.some((f) => f.what === "end" && f.n === e.n)); }"""
QUIET_MS = 3000  # js/python/snapshot-maker.js
