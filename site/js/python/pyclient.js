// Page side of the Python worker protocol (its messages: js/worker/protocol.js).
//
//   const client = createPyClient({onStage: (stage, detail) => ..., // "runtime" | "packages" | "app" | "ready" | "retry" | "error"
//     onBytes: (received, total, cached) => ..., onProgress: (id, epoch, mistakes) => ...,
//     onReading: (id, phase, done, total) => ..., onRestart: (reason, text) => ...}); // cancel/crash/stall/ended/memory
//   const response = await client.call({cmd: "train", data, settings});  // never rejects
//   client.cancel();   // stop a running call: terminate + fresh worker
//
// call() queues until ready and always resolves with a bridge response ({ok: true, ...} or {ok:
// false, error: {kind, message}}); added here: "cancelled", "internal" (crash, stall, end, start).
// Watchdogs, each measuring an end or silence, never CPU speed: client-timers.js says which.
// Crash wording only for an error event or "crashed". A failed start restarts on the next call.
// Build: every worker says its build (build-info.json's id); the first pins it. A later worker
// of another build (a redeploy since this tab opened, fetched by a restart) ends with stage
// "error" and UPDATED: the page never runs a Python other than its own.
// Test hooks: client-test-hooks.js. Early start, the spare: worker-start.js. Heap: worker-memory.js.
import { withLanguage, answerInLanguage } from "../i18n/request-language.js";
import { t, N_ } from "../i18n/translate.js";
import { DEFAULT_WORKER_URL, TEST_HOOKS, TEST_SWITCH, ROOMY, spawnWorker, spareKeeper, takeEarly, replayEarly, readyLatch } from "./worker-start.js";
import { watchLife } from "./worker-life.js";
import { addTestHooks } from "./client-test-hooks.js";
import { heapVerdict } from "./worker-memory.js";
import { clientTimers, CALL_TIMEOUT_MS, ALIVE_CALL_TIMEOUT_MS } from "./client-timers.js";
import { TO_WORKER, message as toWorker } from "../worker/protocol.js";

export { CALL_TIMEOUT_MS, ALIVE_CALL_TIMEOUT_MS };
export { spawnWorker, prestart } from "./worker-start.js";
// Tests may shorten the boot watchdog ({bootTimeoutMs}) and the call's ({callTimeoutMs}).
const TEST_BOOT_TIMEOUT_MS = TEST_HOOKS && Number(TEST_SWITCH.bootTimeoutMs) > 0 ? Number(TEST_SWITCH.bootTimeoutMs) : null;
const TEST_CALL_TIMEOUT_MS = TEST_HOOKS && Number(TEST_SWITCH.callTimeoutMs) > 0 ? Number(TEST_SWITCH.callTimeoutMs) : null;

export const ENDED = N_("Python stopped unexpectedly (its worker ended) and was restarted. Your data and settings are kept.");
export const NOT_LOADED = N_("Python is not loaded: press Train to try loading it again.");
export const UPDATED = N_("Perceptron Lab was updated on the server since this page was opened: reload the page to use the new version.");

const cancelled = () => ({ ok: false, error: { kind: "cancelled", message: t("Training was cancelled.") } });
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
  aliveCallTimeoutMs = TEST_CALL_TIMEOUT_MS ?? ALIVE_CALL_TIMEOUT_MS,
  idleProbeMs = 4_000,
  idleTimeoutMs = 8_000,
  spareAfterMs = ROOMY ? 3_000 : 0,
} = {}) {
  let worker = null;
  let generation = 0; // messages from terminated workers are ignored
  let state = "stopped"; // "booting" | "ready" | "failed" | "stopped"
  let stageName = null;
  let bootTimes = null; // ms since the worker started, per stage (from the worker)
  let marked = 0; // calls marked in the page's performance timeline (the first few)
  const queue = []; // calls made before "ready": {id, request, resolve}
  const pending = new Map(); // calls sent to the worker: id -> {resolve, request}
  let hooks = null; // the test hooks' own part (client-test-hooks.js): probes, the longest silence
  let nextId = 1;
  let pingSeq = 0;
  // The spare of a long call: wanted while a call other than a step-through frame is pending.
  const spare = spareKeeper(workerUrl, spareAfterMs, () => state === "ready" && [...pending.values()].some((p) => p.request?.cmd !== "frame"));
  let retriesLeft = bootRetries; // automatic retries of a stalled boot, until "ready"
  let bytesSeen = -1;
  let heardAt = 0; // when the worker last said anything while a call was pending
  let lifeWatched = false; // this worker's end is watched (its Web Lock)
  let pinnedBuild = null; // the build of this page's first worker

  // ready: one promise per worker start; settles once (resolve on "ready", reject on failure).
  let ready = readyLatch();
  const freshReady = () => (ready = readyLatch());

  const safe = (fn, ...args) => {
    try { fn(...args); } catch (e) { setTimeout(() => { throw e; }); } // the page's bug, surfaced; the client goes on
  };

  const timers = clientTimers({
    bootMs: bootTimeoutMs, idleProbeMs, idleTimeoutMs,
    ping: () => worker.postMessage(toWorker(TO_WORKER, "ping", { seq: ++pingSeq })),
    onBootSilence() {
      const secs = Math.round(bootTimeoutMs / 1000);
      if (retryBoot(t("Nothing arrived for {secs} s: loading Python again…", { secs }))) return;
      fail(bootRetries > 0 ? t("Python stopped loading (nothing arrived for {secs} s, twice). Check your connection, then try again.", { secs })
        : t("Python stopped loading (nothing arrived for {secs} s). Check your connection, then try again.", { secs }), { restart: false });
    },
    onCallSilence: (limit) => fail(t("Python stopped answering (nothing heard from it for {secs} s) and was restarted. Your data and settings are kept.",
      { secs: Math.round(limit / 1000) }), { restart: true, why: "stall" }),
    onIdleSilence: () => fail(t("Python stopped answering; it was restarted. Your data and settings are kept."), { restart: true, why: "stall" }),
  });
  const armBootTimer = () => timers.boot();
  // One watchdog at a time: the call's silence limit while a call is pending, else the idle ping.
  const armCallTimer = () => timers.watch({ ready: state === "ready", busy: pending.size > 0,
    idle: !pending.size && !queue.length, limit: lifeWatched ? aliveCallTimeoutMs : callTimeoutMs });

  // A stalled or ended boot is tried once more by itself: -> false when that was done already.
  function retryBoot(text) {
    if (retriesLeft <= 0) return false;
    retriesLeft -= 1;
    stop(); // calls made meanwhile stay queued for the new worker
    state = "stopped";
    launch("retry");
    safe(onStage, "retry", text);
    return true;
  }

  function send(item) {
    if (!pending.size) heardAt = performance.now();
    pending.set(item.id, { resolve: item.resolve, request: item.request });
    worker.postMessage(toWorker(TO_WORKER, "call", { id: item.id, request: item.request }));
    if (marked++ < 12) performance.mark?.(`perceptron-lab:call:${item.request?.cmd}`); // a visit's first calls: bench/warm_visit.py
    // Step-through frames come back in tens of ms, two at a time while playing: never a long run.
    if (item.request?.cmd !== "frame") spare.arm();
  }

  // The calls ended by themselves: no spare is needed (it would hold a second Python's memory).
  const dropSpare = () => spare.drop();

  function start() {
    generation += 1;
    const gen = generation;
    state = "booting";
    stageName = null;
    bytesSeen = -1;
    lifeWatched = false;
    if (ready.settled) freshReady();
    const adopted = takeEarly(workerUrl);
    if (adopted) {
      spare.adopted(adopted);
      worker = adopted.worker;
    } else {
      try {
        worker = spawnWorker(workerUrl);
      } catch (e) {
        worker = null;
        fail(t("This browser could not start Python (it needs module workers)."), { restart: false });
        return;
      }
    }
    if (TEST_HOOKS && !adopted) worker.postMessage(toWorker(TO_WORKER, "test-hooks"));
    worker.onmessage = (ev) => {
      if (gen !== generation) return;
      const msg = ev.data || {};
      if (pending.size) {
        const now = performance.now();
        hooks?.heard(now - heardAt);
        heardAt = now;
      }
      if (msg.type === "life") watchEnd(msg.lock, gen);
      else onMessage(msg);
      // Any word from an idle worker proves its loop runs (a ping's answer included).
      if (gen === generation && timers.pinging && !pending.size) armCallTimer();
    };
    worker.onerror = worker.onmessageerror = (ev) => {
      if (gen !== generation) return;
      if (ev && ev.preventDefault) ev.preventDefault();
      if (state === "booting") fail(t("Python could not be started; reload the page to try again."), { restart: false });
      else fail(t("Python crashed and was restarted. Try again."), { restart: true });
    };
    armBootTimer();
    if (adopted) replayEarly(adopted, worker, () => gen === generation);
  }

  // The worker of generation gen holds the lock `name` while it lives (worker-life.js).
  function watchEnd(name, gen) {
    lifeWatched = watchLife(name, () => {
      if (gen !== generation) return; // ended by us (stop()), or already replaced
      if (state !== "booting") fail(t(ENDED), { restart: true, why: "ended" });
      else if (!retryBoot(t("Python stopped while loading: loading it again…"))) {
        fail(t("Python stopped while loading. Reload the page to try again."), { restart: false });
      }
    }) || lifeWatched;
    if (lifeWatched && state === "ready") armCallTimer(); // the longer limit from now on
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
          timers.booted();
          state = "ready";
          retriesLeft = bootRetries;
          bootTimes = msg.times || null;
          performance.mark?.("perceptron-lab:python-ready", { detail: bootTimes }); // for bench/engine_loads.py
          ready.resolve();
          safe(onStage, "ready", msg.detail || "");
          for (const item of queue.splice(0)) send(item);
          armCallTimer();
        } else {
          armBootTimer();
          safe(onStage, msg.stage, msg.detail || "");
        }
        break;
      case "build":
        pinnedBuild = pinnedBuild ?? msg.build;
        if (msg.build !== pinnedBuild) fail(t(UPDATED), { restart: false });
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
      case "reading":
      case "alive": // Python runs (any bytecode, or a slow epoch's own heartbeat): not a hang
        if (!pending.has(msg.id)) break;
        armCallTimer();
        if (msg.type === "progress") safe(onProgress, msg.id, msg.epoch, msg.mistakes);
        if (msg.type === "reading") safe(onReading, msg.id, msg.phase, msg.done, msg.total);
        break;
      case "result": {
        const p = pending.get(msg.id);
        const heavy = heapVerdict(msg); // a heap grown past use: restart (worker-memory.js)
        if (p && !heavy?.failed) {
          pending.delete(msg.id);
          if (marked < 12) performance.mark?.(`perceptron-lab:result:${p.request?.cmd}`);
          if (!pending.size) dropSpare();
          armCallTimer();
          p.resolve(answerInLanguage(msg.result));
        }
        if (heavy) retire(heavy);
        break;
      }
      case "probe":
        hooks?.probed(msg);
        break;
      case "crashed":
        if (msg.detail) console.warn("Python worker crashed:", msg.detail);
        fail(t("Python crashed and was restarted. Try again."), { restart: true });
        break;
      case "fatal":
        if (msg.detail) console.warn("Python worker:", msg.detail);
        fail(msg.message ? t(msg.message) : t("Python could not be started."), { restart: false });
        break;
      default:
        break;
    }
  }

  function settleAll(response) {
    for (const { resolve } of pending.values()) resolve(response);
    pending.clear();
    for (const item of queue.splice(0)) item.resolve(response);
    hooks?.settle(response.error.message);
  }

  function stop() {
    timers.clear();
    spare.hold(); // a spare already booting is kept for the restart
    generation += 1;
    if (worker) worker.terminate();
    worker = null;
  }

  // Stopped, every waiting call answered with response.
  function halt(response) {
    stop();
    settleAll(response);
    state = "stopped";
  }

  // The worker is gone or useless: end it, answer every waiting call, maybe start anew.
  function fail(message, { restart, why = "crash" }) {
    stop();
    settleAll(internal(message));
    if (!ready.settled) ready.reject(new Error(message));
    freshReady();
    if (restart) {
      state = "stopped";
      launch(why, message);
    } else {
      state = "failed";
      safe(onStage, "error", message);
    }
  }

  // A heap grown past use (worker-memory.js): a failed run's worker is replaced at once; else
  // once the page's follow-up calls (plots, frames) are answered, so the result shows first.
  function retire(heavy, gen = generation, waited = false) {
    if (gen !== generation) return;
    if (heavy.failed || (waited && !pending.size && !queue.length)) fail(t(heavy.text), { restart: true, why: "memory" });
    else setTimeout(() => retire(heavy, gen, true), 500);
  }

  const client = {
    /** Send a bridge request; resolves with the bridge response (never rejects). After a failed
     * load it starts Python again, unless start is false (frames the show asks for by itself). */
    call(request, { start = true } = {}) {
      if (!start && state === "failed") return Promise.resolve(internal(t(NOT_LOADED)));
      return new Promise((resolve) => {
        const item = { id: nextId++, request: withLanguage(request), resolve };
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
      halt(cancelled());
      launch("cancel");
    },
    /** Terminate and boot a fresh worker (pending calls resolve with an internal error). */
    restart() {
      halt(internal(t("Python was restarted.")));
      launch("restart");
    },
    /** Resolves when the current worker is ready; rejects if its start fails. */
    get ready() {
      return ready.promise;
    },
    /** Milliseconds from worker start to each boot stage of the last ready worker. */
    get bootTimes() { return bootTimes; },
    /** "booting" | "ready" | "failed" | "stopped" */
    get state() { return state; },
  };

  if (TEST_HOOKS) {
    hooks = addTestHooks(client, {
      worker: () => worker,
      kill() {
        dropSpare();
        halt(internal(t("Python was stopped.")));
        if (ready.settled) freshReady();
      },
      ready: () => ready.promise,
      nextId: () => nextId++,
      busy: () => pending.size + queue.length,
    });
  }
  start();
  return client;
}
