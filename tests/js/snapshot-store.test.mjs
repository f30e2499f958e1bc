// The memory snapshot's storage (site/js/worker/snapshot-store.js on the shelves of
// snapshot-shelf.js): kept in IndexedDB where the origin private file system lacks
// synchronous access (WebKit), in the origin private file system where it has it, with the same
// check on both: a file not the bytes stored (its SHA-256 in meta.json) or cut short is refused,
// a snapshot of another build or browser is not read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";

import { storeSnapshot, loadSnapshot, dropSnapshots, SnapshotBusy } from "../../site/js/worker/snapshot-store.js";
import { shelfName } from "../../site/js/worker/snapshot-shelf.js";

const ROOT = "https://lab.example/perceptron-lab/";

// IndexedDB as the browser's, as far as the shelf uses it: databases of object stores, requests
// answered asynchronously, a transaction completing after its requests, values structured-cloned.
function fakeIndexedDB() {
  const dbs = new Map(); // name -> Map(store -> Map(key -> value))
  const later = (fn) => setTimeout(fn, 0);
  const database = (stores) => ({
    transaction(name, mode) {
      const tx = { oncomplete: null, onerror: null, onabort: null, error: null };
      const store = stores.get(name);
      let open = 0;
      const req = (fn) => {
        const r = { onsuccess: null, onerror: null, result: undefined };
        open++;
        later(() => {
          r.result = fn();
          r.onsuccess?.();
          if (--open === 0) later(() => tx.oncomplete?.());
        });
        return r;
      };
      tx.objectStore = () => ({
        transaction: tx,
        get: (key) => req(() => (store.has(key) ? structuredClone(store.get(key)) : undefined)),
        put: (value, key) => {
          if (mode !== "readwrite") throw new Error("ReadOnlyError");
          return req(() => void store.set(key, structuredClone(value)));
        },
        delete: (key) => req(() => void store.delete(key)),
      });
      return tx;
    },
  });
  return {
    dbs,
    open(name) {
      const r = { result: null, error: null, transaction: null };
      later(() => {
        const fresh = !dbs.has(name);
        const stores = fresh ? new Map() : dbs.get(name);
        r.result = { ...database(stores), createObjectStore: (s) => stores.set(s, new Map()) };
        let aborted = false;
        r.transaction = { abort: () => { aborted = true; } };
        if (fresh) r.onupgradeneeded?.();
        if (aborted) return (r.error = new Error("AbortError")), r.onerror?.();
        dbs.set(name, stores);
        r.onsuccess?.();
      });
      return r;
    },
  };
}

// An origin private file system whose files take synchronous access handles (one at a time).
function fakeFolders() {
  const dirs = new Map();
  const held = new Set();
  const hung = new Map(); // name -> how many more requests for its handle go unanswered
  const late = []; // answers those requests would still get: () => the handle given then
  const dirHandle = (files) => ({
    async getFileHandle(name, opts = {}) {
      if (!files.has(name)) {
        if (!opts.create) throw Object.assign(new Error("absent"), { name: "NotFoundError" });
        files.set(name, new Uint8Array());
      }
      return {
        async createSyncAccessHandle() {
          if (hung.get(name) > 0) {
            hung.set(name, hung.get(name) - 1);
            return new Promise((resolve) => late.push(() => {
              const h = { closed: false, close() { h.closed = true; } };
              resolve(h);
              return h;
            }));
          }
          if (held.has(name)) throw Object.assign(new Error("held"), { name: "NoModificationAllowedError" });
          return {
            getSize: () => files.get(name).length,
            read: (into) => into.set(files.get(name)),
            truncate: () => files.set(name, new Uint8Array()),
            write: (b) => (files.set(name, b.slice()), b.length),
            flush() {}, close() {},
          };
        },
      };
    },
    async removeEntry(name) {
      if (!files.delete(name)) throw new Error("absent");
    },
  });
  const top = {
    async getDirectoryHandle(name, { create } = {}) {
      if (!dirs.has(name)) {
        if (!create) throw new Error("absent");
        dirs.set(name, new Map());
      }
      return dirHandle(dirs.get(name));
    },
  };
  return { dirs, held, hung, late, getDirectory: async () => top };
}

const webkit = (indexedDB = fakeIndexedDB()) => ({ navigator: { userAgent: "WebKit" }, indexedDB });
const chromium = (folders = fakeFolders()) => ({
  navigator: { userAgent: "Chromium", storage: { getDirectory: folders.getDirectory } },
  FileSystemSyncAccessHandle: class {}, indexedDB: fakeIndexedDB(),
});

function snap() {
  const heap = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
  const fs = new Uint8Array(50_000).map((_, i) => (i * 31) % 13);
  return { heap, fs, meta: { format: 2, heapBytes: heap.length, fsBytes: fs.length, check: "ok" } };
}

const sha = (b) => createHash("sha256").update(b).digest("hex");
const files = (env) => env.indexedDB.dbs.get(shelfName(ROOT))?.get("files");

test("without synchronous file access the snapshot goes to IndexedDB and comes back whole", async () => {
  const env = webkit();
  const s = snap();
  assert.equal(await loadSnapshot(ROOT, "b1", env), null); // none yet, and looking made no database
  assert.equal(env.indexedDB.dbs.size, 0);
  await storeSnapshot(ROOT, "b1", s, env);
  const stored = files(env);
  assert.deepEqual([...stored.keys()].sort(), ["fs", "heap", "meta.json"]);
  // Stored gzipped, its digest in meta.json (computed here by another implementation).
  const meta = JSON.parse(new TextDecoder().decode(stored.get("meta.json")));
  assert.equal(meta.heapSha256, sha(stored.get("heap")));
  assert.deepEqual(new Uint8Array(gunzipSync(stored.get("heap"))), s.heap);
  assert.equal(meta.shelf, "IndexedDB");
  const got = await loadSnapshot(ROOT, "b1", env);
  assert.equal(got.meta.check, "ok");
  assert.deepEqual(await got.heap, s.heap);
  assert.deepEqual(await got.fs, s.fs);
});

test("a stored heap whose bytes changed is refused by its SHA-256; one cut short as incomplete", async () => {
  const env = webkit();
  await storeSnapshot(ROOT, "b1", snap(), env);
  const stored = files(env);
  stored.get("heap")[stored.get("heap").length >> 1] ^= 1;
  const got = await loadSnapshot(ROOT, "b1", env);
  await assert.rejects(got.heap, /not the one stored \(SHA-256 differs\)/);
  assert.ok((await got.fs).length > 0); // the other file is still read
  stored.set("fs", stored.get("fs").slice(0, 100));
  await assert.rejects((await loadSnapshot(ROOT, "b1", env)).fs, /incomplete/);
});

test("another build's, another browser's, a dropped or a half-written snapshot is not read", async () => {
  const env = webkit();
  assert.equal(await loadSnapshot(ROOT, "b1", env), null); // none yet
  await storeSnapshot(ROOT, "b1", snap(), env);
  assert.equal(await loadSnapshot(ROOT, "b2", env), null);
  assert.equal(await loadSnapshot(ROOT, "b1", { ...env, navigator: { userAgent: "Other" } }), null);
  assert.equal(await loadSnapshot("https://lab.example/other-lab/", "b1", env), null); // a site root of its own
  files(env).delete("meta.json"); // written last: without it, incomplete
  assert.equal(await loadSnapshot(ROOT, "b1", env), null);
  await storeSnapshot(ROOT, "b1", snap(), env);
  await dropSnapshots(ROOT, env);
  assert.equal(files(env).size, 0);
  assert.equal(await loadSnapshot(ROOT, "b1", env), null);
});

test("with no place to keep it, storing says so and nothing is loaded", async () => {
  const env = { navigator: { userAgent: "X" } };
  await assert.rejects(storeSnapshot(ROOT, "b1", snap(), env), /no place to keep it/);
  assert.equal(await loadSnapshot(ROOT, "b1", env), null);
});

test("with synchronous file access the origin private file system is used, not IndexedDB", async () => {
  const folders = fakeFolders();
  const env = chromium(folders);
  const s = snap();
  await storeSnapshot(ROOT, "b1", s, env);
  assert.equal(env.indexedDB.dbs.size, 0);
  assert.deepEqual([...folders.dirs.get(shelfName(ROOT)).keys()].sort(), ["fs", "heap", "meta.json"]);
  const got = await loadSnapshot(ROOT, "b1", env);
  assert.deepEqual(await got.heap, s.heap);
  folders.dirs.get(shelfName(ROOT)).get("heap")[5] ^= 1;
  await assert.rejects((await loadSnapshot(ROOT, "b1", env)).heap, /SHA-256 differs/);
});

test("a file another worker holds is waited for; held past the wait, the snapshot is busy, not bad", async () => {
  const folders = fakeFolders();
  const env = chromium(folders);
  const s = snap();
  await storeSnapshot(ROOT, "b1", s, env);
  folders.held.add("heap");
  setTimeout(() => folders.held.delete("heap"), 150);
  assert.deepEqual(await (await loadSnapshot(ROOT, "b1", env)).heap, s.heap);
  folders.held.add("meta.json");
  await assert.rejects(loadSnapshot(ROOT, "b1", env), SnapshotBusy);
});


// Issue 36: a reload soon after the last one waited 37 s (the page's 30 s boot watchdog, then a
// worker that restored in ~2 s): a request of the restoring worker was never answered.
test("a request for a file's handle left unanswered is made again, and a handle that comes late is closed", { timeout: 30_000 }, async () => {
  const folders = fakeFolders();
  const env = chromium(folders);
  const s = snap();
  await storeSnapshot(ROOT, "b1", s, env);
  folders.hung.set("heap", 1);
  let t0 = performance.now();
  assert.deepEqual(await (await loadSnapshot(ROOT, "b1", env)).heap, s.heap);
  assert.ok(performance.now() - t0 < 4_000); // asked again after 2 s, not left waiting
  const came = folders.late.shift()();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(came.closed, true); // it would hold the file from every later worker
  // Never answered at all: the snapshot is busy (kept; Python starts the normal way), not waited for.
  folders.hung.set("heap", Infinity);
  t0 = performance.now();
  await assert.rejects((await loadSnapshot(ROOT, "b1", env)).heap, SnapshotBusy);
  assert.ok(performance.now() - t0 < 12_000); // not the page's 30 s watchdog
});

// The maker waits for a file another worker reads, as a reader waits: refused at once, the write
// failed, and its maker's failure was remembered for the build (no snapshot ever again here).
test("storing waits for a file another worker reads; held past the wait, storing is busy, not a failure", async () => {
  const folders = fakeFolders();
  const env = chromium(folders);
  const s = snap();
  await storeSnapshot(ROOT, "b1", s, env);
  folders.held.add("heap");
  setTimeout(() => folders.held.delete("heap"), 150);
  const s2 = { ...s, heap: s.heap.map((b) => b ^ 1) };
  await storeSnapshot(ROOT, "b2", s2, env);
  assert.deepEqual(await (await loadSnapshot(ROOT, "b2", env)).heap, s2.heap);
  folders.held.add("fs");
  await assert.rejects(storeSnapshot(ROOT, "b3", s, env), SnapshotBusy);
  assert.equal(await loadSnapshot(ROOT, "b3", env), null); // half written: never read
});
