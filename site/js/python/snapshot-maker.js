// The memory snapshot's maker, page side (worker side: js/worker/snapshot.js, js/worker.js).
// After a first visit has settled, a second worker boots in the background
// (worker.js?snapshot=make), draws the default run once, stores a snapshot of itself (in the
// origin private file system, or IndexedDB where that lacks synchronous access: WebKit) and is terminated; the next visit's worker starts from that snapshot.
// When: the page's own worker is ready and did not start from a snapshot, and the service
// worker has precached this build (body[data-offline] = "ready": the maker's files then come
// from the cache, and nothing competes with the first load). Where: browsers with an origin
// private file system or IndexedDB,
// on devices with memory to spare (js/python/snapshot-room.js: for a few seconds two Pythons are alive). With the page's test switch on, only if it asks
// ({snapshot: true}): other tests keep their timing.
// Only once the page is idle (whenIdle): no run, no margin being computed, no show playing and
// no key, click or wheel for QUIET_MS, then an idle callback. Never beside a training run: a
// run started meanwhile ends the maker, which waits for the page to be idle again
// (data-snapshot stays "making").
// body[data-snapshot]: "restored" (this page's Python started from a snapshot), "making",
// "ready" (made: the next visit uses it), "failed" (not tried again for this build in this
// browser), or "skipped" (not made here); body[data-snapshot-why] says why in a few words
// when it is "failed" or "skipped" (a test's message, the console's note). A stored snapshot that was refused (its bytes are not
// the ones stored, or the restore's checks failed: worker.js, snapshot.js) is said in one line
// (REFUSED) and body[data-snapshot-refused] is set; a new one is made as after a first visit.
import { spawnWorker, DEFAULT_WORKER_URL, TEST_HOOKS, TEST_SWITCH } from "./worker-start.js";
import { roomForSnapshot } from "./snapshot-room.js";
import { makerState } from "./snapshot-verdict.js";
import { addNotice } from "../page/link-notice.js";
import { page } from "../state/page-state.js"; // body[data-snapshot*] is its mirror
import { t, N_ } from "../i18n/translate.js";

export const REFUSED = N_("The quick start saved in this browser (a memory snapshot of Python) failed its check and was not used: Python started the normal way.");

const ALLOWED = !TEST_HOOKS || TEST_SWITCH?.snapshot === true;
const MAKER_URL = new URL(DEFAULT_WORKER_URL.href + "?snapshot=make");
// The maker boots the same Python as the page, then draws and stores: on a busy CPU it is as
// slow as the page's own boot was, so it is given several times that (at least 2 minutes).
// Running out of that time is no fault of this build: the next visit tries again.
const GIVE_UP_MS = 120_000;
const GIVE_UP_BOOTS = 4;

let asked = false;
let giveUpMs = GIVE_UP_MS;

function skip(why) {
  page.set({ snapshot: "skipped", snapshotWhy: why });
}

/** The page's worker is ready; times: its boot times (times.restored: from a snapshot). */
export function workerReady(times) {
  if (asked) return;
  asked = true;
  if (times && times.refused) {
    page.set({ snapshotRefused: true });
    addNotice(t(REFUSED));
  }
  if (times && times.restored) {
    page.set({ snapshot: "restored" });
    return;
  }
  if (!ALLOWED) return skip("the page's test switch did not ask for it");
  if (!roomForSnapshot()) return skip("no room: a handheld or under 4 GB of memory");
  // The worker keeps it in the origin private file system, else IndexedDB (js/worker/snapshot-shelf.js).
  if (!globalThis.navigator?.storage?.getDirectory && !globalThis.indexedDB) return skip("no place to keep it (no origin private file system, no IndexedDB)");
  if (times && times.ready > 0) giveUpMs = Math.max(GIVE_UP_MS, GIVE_UP_BOOTS * times.ready);
  whenPrecached(() => whenIdle(make));
}

// The maker is a second Python (CPU and ~0.3 GB for several seconds): it waits until the page
// has been idle for QUIET_MS, and a run started meanwhile ends it; it starts again after.
const training = () => page.get("runState") === "running";
const QUIET_MS = 3_000;
const busy = () => training() || !!document.querySelector('#stepper[data-playing="true"], [data-theory="pending"]');
let touched = 0; // the page's clock at the reader's last key, click or wheel
for (const type of ["keydown", "pointerdown", "wheel"]) {
  addEventListener(type, () => { touched = performance.now(); }, { capture: true, passive: true });
}

function whenIdle(fn) {
  let quietSince = performance.now();
  // A run's end counts from when it ended, not from the next look (up to 250 ms later, more on a
  // busy CPU: the maker then started under QUIET_MS after a run).
  const off = page.on(["runState"], () => { quietSince = Math.max(quietSince, performance.now()); });
  const tick = () => {
    const now = performance.now();
    if (busy() || touched > quietSince) quietSince = busy() ? now : Math.max(quietSince, touched);
    if (now - quietSince < QUIET_MS) return setTimeout(tick, 250);
    off();
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => (busy() ? whenIdle(fn) : fn()), { timeout: 2_000 });
    else fn();
  };
  tick();
}

function whenPrecached(fn) {
  const check = () => {
    const state = page.get("offline");
    if (state === "ready") return fn(), true;
    if (state === "unavailable" || state === "failed") return skip(`offline copy ${state}`), true;
    return false;
  };
  if (check()) return;
  const off = page.on(["offline"], () => check() && off());
}

// A maker that failed for this build is not tried again on every visit (localStorage may be
// unavailable, e.g. in a sandboxed frame: then it is).
const FAILED_KEY = "perceptron-lab:snapshot-failed-for";
const FAILED_WHY_KEY = "perceptron-lab:snapshot-failed-why";
const store = (fn) => {
  try {
    return fn(globalThis.localStorage);
  } catch {
    return null;
  }
};

function make() {
  const build = page.get("offlineBuild") || "";
  if (build && store((ls) => ls.getItem(FAILED_KEY)) === build) {
    return skip(`its maker failed earlier for this build (${store((ls) => ls.getItem(FAILED_WHY_KEY)) || "?"})`);
  }
  page.set({ snapshot: "making", snapshotWhy: null });
  let worker;
  try {
    worker = spawnWorker(MAKER_URL);
  } catch (e) {
    return skip(`no maker worker: ${String(e && e.message || e).slice(0, 120)}`);
  }
  // Once stopped (ended, or set aside for a run or the page leaving), nothing this worker
  // still fires counts: Firefox fires "error" at a module worker terminated while it loads,
  // which was taken for the maker's failure and kept this build from ever making a snapshot.
  let over = false;
  const stop = () => {
    over = true;
    clearTimeout(timer);
    runs();
    worker.onmessage = worker.onerror = null;
    worker.terminate();
    if (current === stop) current = null;
  };
  current = stop;
  const runs = page.on(["runState"], () => {
    if (!training()) return;
    stop();
    whenIdle(make);
  });
  // why: set for "failed" and "skipped"; only "failed" is remembered for this build.
  const end = (state, note, why) => {
    if (over) return;
    stop();
    page.set({ snapshot: state, ...(why ? { snapshotWhy: why.slice(0, 200) } : {}) });
    if (state === "failed" && build) store((ls) => (ls.setItem(FAILED_KEY, build), ls.setItem(FAILED_WHY_KEY, why)));
    console.info(`Perceptron Lab: ${note}`);
  };
  const secs = Math.round(giveUpMs / 1000);
  const timer = setTimeout(() => end("skipped", `no memory snapshot yet (its maker took over ${secs} s; the next visit tries again).`,
    `its maker took over ${secs} s`), giveUpMs);
  worker.onmessage = (ev) => {
    const msg = ev.data || {};
    if (msg.type === "snapshot") {
      const state = makerState(msg); // a file another worker held: skipped, not failed
      if (state === "ready") end("ready", `the next visit starts from a memory snapshot (${msg.heapMB} MB of memory, ${msg.filesMB} MB of files, made in ${msg.ms} ms).`);
      else end(state, `no memory snapshot: ${msg.detail}`, `its maker: ${msg.detail}`);
    } else if (msg.type === "fatal") {
      end("failed", `no memory snapshot: ${msg.message}`, `its maker: ${msg.message} ${msg.detail || ""}`);
    }
  };
  // An error event with no message says nothing about this build (Firefox fires one at a worker
  // the browser tore down, e.g. short of memory with two Pythons alive): not remembered, the
  // next visit tries again. One with a message is the maker's own failure, and is.
  worker.onerror = (ev) => {
    if (ev && ev.preventDefault) ev.preventDefault();
    const said = ev && ev.message;
    if (said) end("failed", "no memory snapshot (its maker stopped).", `its maker stopped: ${said}`);
    else end("skipped", "no memory snapshot yet (its maker stopped without a word; the next visit tries again).",
      "its maker stopped without a word");
  };
}

// The page leaving ends its workers: a maker it ends has not failed. Back from the
// back/forward cache, the page makes it again.
let current = null; // the running maker's stop()
addEventListener("pagehide", () => {
  if (!current) return;
  current();
  addEventListener("pageshow", (ev) => ev.persisted && whenIdle(make), { once: true });
});
