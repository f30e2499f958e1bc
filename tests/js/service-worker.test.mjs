// site/sw.js's own guards, run in a bare context as a service worker's global scope would be:
// no CSP reaches a service worker on static hosting, so sw.js refuses code from strings and
// fetches off the site's root by itself, before anything else runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const source = readFileSync(new URL("../../site/sw.js", import.meta.url), "utf8");

function serviceWorkerScope() {
  const fetched = [];
  const scope = {
    location: { href: "https://lab.example.edu/perceptron-lab/sw.js" },
    addEventListener() {},
    setTimeout, setInterval, clearTimeout, URL, Request: class Request { constructor(url) { this.url = url; } },
    fetch: async (input) => { fetched.push(String(input instanceof scope.Request ? input.url : input)); return { ok: true }; },
    caches: {},
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
