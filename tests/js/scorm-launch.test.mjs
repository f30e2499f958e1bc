// node --test tests/js/: the SCORM launch script (site/js/exercise/scorm-launch.js) against a fake LMS API:
// discovery up the parents (past a window of another origin), what it writes for each answer and at
// the end, resuming from suspend_data, and the messages it must ignore. The browser end to end, with
// a real SCORM run-time (scorm-again), is tests/e2e/test_scorm.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch as launchWith } from "../../site/js/exercise/scorm-launch.js";
import { launchWords } from "../../site/js/exercise/scorm-words.js";

// The package gives the launch script its sentences (scorm-words.js; English here).
const launch = (config, win) => launchWith({ ...config, words: launchWords() }, win);

const LAB = "https://lab.example/perceptron-lab/#v=1&preset=and&embed=1&view=exercise&exq=3";
const ORIGIN = "https://lab.example";

function fakeApi(version, store = {}) {
  const v12 = version === "1.2";
  const log = [];
  const api = { store, log, finished: false };
  const get = (k) => (k in store ? store[k] : (k.endsWith("_count") ? "0" : ""));
  const set = (k, v) => { log.push([k, v]); store[k] = v; return "true"; };
  if (v12) {
    Object.assign(api, { LMSInitialize: () => "true", LMSGetValue: get, LMSSetValue: set, LMSCommit: () => "true",
      LMSFinish: () => { api.finished = true; return "true"; } });
  } else {
    Object.assign(api, { Initialize: () => "true", GetValue: get, SetValue: set, Commit: () => "true",
      Terminate: () => { api.finished = true; return "true"; } });
  }
  return api;
}

/** The launch page's window, under a window of another origin, under the LMS's window. */
function windows(api, version) {
  const lms = { [version === "1.2" ? "API" : "API_1484_11"]: api };
  lms.parent = lms;
  const foreign = new Proxy({}, { get(_, k) { if (k === "parent") return lms; throw new Error("cross-origin"); } });
  const status = { textContent: "" };
  const frame = { src: "", contentWindow: {} };
  const listeners = {};
  const win = {
    parent: foreign, opener: null,
    document: { getElementById: (id) => ({ status, lab: frame })[id] },
    addEventListener: (type, fn) => { listeners[type] = fn; },
  };
  const post = (data, from = { source: frame.contentWindow, origin: ORIGIN }) => listeners.message({ data, ...from });
  return { win, status, frame, post, listeners };
}

const answer = (t, right) => ({ t, right, response: right ? "no mistake" : "mistake; new w = (9, 9, 9)", correct: "no mistake" });
const msg = (answers, extra = {}) => ({
  type: "perceptron-lab:exercise", answered: answers.length, score: answers.filter((a) => a.right).length,
  goal: 3, max: 3, done: answers.length >= 3, keys: `view=exercise&exq=3&exn=${answers.length}&exs=0`, link: "x", answers, ...extra,
});

test("SCORM 1.2: found past a foreign window; every answer an interaction; percent, passed, at the end", () => {
  const api = fakeApi("1.2");
  const w = windows(api, "1.2");
  const { end } = launch({ lab: LAB, version: "1.2", mastery: 0.6 }, w.win);
  assert.equal(w.frame.src, LAB);
  assert.equal(api.store["cmi.core.lesson_status"], "incomplete");
  w.post(msg([answer(1, true)]));
  assert.equal(api.store["cmi.interactions.0.id"], "example-1");
  assert.equal(api.store["cmi.interactions.0.result"], "correct");
  assert.equal(api.store["cmi.interactions.0.student_response"], "no mistake");
  assert.equal(api.store["cmi.core.score.raw"], undefined); // the score waits for the end
  assert.match(w.status.textContent, /^Answered 1 of 3: 1 right so far/);
  // Not from the lab's frame, or not from the lab's origin: ignored.
  w.post(msg([answer(1, true), answer(2, false)]), { source: {}, origin: ORIGIN });
  w.post(msg([answer(1, true), answer(2, false)]), { source: w.frame.contentWindow, origin: "https://evil.example" });
  assert.equal(api.store["cmi.interactions.1.id"], undefined);
  w.post(msg([answer(1, true), answer(2, false), answer(3, true)]));
  assert.deepEqual([1, 2].map((i) => api.store[`cmi.interactions.${i}.result`]), ["wrong", "correct"]);
  assert.equal(api.log.filter(([k]) => k.endsWith(".id")).length, 3); // answer 1 was not sent twice
  assert.equal(api.store["cmi.core.score.raw"], "67");
  assert.equal(api.store["cmi.core.score.max"], "100");
  assert.equal(api.store["cmi.core.lesson_status"], "passed");
  assert.equal(w.status.textContent, "Done: 2 of 3 right. Your score was sent to your course.");
  assert.equal(api.store["cmi.suspend_data"], "view=exercise&exq=3&exn=3&exs=0");
  assert.equal(api.store["cmi.comments"], "x"); // the result link, for check
  end();
  assert.equal(api.store["cmi.core.exit"], "");
  assert.match(api.store["cmi.core.session_time"], /^\d{4}:\d{2}:\d{2}$/);
  assert.ok(api.finished);
});

test("SCORM 2004: raw, max, scaled; the LMS's passing score wins over the package's", () => {
  const api = fakeApi("2004", { "cmi.scaled_passing_score": "0.9" });
  const w = windows(api, "2004");
  launch({ lab: LAB, version: "2004", mastery: 0.5 }, w.win);
  assert.equal(api.store["cmi.completion_status"], "incomplete");
  w.post(msg([answer(1, true), answer(2, false), answer(3, true)]));
  assert.equal(api.store["cmi.interactions.1.result"], "incorrect");
  assert.equal(api.store["cmi.interactions.1.learner_response"], "mistake; new w = (9, 9, 9)");
  assert.match(api.store["cmi.interactions.1.timestamp"], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  assert.deepEqual(["raw", "min", "max", "scaled"].map((k) => api.store[`cmi.score.${k}`]), ["2", "0", "3", "0.6667"]);
  assert.equal(api.store["cmi.completion_status"], "completed");
  assert.equal(api.store["cmi.success_status"], "failed"); // 0.67 < the LMS's 0.9 (the package said 0.5)
  assert.equal(api.store["cmi.comments_from_learner.0.comment"], "x");
  w.listeners.pagehide();
  assert.equal(api.store["cmi.exit"], "normal");
  assert.match(api.store["cmi.session_time"], /^PT\d+S$/);
});

test("resume: the kept result keys go back into the lab's address; replayed answers are not sent again", () => {
  const kept = "view=exercise&exq=3&exn=2&exs=1&exa=n_m0~0~-1";
  const api = fakeApi("1.2", { "cmi.suspend_data": kept, "cmi.core.lesson_status": "incomplete", "cmi.interactions._count": "2" });
  const w = windows(api, "1.2");
  const { end } = launch({ lab: LAB, version: "1.2", mastery: 0.8 }, w.win);
  assert.equal(w.frame.src, `https://lab.example/perceptron-lab/#v=1&preset=and&embed=1&${kept}`);
  w.post(msg([answer(1, true), answer(2, false)]));
  assert.equal(api.log.filter(([k]) => k.endsWith(".id")).length, 0);
  w.post(msg([answer(1, true), answer(2, false), answer(3, true)]));
  assert.equal(api.store["cmi.interactions.2.id"], "example-3"); // after the LMS's two
  end();
  assert.equal(api.store["cmi.core.exit"], "");
});

test("a suspend_data that is not the lab's keys is not put into its address; a restart sends its answers anew", () => {
  const api = fakeApi("1.2", { "cmi.suspend_data": "view=exercise&exa=<img src=x>&embed=0" });
  const w = windows(api, "1.2");
  const { end } = launch({ lab: LAB, version: "1.2", mastery: 0.8 }, w.win);
  assert.equal(w.frame.src, LAB);
  w.post(msg([answer(1, true), answer(2, true)]));
  w.post(msg([answer(1, false)])); // Restart the exercise: answered drops
  assert.equal(api.store["cmi.interactions.2.result"], "wrong");
  end();
  assert.equal(api.store["cmi.core.exit"], "suspend"); // not finished: the LMS keeps the attempt open
});

test("no LMS around the page: the lab still opens and the page says nothing is recorded", () => {
  const w = windows(null, "1.2");
  w.win.parent = w.win;
  launch({ lab: LAB, version: "1.2", mastery: 0.8 }, w.win);
  assert.equal(w.frame.src, LAB);
  assert.match(w.status.textContent, /^No course \(LMS\) was found/);
  w.post(msg([answer(1, true)])); // nothing to report to, nothing thrown
});

test("a package made on a German page says its lines in German, with its numbers, and names the language", async () => {
  const { readFileSync } = await import("node:fs");
  const { parsePo } = await import("../../tools/page_messages.mjs");
  const { useLanguage } = await import("../../site/js/i18n/current.js");
  const c = parsePo(readFileSync(new URL("../../site/locale/de/page.po", import.meta.url), "utf8"));
  useLanguage("de", c.messages);
  try {
    const words = launchWords();
    assert.equal(words.lang, "de");
    const api = fakeApi("1.2");
    const w = windows(api, "1.2");
    launchWith({ lab: LAB, version: "1.2", mastery: 0.6, words }, w.win);
    w.post(msg([answer(1, true)]));
    assert.equal(w.status.textContent, "1 von 3 beantwortet: bisher 1 richtig. Ihre Punktzahl wird gesendet, wenn Sie 3 beantwortet haben.");
  } finally {
    useLanguage("en");
  }
});
