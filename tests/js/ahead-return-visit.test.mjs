// A return visit (the page under the service worker) and the runs computed ahead (js/run/ahead.js):
// a run goes ahead where the service worker keeps all its files (the runs an earlier visit showed:
// aheadFetched, which js/offline.js hands to sw.js), and for any other no file is asked for
// (offline such a request would fail, and the browser reports it as an error).
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

async function aheadModule(files = ["train", "scene"], boxes = undefined) {
  const dir = mkdtempSync(join(tmpdir(), "ahead-"));
  cpSync(SITE_JS, join(dir, "js"), { recursive: true });
  writeFileSync(join(dir, "js", "package.json"), '{"type": "module"}');
  writeFileSync(join(dir, "js", "run", "ahead-runs.js"), `export default ${JSON.stringify({
    dir: "ahead/abc/", boxes, runs: { "xor-online": { request: { cmd: "train", data: DATA, settings: SETTINGS }, files } } })};`);
  const m = await import(pathToFileURL(join(dir, "js", "run", "ahead.js")).href);
  return { m, done: () => rmSync(dir, { recursive: true, force: true }) };
}

function visit({ controlled, fetchOk, cached = [] }) {
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: { controller: controlled ? {} : null } }, configurable: true });
  globalThis.caches = { match: async (url) => (cached.some((name) => String(url).endsWith(`/ahead/abc/${name}`)) ? {} : undefined) };
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    if (!fetchOk) throw new TypeError("Failed to fetch"); // offline: the service worker does not keep them
    return { ok: true, json: async () => ({ ok: true, updates: 1 }) };
  };
  return asked;
}

test("a return visit to a run the service worker keeps whole: it goes ahead", async () => {
  const { m, done } = await aheadModule();
  try {
    const asked = visit({ controlled: true, fetchOk: true, cached: ["xor-online.train.json", "xor-online.scene.json"] });
    assert.equal(await m.aheadId(DATA, { ...SETTINGS, plot_px: [1, 2] }), "xor-online");
    assert.deepEqual(asked, []);
    m.showAhead("xor-online");
    assert.deepEqual(await m.aheadCall({ cmd: "train" }), { ok: true, updates: 1 });
  } finally { done(); }
});

test("a return visit to a run the service worker does not keep whole: no run ahead and no request (Python's run)", async () => {
  const { m, done } = await aheadModule();
  try {
    const asked = visit({ controlled: true, fetchOk: false, cached: ["xor-online.train.json"] });
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
    assert.deepEqual(m.aheadFetched(), []);
    m.showAhead("xor-online");
    // What the service worker is asked to keep: the files this visit fetched, site-relative.
    assert.deepEqual(m.aheadFetched().sort(), ["ahead/abc/xor-online.scene.json", "ahead/abc/xor-online.train.json"]);
  } finally { done(); }
});

test("a phone's return visit goes ahead where the service worker keeps the files drawn for a phone, not the desktop's", async (t) => {
  const { m, done } = await aheadModule(["train", "scene", "phone.scene"], { phone: { media: "(max-width: 30em)" } });
  globalThis.matchMedia = (q) => ({ matches: q === "(max-width: 30em)" }); // a 390 px phone
  t.after(() => { delete globalThis.matchMedia; done(); });
  visit({ controlled: true, fetchOk: false, cached: ["xor-online.train.json", "xor-online.scene.json"] });
  assert.equal(await m.aheadId(DATA, SETTINGS), null); // the desktop's drawing kept: Python's run on a phone
  const asked = visit({ controlled: true, fetchOk: true, cached: ["xor-online.train.json", "xor-online.phone.scene.json"] });
  assert.equal(await m.aheadId(DATA, SETTINGS), "xor-online");
  m.showAhead("xor-online");
  assert.deepEqual(asked.map((u) => u.replace(/^.*\/ahead\//, "ahead/")).sort(),
    ["ahead/abc/xor-online.phone.scene.json", "ahead/abc/xor-online.train.json"]);
});
