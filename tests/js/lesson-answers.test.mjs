// The lesson predictions kept for the exercise's result link (site/js/lesson/lesson-answers.js):
// the first valid answer per step only, the right count, and exl as base64url of the JSON that
// py lessons/answers.py decode reads (tests/py/test_lesson_answers_check.py grades such links).
import { test } from "node:test";
import { readExerciseLink } from "../../site/js/exercise/exercise-check.js";
import assert from "node:assert/strict";
import { recordPrediction, predictionTally, predictionKeys, clearPredictions, onPrediction, linkPredictions, restorePredictions, restoredPrediction } from "../../site/js/lesson/lesson-answers.js";

test("the first answer of a step is the prediction; exl carries them, exls the right ones", () => {
  clearPredictions();
  assert.equal(predictionKeys(), "");
  let heard = 0;
  onPrediction(() => heard++);
  recordPrediction(1, 1, "2", {}, false);
  recordPrediction(1, 1, "1", {}, true); // a second try after the reveal does not count
  recordPrediction(1, 4, "the same", { eta: "0.5" }, true);
  recordPrediction(3, 1, "größer −1", {}, false); // any text survives the trip (UTF-8)
  assert.equal(heard, 3);
  assert.deepEqual(predictionTally(), { score: 1, answered: 3 });
  const q = new URLSearchParams(predictionKeys());
  assert.equal(q.get("exls"), "1");
  const exl = q.get("exl");
  assert.match(exl, /^[A-Za-z0-9_-]+$/); // no padding, nothing a URL would escape
  const back = JSON.parse(Buffer.from(exl, "base64url").toString("utf8"));
  assert.deepEqual(back, [[1, 1, "2", {}], [1, 4, "the same", { eta: "0.5" }], [3, 1, "größer −1", {}]]);
  clearPredictions();
});

test("a reopened result link's predictions are graded again by the engine, not by its exls", async () => {
  clearPredictions();
  recordPrediction(1, 1, "2", {}, true);
  recordPrediction(1, 3, "yes", { eta: "0.5" }, false);
  const hash = "#v=1&view=exercise&exn=0&exs=0&" + predictionKeys().replace("exls=1", "exls=2");
  assert.deepEqual(linkPredictions(hash), [[1, 1, "2", {}], [1, 3, "yes", { eta: "0.5" }]]);
  const back = readExerciseLink(hash).lessonAnswers; // what the exercise hands over on reopening
  assert.deepEqual(linkPredictions(back), linkPredictions(hash));
  clearPredictions();
  const asked = [];
  // the engine says step 1's "2" is wrong and refuses step 3's answer
  const refused = await restorePredictions(back, async (r) => {
    asked.push(r);
    return r.step === 1 ? { ok: true, check: { valid: true, correct: false } } : { ok: true, check: { valid: false } };
  });
  assert.equal(refused, 1);
  assert.deepEqual(asked.map((r) => [r.cmd, r.lesson, r.step, r.answer, r.changes]),
    [["lesson", 1, 1, "2", {}], ["lesson", 1, 3, "yes", { eta: "0.5" }]]);
  assert.deepEqual(predictionTally(), { score: 0, answered: 1 });
  // the lesson shows the restored answer on its step; a refused one is not brought back
  assert.deepEqual(restoredPrediction(1, 1), { answer: "2", changes: {} });
  assert.equal(restoredPrediction(1, 3), null);
  assert.deepEqual(linkPredictions("#view=exercise&exl=!!"), []);
  assert.deepEqual(linkPredictions("#view=exercise&exl=bm90IGpzb24"), []); // "not json"
  clearPredictions();
});
