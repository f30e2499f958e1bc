// Where the memory snapshot's files are kept (worker side; js/worker/snapshot-store.js reads,
// checks and writes them through one of these shelves, the same way on each):
// - the origin private file system through synchronous access handles (Chromium, Firefox):
//   80 MB read in tens of ms, where the Cache API took ~0.2 s;
// - else IndexedDB (WebKit, whose origin private file system, where it has one, lacks
//   synchronous access in workers: WebKitGTK has none): one database, one record per file.
// A shelf: {kind, read(name) -> Uint8Array | null (absent), write(name, bytes), remove(name)}.
// One shelf per site root (GitHub Pages project sites share an origin), named
// snapshot-of-perceptron-lab-<FNV-1a of the root>, a folder or a database (js/access/stored-data.js
// erases both).

export const PREFIX = "snapshot-of-perceptron-lab";

export function shelfName(root) {
  let h = 2166136261;
  for (const c of String(root)) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return `${PREFIX}-${h.toString(16)}`;
}

/** This root's shelf in this browser (env: the worker's global), or null when it has no place
 * for one; create: make it if there is none yet (else null then). */
export async function openShelf(root, create, env = globalThis) {
  if (env.navigator?.storage?.getDirectory && typeof env.FileSystemSyncAccessHandle !== "undefined") {
    return folderShelf(root, create, env);
  }
  if (env.indexedDB) return databaseShelf(root, create, env);
  return null;
}

// ------------------------------------------------------------ the origin private file system
// Another worker of this origin may hold a file of the snapshot for a moment: a spare booting
// from it (pyclient.js), or the last page's worker, being ended by a reload while it read it.
// Chromium then refuses a second handle at once (NoModificationAllowedError). That is no fault
// of the snapshot, so it is not dropped: the file is asked for again until it is let go (a read
// takes well under a second), and only after LOCKED_WAIT_MS does this worker start the normal way.
// A request for a handle (or the folder, or the file) must not wait unanswered either: issue 36's
// reload of 37 s (once in ~30 reloads soon after the last one, not caught since) was a restoring
// worker silent until the page's 30 s boot watchdog started another, which restored in ~2 s; a
// request left pending while the last page's worker was ended fits that. So: a request for
// a handle not answered in ATTEMPT_MS is made again (a handle that still comes later is closed at
// once, or it would hold the file), and a step still unanswered after UNANSWERED_MS gives up (a
// third of the watchdog's 30 s: on a CPU busy with other work these steps can take seconds).
const LOCKED_WAIT_MS = 5_000;
const ATTEMPT_MS = 2_000;
const UNANSWERED_MS = 10_000;

/** Thrown when a file stayed in use by another worker: the snapshot is kept (worker.js). */
export class SnapshotBusy extends Error {}

const NO_ANSWER = Symbol("no answer");
function within(promise, ms) {
  let timer;
  const late = new Promise((r) => { timer = setTimeout(r, ms, NO_ANSWER); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** `step` (a promise), or SnapshotBusy if it is not answered within UNANSWERED_MS. */
async function answered(step, what) {
  const got = await within(step, UNANSWERED_MS);
  if (got === NO_ANSWER) throw new SnapshotBusy(`${what} was not answered in ${UNANSWERED_MS / 1000} s`);
  return got;
}

async function syncHandle(fileHandle, name) {
  const until = performance.now() + LOCKED_WAIT_MS;
  const unanswered = performance.now() + UNANSWERED_MS;
  for (let pause = 25; ; pause = Math.min(2 * pause, 400)) {
    const asked = fileHandle.createSyncAccessHandle();
    try {
      const handle = await within(asked, Math.max(0, Math.min(ATTEMPT_MS, unanswered - performance.now())));
      if (handle !== NO_ANSWER) return handle;
      asked.then((late) => late.close(), () => {});
      if (performance.now() >= unanswered) throw new SnapshotBusy(`the snapshot's ${name}: no handle came in ${UNANSWERED_MS / 1000} s`);
      continue;
    } catch (e) {
      if (e instanceof SnapshotBusy) throw e;
      if (e?.name !== "NoModificationAllowedError") throw e;
      if (performance.now() > until) throw new SnapshotBusy(`the snapshot's ${name} stayed in use by another worker`);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

async function folderShelf(root, create, env) {
  let dir;
  try {
    const top = await answered(env.navigator.storage.getDirectory(), "the origin private file system");
    dir = await answered(top.getDirectoryHandle(shelfName(root), { create }), "the snapshot's folder");
  } catch (e) {
    if (e instanceof SnapshotBusy) throw e;
    return null; // none yet
  }
  return {
    kind: "origin private file system",
    async read(name) {
      let file;
      try {
        file = await answered(dir.getFileHandle(name), `the snapshot's ${name}`);
      } catch (e) {
        if (e instanceof SnapshotBusy) throw e;
        return null;
      }
      const handle = await syncHandle(file, name);
      try {
        const bytes = new Uint8Array(handle.getSize());
        handle.read(bytes, { at: 0 });
        return bytes;
      } finally {
        handle.close();
      }
    },
    // The maker waits for a file another worker reads as a reader waits (a second tab restoring,
    // a spare): refused at once, its maker was "failed" and never tried again for this build.
    async write(name, bytes) {
      const file = await answered(dir.getFileHandle(name, { create: true }), `the snapshot's ${name}`);
      const handle = await syncHandle(file, name);
      try {
        handle.truncate(0);
        if (handle.write(bytes, { at: 0 }) !== bytes.length) throw new Error(`${name}: short write (disk full?)`);
        handle.flush();
      } finally {
        handle.close();
      }
    },
    remove: (name) => dir.removeEntry(name).catch(() => {}),
  };
}

// ------------------------------------------------------------ IndexedDB
// One database per site root, one object store of files (name -> Uint8Array). Not the Cache
// API: WebKitGTK's, in a worker, keeps no entry past the worker's end and none of 20 MB at all
// (put resolves, nothing is there: measured), where IndexedDB keeps both across workers and reloads.
const STORE = "files";
const request = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

function openDatabase(idb, name, create) {
  return new Promise((resolve, reject) => {
    const req = idb.open(name, 1);
    req.onupgradeneeded = () => {
      if (!create) return req.transaction.abort(); // none yet: none is made by looking
      req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => (create ? reject(req.error) : resolve(null));
    req.onblocked = () => reject(new Error("the snapshot's database is blocked by another page"));
  });
}

async function databaseShelf(root, create, env) {
  let db;
  try {
    db = await openDatabase(env.indexedDB, shelfName(root), create);
  } catch {
    return null; // IndexedDB denied here (a partitioned or sandboxed frame, a private window)
  }
  if (!db) return null;
  const files = (mode) => db.transaction(STORE, mode).objectStore(STORE);
  const done = (store) => new Promise((resolve, reject) => {
    store.transaction.oncomplete = () => resolve();
    store.transaction.onerror = store.transaction.onabort = () => reject(store.transaction.error || new Error("aborted"));
  });
  return {
    kind: "IndexedDB",
    async read(name) {
      const v = await request(files("readonly").get(name));
      return v instanceof Uint8Array ? v : null;
    },
    async write(name, bytes) {
      const store = files("readwrite");
      store.put(bytes, name);
      await done(store); // committed, not only queued
    },
    async remove(name) {
      const store = files("readwrite");
      store.delete(name);
      await done(store).catch(() => {});
    },
  };
}
