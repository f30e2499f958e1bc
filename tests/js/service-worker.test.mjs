// site/sw.js's own guards, run in a bare context as a service worker's global scope would be:
// no CSP reaches a service worker on static hosting, so sw.js refuses code from strings and
// fetches off the site's root by itself, before anything else runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { createHash } from "node:crypto";

const source = readFileSync(new URL("../../site/sw.js", import.meta.url), "utf8");

function serviceWorkerScope(cached = new Map(), network = async () => ({ ok: true, network: true })) {
  const fetched = [];
  const listeners = {};
  const deleted = [];
  const cache = {
    match: async (req) => { const b = cached.get(typeof req === "string" ? req : req.url); return b ? new Response(b) : undefined; },
    delete: async (req) => { deleted.push(typeof req === "string" ? req : req.url); return true; },
  };
  const scope = {
    location: { href: "https://lab.example.edu/perceptron-lab/sw.js" },
    addEventListener(type, fn) { listeners[type] = fn; },
    crypto: globalThis.crypto,
    caches: { match: cache.match, keys: async () => ["perceptron-lab-b1"], open: async () => cache },
    listeners, deleted,
    setTimeout, setInterval, clearTimeout, URL, Request: class Request { constructor(url) { this.url = url; } },
    fetch: async (input) => { const url = String(input instanceof scope.Request ? input.url : input); fetched.push(url); return network(url); },
  };
  scope.self = scope;
  const context = vm.createContext(scope);
  vm.runInContext(source, context);
  return { scope, context, fetched };
}

test("code from strings is refused: eval, Function and its kin, string timers", () => {
  const { context } = serviceWorkerScope();
  for (const code of [
    "eval('1 + 1')",
    "Function('return 2')()",
    "(function () {}).constructor('return 3')()",
    "(async () => {}).constructor('return 4')()",
    "(function* () {}).constructor('yield 5')",
    "self.setTimeout('self.ran = true', 0)",
    "self.setInterval('self.ran = true', 10)",
  ]) {
    assert.throws(() => vm.runInContext(code, context), (e) => e.name === "EvalError" &&
      e.message === "Perceptron Lab's service worker runs no code from strings.", code);
  }
  // Functions still run as timers (the service worker's own code uses none, a browser might).
  assert.doesNotThrow(() => vm.runInContext("clearTimeout(self.setTimeout(() => {}, 0))", context));
});

test("fetches off the site's root are refused; the site's own files are fetched", async () => {
  const { scope, fetched } = serviceWorkerScope();
  await assert.rejects(scope.fetch("https://elsewhere.example/steal"), /not this site's file: https:\/\/elsewhere\.example\/steal/);
  await assert.rejects(scope.fetch("https://lab.example.edu/other-project/x.js"), /not this site's file/);
  await scope.fetch("build-info.json");
  await scope.fetch("https://lab.example.edu/perceptron-lab/js/main.js");
  assert.deepEqual(fetched, ["build-info.json", "https://lab.example.edu/perceptron-lab/js/main.js"]);
});

test("a cached file of a content-hashed folder is served only if its bytes still hash to the folder's name", async () => {
  const wheel = new TextEncoder().encode("the wheel's bytes");
  const hash = createHash("sha256").update(wheel).digest("hex").slice(0, 12);
  const url = `https://lab.example.edu/perceptron-lab/pyodide/0.27.7/${hash}/six-1.16.0-py2.py3-none-any.whl`;
  const serve = async (bytes) => {
    const { scope, fetched } = serviceWorkerScope(new Map([[url, bytes]]));
    let answer;
    const request = Object.assign(new scope.Request(url), { method: "GET", mode: "cors" });
    scope.listeners.fetch({ request, respondWith: (p) => { answer = p; } });
    const res = await answer;
    return { res, fetched, deleted: scope.deleted };
  };
  const good = await serve(wheel);
  assert.deepEqual(new Uint8Array(await good.res.arrayBuffer()), wheel); // the cache's copy, whole
  assert.deepEqual(good.fetched, []);
  const patched = wheel.slice();
  patched[3] ^= 1; // same size, one bit: what a neighbour on the same origin could leave
  const bad = await serve(patched);
  assert.equal(bad.res.network, true); // fetched again from the site
  assert.deepEqual(bad.fetched, [url]);
  assert.deepEqual(bad.deleted, [url]); // and the damaged copy dropped
});

// The runtime's files are named by version only: their digests come in build-info.json.
const SITE = "https://lab.example.edu/perceptron-lab/";
const RUNTIME_URL = `${SITE}pyodide/0.27.7/pyodide.asm.js`;
const runtime = new TextEncoder().encode("the runtime's bytes");
const buildInfo = (digests) => JSON.stringify({ build: "b1", runtime_sha256: digests });
const digests = { "pyodide/0.27.7/pyodide.asm.js": createHash("sha256").update(runtime).digest("hex") };

function runtimeWorker(cachedBytes, { online = true, manifest = digests } = {}) {
  const cached = new Map([[RUNTIME_URL, cachedBytes], [`${SITE}build-info.json`, buildInfo(manifest)]]);
  const network = async (url) => {
    if (!online) throw new TypeError("Failed to fetch");
    return url === `${SITE}build-info.json` ? new Response(buildInfo(manifest)) : { ok: true, network: true };
  };
  const { scope, fetched } = serviceWorkerScope(cached, network);
  const ask = () => {
    let answer;
    const request = Object.assign(new scope.Request(RUNTIME_URL), { method: "GET", mode: "cors" });
    scope.listeners.fetch({ request, respondWith: (p) => { answer = p; } });
    return answer;
  };
  return { ask, cached, fetched, deleted: scope.deleted };
}

const patch = (bytes) => { const b = bytes.slice(); b[3] ^= 1; return b; };

test("a cached runtime file is served only if its bytes have the SHA-256 build-info.json gives", async () => {
  const good = runtimeWorker(runtime);
  assert.deepEqual(new Uint8Array(await (await good.ask()).arrayBuffer()), runtime);
  assert.deepEqual(good.fetched, [`${SITE}build-info.json`]); // the digests, from the site
  const bad = runtimeWorker(patch(runtime));
  assert.equal((await bad.ask()).network, true);
  assert.deepEqual(bad.fetched, [`${SITE}build-info.json`, RUNTIME_URL]);
  assert.deepEqual(bad.deleted, [RUNTIME_URL]);
  const unlisted = runtimeWorker(runtime, { manifest: {} }); // no digest: never from the cache
  assert.equal((await unlisted.ask()).network, true);
  assert.deepEqual(unlisted.deleted, [RUNTIME_URL]);
});

test("the digests are fetched once per worker, the bytes checked on every request", async () => {
  const w = runtimeWorker(runtime);
  await w.ask();
  await w.ask();
  assert.deepEqual(w.fetched, [`${SITE}build-info.json`]);
  w.cached.set(RUNTIME_URL, patch(runtime)); // rewritten while this worker lives
  assert.equal((await w.ask()).network, true);
  assert.deepEqual(w.deleted, [RUNTIME_URL]);
});

test("offline, the cached build-info.json's digest decides, and altered bytes are refused", async () => {
  const good = runtimeWorker(runtime, { online: false });
  assert.deepEqual(new Uint8Array(await (await good.ask()).arrayBuffer()), runtime);
  const bad = runtimeWorker(patch(runtime), { online: false });
  await assert.rejects(bad.ask(), /Failed to fetch/); // a failed download, never the altered copy
  assert.deepEqual(bad.deleted, [RUNTIME_URL]);
});

test("precache keeps the build's files and the runs computed ahead the page showed, of this build only", async () => {
  const info = { build: "b1", precache: ["js/main.js"], runs_ahead_dir: "ahead/0123456789ab/" };
  const network = async (url) => (url.endsWith("build-info.json")
    ? new Response(JSON.stringify(info)) : url.includes("missing") ? new Response("", { status: 404 }) : new Response("{}"));
  const { scope } = serviceWorkerScope(new Map(), network);
  const put = [];
  const told = [];
  const cache = { match: async () => undefined, put: async (url) => { put.push(url.replace("https://lab.example.edu/perceptron-lab/", "")); } };
  Object.assign(scope.caches, { open: async () => cache, keys: async () => ["perceptron-lab-b1"], match: async () => undefined });
  scope.clients = { matchAll: async () => [{ postMessage: (m) => told.push(m) }] };
  let done;
  scope.listeners.message({ data: { type: "precache", ahead: ["ahead/0123456789ab/and-online.train.json",
    "ahead/0123456789ab/missing.scene.json", "ahead/ffffffffffff/old.train.json", "js/../../elsewhere.json", 7] },
  waitUntil: (p) => { done = p; } });
  await done;
  assert.deepEqual(put.sort(), ["", "ahead/0123456789ab/and-online.train.json", "build-info.json", "js/main.js"]);
  assert.equal(told.at(-1).type, "precached"); // a run file that could not be had fails nothing
});

test("precache keeps Python's catalog of the page's language only, named by this build's python_catalogs", async () => {
  const info = { build: "b1", precache: ["js/main.js"], python_catalogs: {
    de: { path: "py/0123456789ab/perceptron_lab.mo", sha256: "0123456789ab" }, es: { path: "py/ba9876543210/perceptron_lab.mo" },
    xx: { path: "../elsewhere.mo" } } };
  const network = async (url) => (url.endsWith("build-info.json") ? new Response(JSON.stringify(info)) : new Response("mo"));
  const asked = async (lang) => {
    const { scope } = serviceWorkerScope(new Map(), network);
    const put = [];
    const cache = { match: async () => undefined, put: async (url) => { put.push(url.replace("https://lab.example.edu/perceptron-lab/", "")); } };
    Object.assign(scope.caches, { open: async () => cache, keys: async () => ["perceptron-lab-b1"], match: async () => undefined });
    scope.clients = { matchAll: async () => [] };
    let done;
    scope.listeners.message({ data: { type: "precache", ahead: [], catalog: null, lang }, waitUntil: (p) => { done = p; } });
    await done;
    return put.filter((p) => p.endsWith(".mo"));
  };
  assert.deepEqual(await asked("de"), ["py/0123456789ab/perceptron_lab.mo"]);
  assert.deepEqual(await asked("es"), ["py/ba9876543210/perceptron_lab.mo"]);
  assert.deepEqual(await asked("en"), []); // English has none
  assert.deepEqual(await asked("xx"), []); // a listed path outside the content-hashed folders is not fetched
  assert.deepEqual(await asked("constructor"), []);
});
