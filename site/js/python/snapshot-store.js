// The memory snapshot's storage (worker side; js/python/snapshot.js takes and restores it).

const DIR = "snapshot-of-perceptron-lab";
export const FORMAT = 2; // 2: heap and fs stored gzipped, meta.json holds their SHA-256

// Storage: the origin private file system (OPFS), read and written through synchronous access
// handles (dedicated workers only): 80 MB read in tens of ms, where the Cache API took ~0.2 s.
// One folder per site root (GitHub Pages project sites share an origin), one snapshot in it:
// heap, files and meta.json, written last (a snapshot without it is incomplete, never read).
// heap and fs are stored gzipped (CompressionStream): 82 MB become ~22 MB of a student's disk,
// for ~0.2 s of inflating while the runtime compiles anyway (bench/worker_memory.py).
// meta.json holds the SHA-256 of both as stored; a restore reads them whole and compares the
// digests before Python sees a byte (WebCrypto hashes off this thread), so any change on disk
// (a bad sector, a partial write, an extension or a neighbour on the same origin patching
// bytes in place) refuses the snapshot. A neighbour that rewrites meta.json too cannot be
// caught so (docs/PYODIDE.md, "Deployment": why the lab belongs on an origin of its own).
async function folder(root, create) {
  if (!globalThis.navigator?.storage?.getDirectory || typeof FileSystemSyncAccessHandle === "undefined") return null;
  let h = 2166136261; // FNV-1a of the site root: the folder's name
  for (const c of String(root)) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const top = await navigator.storage.getDirectory();
  try {
    return await top.getDirectoryHandle(`${DIR}-${h.toString(16)}`, { create });
  } catch {
    return null; // none yet
  }
}

// Another worker of this origin may hold a file of the snapshot for a moment: a spare booting
// from it (pyclient.js), or the last page's worker, being ended by a reload while it read it.
// Chromium then refuses a second handle at once (NoModificationAllowedError). That is no fault
// of the snapshot, so it is not dropped: the file is asked for again until it is let go (a read
// takes well under a second), and only after LOCKED_WAIT_MS does this worker start the normal way.
const LOCKED_WAIT_MS = 5_000;

/** Thrown when a file stayed in use by another worker: the snapshot is kept (worker.js). */
export class SnapshotBusy extends Error {}

async function syncHandle(fileHandle, name) {
  const until = performance.now() + LOCKED_WAIT_MS;
  for (let pause = 25; ; pause = Math.min(2 * pause, 400)) {
    try {
      return await fileHandle.createSyncAccessHandle();
    } catch (e) {
      if (e?.name !== "NoModificationAllowedError") throw e;
      if (performance.now() > until) throw new SnapshotBusy(`the snapshot's ${name} stayed in use by another worker`);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

async function readFile(dir, name) {
  const handle = await syncHandle(await dir.getFileHandle(name), name);
  try {
    const bytes = new Uint8Array(handle.getSize());
    handle.read(bytes, { at: 0 });
    return bytes;
  } finally {
    handle.close();
  }
}

async function writeFile(dir, name, bytes) {
  const handle = await (await dir.getFileHandle(name, { create: true })).createSyncAccessHandle();
  try {
    handle.truncate(0);
    if (handle.write(bytes, { at: 0 }) !== bytes.length) throw new Error(`${name}: short write (disk full?)`);
    handle.flush();
  } finally {
    handle.close();
  }
}

/** Store a snapshot for this build (it replaces any other). */
export async function storeSnapshot(root, build, { heap, fs, meta }) {
  const dir = await folder(root, true);
  if (!dir) throw new Error("this browser has no origin private file system");
  await dir.removeEntry("meta.json").catch(() => {});
  const [heapGz, fsGz] = [await squeeze(heap, CompressionStream), await squeeze(fs, CompressionStream)];
  const [heapSha256, fsSha256] = await Promise.all([sha256(heapGz), sha256(fsGz)]);
  await writeFile(dir, "heap", heapGz);
  await writeFile(dir, "fs", fsGz);
  const stamp = { ...meta, build, userAgent: navigator.userAgent, heapSha256, fsSha256,
    heapStored: heapGz.length, fsStored: fsGz.length };
  await writeFile(dir, "meta.json", new TextEncoder().encode(JSON.stringify(stamp)));
}

/** Bytes through a (De)CompressionStream (gzip) in 1 MB views (a Blob would copy them). */
async function squeeze(bytes, Stream) {
  const views = new ReadableStream({ start(c) {
    for (let i = 0; i < bytes.length; i += 2 ** 20) c.enqueue(bytes.subarray(i, i + 2 ** 20));
    c.close();
  } });
  const out = views.pipeThrough(new Stream("gzip"));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This build's snapshot made in this browser, or null: {meta, heap, fs}, heap and fs as
 * promises of Uint8Arrays (rejected if incomplete or not the bytes stored: their SHA-256),
 * read while the runtime starts. */
export async function loadSnapshot(root, build) {
  const dir = await folder(root, false);
  if (!dir) return null;
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(await readFile(dir, "meta.json")));
  } catch (e) {
    if (e instanceof SnapshotBusy) throw e;
    return null;
  }
  if (meta.format !== FORMAT || meta.build !== build || meta.userAgent !== navigator.userAgent) return null;
  const part = async (name, stored, digest, bytes) => {
    const packed = await readFile(dir, name);
    if (packed.length !== stored) throw new Error(`the snapshot's ${name} is incomplete`);
    if ((await sha256(packed)) !== digest) throw new Error(`the snapshot's ${name} is not the one stored (SHA-256 differs)`);
    const data = await squeeze(packed, DecompressionStream);
    if (data.length !== bytes) throw new Error(`the snapshot's ${name} unpacks to ${data.length} bytes, not ${bytes}`);
    return data;
  };
  const heap = part("heap", meta.heapStored, meta.heapSha256, meta.heapBytes);
  heap.catch(() => {});
  // One read at a time (each holds the thread); fs is read while heap inflates.
  const fs = part("fs", meta.fsStored, meta.fsSha256, meta.fsBytes);
  fs.catch(() => {});
  return { meta, heap, fs };
}

export async function dropSnapshots(root) {
  const dir = await folder(root, false);
  if (dir) for (const name of ["meta.json", "heap", "fs"]) await dir.removeEntry(name).catch(() => {});
}
