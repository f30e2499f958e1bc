// site/sw.js's own guards, run in a bare context as a service worker's global scope would be:
// no CSP reaches a service worker on static hosting, so sw.js refuses code from strings and
// fetches off the site's root by itself, before anything else runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { createHash } from "node:crypto";

const source = readFileSync(new URL("../../site/sw.js", import.meta.url), "utf8");

function serviceWorkerScope(cached = new Map()) {
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
    fetch: async (input) => { fetched.push(String(input instanceof scope.Request ? input.url : input)); return { ok: true, network: true }; },
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
