// The memory snapshot in the worker's boot (js/worker.js): a start from this build's snapshot,
// and, in a worker started as its maker (worker.js?snapshot=make), the snapshot taken once ready.
// Taking and restoring: js/worker/snapshot.js; where it is kept: js/worker/snapshot-store.js.
import { recordLibraries, takeSnapshot, storeSnapshot, loadSnapshot, dropSnapshots, restoringCreate, jsByName, SnapshotBusy } from "./snapshot.js";
import { lastLine } from "./boot-downloads.js";

export { recordLibraries };

/** Run make() (which calls loadPyodide) with Pyodide's _createPyodideModule replaced by
 * wrap(original), so that snapshot.js can work on Emscripten's Module before Python starts. */
export async function withCreate(indexURL, wrap, make) {
  if (typeof globalThis._createPyodideModule !== "function") {
    await import(new URL("pyodide.asm.js", indexURL).href); // what loadPyodide would load
  }
  const create = globalThis._createPyodideModule;
  globalThis._createPyodideModule = wrap(create);
  try {
    return await make();
  } finally {
    globalThis._createPyodideModule = create;
  }
}

/** This build's snapshot, if this browser has one: -> {pyodide, boot} once Python is ready from
 * it, else null (none, or it failed: then dropped, times.refused, unless only held by another worker). */
export async function fromSnapshot({ root, indexURL, info, loadPyodide, options, times, t0 }) {
  let snap = null;
  try {
    snap = await loadSnapshot(root, info.build);
    if (!snap) return null;
    // Where a second visit's time goes (bench/warm_visit.py): the snapshot found, its files read and checked.
    times.snapshot_found = performance.now() - t0;
    Promise.all([snap.heap, snap.fs]).then(() => { times.snapshot_read = performance.now() - t0; }, () => {});
    // The runtime is compiled and started while the snapshot is read, checked and inflated
    // (bench/warm_visit.py: "read" took as long as the runtime's start after it). Pyodide awaits
    // _loadSnapshot before it makes the runtime, but only needs its length then: it gets a buffer
    // of the heap's length at once, filled once read (restoringCreate waits for that).
    const heap = new Uint8Array(snap.meta.heapBytes);
    const parts = { meta: snap.meta, fs: snap.fs, heap: snap.heap.then((h) => (heap.set(h), heap)) };
    parts.heap.catch(() => {});
    const into = {};
    const pyodide = await withCreate(indexURL, (create) => restoringCreate(create, parts, into),
      () => loadPyodide({ ...options, _loadSnapshot: heap, _snapshotDeserializer: jsByName(into) }));
    times.runtime = performance.now() - t0;
    times.files_and_libraries = into.libsMs; // part of runtime: snapshot.js's work before the memory
    Object.assign(pyodide.loadedPackages, snap.meta.packages);
    // Pyodide keeps its options (API.config), and with them the snapshot's whole memory image
    // (~63 MB, copied into the wasm memory already): let it go, or a restored worker holds
    // that much more than a normally started one (bench/worker_memory.py).
    if (pyodide._api?.config) pyodide._api.config._loadSnapshot = null;
    const boot = pyodide.pyimport("perceptron_lab.worker_boot");
    const check = boot.self_check();
    times.self_check = performance.now() - t0;
    if (check !== snap.meta.check) throw new Error(`self-check gave ${check}, the snapshot's maker ${snap.meta.check}`);
    return { pyodide, boot };
  } catch (e) {
    console.warn("Perceptron Lab: the memory snapshot could not be used; starting the normal way:", lastLine(e));
    // A file in use by another worker (snapshot-shelf.js) is no fault of the snapshot: it is kept.
    const busy = (x) => x instanceof SnapshotBusy;
    if (busy(e) || (await Promise.all([snap?.heap, snap?.fs].map((p) => Promise.resolve(p).then(() => false, busy)))).some(Boolean)) return null;
    // The page says so in one line (js/python/snapshot-maker.js), but only of a snapshot that was
    // found: a frame whose storage is partitioned or denied has none to refuse.
    if (snap) times.refused = true;
    await dropSnapshots(root).catch(() => {});
    return null;
  }
}

/** A bug inside Python in a worker started from a snapshot may be the snapshot's doing: the
 * next start is the normal one (a restart would otherwise meet the same state again). */
export function suspectSnapshot(root) {
  dropSnapshots(root).catch(() => {});
}

/** The snapshot maker, once ready: the default run drawn once (so that matplotlib's one-time
 * costs are paid in the snapshot), forgotten, then a snapshot of this worker, stored.
 * -> the "snapshot" message's fields. */
export async function makeSnapshot({ root, info, maker, pyodide, boot }) {
  const t = performance.now();
  try {
    boot.warm_up();
    const check = boot.self_check();
    const snap = takeSnapshot(pyodide, maker.Module, maker.libs, check);
    await storeSnapshot(root, info.build, snap);
    const mb = (n) => Math.round(n / 1e5) / 10;
    return { ok: true, heapMB: mb(snap.heap.length), filesMB: mb(snap.fs.length), ms: Math.round(performance.now() - t) };
  } catch (e) {
    // busy: a file stayed in use by another worker: no fault of this build (the next visit tries again).
    return { ok: false, busy: e instanceof SnapshotBusy, detail: lastLine(e) };
  }
}
