// Perceptron Lab's Python worker (a module worker: new Worker(url, {type: "module"})).
//
// Boot: Pyodide runtime (with build.py's stdlib zip: the official one plus .pyc files)
// -> numpy + matplotlib + micropip (one loadPackage call, their wheels already
// downloading in parallel with the runtime) -> the app wheel, installed by
// micropip.install(<same-origin URL>, deps=False) (its bytes downloaded early too)
// -> import perceptron_lab (+ bridge, plots) and matplotlib -> "ready".
// Protocol (docs/ARCHITECTURE.md):
//   page -> worker  {type: "call", id, request}
//   worker -> page  {type: "stage", stage: "runtime"|"packages"|"app"|"ready", detail}
//                   {type: "progress", id, epoch, mistakes}   (at most every PROGRESS_MS)
//                   {type: "result", id, result}
//                   {type: "fatal", message, detail}          (message: one human sentence)
// Test hook (not used by the page): {type: "probe", id} -> {type: "probe", id, result}:
// how the app package was installed (importlib.metadata + micropip.list()).
// All URLs are relative to this file, so the site works under any path (/<repo>/).

const PYODIDE_VERSION = "0.27.7";
const ROOT = new URL("../", import.meta.url); // the site root (dist/)
const INDEX_URL = new URL(`pyodide/${PYODIDE_VERSION}/`, ROOT);
const PROGRESS_MS = 25;

const post = (msg) => self.postMessage(msg);
const stage = (name, detail = "") => post({ type: "stage", stage: name, detail });

class BootError extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}

// ---------------------------------------------------------------- early downloads
// Pyodide fetches a package only once the runtime is up. To overlap the ~11 MB of wheels
// with the runtime download and start-up, we fetch them at once (with SRI from the
// official lock's sha256) and hand the bytes to Pyodide's later fetch() of the same URL
// (micropip's download of the app wheel, pyfetch, is such a fetch() too).
const prefetched = new Map(); // absolute URL -> Promise<ArrayBuffer>
const realFetch = self.fetch.bind(self);

function hexToBase64(hex) {
  let bin = "";
  for (let i = 0; i < hex.length; i += 2) bin += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(bin);
}

function prefetch(url, sha256) {
  const href = new URL(url, ROOT).href;
  if (prefetched.has(href)) return;
  const init = sha256 ? { integrity: `sha256-${hexToBase64(sha256)}` } : {};
  const p = realFetch(href, init).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status} for ${href}`);
    return r.arrayBuffer();
  });
  p.catch(() => {}); // a failed prefetch falls back to a normal fetch below
  prefetched.set(href, p);
}

self.fetch = async (input, init) => {
  const href = input instanceof Request ? input.url : new URL(String(input), self.location.href).href;
  const p = prefetched.get(href);
  if (p && (!init || !init.method || init.method === "GET")) {
    prefetched.delete(href);
    try {
      const buf = await p;
      return new Response(buf, { status: 200, headers: { "Content-Type": "application/octet-stream" } });
    } catch {
      /* fall through to the network, with the caller's own integrity check */
    }
  }
  return realFetch(input, init);
};

async function fetchJSON(url, init) {
  let r;
  try {
    r = await realFetch(url, init);
  } catch (e) {
    throw new BootError("Could not download Perceptron Lab's files; check your connection and reload.", String(e));
  }
  if (!r.ok) throw new BootError("Perceptron Lab's files are missing on the server; reload, or try again later.", `HTTP ${r.status} for ${url}`);
  return r.json();
}

async function fetchText(url) {
  const r = await realFetch(url);
  if (!r.ok) throw new BootError("Perceptron Lab's files are missing on the server; reload, or try again later.", `HTTP ${r.status} for ${url}`);
  return r.text();
}

function lastLine(err) {
  const s = String(err && err.message ? err.message : err).trim().split("\n");
  return s[s.length - 1];
}

// ---------------------------------------------------------------- boot
let pyodide = null;
let handleJson = null;

async function boot() {
  const t0 = performance.now();
  const times = {};
  stage("runtime", "Starting the Python runtime");

  const infoP = fetchJSON(new URL("build-info.json", ROOT), { cache: "no-cache" });
  const modP = import(new URL("pyodide.mjs", INDEX_URL).href).catch((e) => {
    throw new BootError("Could not download the Python runtime; check your connection and reload.", String(e));
  });
  const info = await infoP;
  if (info.pyodide !== PYODIDE_VERSION) {
    throw new BootError("This page's files are out of date; reload the page.",
      `build-info says Pyodide ${info.pyodide}, worker expects ${PYODIDE_VERSION}`);
  }
  for (const w of info.wheels || []) prefetch(new URL(w.file_name, INDEX_URL), w.sha256);
  const appWheelURL = new URL(info.app_wheel, ROOT).href;
  prefetch(appWheelURL, info.app_wheel_sha256);
  const fontlistP = fetchText(new URL(info.fontlist, ROOT));
  fontlistP.catch(() => {});
  // Precompiled .pyc files of the site-packages modules imported at start (built by
  // build.py): optional, a speed-up only; without it Python compiles the sources as usual.
  const pycP = info.pycache
    ? realFetch(new URL(info.pycache, ROOT)).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)
    : Promise.resolve(null);

  const { loadPyodide } = await modP;
  try {
    pyodide = await loadPyodide({
      indexURL: INDEX_URL.href,
      // build.py's stdlib zip: every entry of the official python_stdlib.zip, byte for
      // byte, plus unchecked-hash .pyc files of the modules imported at start (Python
      // would otherwise compile them from source on every load).
      ...(info.stdlib ? { stdLibURL: new URL(info.stdlib, ROOT).href } : {}),
      env: { MPLBACKEND: "Agg", MPLCONFIGDIR: "/home/pyodide/.config/matplotlib" },
      stdout: (s) => console.log(s),
      stderr: (s) => console.warn(s),
    });
  } catch (e) {
    throw new BootError("The Python runtime could not start in this browser; try reloading, or another browser.", String(e));
  }
  times.runtime = performance.now() - t0;

  stage("packages", "Loading NumPy and Matplotlib");
  // numpy, matplotlib and micropip in one call: Pyodide fetches and installs them in parallel.
  const loadErrors = [];
  await pyodide.loadPackage(info.packages, {
    messageCallback: () => {},
    errorCallback: (m) => loadErrors.push(m),
    checkIntegrity: true,
  });
  // loadPackage does not throw when a package fails: check what actually got loaded.
  const missing = info.packages.filter((n) => !(n in pyodide.loadedPackages));
  if (missing.length) {
    throw new BootError(`Could not load ${missing.join(", ")}; reload the page to try again.`, loadErrors.join("\n"));
  }
  times.packages = performance.now() - t0;

  stage("app", "Loading Perceptron Lab");
  const pyc = await pycP;
  if (pyc) {
    try {
      pyodide.unpackArchive(pyc, "zip", { extractDir: info.site_packages });
    } catch (e) {
      console.warn("Python worker: skipped the .pyc bundle:", String(e));
    }
  }
  try {
    // The app's own wheel, from this site, installed by micropip (it records INSTALLER
    // "micropip" and the URL in the wheel's .dist-info). deps=False: numpy and matplotlib
    // are loaded above from the lock; nothing is looked up on a package index. The bytes
    // come from the early download above (pyfetch goes through our fetch wrapper).
    // micropip ends with importlib.invalidate_caches(), which in Python 3.12 makes every
    // cached zipimporter (~20, all for the stdlib zip) re-read the zip's whole directory
    // (~0.1 s); that zip never changes, so zipimporters skip it during the install. The
    // FileFinders (site-packages, where the wheel and the .pyc bundle went) are invalidated.
    pyodide.globals.set("_pl_wheel", appWheelURL);
    await pyodide.runPythonAsync(`
import time, zipimport
_t0 = time.perf_counter()
import micropip
_pl_import_ms = (time.perf_counter() - _t0) * 1000
_inv = zipimport.zipimporter.invalidate_caches
zipimport.zipimporter.invalidate_caches = lambda self: None
try:
    await micropip.install(_pl_wheel, deps=False)
finally:
    zipimport.zipimporter.invalidate_caches = _inv
del _pl_wheel, _inv, _t0
`);
    times.micropip_import = pyodide.globals.get("_pl_import_ms");
    pyodide.runPython("del _pl_import_ms");
  } catch (e) {
    throw new BootError("Could not install Perceptron Lab's Python package; reload the page to try again.", lastLine(e));
  }
  times.installed = performance.now() - t0;
  let fontlist;
  try {
    fontlist = await fontlistP;
  } catch (e) {
    if (e instanceof BootError) throw e;
    throw new BootError("Could not install Perceptron Lab's Python package; reload the page to try again.", String(e));
  }
  pyodide.globals.set("_pl_fontlist", fontlist);
  try {
    // matplotlib 3.8.4 in Pyodide 0.27.7 reads matplotlib/fontlist.json from its package
    // folder; the shipped one has _version 390 (FontManager wants 330), so without this
    // it rebuilds the font cache on every load. We write the build-time one first (and
    // a copy in MPLCONFIGDIR as fontlist-v330.json, where stock matplotlib looks).
    pyodide.runPython(`
import importlib, importlib.util, json, os, time as _t
_t0 = _t.perf_counter()
_v = json.loads(_pl_fontlist)["_version"]
_d = importlib.util.find_spec("matplotlib").submodule_search_locations[0]
with open(os.path.join(_d, "fontlist.json"), "w") as _f:
    _f.write(_pl_fontlist)
os.makedirs(os.environ["MPLCONFIGDIR"], exist_ok=True)
with open(os.path.join(os.environ["MPLCONFIGDIR"], f"fontlist-v{_v}.json"), "w") as _f:
    _f.write(_pl_fontlist)
del _pl_fontlist, _v, _d, _f
`);
  } catch (e) {
    throw new BootError("Could not install Perceptron Lab's Python package; reload the page to try again.", lastLine(e));
  }
  try {
    pyodide.runPython(`
_t1 = _t.perf_counter()
import matplotlib
matplotlib.use("Agg")
import matplotlib.figure, matplotlib.backends.backend_agg
_t2 = _t.perf_counter()
import perceptron_lab, perceptron_lab.bridge
if importlib.util.find_spec("perceptron_lab.plots") is not None:
    import perceptron_lab.plots
_pl_times = {"fontlist": (_t1 - _t0) * 1000, "import_matplotlib": (_t2 - _t1) * 1000,
             "import_app": (_t.perf_counter() - _t2) * 1000}
del _t0, _t1, _t2
`);
    Object.assign(times, pyodide.globals.get("_pl_times").toJs({ dict_converter: Object.fromEntries }));
    pyodide.runPython("del _pl_times");
    handleJson = pyodide.pyimport("perceptron_lab.bridge").handle_json;
  } catch (e) {
    throw new BootError("Perceptron Lab's Python code failed to load; this is a bug, please report it.", lastLine(e));
  }
  times.ready = performance.now() - t0;
  for (const k of Object.keys(times)) times[k] = Math.round(times[k]);
  // Worker start in the page's clock: timeOrigin differs between page and worker.
  times.origin = performance.timeOrigin;
  console.info(`Perceptron Lab: Python ready in ${times.ready} ms`, JSON.stringify(times));
  post({ type: "stage", stage: "ready", detail: `Python is ready (${times.ready} ms)`, times });
}

const booted = boot().then(
  () => true,
  (e) => {
    const message = e instanceof BootError ? e.message : "Python could not be started; reload the page to try again.";
    const detail = e instanceof BootError ? e.detail : String(e && e.stack ? e.stack : e);
    post({ type: "fatal", message, detail: detail ? String(detail).slice(0, 2000) : "" });
    return false;
  },
);

// ---------------------------------------------------------------- calls
async function handleCall(id, request) {
  if (!(await booted)) return; // the page got "fatal" and will restart us
  let last = 0;
  const progress = (epoch, mistakes) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS && epoch !== 1) return;
    last = now;
    post({ type: "progress", id, epoch: Number(epoch), mistakes: Number(mistakes) });
  };
  let result;
  try {
    const out = handleJson(JSON.stringify(request), progress);
    result = JSON.parse(out);
  } catch (e) {
    result = { ok: false, error: { kind: "internal", message: `Something went wrong inside Perceptron Lab: ${lastLine(e)}` } };
  }
  post({ type: "result", id, result });
}

// Test hook: how was the app package installed? (tests/e2e/test_boot.py)
async function handleProbe(id) {
  if (!(await booted)) return;
  let result;
  const ns = pyodide.globals.get("dict")(); // a namespace of its own: leaves no globals behind
  try {
    result = JSON.parse(pyodide.runPython(`
import importlib.metadata, json, micropip
d = importlib.metadata.distribution("perceptron-lab")
p = micropip.list().get("perceptron-lab")
json.dumps({
    "version": d.version,
    "installer": d.read_text("INSTALLER"),
    "url": d.read_text("PYODIDE_URL"),
    "sha256": d.read_text("PYODIDE_SHA256"),
    "micropip": micropip.__version__,
    "listed": None if p is None else {"name": p.name, "version": p.version, "source": p.source},
})
`, { globals: ns }));
  } catch (e) {
    result = { error: lastLine(e) };
  } finally {
    ns.destroy();
  }
  post({ type: "probe", id, result });
}

// Calls run one at a time, in order (Python is single-threaded anyway).
let chain = Promise.resolve();
self.onmessage = (ev) => {
  const msg = ev.data || {};
  if (msg.type === "call") {
    chain = chain.then(() => handleCall(msg.id, msg.request));
  } else if (msg.type === "probe") {
    chain = chain.then(() => handleProbe(msg.id));
  }
};
