// Alive from ANY Python bytecode, not only where the code calls heartbeat.beat() (worker side;
// js/worker.js turns it on during each call). Pyodide's
// setInterruptBuffer(buf) turns on CPython's periodic signal check, which every ~50
// eval-breaker checks (loops and calls) runs _Py_CheckEmscriptenSignals_Helper in JS: it reads
// Module.Py_EmscriptenSignalBuffer three times (is there one? buf[0]; buf[0] = 0). A getter
// there runs our code on every check; the buffer it returns is a plain Int32Array holding 0 (no
// signal), so no SharedArrayBuffer is needed. (setInterruptBuffer of an object with an index-0
// getter works too, but an accessor element is V8's slow path: ~160 ns a check against ~45.)
// The page hears from every Python phase (theory, plots, the CSV reader); silence means a dead
// worker or one C call that runs long (bench/silence.py). On only during a call; its cost is
// within noise (bench/alive_cost.py).
const ALIVE_MS = 1000;
const NO_SIGNAL = new Int32Array(1);
let onCheck = null; // during a call: run once per signal check
let checksWatched = false;

/** During a call: fn() on every signal check of CPython's eval loop (off: stopChecks). */
export function startChecks(pyodide, fn) {
  onCheck = fn;
  if (watchChecks(pyodide)) pyodide.setInterruptBuffer(NO_SIGNAL);
}

export function stopChecks(pyodide) {
  if (pyodide) pyodide.setInterruptBuffer(undefined); // between calls no check runs at all
  onCheck = null;
}

function watchChecks(pyodide) {
  const M = pyodide._module; // Emscripten's Module (Pyodide 0.27 exposes it)
  if (checksWatched || !M) return checksWatched;
  let reads = 0;
  Object.defineProperty(M, "Py_EmscriptenSignalBuffer", {
    configurable: true,
    get() {
      if (onCheck === null) return undefined; // no check runs between calls anyway
      if (++reads === 3) {
        reads = 0;
        onCheck();
      }
      return NO_SIGNAL;
    },
    set(_) {}, // setInterruptBuffer assigns here: the getter decides
  });
  return (checksWatched = true);
}

/** tell(), at most once per ALIVE_MS. */
export function throttled(tell) {
  let next = performance.now() + ALIVE_MS;
  return () => {
    const now = performance.now();
    if (now < next) return;
    next = now + ALIVE_MS;
    tell();
  };
}
