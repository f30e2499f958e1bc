// The memory snapshot's storage (worker side; js/worker/snapshot.js takes and restores it).

import { openShelf, SnapshotBusy } from "./snapshot-shelf.js";

export { SnapshotBusy };
export const FORMAT = 2; // 2: heap and fs stored gzipped, meta.json holds their SHA-256

// Kept on a shelf (js/worker/snapshot-shelf.js: the origin private file system with synchronous
// access, else IndexedDB), one snapshot per site root: heap, fs and meta.json, written last
// (a snapshot without it is incomplete, never read).
// heap and fs are stored gzipped (CompressionStream): 82 MB become ~22 MB of a student's disk,
// for ~0.2 s of inflating while the runtime compiles anyway (bench/worker_memory.py).
// meta.json holds the SHA-256 of both as stored; a restore reads them whole and compares the
// digests before Python sees a byte (WebCrypto hashes off this thread), so any change on disk
// (a bad sector, a partial write, an extension or a neighbour on the same origin patching
// bytes in place) refuses the snapshot, on either shelf. A neighbour that rewrites meta.json too
// cannot be caught so (docs/PYODIDE.md, "Deployment": why the lab belongs on an origin of its own).
// env: the worker's global (node tests give a fake one).

/** Store a snapshot for this build (it replaces any other). */
export async function storeSnapshot(root, build, { heap, fs, meta }, env = globalThis) {
  const shelf = await openShelf(root, true, env);
  if (!shelf) throw new Error("this browser has no place to keep it (no origin private file system with synchronous access, no IndexedDB)");
  await shelf.remove("meta.json");
  const [heapGz, fsGz] = [await squeeze(heap, CompressionStream), await squeeze(fs, CompressionStream)];
  const [heapSha256, fsSha256] = await Promise.all([sha256(heapGz), sha256(fsGz)]);
  await shelf.write("heap", heapGz);
  await shelf.write("fs", fsGz);
  const stamp = { ...meta, build, userAgent: env.navigator?.userAgent, heapSha256, fsSha256,
    heapStored: heapGz.length, fsStored: fsGz.length, shelf: shelf.kind };
  await shelf.write("meta.json", new TextEncoder().encode(JSON.stringify(stamp)));
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
export async function loadSnapshot(root, build, env = globalThis) {
  const shelf = await openShelf(root, false, env);
  if (!shelf) return null;
  let meta;
  try {
    const bytes = await shelf.read("meta.json");
    if (!bytes) return null;
    meta = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    if (e instanceof SnapshotBusy) throw e;
    return null;
  }
  if (meta.format !== FORMAT || meta.build !== build || meta.userAgent !== env.navigator?.userAgent) return null;
  const part = async (name, stored, digest, bytes) => {
    const packed = await shelf.read(name);
    if (!packed || packed.length !== stored) throw new Error(`the snapshot's ${name} is incomplete`);
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

export async function dropSnapshots(root, env = globalThis) {
  const shelf = await openShelf(root, false, env);
  if (shelf) for (const name of ["meta.json", "heap", "fs"]) await shelf.remove(name);
}
