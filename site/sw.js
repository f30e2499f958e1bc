// Perceptron Lab's service worker: the site works offline after one visit, and never serves
// an old app after a deploy. Registered by js/offline.js once Python is ready; its scope is
// this file's folder, so it works under a sub-path (GitHub Pages project sites).
//
// - Files whose URL names their content (py/<sha256 prefix>/..., pyodide/<version>/...)
//   never change under that URL: cache first.
// - Every other file (index.html, js/, css/, build-info.json) goes to the network first,
//   bypassing the HTTP cache (no-store: a revalidation would keep a newer cached copy when a
//   deploy is rolled back to files with older dates), and to the cache only when the network
//   fails. The build the server has now is therefore what the next load runs (offline: the
//   last build this browser saw), and its new file names miss the cache and come from the
//   network.
// - On the page's "precache" message: every file of the current build (build-info.json's
//   list) goes into the cache "perceptron-lab-<build id>"; once it is complete, the caches
//   of older builds are deleted. The message also names the runs computed ahead that the page
//   showed (ahead/<hash>/…, 7 MB in all, so not every one): those are kept too, beside the build.
const PREFIX = "perceptron-lab-";
const ROOT = new URL("./", self.location.href).href;
const IMMUTABLE = /^(py\/[0-9a-f]{12}\/|pyodide\/\d+\.\d+\.\d+\/)/;

// No Content Security Policy reaches this script on static hosting: a service worker's policy
// comes from its own response's header, which GitHub Pages cannot set, and <meta> tags do not
// apply here. So the two things the page's policy forbids are refused by hand, before any other
// code runs: strings as code (eval, Function and its async/generator kin, string timers), and
// fetches off this site (this worker only ever fetches the site's own files).
{
  const refuse = () => {
    throw new EvalError("Perceptron Lab's service worker runs no code from strings.");
  };
  const kin = [Function, (async () => {}).constructor, function* () {}.constructor, async function* () {}.constructor];
  for (const F of kin) Object.defineProperty(F.prototype, "constructor", { value: refuse });
  self.eval = self.Function = refuse;
  for (const name of ["setTimeout", "setInterval"]) {
    const timer = self[name].bind(self);
    self[name] = (fn, ...rest) => (typeof fn === "function" ? timer(fn, ...rest) : refuse());
  }
  const siteFetch = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), ROOT).href;
    if (!url.startsWith(ROOT)) return Promise.reject(new TypeError(`not this site's file: ${url}`));
    return siteFetch(input, init);
  };
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (ev) => ev.waitUntil(self.clients.claim()));

function relative(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  return u.href.startsWith(ROOT) ? u.href.slice(ROOT.length) : null;
}

async function fromCache(key) {
  return caches.match(key, { ignoreSearch: true });
}

// A cached copy is served only if its bytes still hash to a digest that comes with the build
// (anything on this origin can rewrite the cache: docs/PYODIDE.md, "An origin of its own"); a
// copy that does not is dropped and fetched again, and offline the request fails (the page
// says the runtime could not be downloaded) rather than run altered bytes.
// - A file in a content-hashed folder (py/<hash>/…, pyodide/<version>/<hash>/…) names the first
//   12 hex digits of its SHA-256.
// - The runtime's own files, named by version only (pyodide/<version>/pyodide.asm.js, .asm.wasm,
//   pyodide.mjs), have their whole SHA-256 in build-info.json's "runtime_sha256"; a file there
//   without one is never served from the cache.
// Every request is checked again (~10 MB hashed per visit, tens of ms): the Cache API has no
// identity for an entry, so a verdict kept by URL would let a rewrite made while this worker
// lives through, and the page must get the cache's own Response (its wasm code cache).
const HASHED = /(?:^|\/)([0-9a-f]{12})\/[^/]+$/;
const RUNTIME = /^pyodide\/\d+\.\d+\.\d+\/[^/]+$/;

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

// A runtime file's URL names its version, so its digest never changes: the network's list is
// kept for this worker's life. Offline, the cached build-info.json (re-read on each request).
let runtimeDigests = null; // a promise: the three files are requested at once

async function runtimeDigest(rel) {
  runtimeDigests = runtimeDigests || fetch(ROOT + "build-info.json", { cache: "no-store" }).then((res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json();
  }).then((info) => info.runtime_sha256 || {});
  try {
    return (await runtimeDigests)[rel];
  } catch {
    runtimeDigests = null;
    const res = await fromCache(ROOT + "build-info.json");
    const info = res ? await res.json().catch(() => ({})) : {};
    return (info.runtime_sha256 || {})[rel];
  }
}

async function intact(res, rel) {
  const m = HASHED.exec(rel);
  if (!m && !RUNTIME.test(rel)) return true;
  const want = m ? m[1] : await runtimeDigest(rel);
  if (typeof want !== "string" || !/^[0-9a-f]{12}(?:[0-9a-f]{52})?$/.test(want)) return false;
  const got = hex(await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer()));
  return got.slice(0, want.length) === want;
}

async function cacheFirst(req, rel) {
  const hit = await fromCache(req);
  if (hit && (await intact(hit, rel))) return hit;
  if (hit) for (const key of await caches.keys()) await (await caches.open(key)).delete(req, { ignoreSearch: true });
  return fetch(req);
}

async function networkFirst(req, rel) {
  try {
    // A navigation request cannot be re-made with options: fetch its URL instead.
    return await (req.mode === "navigate" ? fetch(req.url, { cache: "no-store" }) : fetch(req, { cache: "no-store" }));
  } catch (err) {
    const hit = (await fromCache(req)) || (rel === "" ? await fromCache(ROOT + "index.html") : null);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET") return;
  const rel = relative(req.url);
  if (rel === null) return; // not this site's: the browser's default
  ev.respondWith(IMMUTABLE.test(rel) ? cacheFirst(req, rel) : networkFirst(req, rel));
});

async function put(cache, rel) {
  const url = ROOT + rel;
  if (await cache.match(url)) return;
  let res = IMMUTABLE.test(rel) ? await fromCache(url) : null; // the same bytes, from an older build
  if (res && !(await intact(res, rel))) res = null;
  if (!res) {
    res = await fetch(url, { cache: IMMUTABLE.test(rel) ? "default" : "no-store" });
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${rel}`);
  }
  await cache.put(url, res);
}

let running = null;

// A run computed ahead of this build: one of its answer files (build.py, tools/runs_ahead.py).
const AHEAD = /^ahead\/[0-9a-f]{12}\/[\w.-]+\.json$/;
// The page's language's catalog (its own only: not in the build's list, tools/sitefiles.py).
const CATALOG = /^locale\/[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*\/page\.json$/;

async function precache(ahead = [], catalog = null, lang = null) {
  let res;
  try {
    res = await fetch(ROOT + "build-info.json", { cache: "no-store" });
  } catch {
    // Offline: the build this browser already holds (complete if every file below is there).
    res = await caches.match(ROOT + "build-info.json");
    if (!res) throw new Error("offline, and no build of this page is cached");
  }
  const info = await res.json();
  const name = PREFIX + info.build;
  const cache = await caches.open(name);
  const files = ["", "build-info.json", ...info.precache];
  // Two at a time: in the background, next to whatever the page does.
  const queue = files.slice();
  const lane = async () => {
    while (queue.length) await put(cache, queue.shift());
  };
  await Promise.all([lane(), lane()]);
  // Only this build's runs; one that cannot be had now is no failure of the build's copy.
  for (const rel of Array.isArray(ahead) ? ahead : []) {
    if (typeof rel === "string" && AHEAD.test(rel) && info.runs_ahead_dir && rel.startsWith(info.runs_ahead_dir)) {
      await put(cache, rel).catch(() => {});
    }
  }
  if (typeof catalog === "string" && CATALOG.test(catalog)) await put(cache, catalog).catch(() => {});
  // And Python's catalog of that language (build-info's python_catalogs; the worker asks for it on use).
  const python = typeof lang === "string" && Object.hasOwn(info.python_catalogs || {}, lang) ? info.python_catalogs[lang].path : null;
  if (typeof python === "string" && IMMUTABLE.test(python)) await put(cache, python).catch(() => {});
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== name) await caches.delete(key);
  }
  return { build: info.build, files: files.length };
}

async function tell(msg) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(msg);
}

self.addEventListener("message", (ev) => {
  if (!ev.data || ev.data.type !== "precache") return;
  running = running || precache(ev.data.ahead, ev.data.catalog, ev.data.lang).then(
    (done) => tell({ type: "precached", ...done }),
    (err) => tell({ type: "precache-failed", detail: String(err && err.message ? err.message : err) }),
  ).finally(() => { running = null; });
  ev.waitUntil(running);
});
