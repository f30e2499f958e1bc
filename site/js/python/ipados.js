// iPadOS, told to the Python worker before Pyodide starts.
//
// Pyodide 0.27.7 tests for iOS once, while its runtime starts (pyodide.asm.js,
// getPyEMCountArgsPtr): `/iPad|iPhone|iPod/.test(navigator.platform)`. On iOS it skips a
// WebAssembly trick that crashes Safari there (pyodide issues #5428, #5670). An iPad's Safari
// says "MacIntel" like a Mac, so Pyodide takes it for one and crashes on iPadOS 18. Pyodide
// 0.28 also asks navigator.maxTouchPoints, which a Web Worker's navigator does not have: only
// the page can tell an iPad (a touch screen, "MacIntel") from a Mac (no touch screen).
// So the page names its worker for it (new Worker(url, {name})): the name is there from the
// worker's first line, before Pyodide loads, and there the worker's navigator.platform is made
// to answer "iPad", which is what the device is (js/worker/as-ipad.js).

import { IPADOS_MARK, WORKER_NAME } from "../worker/protocol.js";

/** Is this page running on an iPad that calls itself a Mac? (navigator of the page) */
export function isIPadOS(nav = globalThis.navigator) {
  return !!nav && nav.platform === "MacIntel" && Number(nav.maxTouchPoints) > 1;
}

/** The name of a Python worker started by this page (carries the iPadOS mark if it applies). */
export function pythonWorkerName(nav = globalThis.navigator) {
  return isIPadOS(nav) ? `${WORKER_NAME} ${IPADOS_MARK}` : WORKER_NAME;
}
