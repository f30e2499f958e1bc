// The run on screen is one entry of the page store (page state `result`, with `hasResult` beside
// it): its readers subscribe to it in their own modules, so main.js puts a result in the store
// once and hands it to none of them, and no module keeps its own "a result is on screen" flag.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";

import { createPageState } from "../../site/js/state/page-state.js";

const JS = new URL("../../site/js/", import.meta.url);
const read = (path) => readFileSync(new URL(path, JS), "utf8");

function sources(dir = "") {
  return readdirSync(new URL(dir || ".", JS)).flatMap((f) => {
    const path = dir + f;
    if (statSync(new URL(path, JS)).isDirectory()) return sources(`${path}/`);
    return f.endsWith(".js") ? [[path, read(path)]] : [];
  });
}

// The result's readers and the module that subscribes each of them to the store.
const READERS = {
  captionMain: "run/results.js", lastRunResult: "run/last-run.js", watchResult: "steps/watch.js",
  saveLink: "share/address-bar.js", applyLinkView: "share/address-bar.js", scriptRun: "save/script-download.js",
  exerciseLinkView: "share/address-bar.js",
};

test("main.js puts the run in the store and calls none of its readers", () => {
  const main = read("main.js");
  assert.match(main, /page\.set\(\{ result: \{ res, settings, data: d\.data \}, hasResult: true \}\)/);
  for (const name of Object.keys(READERS)) assert.doesNotMatch(main, new RegExp(`\\b${name}\\(`), `main.js calls ${name}`);
});

test("each reader subscribes to the store in its own module", () => {
  for (const [name, file] of Object.entries(READERS)) {
    const src = read(file);
    const on = [...src.matchAll(/page\.on\(\[("result"|"runState")\][^\n]*(?:\n(?!\s*page\.on)[^\n]*){0,3}/g)].map((m) => m[0]);
    assert.ok(on.some((s) => s.includes(`${name}(`)), `${file}: ${name} is not called from a subscription`);
  }
});

test("hasResult lives in the page store only", () => {
  for (const [path, src] of sources()) {
    assert.doesNotMatch(src, /\b(let|var|const)\s+hasResult\b/, `${path} keeps its own hasResult`);
  }
});

test("the store hands the run to its readers in the order they subscribed, with the key set beside it", () => {
  const s = createPageState({ hasResult: false });
  const heard = [];
  s.on(["result"], ({ result }) => heard.push(["panel", result.res.status, s.get("hasResult")]));
  s.on(["result"], ({ result }) => heard.push(["steps", result.settings.algorithm]));
  s.set({ result: { res: { status: "converged" }, settings: { algorithm: "online" }, data: {} }, hasResult: true });
  assert.deepEqual(heard, [["panel", "converged", true], ["steps", "online"]]);
});
