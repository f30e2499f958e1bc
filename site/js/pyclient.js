// Page side of the Python worker protocol (see docs/ARCHITECTURE.md, "Worker protocol").
//
//   const client = createPyClient({
//     onStage: (stage, detail) => ...,   // "runtime" | "packages" | "app" | "ready" | "retry" | "error"
//     onBytes: (received, total, cached) => ...,  // the boot's downloads, estimated bytes on the wire;
//                                        // cached: this build is in the service worker's cache
//     onProgress: (id, epoch, mistakes) => ...,
//     onReading: (id, phase, done, total) => ...,  // a CSV file being read (phase "rows" | "columns")
//     onRestart: (reason, text) => ...,  // a fresh worker is booting (after cancel/crash/stall);
//                                        // text: why, for people (crash/stall only)
//   });
//   const response = await client.call({cmd: "train", data, settings});  // never rejects
//   client.cancel();   // stop a running call: terminate + fresh worker
//
// call() queues until the worker is ready and always resolves with a bridge response
// ({ok: true, ...} or {ok: false, error: {kind, message}}). Kinds added here:
// "cancelled" (cancel()) and "internal" (worker crash, stall, or failed start).
// Watchdog: a boot with no new stage and no new byte for bootTimeoutMs (30 s; a slow link
// that still delivers is never cut off; a dead one, or a .wasm served with the wrong MIME
// type, can hang silently) is retried once by itself (stage "retry"), then fails (stage
// "error"); a call with no word from the worker (progress, reading, "alive", result) for
// callTimeoutMs (10 s) ends the worker: "Python stopped answering (nothing heard from it for
// 10 s) …", onRestart("stall", text). The worker says "alive" at least once a second while ANY
// Python bytecode runs (worker.js installs an interrupt buffer that CPython's eval loop reads),
// so an honest long run, theory or plot phase never goes silent; only a dead or wedged worker,
// or one C call longer than that, does (bench/silence.py: the longest at the bridge's limits).
// Idle heartbeat: while no call is pending, a "ping" every idleProbeMs (4 s) is answered by
// the worker's message loop (not by Python); no message at all within idleTimeoutMs (8 s)
// means the worker died without an error event (killed, or its loop wedged): it is replaced
// and onRestart("stall", text) says so. A call in flight is watched by callTimeoutMs instead,
// because Python runs synchronously in the worker and its loop cannot answer a ping then.
// Crash wording ("Python crashed …", onRestart("crash")) only for an error event or "crashed".
// After a failed start the worker is not restarted by itself; the next call(), restart()
// or cancel() starts one.
// Test hooks, only with the page's test switch on (globalThis.__PERCEPTRON_LAB_TEST__ = true
// or {bootTimeoutMs, callTimeoutMs}, set by the e2e fixtures before the page's scripts run): the
// last client created is globalThis.__pyclient, with kill() (terminate, no restart), probe()
// (how the worker installed the app package, see worker.js), vanish() (terminate the worker
// behind the client's back: a worker that dies without an error event), silence() (the longest
// gap without a word during a pending call) and mute() (silence the worker's signs of life).
//
// Early start: prestart() (called by js/boot.js, a tiny module in the page's <head>)
// starts the worker before the UI modules have loaded; the first createPyClient() with
// the same worker URL adopts it, with the messages it sent so far.
// Spare worker: a cancel must end the worker (Python runs synchronously in it; Pyodide's
// interrupt buffer needs a SharedArrayBuffer, i.e. cross-origin isolation, which static
// hosting cannot give), and booting a new one takes seconds (bench/restart.py). So once a call
// has run for spareAfterMs (3 s: a long run, the kind people cancel), a second worker boots
// alongside; cancel(), the watchdog and a crash restart adopt it (ready, or at least ahead).
// It is ended when the call finishes by itself, so a second Python lives only during long runs,
// and only on devices that say they have memory to spare (navigator.deviceMemory >= 4 GB; a
// phone, or a browser that does not say, restarts from scratch rather than risk the tab).
import { DEFAULT_WORKER_URL, TEST_HOOKS, TEST_SWITCH, ROOMY, spawnWorker, bootSpare, takeEarly, dropEarly } from "./worker-start.js";

export { spawnWorker, prestart } from "./worker-start.js";
// Tests may shorten the page's own boot watchdog ({bootTimeoutMs}) to prove it on a slow link.
const TEST_BOOT_TIMEOUT_MS = TEST_HOOKS && Number(TEST_SWITCH.bootTimeoutMs) > 0 ? Number(TEST_SWITCH.bootTimeoutMs) : null;
// ... and the pending-call watchdog ({callTimeoutMs}), to prove what keeps a long call alive.
const TEST_CALL_TIMEOUT_MS = TEST_HOOKS && Number(TEST_SWITCH.callTimeoutMs) > 0 ? Number(TEST_SWITCH.callTimeoutMs) : null;

// A pending call's watchdog. The worker says "alive" at least once a second while any Python
// bytecode runs (worker.js, the interrupt buffer), so only one C call that runs long (numpy on
// the largest data allowed, one Agg draw or PNG of the largest plot allowed, the kernel grid)
// or a dead worker is silent; bench/silence.py measures the longest silence of such calls in
// the page (under 3 s here, see docs/ARCHITECTURE.md): 10 s leaves more than a factor of three for a
// slower device or a loaded machine, and tells a dead worker in seconds, not a minute.
export const CALL_TIMEOUT_MS = 10_000;

const CANCELLED = Object.freeze({ ok: false, error: { kind: "cancelled", message: "Training was cancelled." } });
const internal = (message) => ({ ok: false, error: { kind: "internal", message } });

export function createPyClient({
  onStage = () => {},
  onProgress = () => {},
  onReading = () => {},
  onRestart = () => {},
  onBytes = () => {},
  workerUrl = DEFAULT_WORKER_URL,
  bootTimeoutMs = TEST_BOOT_TIMEOUT_MS ?? 30_000,
  bootRetries = 1,
  callTimeoutMs = TEST_CALL_TIMEOUT_MS ?? CALL_TIMEOUT_MS,
  idleProbeMs = 4_000,
  idleTimeoutMs = 8_000,
  spareAfterMs = ROOMY ? 3_000 : 0,
} = {}) {
  let worker = null;
  let generation = 0; // messages from terminated workers are ignored
  let state = "stopped"; // "booting" | "ready" | "failed" | "stopped"
  let stageName = null;
  let bootTimes = null; // ms since the worker started, per stage (from the worker)
  const queue = []; // calls made before "ready": {id, request, resolve}
  const pending = new Map(); // calls sent to the worker: id -> {resolve, request}
  const probes = new Map(); // test hook: probe id -> resolve
  let nextId = 1;
  let bootTimer = null;
  let callTimer = null;
  let idleTimer = null; // the next ping, or the deadline of the ping sent
  let pingSeq = 0;
  let spareTimer = null;
  let spare = null; // the spare worker this client started (waiting in worker-start.js's slot)
  let retriesLeft = bootRetries; // automatic retries of a stalled boot, until "ready"
  let bytesSeen = -1;
  let heardAt = 0; // when the worker last said anything while a call was pending
  let longestSilence = 0; // test hook: the longest such gap, in ms

  // ready: one promise per worker start; settles once (resolve on "ready", reject on failure).
  let readyPromise, resolveReady, rejectReady, readySettled;
  function freshReady() {
    readySettled = false;
    readyPromise = new Promise((res, rej) => {
      resolveReady = () => { readySettled = true; res(); };
      rejectReady = (e) => { readySettled = true; rej(e); };
    });
    readyPromise.catch(() => {}); // failures are reported through onStage("error")
  }
  freshReady();

  const safe = (fn, ...args) => {
    try {
      fn(...args);
    } catch (e) {
      setTimeout(() => { throw e; }); // surface the page's bug without breaking the client
    }
  };

  function armBootTimer() {
    clearTimeout(bootTimer);
    bootTimer = setTimeout(() => {
      const secs = Math.round(bootTimeoutMs / 1000);
      if (retriesLeft > 0) {
        retriesLeft -= 1;
        stop(); // calls made meanwhile stay queued for the new worker
        state = "stopped";
        launch("retry");
        safe(onStage, "retry", `Nothing arrived for ${secs} s: loading Python again…`);
        return;
      }
      const again = bootRetries > 0 ? ", twice" : "";
      fail(`Python stopped loading (nothing arrived for ${secs} s${again}). ` +
        "Check your connection, then try again.", { restart: false });
    }, bootTimeoutMs);
  }

  function armIdleTimer() {
    clearTimeout(idleTimer);
    idleTimer = null;
    if (state !== "ready" || pending.size || queue.length) return;
    idleTimer = setTimeout(() => {
      const seq = ++pingSeq;
      worker.postMessage({ type: "ping", seq });
      idleTimer = setTimeout(() => {
        fail("Python stopped answering; it was restarted. Your data and settings are kept.", { restart: true, why: "stall" });
      }, idleTimeoutMs);
    }, idleProbeMs);
  }

  // One watchdog at a time: the call timer while a call is pending, else the idle heartbeat.
  function armCallTimer() {
    clearTimeout(callTimer);
    callTimer = null;
    armIdleTimer();
    if (state === "ready" && pending.size) {
      callTimer = setTimeout(() => {
        fail(`Python stopped answering (nothing heard from it for ${Math.round(callTimeoutMs / 1000)} s) ` +
          "and was restarted. Your data and settings are kept.", { restart: true, why: "stall" });
      }, callTimeoutMs);
    }
  }

  function send(item) {
    if (!pending.size) heardAt = performance.now();
    pending.set(item.id, { resolve: item.resolve, request: item.request });
    worker.postMessage({ type: "call", id: item.id, request: item.request });
    // Step-through frames come back in tens of ms, two at a time while playing: never a long run.
    if (item.request?.cmd !== "frame") armSpare();
  }

  function armSpare() {
    if (spareTimer || spare || !(spareAfterMs > 0)) return;
    spareTimer = setTimeout(() => {
      spareTimer = null;
      if (state === "ready" && [...pending.values()].some((p) => p.request?.cmd !== "frame")) spare = bootSpare(workerUrl);
    }, spareAfterMs);
  }

  // The calls ended by themselves: no spare is needed (it would hold a second Python's memory).
  function dropSpare() {
    clearTimeout(spareTimer);
    spareTimer = null;
    dropEarly(spare);
    spare = null;
  }

  function start() {
    generation += 1;
    const gen = generation;
    state = "booting";
    stageName = null;
    bytesSeen = -1;
    if (readySettled) freshReady();
    const adopted = takeEarly(workerUrl);
    if (adopted) {
      if (adopted === spare) spare = null;
      worker = adopted.worker;
    } else {
      try {
        worker = spawnWorker(workerUrl);
      } catch (e) {
        worker = null;
        fail("This browser could not start Python (it needs module workers).", { restart: false });
        return;
      }
    }
    if (TEST_HOOKS && !adopted) worker.postMessage({ type: "test-hooks" });
    worker.onmessage = (ev) => {
      if (gen !== generation) return;
      const msg = ev.data || {};
      if (pending.size) {
        const now = performance.now();
        longestSilence = Math.max(longestSilence, now - heardAt);
        heardAt = now;
      }
      onMessage(msg);
      // Any word from an idle worker proves its loop runs (a ping's answer included).
      if (gen === generation && idleTimer && !pending.size) armIdleTimer();
    };
    worker.onerror = worker.onmessageerror = (ev) => {
      if (gen !== generation) return;
      if (ev && ev.preventDefault) ev.preventDefault();
      if (state === "booting") {
        fail("Python could not be started; reload the page to try again.", { restart: false });
      } else {
        fail("Python crashed and was restarted. Try again.", { restart: true });
      }
    };
    armBootTimer();
    if (adopted) {
      // Replay what the early worker said before we listened (in order).
      for (const [kind, ev] of adopted.events) {
        if (gen !== generation) break;
        if (kind === "message") worker.onmessage(ev);
        else worker.onerror(ev);
      }
    }
  }

  function launch(reason, text) {
    if (state === "booting") return;
    if (reason !== "retry") retriesLeft = bootRetries;
    safe(onRestart, reason, text);
    start();
  }

  function onMessage(msg) {
    switch (msg.type) {
      case "stage":
        stageName = msg.stage;
        if (msg.stage === "ready") {
          clearTimeout(bootTimer);
          state = "ready";
          retriesLeft = bootRetries;
          bootTimes = msg.times || null;
          resolveReady();
          safe(onStage, "ready", msg.detail || "");
          for (const item of queue.splice(0)) send(item);
          armCallTimer();
        } else {
          armBootTimer();
          safe(onStage, msg.stage, msg.detail || "");
        }
        break;
      case "bytes":
        if (state !== "booting") break;
        if (msg.received > bytesSeen) {
          bytesSeen = msg.received;
          armBootTimer();
        }
        safe(onBytes, msg.received, msg.total, !!msg.cached);
        break;
      case "progress":
        if (pending.has(msg.id)) {
          armCallTimer();
          safe(onProgress, msg.id, msg.epoch, msg.mistakes);
        }
        break;
      case "reading":
        if (pending.has(msg.id)) {
          armCallTimer();
          safe(onReading, msg.id, msg.phase, msg.done, msg.total);
        }
        break;
      case "alive": // Python runs (any bytecode, or a slow epoch's own heartbeat): not a hang
        if (pending.has(msg.id)) armCallTimer();
        break;
      case "result": {
        const p = pending.get(msg.id);
        if (p) {
          pending.delete(msg.id);
          if (!pending.size) dropSpare();
          armCallTimer();
          p.resolve(msg.result);
        }
        break;
      }
      case "probe": {
        const resolve = probes.get(msg.id);
        probes.delete(msg.id);
        if (resolve) resolve(msg.result);
        break;
      }
      case "crashed":
        if (msg.detail) console.warn("Python worker crashed:", msg.detail);
        fail("Python crashed and was restarted. Try again.", { restart: true });
        break;
      case "fatal":
        if (msg.detail) console.warn("Python worker:", msg.detail);
        fail(msg.message || "Python could not be started.", { restart: false });
        break;
      default:
        break;
    }
  }

  function settleAll(response) {
    for (const { resolve } of pending.values()) resolve(response);
    pending.clear();
    for (const item of queue.splice(0)) item.resolve(response);
    for (const resolve of probes.values()) resolve({ error: response.error.message });
    probes.clear();
  }

  function stop() {
    clearTimeout(bootTimer);
    clearTimeout(callTimer);
    clearTimeout(idleTimer);
    clearTimeout(spareTimer); // a spare already booting is kept for the restart
    bootTimer = callTimer = idleTimer = spareTimer = null;
    generation += 1;
    if (worker) worker.terminate();
    worker = null;
  }

  // The worker is gone or useless: end it, answer every waiting call, maybe start anew.
  function fail(message, { restart, why = "crash" }) {
    stop();
    settleAll(internal(message));
    if (!readySettled) rejectReady(new Error(message));
    freshReady();
    if (restart) {
      state = "stopped";
      launch(why, message);
    } else {
      state = "failed";
      safe(onStage, "error", message);
    }
  }

  const client = {
    /** Send a bridge request; resolves with the bridge response (never rejects). */
    call(request) {
      return new Promise((resolve) => {
        const item = { id: nextId++, request, resolve };
        if (state === "failed" || state === "stopped") launch("call");
        if (state === "ready") {
          send(item);
          armCallTimer();
        } else {
          queue.push(item);
        }
      });
    },
    /** Stop whatever runs: pending calls resolve as cancelled; a fresh worker boots. */
    cancel() {
      stop();
      settleAll(CANCELLED);
      state = "stopped";
      launch("cancel");
    },
    /** Terminate and boot a fresh worker (pending calls resolve with an internal error). */
    restart() {
      stop();
      settleAll(internal("Python was restarted."));
      state = "stopped";
      launch("restart");
    },
    /** Resolves when the current worker is ready; rejects if its start fails. */
    get ready() {
      return readyPromise;
    },
    /** Milliseconds from worker start to each boot stage of the last ready worker. */
    get bootTimes() {
      return bootTimes;
    },
    /** "booting" | "ready" | "failed" | "stopped" */
    get state() {
      return state;
    },
  };

  if (TEST_HOOKS) {
    /** Test hook: terminate without restarting; the next call() starts a new worker. */
    client.kill = () => {
      stop();
      dropSpare();
      settleAll(internal("Python was stopped."));
      state = "stopped";
      if (readySettled) freshReady();
    };
    /** Test hook: once ready, the worker's account of how the app package was installed
     * ({installer, url, sha256, version, micropip, listed} or {error}). */
    client.probe = async () => {
      await readyPromise;
      return new Promise((resolve) => {
        const id = nextId++;
        probes.set(id, resolve);
        worker.postMessage({ type: "probe", id });
      });
    };
    /** Test hook: calls sent or queued and not answered yet. */
    Object.defineProperty(client, "busy", { get: () => pending.size + queue.length });
    /** Test hook: the longest time (ms) a pending call went without any word from the worker,
     * since the last call of this with reset = true. */
    client.silence = (reset = false) => {
      const ms = longestSilence;
      if (reset) longestSilence = 0;
      return ms;
    };
    /** Test hook: silence the worker's signs of life during calls: python (progress, reading,
     * heartbeat.beat()) and/or buffer (the interrupt buffer's "alive"), for this worker. */
    client.mute = ({ python = false, buffer = false } = {}) => {
      if (worker) worker.postMessage({ type: "mute", python, buffer });
    };
    /** Test hook: the worker dies without an error event (the client is not told). */
    client.vanish = () => {
      if (worker) worker.terminate();
    };
    globalThis.__pyclient = client;
  }
  start();
  return client;
}
