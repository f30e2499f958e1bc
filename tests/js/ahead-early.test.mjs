// A first visit's run computed ahead asked for from the page's <head> (js/run/ahead-early.js):
// which addresses name a run before the page's state code has loaded, and that run/ahead.js then
// takes those answers instead of asking for the files again.
// ahead-runs.js exists in dist/ only: the page's modules are copied with a small index.
import test from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runOfAddress } from "../../site/js/run/ahead-early.js";

const SITE_JS = fileURLToPath(new URL("../../site/js/", import.meta.url));
const XOR = { kind: "preset", name: "xor" };
const run = (name, algorithm) => ({ request: { cmd: "train", data: { kind: "preset", name }, settings: { algorithm, eta: 1 } },
  files: ["train", "scene"] });
const INDEX = { dir: "ahead/abc/", defaults: { preset: "and", algorithm: "online" },
  runs: { "and-online": run("and", "online"), "xor-online": run("xor", "online"), "iris-pocket": run("iris", "pocket") } };

test("the run an address names at the page's defaults: none, a preset, a preset and an algorithm", () => {
  assert.equal(runOfAddress("", INDEX), "and-online");
  assert.equal(runOfAddress("#v=1&preset=xor", INDEX), "xor-online");
  assert.equal(runOfAddress("#v=1&source=preset&preset=iris&algorithm=pocket", INDEX), "iris-pocket");
});

test("no early run where the address says more than the preset and algorithm, or names no shipped run", () => {
  assert.equal(runOfAddress("#v=1&preset=xor&eta=2", INDEX), null);      // another setting: ahead.js matches
  assert.equal(runOfAddress("#view=lesson&lesson=1&step=1", INDEX), null);
  assert.equal(runOfAddress("#v=1&source=csv", INDEX), null);
  assert.equal(runOfAddress("#v=1&preset=xor&algorithm=kernel", INDEX), null); // not shipped
  assert.equal(runOfAddress("#v=1&preset=xor", { ...INDEX, dir: null }), null);
  assert.equal(runOfAddress("#v=1&preset=xor", null), null);              // served from site/: no index
});

async function firstVisit(hash, index = INDEX) {
  const dir = mkdtempSync(join(tmpdir(), "ahead-early-"));
  cpSync(SITE_JS, join(dir, "js"), { recursive: true });
  writeFileSync(join(dir, "js", "package.json"), '{"type": "module"}');
  writeFileSync(join(dir, "js", "run", "ahead-runs.js"), `export default ${JSON.stringify(index)};`);
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: { controller: null } }, configurable: true });
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url).replace(/^.*\/ahead\//, "ahead/"));
    return { ok: true, text: async () => JSON.stringify({ ok: true, from: String(url).split("/").pop() }) };
  };
  globalThis.location = { hash };
  globalThis.document = {};
  try {
    await import(pathToFileURL(join(dir, "js", "run", "ahead-early.js")).href); // runs at once on a page
  } finally {
    delete globalThis.document; // the page's other modules would take the stand-in for a page
  }
  const ahead = await import(pathToFileURL(join(dir, "js", "run", "ahead.js")).href);
  return { ahead, asked, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test("a first visit's preset link: its run's files are asked for at once, and once", async () => {
  const { ahead, asked, done } = await firstVisit("#v=1&preset=xor");
  try {
    await new Promise((r) => setTimeout(r, 20)); // the early module's dynamic import of the index
    assert.deepEqual(asked.sort(), ["ahead/abc/xor-online.scene.json", "ahead/abc/xor-online.train.json"]);
    assert.equal(await ahead.aheadId(XOR, { algorithm: "online", eta: 1 }), "xor-online");
    ahead.showAhead("xor-online");
    assert.deepEqual(await ahead.aheadCall({ cmd: "train" }), { ok: true, from: "xor-online.train.json" });
    assert.equal(asked.length, 2); // ahead.js took the early answers
    assert.deepEqual(ahead.aheadFetched().sort(), ["ahead/abc/xor-online.scene.json", "ahead/abc/xor-online.train.json"]);
  } finally { done(); }
});

test("a link with more settings: nothing asked for early", async () => {
  const { asked, done } = await firstVisit("#v=1&preset=xor&eta=2");
  try {
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(asked, []);
  } finally { done(); }
});

// A phone's run: the build draws the scene and frames again for a phone's box (tools/ahead_answers.py
// BOXES); a page whose viewport matches the box's media query asks for those, and for nothing of the desktop's.
const PHONE_INDEX = { ...INDEX, boxes: { phone: { media: "(max-width: 30em)", sizes: { boundary: [364, 351] } } },
  runs: { ...INDEX.runs, "xor-online": { ...run("xor", "online"),
    files: ["train", "theory", "scene", "frames-0", "frames-1", "phone.scene", "phone.frames-0"] } } };

function viewport(width) {
  // The one media query the index names, answered as a browser of this width would.
  globalThis.matchMedia = (q) => {
    assert.equal(q, "(max-width: 30em)");
    return { matches: width <= 480 };
  };
}

test("a phone's viewport is given the run's files drawn for a phone's box; a wider one the desktop's", async (t) => {
  t.after(() => delete globalThis.matchMedia);
  const { runFiles } = await import("../../site/js/run/ahead-early.js");
  viewport(390);
  assert.deepEqual(runFiles(PHONE_INDEX, "xor-online"), { train: "ahead/abc/xor-online.train.json",
    theory: "ahead/abc/xor-online.theory.json", scene: "ahead/abc/xor-online.phone.scene.json",
    "frames-0": "ahead/abc/xor-online.phone.frames-0.json" }); // not the desktop's frames-1 either
  viewport(1280);
  assert.deepEqual(runFiles(PHONE_INDEX, "xor-online"), { train: "ahead/abc/xor-online.train.json",
    theory: "ahead/abc/xor-online.theory.json", scene: "ahead/abc/xor-online.scene.json",
    "frames-0": "ahead/abc/xor-online.frames-0.json", "frames-1": "ahead/abc/xor-online.frames-1.json" });
  viewport(390); // a run drawn for no phone: the desktop's drawing, fitted
  assert.deepEqual(Object.keys(runFiles(PHONE_INDEX, "and-online")), ["train", "scene"]);
  assert.equal(runFiles(PHONE_INDEX, "and-online").scene, "ahead/abc/and-online.scene.json");
});

test("a phone's first visit asks for its box's files only, from the <head>, and ahead.js counts those", async (t) => {
  viewport(390);
  t.after(() => delete globalThis.matchMedia);
  const { ahead, asked, done } = await firstVisit("#v=1&preset=xor", PHONE_INDEX);
  try {
    await new Promise((r) => setTimeout(r, 20));
    const want = ["ahead/abc/xor-online.phone.frames-0.json", "ahead/abc/xor-online.phone.scene.json",
      "ahead/abc/xor-online.theory.json", "ahead/abc/xor-online.train.json"];
    assert.deepEqual(asked.sort(), want);
    assert.equal(await ahead.aheadId(XOR, { algorithm: "online", eta: 1 }), "xor-online");
    ahead.showAhead("xor-online");
    assert.deepEqual(await ahead.aheadCall({ cmd: "frame", scene: true }), { ok: true, from: "xor-online.phone.scene.json" });
    assert.equal(asked.length, 4); // ahead.js took the early answers
    assert.deepEqual(ahead.aheadFetched().sort(), want); // what the service worker is asked to keep
  } finally { done(); }
});
