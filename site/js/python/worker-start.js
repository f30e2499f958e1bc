// Starting the Python worker (pyclient.js runs it): under the page's Content Security Policy
// (spawnWorker), and ahead of the client that will use it (prestart at page load, a spare
// during a long run). The one worker started ahead waits in a slot, recording what it says,
// until a client with the same worker URL adopts it (or drops it).
// Early start: prestart() (called by js/boot.js, a tiny module in the page's <head>) starts the
// worker before the UI modules have loaded; the first createPyClient() adopts it.
// Spare worker: a cancel must end the worker (Python runs synchronously in it; Pyodide's
// interrupt buffer needs a SharedArrayBuffer, i.e. cross-origin isolation, which static hosting
// cannot give), and booting a new one takes seconds (bench/restart.py). So once a call has run
// for spareAfterMs (3 s: a long run, the kind people cancel), pyclient.js boots a second worker
// alongside; cancel(), the watchdog and a crash restart adopt it. It is ended when the call
// finishes by itself, and only devices that say they have memory to spare get one (ROOMY).

import { pythonWorkerName } from "./ipados.js";
import { TO_WORKER, message } from "../worker/protocol.js";

export const DEFAULT_WORKER_URL = new URL("../worker.js", import.meta.url);
export const TEST_SWITCH = globalThis.__PERCEPTRON_LAB_TEST__;
// A second Python (a spare during a long run, the memory snapshot's maker) only on devices that
// say they have memory to spare: a phone, or a browser that does not say, could lose the tab.
export const ROOMY = (globalThis.navigator?.deviceMemory ?? 0) >= 4;
export const TEST_HOOKS = TEST_SWITCH === true || (typeof TEST_SWITCH === "object" && TEST_SWITCH !== null);

let early = null; // {url, worker, events: [[kind, event]]}: started ahead, not adopted yet

/**
 * A module worker for `url` that runs under the page's Content Security Policy. The policy is
 * a <meta> tag (static hosting such as GitHub Pages sends no CSP header), and a worker gets
 * its policy from its own response, so a worker started from worker.js's URL would run with
 * none (eval allowed, connect-src not applied). A worker whose script is a blob: URL inherits
 * the policy of the page that made it, meta tags included: the bootstrap is a one-line blob
 * that imports worker.js (allowed by script-src 'self'; the page's worker-src allows blob:).
 * A blob: URL given by a caller (the tests' stand-in workers) already inherits it.
 */
export function spawnWorker(url) {
  const href = new URL(String(url), document.baseURI).href;
  if (href.startsWith("blob:") || typeof Blob === "undefined" || !URL.createObjectURL) {
    return new Worker(href, { type: "module", name: pythonWorkerName() });
  }
  const boot = URL.createObjectURL(new Blob([`import ${JSON.stringify(href)};\n`], { type: "text/javascript" }));
  try {
    return new Worker(boot, { type: "module", name: pythonWorkerName() }); // the name: js/python/ipados.js
  } finally {
    // The worker has fetched its script by the time it runs; revoking later frees the blob.
    setTimeout(() => URL.revokeObjectURL(boot), 60_000);
  }
}

/** A worker booting before any client listens: {url, worker, events} (what it said so far). */
function bootAhead(workerUrl) {
  let worker;
  try {
    worker = spawnWorker(workerUrl);
  } catch {
    return null; // createPyClient() tries again and reports it
  }
  const events = [];
  if (TEST_HOOKS) worker.postMessage(message(TO_WORKER, "test-hooks"));
  worker.onmessage = (ev) => events.push(["message", ev]);
  worker.onerror = worker.onmessageerror = (ev) => {
    if (ev && ev.preventDefault) ev.preventDefault(); // the client reports it once adopted
    events.push(["error", ev]);
  };
  return { url: String(workerUrl), worker, events };
}

/** Start the default worker now; the first createPyClient() takes it over. */
export function prestart(workerUrl = DEFAULT_WORKER_URL) {
  if (!early) early = bootAhead(workerUrl);
}

/** A spare for `workerUrl` if the slot is free: -> the entry (adopt with takeEarly), or null. */
export function bootSpare(workerUrl) {
  if (early) return null;
  early = bootAhead(workerUrl);
  return early;
}

/** The worker waiting for `workerUrl` (the slot is emptied), or null. */
export function takeEarly(workerUrl) {
  if (!early || early.url !== String(workerUrl)) return null;
  const e = early;
  early = null;
  return e;
}

/** End `entry` if it still waits in the slot (a spare no longer needed). */
export function dropEarly(entry) {
  if (entry && early === entry) {
    early = null;
    entry.worker.terminate();
  }
}

/** The spare of one client: arm() at a call's start boots one after afterMs if wanted() then;
 * drop() ends it (the calls ended by themselves), hold() stops the timer and keeps one booting
 * for the restart that adopts it (adopted(entry) tells the keeper). */
export function spareKeeper(workerUrl, afterMs, wanted) {
  let timer = null;
  let entry = null;
  return {
    arm() {
      if (timer || entry || !(afterMs > 0)) return;
      timer = setTimeout(() => {
        timer = null;
        if (wanted()) entry = bootSpare(workerUrl);
      }, afterMs);
    },
    hold() {
      clearTimeout(timer);
      timer = null;
    },
    drop() {
      this.hold();
      dropEarly(entry);
      entry = null;
    },
    adopted(taken) {
      if (taken === entry) entry = null;
    },
  };
}

/** Replay what an adopted early worker said, in order, once the caller holds the client (a
 * microtask runs before any new message): a restored worker is often ready before the page's
 * modules load, and a link's run was dropped when "ready" came with no client yet. */
export function replayEarly(adopted, worker, current) {
  queueMicrotask(() => {
    for (const [kind, ev] of adopted.events) {
      if (!current()) break;
      if (kind === "message") worker.onmessage(ev);
      else worker.onerror(ev);
    }
  });
}

// One boot's readiness: a promise that settles once (failures are reported through onStage("error")).
export function readyLatch() {
  const latch = { settled: false };
  latch.promise = new Promise((res, rej) => {
    latch.resolve = () => { latch.settled = true; res(); };
    latch.reject = (e) => { latch.settled = true; rej(e); };
  });
  latch.promise.catch(() => {});
  return latch;
}
