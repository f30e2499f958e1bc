// Libraries compiled early (js/worker/library-compile.js): an instantiate() of the same bytes gets the
// module compiled early, once; other bytes (even of the same length) are compiled as usual;
// WebAssembly.instantiate is the engine's own again afterwards.
import test from "node:test";
import assert from "node:assert/strict";
import { compileLibraries, useCompiledLibraries } from "../../site/js/worker/library-compile.js";

// (module (func (export "f") (result i32) i32.const N))
const wasm = (n) => new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7f, 3, 2, 1, 0,
  7, 5, 1, 1, 0x66, 0, 0, 10, 6, 1, 4, 0, 0x41, n, 0x0b]);

test("the same bytes are instantiated from the module compiled early, once", async () => {
  const own = WebAssembly.instantiate;
  compileLibraries(Promise.resolve([{ name: "pkg/_a.cpython-312-wasm32-emscripten.so", data: wasm(42) },
    { name: "pkg/notes.txt", data: wasm(7) }]));
  await new Promise((r) => setImmediate(r));
  const end = useCompiledLibraries();
  const first = await WebAssembly.instantiate(wasm(42), {});
  assert.ok(first.module instanceof WebAssembly.Module);
  assert.equal(first.instance.exports.f(), 42);
  const again = await WebAssembly.instantiate(wasm(42), {}); // taken already: compiled as usual
  assert.notEqual(again.module, first.module);
  assert.equal(again.instance.exports.f(), 42);
  const other = await WebAssembly.instantiate(wasm(43), {}); // same length, other bytes
  assert.equal(other.instance.exports.f(), 43);
  const seven = await WebAssembly.instantiate(wasm(7), {}); // not a library: never compiled early
  assert.equal(seven.instance.exports.f(), 7);
  assert.equal(end(), 1);
  assert.equal(WebAssembly.instantiate, own);
});

test("a library that does not compile is left to the engine's own instantiate and its error", async () => {
  const broken = wasm(42);
  broken[9] = 9; // a type section's length beyond the module
  compileLibraries(Promise.resolve([{ name: "bad.so", data: broken }]));
  await new Promise((r) => setImmediate(r));
  const end = useCompiledLibraries();
  await assert.rejects(WebAssembly.instantiate(broken.slice(), {}), WebAssembly.CompileError);
  assert.equal(end(), 0);
});
