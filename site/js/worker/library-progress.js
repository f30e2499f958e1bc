// Signs of life while Pyodide loads the packages' compiled libraries.
//
// loadPackage ends with every .so of every wheel compiled from WebAssembly and linked, one
// after the other (~25 libraries, ~10 MB). Nothing is downloaded then and no stage begins,
// so the page's boot watchdog (js/python/pyclient.js: no new stage and no new byte for 30 s restarts
// the boot) hears nothing. WebKit compiles them on a single helper thread, fully before the
// first call, and on a busy 2-core machine that thread got one share of the CPU among dozens:
// the stage lasted 20 s without a word (bench/load_time.py --engine, "longest silence"), and
// past 30 s the boot was restarted, which made it slower still, and then given up.
// Each library loaded is a sign of progress: the worker says its current stage again, at
// most every `everyMs` (so a fast boot says nothing more, and the page's text stays the same).

/** Wrap Module.loadDynamicLibrary so that `say()` runs (throttled) as each library is loaded;
 * -> a function that undoes the wrap. */
export function sayEachLibrary(Module, say, everyMs = 5000, now = () => performance.now()) {
  const load = Module.loadDynamicLibrary;
  if (typeof load !== "function") return () => {};
  let last = now();
  const loaded = () => {
    const t = now();
    if (t - last < everyMs) return;
    last = t;
    say();
  };
  Module.loadDynamicLibrary = function (...args) {
    const r = load.apply(this, args);
    if (r && typeof r.then === "function") r.then(loaded, () => {});
    else loaded();
    return r;
  };
  return () => {
    Module.loadDynamicLibrary = load;
  };
}
