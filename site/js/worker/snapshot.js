// Memory snapshots of a booted Python, so that a later visit starts in about a second
// (worker side; docs/PYODIDE.md, "Memory snapshot"). A normal start spends ~2.5 s in Python:
// the interpreter's start-up, unzipping the wheels, loading ~36 WebAssembly side modules
// (.so), importing numpy and matplotlib, and the first plot's one-time costs (fonts, text). Pyodide 0.27 can save its whole linear memory
// (makeMemorySnapshot) and start from it (loadPyodide's _loadSnapshot), but only for a bare
// interpreter: it knows nothing of loaded side modules or of the file system. This module adds
// what a snapshot taken after loadPackage needs, using Emscripten's own mechanisms:
// - Side modules: each .so loaded by loadPackage is given a `handle` (a zeroed struct in
//   Python's memory, as dlopen would make), in which Emscripten records where the module's
//   data went (memoryBase) and its function-table slots (tableBase). On restore the memory is
//   put back first, then every module is loaded again, in the same order, with the same
//   handle: Emscripten then reuses those bases (its path for loading a library into a second
//   thread) instead of allocating. loadPyodide then puts the memory back once more, which
//   undoes whatever the modules' constructors did on the way.
// - Function table: entries added after the modules (dlsym of PyInit_*, lazily bound symbols)
//   are added again in order; every one of the ~11 000 GOT entries (where each symbol lives)
//   and the table's length must equal the snapshot's, or the restore is abandoned.
// - Files: the in-memory file system (site-packages, the font list, matplotlib's config) is
//   saved as one blob and written back; files Python holds open (matplotlib's fonts) are
//   opened again at the same descriptor and position.
// Anything unexpected throws; worker.js then drops the snapshot and starts the normal way (it keeps
// one whose file another worker only held: js/worker/snapshot-store.js).
// Made by a worker started as a maker (worker.js?snapshot=make: js/python/snapshot-maker.js), used by
// the build that made it in the same browser (meta.json names the build and the user agent).

import { FORMAT } from "./snapshot-store.js";

// Where it is kept, read and checked: js/worker/snapshot-store.js.
export { storeSnapshot, loadSnapshot, dropSnapshots, SnapshotBusy } from "./snapshot-store.js";

const SKIP = new Set(["/dev", "/proc", "/lib/python312.zip"]); // made by the runtime itself

/** Wrap Module.loadDynamicLibrary so that every side module loaded from now on gets a handle
 * (Emscripten writes its memory and table bases there). Returns the list it fills. */
export function recordLibraries(Module) {
  const libs = [];
  const load = Module.loadDynamicLibrary;
  Module.loadDynamicLibrary = (name, flags, localScope, handle) => {
    if (!handle && !Module.LDSO.loadedLibsByName[name]) {
      handle = Module._calloc(64, 1);
      libs.push({ name, handle, global: !!(flags && flags.global) });
    }
    return load(name, flags, localScope, handle);
  };
  return libs;
}

// Each file read straight into one blob (a copy per file, then the blob, had them twice).
function walkFiles(FS) {
  const dirs = [];
  const files = [];
  let size = 0;
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = (dir === "/" ? "" : dir) + "/" + name;
      if (SKIP.has(path)) continue;
      const st = FS.lstat(path);
      if (FS.isDir(st.mode)) {
        dirs.push(path);
        walk(path);
      } else if (FS.isFile(st.mode)) {
        files.push([path, size, st.size]);
        size += st.size;
      } else if (FS.isLink(st.mode)) {
        files.push([path, -1, 0, FS.readlink(path)]);
      }
    }
  };
  walk("/");
  const blob = new Uint8Array(size);
  for (const [path, at, len] of files) {
    if (!(len > 0)) continue;
    const stream = FS.open(path, "r");
    const read = FS.read(stream, blob, at, len, 0);
    FS.close(stream);
    if (read !== len) throw new Error(`${path} changed while it was saved`);
  }
  return { dirs, files, blob };
}

// JavaScript objects Python holds when the snapshot is taken (pyodide.http's AbortSignal.any,
// micropip's pyodide_js.loadPackage, ...) are stored as names, and found again by name in
// the restored worker: "global.AbortSignal.any", "pyodide.loadPackage", "API.loadBinaryFile".
function jsNamer(API) {
  const names = new Map();
  const add = (value, name) => {
    if (value && (typeof value === "object" || typeof value === "function") && !names.has(value)) names.set(value, name);
  };
  const keys = (o) => {
    const out = new Set();
    for (let p = o; p && p !== Object.prototype && p !== Function.prototype; p = Object.getPrototypeOf(p)) {
      for (const k of Object.getOwnPropertyNames(p)) out.add(k);
    }
    return out;
  };
  const roots = { global: globalThis, pyodide: API.public_api, API };
  for (const [root, obj] of Object.entries(roots)) add(obj, root);
  for (const [root, obj] of Object.entries(roots)) {
    for (const k of keys(obj)) {
      let v;
      try {
        v = obj[k];
      } catch {
        continue;
      }
      add(v, `${root}.${k}`);
      if (root === "global" && typeof v === "function" && /^[A-Z]/.test(k)) {
        for (const m of Object.getOwnPropertyNames(v)) {
          try {
            add(v[m], `global.${k}.${m}`);
          } catch { /* a getter that throws */ }
        }
      }
    }
  }
  return (value) => {
    const name = names.get(value) || spent(value);
    if (!name) throw new Error(`Python holds a JavaScript object this snapshot cannot name (${typeof value} ${String(value).slice(0, 60)})`);
    return name;
  };
}

// micropip's download of the app wheel leaves its fetch Response (and the bound method that
// read it) referenced from Python; nothing reads them again. They come back as stand-ins that
// throw if anything ever does.
function spent(value) {
  if (typeof Response === "undefined") return null;
  if (value instanceof Response) return "spent:Response";
  if (typeof value === "function" && value.name && Response.prototype[value.name] === value) return `spent:Response.${value.name}`;
  return null;
}

function standIn(name) {
  const fail = () => {
    throw new Error(`${name.slice(6)} of the worker that made the memory snapshot is not available here`);
  };
  return name.includes(".") ? fail : new Proxy({}, { get: fail });
}

function byJsName(API, name) {
  if (name.startsWith("spent:")) return standIn(name);
  const [root, ...path] = name.split(".");
  let v = { global: globalThis, pyodide: API.public_api, API }[root];
  for (const k of path) v = v == null ? undefined : v[k];
  if (v === undefined) throw new Error(`no ${name} here`);
  return v;
}

/** Everything a restore needs, taken from a worker whose Python is idle. Throws if the state
 * is one this module cannot bring back (a side module it did not see load). */
export function takeSnapshot(pyodide, Module, libs, check) {
  const H32 = Module.HEAPU32;
  const seen = new Set(libs.map((l) => l.name));
  for (const [name, dso] of Object.entries(Module.LDSO.loadedLibsByName)) {
    const known = name === "__main__" || seen.has(name) || libs.some((l) => Module.LDSO.loadedLibsByName[l.name] === dso);
    if (!known) throw new Error(`side module loaded outside loadPackage: ${name}`);
  }
  const libInfo = libs.map((l) => ({
    name: l.name, handle: l.handle, global: l.global,
    tableBase: H32[(l.handle + 20) >> 2], tableSize: H32[(l.handle + 24) >> 2],
  }));
  const libEnd = Math.max(0, ...libInfo.map((l) => l.tableBase + l.tableSize));
  const owner = new Map();
  for (const [name, dso] of Object.entries(Module.LDSO.loadedLibsByName)) {
    for (const [sym, fn] of Object.entries(dso.exports || {})) {
      if (typeof fn === "function" && !owner.has(fn)) owner.set(fn, [name, sym]);
    }
  }
  const got = {};
  for (const [sym, g] of Object.entries(Module.GOT)) got[sym] = g.value;
  const T = Module.wasmTable;
  const tail = [];
  for (let i = libEnd; i < T.length; i++) {
    const fn = T.get(i);
    const o = fn && owner.get(fn);
    if (o) tail.push({ lib: o[0], sym: o[1] });
    else {
      const syms = Object.keys(got).filter((s) => got[s] === i);
      if (!syms.length) throw new Error(`function table entry ${i} of unknown origin`);
      tail.push({ got: syms });
    }
  }
  const streams = [];
  Module.FS.streams.forEach((s, fd) => {
    if (s && fd > 2) {
      if (!s.path || !Module.FS.isFile(s.node.mode)) throw new Error(`open descriptor ${fd} is not a file`);
      streams.push({ fd, path: s.path, position: s.position, flags: s.flags });
    }
  });
  const handles = Object.entries(Module.LDSO.loadedLibsByHandle).map(([h, dso]) => [Number(h), dso.name]);
  const { dirs, files, blob } = walkFiles(Module.FS);
  // Pyodide checks the first entries of its hiwire table (JS objects Python holds) against
  // fresh values; the last of them, the loaded-packages object, must look new ({}). It is
  // filled again after the restore (meta.packages).
  const packages = { ...pyodide.loadedPackages };
  const lp = Module.__hiwire_get(Module.API.getExpectedKeys().length - 1);
  const lpSaved = lp === pyodide.loadedPackages ? null : { ...lp };
  for (const k of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[k];
  if (lpSaved) for (const k of Object.keys(lp)) delete lp[k];
  let heap;
  try {
    heap = pyodide.makeMemorySnapshot({ serializer: jsNamer(Module.API) });
  } finally {
    Object.assign(pyodide.loadedPackages, packages);
    if (lpSaved) Object.assign(lp, lpSaved);
  }
  const meta = {
    format: FORMAT, libInfo, libEnd, tableLength: T.length, tail, got, streams, handles,
    cwd: Module.FS.cwd(), dirs, files, packages, check, heapBytes: heap.length, fsBytes: blob.length,
  };
  return { heap, fs: blob, meta };
}

// The file system as the side modules' loader reads it, kept by Emscripten for the runtime's
// life: made out here, as a closure made in restoringCreate would keep its scope, snap and
// the snapshot's ~80 MB with it (a restored worker held 115 MB of ArrayBuffers, a cold one 38).
const libraryFS = (FS) => ({ findObject: (p) => FS.findObject(p), readFile: (p, o) => FS.readFile(p, o) });

/** loadPyodide's _snapshotDeserializer for a Module made by restoringCreate. */
export function jsByName(into) {
  return (name) => byJsName(into.Module.API, name);
}

/** A _createPyodideModule that, before Pyodide restores the memory, puts back the files and
 * the side modules the snapshot expects (see the top of this file); into.Module = the Module. */
export function restoringCreate(create, snap, into) {
  return async (config) => {
    // The runtime (its wasm compiled, its file system made) starts while the files are read.
    const made = create(config);
    made.catch(() => {}); // a snapshot refused meanwhile: the throw below is what counts
    const [heap, fs] = await Promise.all([snap.heap, snap.fs]);
    snap.heap = snap.fs = null; // copied below: held by nothing once restored (see libraryFS)
    const meta = snap.meta;
    const Module = await made;
    into.Module = Module;
    const t0 = performance.now();
    const FS = Module.FS;
    for (const d of meta.dirs) {
      if (!FS.analyzePath(d).exists) FS.mkdir(d);
    }
    for (const [path, at, len, target] of meta.files) {
      if (at < 0) FS.symlink(target, path);
      else FS.writeFile(path, fs.subarray(at, at + len));
    }
    const heapAt = new Uint32Array(heap.buffer, heap.byteOffset, 4)[1]; // Pyodide's header: [magic, heap offset, ...]
    Module.HEAP8.set(new Int8Array(heap.buffer, heap.byteOffset + heapAt));
    const dynlibFS = libraryFS(FS);
    const byName = Module.LDSO.loadedLibsByName;
    for (const lib of meta.libInfo) {
      await Module.loadDynamicLibrary(lib.name,
        { loadAsync: true, nodelete: true, allowUndefined: true, global: lib.global, fs: dynlibFS },
        lib.global ? null : {}, lib.handle);
      const base = lib.name.slice(lib.name.lastIndexOf("/") + 1);
      if (!byName[base]) byName[base] = byName[lib.name]; // as Pyodide's loadDynlib does
    }
    into.libsMs = performance.now() - t0;
    const T = Module.wasmTable;
    meta.tail.forEach((entry, k) => {
      const i = meta.libEnd + k;
      if (i < T.length) return;
      let at;
      if (entry.got) {
        for (const sym of entry.got) {
          const g = Module.GOT[sym];
          if (g && g.value === 0) {
            const fn = Module.resolveGlobalSymbol(sym, true).sym;
            g.value = Module.addFunction(fn, fn.sig);
          }
          at = g && g.value;
        }
      } else {
        const fn = byName[entry.lib] && byName[entry.lib].exports[entry.sym];
        if (typeof fn !== "function") throw new Error(`missing ${entry.sym} of ${entry.lib}`);
        at = Module.addFunction(fn, fn.sig);
      }
      if (at !== i) throw new Error(`function table entry ${i} came back at ${at}`);
    });
    if (T.length !== meta.tableLength) throw new Error(`function table: ${T.length} entries, not ${meta.tableLength}`);
    let differ = 0;
    for (const [sym, v] of Object.entries(meta.got)) {
      if (!Module.GOT[sym] || Module.GOT[sym].value !== v) differ += 1;
    }
    if (differ) throw new Error(`${differ} symbols are not where the snapshot expects them`);
    for (const [h, name] of meta.handles) if (byName[name]) Module.LDSO.loadedLibsByHandle[h] = byName[name];
    for (const s of meta.streams) {
      const stream = FS.open(s.path, s.flags & ~0o1000); // never O_TRUNC
      if (stream.fd !== s.fd) {
        if (FS.streams[s.fd]) throw new Error(`descriptor ${s.fd} is taken`);
        FS.streams[stream.fd] = null;
        stream.fd = s.fd;
        FS.streams[s.fd] = stream;
      }
      stream.position = s.position;
    }
    FS.chdir(meta.cwd);
    return Module;
  };
}
