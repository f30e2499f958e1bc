// The wheels unzipped by the browser (js/worker/wheel-unpack.js) against Pyodide's own
// pyodide._package_loader.unpack_buffer, in Pyodide 0.27.7 (node_modules/pyodide) in Node:
// the same files, bytes, INSTALLER / PYODIDE_SOURCE and list of libraries; Pyodide's own
// unpack for bytes that differ from those unzipped early, and for a library name it does not know.
import test from "node:test";
import assert from "node:assert/strict";
import { unpackEarly, installUnpacked } from "../../site/js/worker/wheel-unpack.js";

const INDEX = new URL("../../node_modules/pyodide/", import.meta.url).pathname;
const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${INDEX}`).href);
const py = await loadPyodide({ indexURL: INDEX });

// A wheel written by Python's zipfile: deflated and stored entries, a directory entry, a
// compiled library's name, and names that unpacking must skip.
function makeWheel(libName, seed = 4) {
  return py.runPython(`
import io, zipfile, random
buf = io.BytesIO()
rnd = random.Random(${seed})
with zipfile.ZipFile(buf, "w") as z:
    z.writestr("demo/__init__.py", "x = 1\\n" * 200, compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("demo/data.bin", bytes(rnd.randrange(256) for _ in range(3000)), compress_type=zipfile.ZIP_STORED)
    z.writestr("demo/sub/", "")
    z.writestr("demo/sub/é.txt", "non-ASCII name", compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("${libName}", b"\\0asm" + bytes(rnd.randrange(256) for _ in range(5000)), compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("demo/../outside.txt", "skipped", compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("demo-1.0.dist-info/METADATA", "Metadata-Version: 2.1\\nName: demo\\nVersion: 1.0\\n")
    z.writestr("demo-1.0.dist-info/RECORD", "")
buf.getvalue()`).toJs();
}

// Every directory and file under `dir`, with each file's sha256.
function tree(dir) {
  return JSON.parse(py.runPython(`
import hashlib, json, os
out = []
for root, dirs, files in os.walk(${JSON.stringify(dir)}):
    rel = os.path.relpath(root, ${JSON.stringify(dir)})
    out += [("D", os.path.join(rel, d)) for d in dirs]
    out += [("F", os.path.join(rel, f), hashlib.sha256(open(os.path.join(root, f), "rb").read()).hexdigest()) for f in files]
json.dumps(sorted(out))`));
}

const WHEEL = "demo-1.0-py3-none-any.whl";
const kwargs = (buffer, dir) => ({ buffer, filename: `0a1b2c/${WHEEL}`, extract_dir: dir,
  installer: "pyodide.loadPackage", source: "pyodide", calculate_dynlibs: true });

async function both(early, installed, n, served) {
  const loader = py._api.package_loader;
  const reference = loader.unpack_buffer.callKwargs(kwargs(installed, `/ref${n}`)); // a JS Array (to_js)
  unpackEarly(`pyodide/0.27.7/0a1b2c/${WHEEL}`, Promise.resolve(early.slice().buffer));
  const end = await installUnpacked(py._api, py.FS);
  let libs;
  try {
    libs = py._api.package_loader.unpack_buffer.callKwargs(kwargs(installed, `/fast${n}`));
  } finally {
    assert.equal(end(), served, "wheels written from the early unzip");
  }
  assert.equal(py._api.package_loader, loader, "Pyodide's own loader is back");
  return { reference, libs, ref: tree(`/ref${n}`), fast: tree(`/fast${n}`) };
}

test("a wheel is written as Pyodide's unpack_buffer writes it", async () => {
  const wheel = makeWheel("demo/_ext.cpython-312-wasm32-emscripten.so");
  const r = await both(wheel, wheel, 1, 1);
  assert.deepEqual(r.fast, r.ref);
  assert.ok(r.ref.some(([, p]) => p === "demo-1.0.dist-info/INSTALLER"));
  assert.ok(r.ref.some(([, p]) => p === "demo/sub/é.txt"));
  assert.ok(!r.ref.some(([, p]) => p.includes("outside")));
  assert.deepEqual(r.reference, ["/ref1/demo/_ext.cpython-312-wasm32-emscripten.so"]);
  assert.deepEqual(r.libs, ["/fast1/demo/_ext.cpython-312-wasm32-emscripten.so"]);
  const text = (dir, f) => py.FS.readFile(`${dir}/demo-1.0.dist-info/${f}`, { encoding: "utf8" });
  assert.equal(text("/fast1", "INSTALLER"), "pyodide.loadPackage");
  assert.equal(text("/fast1", "PYODIDE_SOURCE"), "pyodide");
});

test("bytes other than those unzipped early are unpacked by Pyodide itself", async () => {
  const wheel = makeWheel("demo/_ext.cpython-312-wasm32-emscripten.so");
  const other = makeWheel("demo/_ext.cpython-312-wasm32-emscripten.so", 5); // same name, other bytes
  assert.equal(other.length, wheel.length);
  const r = await both(wheel, other, 2, 0);
  assert.deepEqual(r.fast, r.ref);
  assert.deepEqual(r.libs, ["/fast2/demo/_ext.cpython-312-wasm32-emscripten.so"]);
});

test("a library name this module does not know is left to Pyodide", async () => {
  const wheel = makeWheel("demo/libdemo.so.1");
  const r = await both(wheel, wheel, 3, 0);
  assert.deepEqual(r.fast, r.ref);
  assert.deepEqual(r.libs, ["/fast3/demo/libdemo.so.1"]);
});
