// The lessons' openings answered from the build's files while Python loads (js/run/ahead-lessons.js):
// which of lesson.js's requests match a shipped one, and when the files answer at all.
import test from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { lessonKey } from "../../site/js/run/ahead-lessons.js";

const SITE_JS = fileURLToPath(new URL("../../site/js/", import.meta.url));
const STEP = { cmd: "lesson", lesson: 1, step: 1, changes: {}, lang: "en" };
const LESSONS = { lesson: { cmd: "lesson", lang: "en" }, "lesson-1": STEP, "lesson-1-check-2": { ...STEP, answer: "2" }, "lesson-3-check-3": { ...STEP, lesson: 3, answer: "the same" } };

test("lesson.js's requests as it sends them (box, pixel ratio, no data) match the shipped ones", () => {
  assert.equal(lessonKey({ cmd: "lesson" }, LESSONS, "en"), "lesson");
  assert.equal(lessonKey({ cmd: "lesson", lesson: 1, step: 1, changes: {}, data: undefined, plot_px: [855, 511], dpr: 2 }, LESSONS, "en"), "lesson-1");
  assert.equal(lessonKey({ cmd: "lesson", lesson: 1, step: 1, changes: {}, data: undefined, answer: "2" }, LESSONS, "en"), "lesson-1-check-2");
  assert.equal(lessonKey({ cmd: "lesson", lesson: 3, step: 1, changes: {}, answer: "the same" }, LESSONS, "en"), "lesson-3-check-3");
});

test("another answer, step, change, teacher's data or language is Python's", () => {
  assert.equal(lessonKey({ cmd: "lesson", lesson: 1, step: 1, changes: {}, answer: "3" }, LESSONS, "en"), null);
  assert.equal(lessonKey({ cmd: "lesson", lesson: 1, step: 2, changes: {} }, LESSONS, "en"), null);
  assert.equal(lessonKey({ cmd: "lesson", lesson: 1, step: 1, changes: { eta: "2" } }, LESSONS, "en"), null);
  assert.equal(lessonKey({ cmd: "lesson", lesson: 1, step: 1, changes: {}, data: { kind: "csv" } }, LESSONS, "en"), null);
  assert.equal(lessonKey({ cmd: "lesson" }, LESSONS, "de"), null);
  assert.equal(lessonKey({ cmd: "train" }, LESSONS, "en"), null);
  assert.equal(lessonKey({ cmd: "lesson" }, undefined, "en"), null); // served from site/: no index
});

async function lessonsModule(pyState) {
  const dir = mkdtempSync(join(tmpdir(), "ahead-lessons-"));
  cpSync(SITE_JS, join(dir, "js"), { recursive: true });
  writeFileSync(join(dir, "js", "package.json"), '{"type": "module"}');
  writeFileSync(join(dir, "js", "run", "ahead-runs.js"), `export default ${JSON.stringify({ dir: "ahead/abc/", runs: {}, lessons: LESSONS })};`);
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: { controller: null } }, configurable: true });
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url).replace(/^.*\/ahead\//, "ahead/"));
    return { ok: true, json: async () => ({ ok: true, file: String(url).split("/").pop() }) };
  };
  const { page } = await import(pathToFileURL(join(dir, "js", "state", "page-state.js")).href);
  page.set({ pyState });
  const m = await import(pathToFileURL(join(dir, "js", "run", "ahead-lessons.js")).href);
  return { m, asked, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test("while Python loads, a shipped step comes from its file", async () => {
  const { m, asked, done } = await lessonsModule("loading");
  try {
    assert.deepEqual(await m.aheadLesson({ cmd: "lesson", lesson: 1, step: 1, changes: {}, plot_px: [1, 2], dpr: 1 }),
      { ok: true, file: "lesson-1.json" });
    assert.equal(await m.aheadLesson({ cmd: "lesson", lesson: 2, step: 1, changes: {} }), null);
    assert.deepEqual(asked, ["ahead/abc/lesson-1.json"]);
  } finally { done(); }
});

test("once Python is ready it answers: no file is asked for", async () => {
  const { m, asked, done } = await lessonsModule("ready");
  try {
    assert.equal(await m.aheadLesson({ cmd: "lesson" }), null);
    assert.deepEqual(asked, []);
  } finally { done(); }
});
