// The wheels' compiled libraries (.so files: WebAssembly side modules), compiled as soon as
// their wheel has arrived, and handed ready-made to Pyodide's loader.
//
// Pyodide 0.27.7's loadPackage compiles and links each library only after every wheel is
// unpacked, one library after the other, each with WebAssembly.instantiate(bytes, imports).
// JavaScriptCore (Safari, WebKitGTK) compiles a module fully before it can run, so there
// these ~9.7 MB of libraries took 1.1-1.5 s of the "packages" stage against 0.4-0.5 s in
// Chromium (bench/load_time.py --engine, worker stages). Compiled from the wheel's files as
// soon as they are unzipped (js/worker/wheel-unpack.js), while the worker's thread is busy starting
// Python, what is left in loadPackage is instantiating them.
// The libraries are the same bytes either way: the wheels are the lock's (their sha256 is
// checked by js/worker/boot-downloads.js), and a module compiled here is used only for an
// instantiate() whose bytes are equal, byte for byte, to those it came from.

const compiled = new Map(); // byte length -> [{bytes, module: Promise<WebAssembly.Module>}]

/** Start compiling every library among `files` (a Promise of a wheel's [{name, data}]).
 * Errors are left to Pyodide: a library that did not compile here is compiled by it as usual. */
export function compileLibraries(files) {
  if (!WebAssembly.compile) return;
  files.then((list) => {
    for (const { name, data } of list) {
      if (!name.endsWith(".so")) continue;
      const module = WebAssembly.compile(data);
      module.catch(() => {});
      const same = compiled.get(data.length) || [];
      same.push({ bytes: data, module });
      compiled.set(data.length, same);
    }
  }, () => {});
}

/** While Pyodide loads packages: WebAssembly.instantiate(bytes) of a library compiled above
 * uses its compiled module. -> a function that ends this and lets the modules go; it returns
 * how many libraries were instantiated from a module compiled early. */
export function useCompiledLibraries() {
  const instantiate = WebAssembly.instantiate;
  let served = 0;
  WebAssembly.instantiate = function (source, imports) {
    const early = ArrayBuffer.isView(source) && take(source);
    if (!early) return instantiate.call(WebAssembly, source, imports);
    return early.module.then(
      (module) => instantiate.call(WebAssembly, module, imports).then((instance) => {
        served += 1;
        return { module, instance };
      }),
      () => instantiate.call(WebAssembly, source, imports),
    );
  };
  return () => {
    WebAssembly.instantiate = instantiate;
    compiled.clear();
    return served;
  };
}

function take(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const same = compiled.get(bytes.length) || [];
  const i = same.findIndex((c) => equal(c.bytes, bytes));
  return i < 0 ? null : same.splice(i, 1)[0];
}

function equal(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
