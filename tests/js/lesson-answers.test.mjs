// The lesson predictions kept for the exercise's result link (site/js/lesson/lesson-answers.js):
// the first valid answer per step only, the right count, and exl as base64url of the JSON that
// py lessons/answers.py decode reads (tests/py/test_lesson_answers_check.py grades such links).
import { test } from "node:test";
import assert from "node:assert/strict";
import { recordPrediction, predictionTally, predictionKeys, clearPredictions, onPrediction } from "../../site/js/lesson/lesson-answers.js";

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
