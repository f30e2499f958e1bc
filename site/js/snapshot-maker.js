// The memory snapshot's maker, page side (worker side: js/snapshot.js, js/worker.js).
// After a first visit has settled, a second worker boots in the background
// (worker.js?snapshot=make), draws the default run once, stores a snapshot of itself in the
// origin private file system and is terminated; the next visit's worker starts from that snapshot.
// When: the page's own worker is ready and did not start from a snapshot, and the service
// worker has precached this build (body[data-offline] = "ready": the maker's files then come
// from the cache, and nothing competes with the first load). Where: browsers with an origin
// private file system,
// on devices with memory to spare (js/snapshot-room.js: for a few seconds two Pythons are alive). With the page's test switch on, only if it asks
// ({snapshot: true}): other tests keep their timing.
// body[data-snapshot]: "restored" (this page's Python started from a snapshot), "making",
// "ready" (made: the next visit uses it), "failed" (not tried again for this build in this
// browser), or "skipped" (not made here).
import { spawnWorker, DEFAULT_WORKER_URL, TEST_HOOKS, TEST_SWITCH } from "./worker-start.js";
import { roomForSnapshot } from "./snapshot-room.js";

const body = document.body;
const ALLOWED = !TEST_HOOKS || TEST_SWITCH?.snapshot === true;
const MAKER_URL = new URL(DEFAULT_WORKER_URL.href + "?snapshot=make");
const GIVE_UP_MS = 120_000;

let asked = false;

/** The page's worker is ready; times: its boot times (times.restored: from a snapshot). */
export function workerReady(times) {
  if (asked) return;
  asked = true;
  if (times && times.restored) {
    body.dataset.snapshot = "restored";
    return;
  }
  if (!ALLOWED || !roomForSnapshot() || !globalThis.navigator?.storage?.getDirectory) {
    body.dataset.snapshot = "skipped";
    return;
  }
  whenPrecached(make);
}

function whenPrecached(fn) {
  const check = () => {
    const state = body.dataset.offline;
    if (state === "ready") return fn(), true;
    if (state === "unavailable" || state === "failed") return (body.dataset.snapshot = "skipped"), true;
    return false;
  };
  if (check()) return;
  const obs = new MutationObserver(() => check() && obs.disconnect());
  obs.observe(body, { attributes: true, attributeFilter: ["data-offline"] });
}

// A maker that failed for this build is not tried again on every visit (localStorage may be
// unavailable, e.g. in a sandboxed frame: then it is).
const FAILED_KEY = "perceptron-lab:snapshot-failed-for";
const store = (fn) => {
  try {
    return fn(globalThis.localStorage);
  } catch {
    return null;
  }
};

function make() {
  const build = body.dataset.offlineBuild || "";
  if (build && store((ls) => ls.getItem(FAILED_KEY)) === build) {
    body.dataset.snapshot = "skipped";
    return;
  }
  body.dataset.snapshot = "making";
  let worker;
  try {
    worker = spawnWorker(MAKER_URL);
  } catch {
    body.dataset.snapshot = "skipped";
    return;
  }
  const end = (state, note) => {
    clearTimeout(timer);
    worker.terminate();
    body.dataset.snapshot = state;
    if (state === "failed" && build) store((ls) => ls.setItem(FAILED_KEY, build));
    console.info(`Perceptron Lab: ${note}`);
  };
  const timer = setTimeout(() => end("failed", "no memory snapshot (its maker took too long)."), GIVE_UP_MS);
  worker.onmessage = (ev) => {
    const msg = ev.data || {};
    if (msg.type === "snapshot") {
      if (msg.ok) end("ready", `the next visit starts from a memory snapshot (${msg.heapMB} MB of memory, ${msg.filesMB} MB of files, made in ${msg.ms} ms).`);
      else end("failed", `no memory snapshot: ${msg.detail}`);
    } else if (msg.type === "fatal") {
      end("failed", `no memory snapshot: ${msg.message}`);
    }
  };
  worker.onerror = (ev) => {
    if (ev && ev.preventDefault) ev.preventDefault();
    end("failed", "no memory snapshot (its maker stopped).");
  };
}
