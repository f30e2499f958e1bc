// A return visit (the page under the service worker) and the runs computed ahead (js/run/ahead.js):
// a return visit runs none ahead and asks for none of their files (the service worker does not keep
// them: offline such a request would fail, and the browser reports it as an error).
// ahead-runs.js exists in dist/ only: the page's modules are copied with a one-run index.
import test from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SITE_JS = fileURLToPath(new URL("../../site/js/", import.meta.url));
const DATA = { kind: "preset", name: "xor" };
const SETTINGS = { algorithm: "online", eta: 1 };

async function aheadModule() {
  const dir = mkdtempSync(join(tmpdir(), "ahead-"));
  cpSync(SITE_JS, join(dir, "js"), { recursive: true });
  writeFileSync(join(dir, "js", "package.json"), '{"type": "module"}');
  writeFileSync(join(dir, "js", "run", "ahead-runs.js"), `export default ${JSON.stringify({
    dir: "ahead/abc/", runs: { "xor-online": { request: { cmd: "train", data: DATA, settings: SETTINGS }, files: ["train"] } } })};`);
  const m = await import(pathToFileURL(join(dir, "js", "run", "ahead.js")).href);
  return { m, done: () => rmSync(dir, { recursive: true, force: true }) };
}

function visit({ controlled, fetchOk }) {
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: { controller: controlled ? {} : null } }, configurable: true });
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    if (!fetchOk) throw new TypeError("Failed to fetch"); // offline: the service worker does not keep them
    return { ok: true, json: async () => ({ ok: true, updates: 1 }) };
  };
  return asked;
}

test("a return visit (the service worker's page): no run ahead and no request (Python's run)", async () => {
  const { m, done } = await aheadModule();
  try {
    const asked = visit({ controlled: true, fetchOk: false });
    assert.equal(await m.aheadId(DATA, SETTINGS), null);
    assert.deepEqual(asked, []); // nothing asked for that offline would fail
  } finally { done(); }
});

test("a first visit: the run goes ahead without asking for a file first", async () => {
  const { m, done } = await aheadModule();
  try {
    const asked = visit({ controlled: false, fetchOk: true });
    assert.equal(await m.aheadId(DATA, SETTINGS), "xor-online");
    assert.equal(asked.length, 0);
  } finally { done(); }
});
