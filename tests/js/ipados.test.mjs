// iPadOS: the page's decision (js/python/ipados.js) and what Pyodide 0.27.7's own iOS test then
// answers in the worker: the test is read from node_modules/pyodide/pyodide.asm.js (the file
// build.py copies into dist/) and run against the worker's navigator, as Pyodide runs it.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isIPadOS, pythonWorkerName } from "../../site/js/python/ipados.js";
import { answerAsIPad } from "../../site/js/worker/as-ipad.js";

const ASM = new URL("../../node_modules/pyodide/pyodide.asm.js", import.meta.url);

// Pyodide's test, verbatim: `let isIOS=<expression>;` inside getPyEMCountArgsPtr.
function pyodideIOSTest() {
  const src = readFileSync(ASM, "utf8");
  const m = src.match(/function getPyEMCountArgsPtr\(\)\{let isIOS=([^;]+);if\(isIOS\)\{return 0\}/);
  assert.ok(m, "pyodide.asm.js no longer tests for iOS in getPyEMCountArgsPtr: re-read how it does");
  return new Function("globalThis", "navigator", `return !!(${m[1]});`);
}

// What the browsers' page navigators say (platform, maxTouchPoints).
const IPAD = { platform: "MacIntel", maxTouchPoints: 5 }; // iPadOS 13+ Safari, "desktop website"
const MAC = { platform: "MacIntel", maxTouchPoints: 0 };
const IPHONE = { platform: "iPhone", maxTouchPoints: 5 };
const WINDOWS_TOUCH = { platform: "Win32", maxTouchPoints: 10 };

// A dedicated worker's global: its name from new Worker(url, {name}), and a WorkerNavigator,
// whose platform is an accessor on the prototype (no maxTouchPoints there).
function workerScope(pageNav) {
  class WorkerNavigator {
    get platform() { return pageNav.platform; }
  }
  const navigator = new WorkerNavigator();
  return { name: pythonWorkerName(pageNav), navigator };
}

function pyodideSaysIOS(pageNav) {
  const scope = workerScope(pageNav);
  answerAsIPad(scope);
  return pyodideIOSTest()(scope, scope.navigator);
}

test("the page tells an iPad from a Mac by its touch points", () => {
  assert.equal(isIPadOS(IPAD), true);
  assert.equal(isIPadOS(MAC), false);
  assert.equal(isIPadOS(WINDOWS_TOUCH), false);
  assert.equal(isIPadOS(IPHONE), false); // says iPhone already: Pyodide sees that by itself
  assert.equal(isIPadOS(undefined), false);
});

test("Pyodide 0.27.7 alone takes an iPad for a Mac in the worker", () => {
  const scope = workerScope(IPAD);
  assert.equal(pyodideIOSTest()(scope, scope.navigator), false);
});

test("with the page's word, Pyodide's own test finds iOS on an iPad, and only there", () => {
  assert.equal(pyodideSaysIOS(IPAD), true);
  assert.equal(pyodideSaysIOS(IPHONE), true);
  assert.equal(pyodideSaysIOS(MAC), false);
  assert.equal(pyodideSaysIOS(WINDOWS_TOUCH), false);
});

test("a worker named without the mark keeps its platform", () => {
  const scope = { name: "python", navigator: { platform: "MacIntel" } };
  assert.equal(answerAsIPad(scope), false);
  assert.equal(scope.navigator.platform, "MacIntel");
  assert.equal(answerAsIPad({ name: "", navigator: { platform: "MacIntel" } }), false);
});
