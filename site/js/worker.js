// Perceptron Lab's Python worker (a module worker: new Worker(url, {type: "module"})).
//
// Boot: Pyodide runtime -> numpy + matplotlib + micropip (one loadPackage call; their wheels
// downloaded, unzipped and their libraries compiled while the runtime starts) -> the app
// wheel, installed by micropip (js/worker/app-install.js; its bytes downloaded early too) ->
// perceptron_lab.worker_boot (the Python side of this file: font list, imports) -> "ready".
// The messages both ways, with their fields: js/worker/protocol.js (the page builds its own there too).
// Test hooks (only after "test-hooks"): "probe" -> "probe" with the install report; "fault": a fault
// of the worker's own; "mute": silence Python's own progress/heartbeat, the interrupt buffer's.
// All URLs are relative to this file, so the site works under any path (/<repo>/).
// Memory snapshot (js/worker/snapshot-boot.js, snapshot.js): a worker first looks for this build's snapshot in the
// browser (js/worker/snapshot-shelf.js) and starts from it (stages "runtime" -> "ready"; ready's times.restored = true);
// if there is none, or it fails in any way, it drops it and starts the normal way. Started as
// worker.js?snapshot=make (js/python/snapshot-maker.js), it starts the normal way, draws the default
// run once, stores a snapshot of itself, says "snapshot" and waits to be terminated.

import { answerAsIPad } from "./worker/as-ipad.js";
import { sayEachLibrary } from "./worker/library-progress.js";
import { compileLibraries, useCompiledLibraries } from "./worker/library-compile.js";
import { unpackEarly, installUnpacked } from "./worker/wheel-unpack.js";
import { installApp } from "./worker/app-install.js";
import { withCatalog } from "./worker/python-catalog.js";
import { fill, N_ } from "./worker/words.js"; // marks the words the page shows with t() (no catalog here)
import { FROM_WORKER, message } from "./worker/protocol.js";

answerAsIPad(self); // before Pyodide's runtime asks navigator.platform whether this is iOS

const PYODIDE_VERSION = "0.27.7";
const ROOT = new URL("../", import.meta.url); // the site root (dist/)
const INDEX_URL = new URL(`pyodide/${PYODIDE_VERSION}/`, ROOT);
const PROGRESS_MS = 25;
const MPLCONFIGDIR = "/home/pyodide/.config/matplotlib";

const MAKER = new URL(import.meta.url).searchParams.get("snapshot") === "make";

const post = (type, fields) => self.postMessage(message(FROM_WORKER, type, fields));
const stage = (name, detail = "") => post("stage", { stage: name, detail });

// This worker's end, noticed by the page at once however it comes (js/worker/life-lock.js).
holdLifeLock((name) => post("life", { lock: name }));

// ---------------------------------------------------------------- boot
import { recordLibraries, withCreate, fromSnapshot, makeSnapshot, suspectSnapshot } from "./worker/snapshot-boot.js";
import { holdLifeLock } from "./worker/life-lock.js";
import { startChecks, stopChecks, throttled } from "./worker/python-alive.js";
import { heapBytes, growHeap } from "./worker/heap.js";
import { BootError, expectDownloads, allDownloaded, whenDownloaded, prefetch, fetchOk, lastLine } from "./worker/boot-downloads.js";

let pyodide = null;
let restored = false; // started from a memory snapshot: an internal error then drops it
let boot = null; // the Python module perceptron_lab.worker_boot
let handleJson = null;
let testHooks = false;
let pythonCatalogs = {}; // build-info's python_catalogs: each language's .mo, installed on its first request

async function start() {
  const t0 = performance.now();
  const times = {};
  stage("runtime", "Starting the Python runtime");

  // no-store: a revalidation would keep a newer cached copy after a rollback to older files.
  const infoP = fetchOk(new URL("build-info.json", ROOT), { cache: "no-store" }).then((r) => r.json());
  const modP = import(new URL("pyodide.mjs", INDEX_URL).href).catch((e) => {
    throw new BootError(N_("Could not download the Python runtime; check your connection and reload."), String(e));
  });
  const info = await infoP;
  pythonCatalogs = info.python_catalogs || {};
  times.build_info = performance.now() - t0;
  post("build", { build: info.build }); // the page keeps to the build it started with
  if (info.pyodide !== PYODIDE_VERSION) {
    throw new BootError(N_("This page's files are out of date; reload the page."),
      `build-info says Pyodide ${info.pyodide}, worker expects ${PYODIDE_VERSION}`);
  }
  const files = info.download || [];
  // sw.js's cache of this build (js/offline.js): the page then says no download is coming.
  expectDownloads(files, typeof caches !== "undefined" && (await caches.has(`perceptron-lab-${info.build}`).catch(() => false)));

  // The runtime's own files first: on a slow link the wheels would otherwise share the
  // bandwidth with them and Python could start only when nearly everything has arrived.
  // On a fast link they all arrive at once anyway. (At the latest once the runtime is up.)
  const runtimeFiles = Promise.all([whenDownloaded(new URL("pyodide.asm.wasm", INDEX_URL).href),
    whenDownloaded(new URL(info.stdlib, ROOT).href)]);
  const appWheelURL = new URL(info.app_wheel, ROOT).href;
  const options = {
    indexURL: INDEX_URL.href,
    // build.py's stdlib zip: every entry of the official python_stdlib.zip, byte for byte,
    // plus unchecked-hash .pyc files of the modules imported at start.
    stdLibURL: new URL(info.stdlib, ROOT).href,
    lockFileURL: new URL(info.lock, ROOT).href, // the pruned lock (trimmed matplotlib), content-hashed
    env: { MPLBACKEND: "Agg", MPLCONFIGDIR },
    stdout: (s) => console.log(s),
    stderr: (s) => console.warn(s),
  };
  const { loadPyodide } = await modP;
  times.runtime_module = performance.now() - t0;
  const from = MAKER ? null : await fromSnapshot({ root: ROOT, indexURL: INDEX_URL, info, loadPyodide, options, times, t0 });
  if (from) {
    ({ pyodide, boot } = from);
    handleJson = boot.handle_json;
    restored = true;
    times.ready = performance.now() - t0;
    times.restored = true;
    ready(times);
    return;
  }
  let prefetching = false;
  let pycP = Promise.resolve(null);
  const prefetchAll = () => {
    if (prefetching) return;
    prefetching = true;
    // Each wheel unzipped, and its libraries compiled, as it arrives (js/worker/wheel-unpack.js, library-compile.js).
    for (const w of info.wheels || []) compileLibraries(unpackEarly(w.file_name, prefetch(new URL(w.file_name, INDEX_URL), w.sha256)));
    prefetch(appWheelURL, info.app_wheel_sha256);
    // Precompiled .pyc files of the site-packages modules imported at start (built by
    // build.py): a speed-up only; without it Python compiles the sources as usual.
    if (info.pycache) {
      pycP = self.fetch(new URL(info.pycache, ROOT)).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
    }
  };
  runtimeFiles.then(prefetchAll);
  const fontlistP = fetchOk(new URL(info.fontlist, ROOT)).then((r) => r.text());
  fontlistP.catch(() => {});
  let maker = null; // the snapshot maker's Module and its record of the side modules loaded
  try {
    if (MAKER) {
      pyodide = await withCreate(INDEX_URL, (create) => async (config) => {
        const Module = await create(config);
        maker = { Module, libs: recordLibraries(Module) };
        return Module;
      }, () => loadPyodide({ ...options, _makeSnapshot: true }));
    } else {
      pyodide = await loadPyodide(options);
    }
  } catch (e) {
    // Offline, a runtime file sw.js would not serve (a cached copy failing its digest) is a failed download.
    if (self.navigator && self.navigator.onLine === false) {
      throw new BootError(N_("Could not download the Python runtime; check your connection and reload."), String(e));
    }
    throw new BootError(N_("The Python runtime could not start in this browser; try reloading, or another browser."), String(e));
  }
  times.runtime = performance.now() - t0;
  prefetchAll();

  stage("packages", "Loading NumPy and Matplotlib");
  const loadErrors = [];
  const quiet = sayEachLibrary(pyodide._module, () => stage("packages", "Loading NumPy and Matplotlib"));
  const early = [useCompiledLibraries(), await installUnpacked(pyodide._api, pyodide.FS)];
  await pyodide.loadPackage(info.packages, {
    messageCallback: () => {},
    errorCallback: (m) => loadErrors.push(m),
    checkIntegrity: true,
  }).finally(() => {
    quiet();
    [times.compiled_early, times.unpacked_early] = early.map((end) => end());
  });
  // loadPackage does not throw when a package fails: check what actually got loaded.
  const missing = info.packages.filter((n) => !(n in pyodide.loadedPackages));
  if (missing.length) {
    throw new BootError(N_("Could not load Python's libraries (NumPy, Matplotlib); reload the page to try again."),
      [`missing: ${missing.join(", ")}`, ...loadErrors].join("\n"));
  }
  times.packages = performance.now() - t0;

  stage("app", "Loading Perceptron Lab");
  const pyc = await pycP;
  if (pyc) {
    try {
      pyodide.unpackArchive(pyc, "zip", { extractDir: info.site_packages });
    } catch (e) {
      console.warn("Python worker: skipped the .pyc bundle:", String(e));
    }
  }
  await installApp(pyodide, appWheelURL);
  times.installed = performance.now() - t0;
  let fontlist;
  try {
    fontlist = await fontlistP;
    boot = pyodide.pyimport("perceptron_lab.worker_boot");
    boot.write_fontlist(fontlist, boot.matplotlib_dir(), MPLCONFIGDIR);
  } catch (e) {
    if (e instanceof BootError) throw e;
    throw new BootError(N_("Could not install Perceptron Lab's Python package; reload the page to try again."), lastLine(e));
  }
  try {
    const t = boot.import_app();
    Object.assign(times, t.toJs({ dict_converter: Object.fromEntries }));
    t.destroy();
    handleJson = boot.handle_json;
  } catch (e) {
    throw new BootError(N_("Perceptron Lab's Python code failed to load; this is a bug, please report it."), lastLine(e));
  }
  times.ready = performance.now() - t0;
  ready(times);
  if (maker) post("snapshot", await makeSnapshot({ root: ROOT, info, maker, pyodide, boot }));
}

function ready(times) {
  for (const k of Object.keys(times)) times[k] = Math.round(times[k]);
  // Worker start in the page's clock: timeOrigin differs between page and worker.
  times.origin = performance.timeOrigin;
  allDownloaded();
  console.info(`Perceptron Lab: Python ready in ${times.ready} ms`, JSON.stringify(times));
  post("stage", { stage: "ready", detail: `Python is ready (${times.ready} ms)`, times });
}

const booted = start().then(
  () => true,
  (e) => {
    const message = e instanceof BootError ? e.message : N_("Python could not be started; reload the page to try again.");
    const detail = e instanceof BootError ? e.detail : String(e && e.stack ? e.stack : e);
    post("fatal", { message, detail: detail ? String(detail).slice(0, 2000) : "" });
    return false;
  },
);

// ---------------------------------------------------------------- calls
// Alive from any Python bytecode during a call: js/worker/python-alive.js.
// Test hooks (after "test-hooks"): mute Python's own signs of life (progress, reading, its
// heartbeat) and/or the interrupt buffer's, to prove which one keeps a long call alive.
const muted = { python: false, buffer: false };

async function handleCall(id, request) {
  if (!(await booted)) return; // the page got "fatal" and will restart us
  const alive = throttled(() => post("alive", { id }));
  const waiting = setInterval(() => alive(), 1000); // the language's catalog downloading (the call's watchdog)
  await withCatalog(pyodide, pythonCatalogs, request && request.lang).finally(() => clearInterval(waiting));
  let last = 0;
  const progress = (epoch, mistakes, phase) => {
    if (armedFault) {
      const kind = armedFault;
      armedFault = null;
      fault(kind);
    }
    if (muted.python) return;
    if (phase !== undefined) {
      // The CSV reader (throttled in Python): done of total in a reading phase.
      post("reading", { id, phase: String(phase), done: Number(epoch), total: Number(mistakes) });
      return;
    }
    const now = performance.now();
    if (now - last < PROGRESS_MS && epoch !== 1) return;
    last = now;
    post("progress", { id, epoch: Number(epoch), mistakes: Number(mistakes) });
  };
  let result;
  startChecks(pyodide, () => muted.buffer || alive());
  try {
    // Python's own heartbeat (heartbeat.beat() in slow epochs and scoring) shares the throttle.
    result = JSON.parse(handleJson(JSON.stringify(request), progress, () => muted.python || alive()));
  } catch (e) {
    if (e && e.pyodide_fatal_error) {
      // The runtime itself is broken (e.g. out of wasm memory): no later call can work.
      if (restored) suspectSnapshot(ROOT);
      post("crashed", { id, detail: lastLine(e) });
      return;
    }
    // English here; the page's client says it in the page's language from why (python/pyclient.js).
    const why = lastLine(e);
    result = { ok: false, error: { kind: "internal", message: fill(N_("Something went wrong inside Perceptron Lab: {why}"), { why }), why } };
  } finally {
    stopChecks(pyodide);
  }
  if (restored && result && result.error && result.error.kind === "internal") suspectSnapshot(ROOT);
  post("result", { id, result, heap: heapBytes(pyodide) }); // a grown heap: js/python/worker-memory.js
}

// Test hook: how was the app package installed? (tests/e2e/test_boot.py)
async function handleProbe(id) {
  if (!(await booted)) return;
  let result;
  try {
    result = JSON.parse(boot.install_report());
  } catch (e) {
    result = { error: lastLine(e) };
  }
  post("probe", { id, result });
}

// Calls run one at a time, in order (Python is single-threaded anyway).
let chain = Promise.resolve();
self.onmessage = (ev) => {
  const msg = ev.data || {};
  if (msg.type === "ping") {
    // At once, outside the call chain: the page asks whether this loop still runs. (During a
    // call Python holds the loop; the page does not ping then, progress and "alive" count.)
    post("pong", { seq: msg.seq });
  } else if (msg.type === "call") {
    // A throw outside Python's own (e.g. a result that cannot be posted) is a crash, said at once:
    // left in the chain it would stop every later call without a word.
    chain = chain.then(() => handleCall(msg.id, msg.request)).catch((e) => post("crashed", { id: msg.id, detail: lastLine(e) }));
  } else if (msg.type === "test-hooks") {
    testHooks = true;
  } else if (msg.type === "mute" && testHooks) {
    muted.python = !!msg.python;
    muted.buffer = !!msg.buffer;
  } else if (msg.type === "probe" && testHooks) {
    chain = chain.then(() => handleProbe(msg.id));
  } else if (msg.type === "fault" && testHooks) {
    if (msg.during === "run") armedFault = msg.kind;
    else fault(msg.kind);
  }
};

// Test hook: a fault of the worker's own (client-test-hooks.js): at once, or armed to happen
// at the next progress report of a run (from inside Python's call, as a real one would).
let armedFault = null;
function fault(kind) {
  if (kind === "close") self.close();
  else if (kind === "throw") setTimeout(() => { throw new Error("a fault injected by a test"); });
  else if (kind === "memory" || kind === "out-of-memory") growHeap(pyodide, kind === "out-of-memory");
}
