// The worker's signs of life while Pyodide loads compiled libraries (js/worker/library-progress.js):
// said as libraries finish loading, never more often than asked, and the loader unchanged.
import test from "node:test";
import assert from "node:assert/strict";
import { sayEachLibrary } from "../../site/js/worker/library-progress.js";

function fakeModule() {
  const calls = [];
  return {
    calls,
    loadDynamicLibrary(name, flags) {
      calls.push([name, flags]);
      return flags && flags.loadAsync ? Promise.resolve(`loaded ${name}`) : true;
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));

test("a library loaded after a quiet spell is said; one loaded sooner is not", async () => {
  const M = fakeModule();
  let t = 0;
  const said = [];
  sayEachLibrary(M, () => said.push(t), 5000, () => t);
  t = 1000;
  assert.equal(await M.loadDynamicLibrary("a.so", { loadAsync: true }), "loaded a.so");
  await settle();
  assert.deepEqual(said, []);
  t = 6000;
  await M.loadDynamicLibrary("b.so", { loadAsync: true });
  await settle();
  assert.deepEqual(said, [6000]);
  t = 9000;
  assert.equal(M.loadDynamicLibrary("c.so", {}), true); // a synchronous load counts too
  assert.deepEqual(said, [6000]);
  t = 11000;
  M.loadDynamicLibrary("d.so", {});
  assert.deepEqual(said, [6000, 11000]);
  assert.deepEqual(M.calls.map((c) => c[0]), ["a.so", "b.so", "c.so", "d.so"]);
});

test("undo puts the loader back; a failed load says nothing", async () => {
  const M = fakeModule();
  const original = M.loadDynamicLibrary;
  const undo = sayEachLibrary(M, () => {}, 5000);
  assert.notEqual(M.loadDynamicLibrary, original);
  undo();
  assert.equal(M.loadDynamicLibrary, original);
  let t = 0;
  const said = [];
  const M2 = { loadDynamicLibrary: () => Promise.reject(new Error("not wasm")) };
  sayEachLibrary(M2, () => said.push(t), 0, () => (t += 10));
  await assert.rejects(M2.loadDynamicLibrary("bad.so", { loadAsync: true }));
  await settle();
  assert.deepEqual(said, []);
});
