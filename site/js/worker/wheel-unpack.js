// The wheels (numpy, matplotlib and their dependencies), unzipped by the browser while the
// Python runtime starts, and written into Python's file system when Pyodide installs them.
//
// Pyodide 0.27.7's loadPackage unzips each wheel in Python (pyodide._package_loader.
// unpack_buffer: zipfile and zlib compiled to WebAssembly, ~510 files, 18 MB). In
// JavaScriptCore (Safari, WebKitGTK) that code runs cold, and it took 1.0-1.3 s of the
// "packages" stage against 0.4-0.6 s in Chromium (bench/load_time.py --engine, worker
// stages). The browser's own zlib (DecompressionStream) does the same work in the
// background as soon as a wheel's bytes have arrived; what is left in loadPackage is writing
// the files. What is written is exactly what unpack_buffer writes, from the same bytes: the
// wheel's files (shutil's rules: no absolute names, none with ".."), its .dist-info's
// INSTALLER and PYODIDE_SOURCE, and the same list of compiled libraries is returned. The
// wheel's bytes are checked against its sha256 before this module sees them (js/
// boot-downloads.js), and the bytes Pyodide installs must be equal to them, byte for byte;
// anything else (a wheel not unzipped in time, a library name this module does not know)
// is left to Pyodide's own unpack_buffer.

const EXTENSION = ".cpython-312-wasm32-emscripten.so"; // Pyodide 0.27's CPython 3.12
const SHARED_LIBRARY = /\.so(\.\d+)*$/; // unpack_buffer's test of a name (SHAREDLIB_REGEX)
const early = new Map(); // wheel file name -> Promise<{zip: Uint8Array, files: [{name, data}]}>

/** Unzip the wheel `fileName` once its bytes (`wheel`, a Promise) arrive; -> a Promise of
 * its files [{name, data}] (rejected if the bytes never come or are not a zip). */
export function unpackEarly(fileName, wheel) {
  const name = baseName(fileName);
  const p = wheel.then(async (buf) => {
    const zip = new Uint8Array(buf);
    const entries = zipEntries(zip, () => true);
    const files = await Promise.all(entries.map(async (e) => ({ name: e.name, data: await unzipped(e) })));
    return { zip, files };
  });
  p.catch(() => {});
  early.set(name, p);
  return p.then((w) => w.files);
}

/** While Pyodide loads packages, its unpack_buffer writes the files unzipped above (waiting
 * first for the wheels on their way). -> a function that ends this, lets the files go, and
 * returns how many wheels were installed from here. */
export async function installUnpacked(API, FS) {
  const ready = new Map();
  for (const [name, p] of early) {
    try {
      ready.set(name, await p);
    } catch {
      /* Pyodide downloads and unzips this one itself */
    }
  }
  const loader = API.package_loader;
  let served = 0;
  const unpackBuffer = {
    callKwargs(kw) {
      const w = ready.get(baseName(String(kw.filename || "")));
      const dynlibs = w && same(kw.buffer, w.zip) && write(FS, w.files, kw);
      if (!dynlibs) return loader.unpack_buffer.callKwargs(kw);
      served += 1;
      return kw.calculate_dynlibs ? dynlibs : undefined;
    },
  };
  // Pyodide's package manager reads API.package_loader at each use; these two are all that
  // loadPackage uses of it.
  API.package_loader = { get_install_dir: (dir) => loader.get_install_dir(dir), unpack_buffer: unpackBuffer };
  return () => {
    API.package_loader = loader;
    early.clear();
    return served;
  };
}

// unpack_buffer's work for a wheel, or null (nothing written) where it would differ.
function write(FS, files, kw) {
  const dir = String(kw.extract_dir || "").replace(/\/+$/, "");
  if (!dir.startsWith("/")) return null;
  const infoDirs = new Set(files.map((f) => f.name.split("/")[0]).filter((d) => d.endsWith(".dist-info")));
  if (infoDirs.size !== 1) return null;
  const libs = files.map((f) => f.name).filter((n) => SHARED_LIBRARY.test(n.slice(n.lastIndexOf("/") + 1)));
  if (libs.some((n) => !n.endsWith(EXTENSION))) return null;
  FS.mkdirTree(dir);
  for (const f of files) {
    if (f.name.startsWith("/") || f.name.includes("..")) continue;
    const path = `${dir}/${f.name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    if (!f.name.endsWith("/")) FS.writeFile(path, f.data);
  }
  const [info] = infoDirs;
  if (kw.installer) FS.writeFile(`${dir}/${info}/INSTALLER`, String(kw.installer));
  if (kw.source) FS.writeFile(`${dir}/${info}/PYODIDE_SOURCE`, String(kw.source));
  return libs.map((n) => `${dir}/${n}`);
}

const baseName = (path) => path.slice(path.lastIndexOf("/") + 1);

function same(view, bytes) {
  if (!view || !ArrayBuffer.isView(view) || view.byteLength !== bytes.length) return false;
  const a = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < a.length; i++) if (a[i] !== bytes[i]) return false;
  return true;
}

// ---------------------------------------------------------------- zip
// A wheel is a zip file (no zip64: every wheel here is far below 4 GB): its central directory
// lists each entry's name, method (0 stored, 8 deflated), sizes and local header's offset.

/** The entries of `zip` whose name passes `want`: [{name, method, data (compressed bytes), size}]. */
export function zipEntries(zip, want) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip file: no end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out = [];
  const utf8 = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("zip central directory is damaged");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const skip = nameLen + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = utf8.decode(zip.subarray(at + 46, at + 46 + nameLen));
    at += 46 + skip;
    if (!want(name)) continue;
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    out.push({ name, method, size, data: zip.subarray(data, data + packed) });
  }
  return out;
}

/** An entry's uncompressed bytes (stored or deflated). */
export async function unzipped(entry) {
  if (entry.method === 0) return entry.data.slice();
  if (entry.method !== 8) throw new Error(`zip method ${entry.method} of ${entry.name}`);
  const stream = new Blob([entry.data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  if (bytes.length !== entry.size) throw new Error(`${entry.name}: ${bytes.length} bytes, the zip says ${entry.size}`);
  return bytes;
}
