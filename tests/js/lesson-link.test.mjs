// The lesson's place in the address bar (site/js/lesson/lesson-link.js), and that the lab's run
// links leave it alone (share.js isLinkHash).
import { test } from "node:test";
import assert from "node:assert/strict";
import { isLessonLink, lessonLink, parseLessonLink } from "../../site/js/lesson/lesson-link.js";
import { isLinkHash } from "../../site/js/state/share.js";

test("a lesson link is read with its lesson and step, embed and presenter kept", () => {
  assert.deepEqual(parseLessonLink("#view=lesson&lesson=3&step=2&embed=1"), { lesson: 3, step: 2, keep: { embed: "1" } });
  assert.deepEqual(parseLessonLink("view=lesson"), { lesson: 1, step: 1, keep: {} });
  assert.equal(lessonLink(3, 2, { embed: "1", present: "1" }), "view=lesson&lesson=3&step=2&embed=1&present=1");
  assert.deepEqual(parseLessonLink(`#${lessonLink(8, 1, {})}`), { lesson: 8, step: 1, keep: {} });
});

test("nonsense in a lesson link falls back to the first lesson's first step, never throws", () => {
  for (const bad of ["view=lesson&lesson=-2&step=x", "view=lesson&lesson=99999&step=", "view=lesson&lesson=%E0"]) {
    const link = parseLessonLink(bad);
    assert.ok(link && link.lesson >= 1 && link.step >= 1, bad);
  }
  assert.equal(parseLessonLink("#v=1&preset=and"), null);
  assert.equal(parseLessonLink(""), null);
});

test("the lab's run links do not take a lesson link for theirs, and still read their own", () => {
  assert.equal(isLessonLink("view=lesson&lesson=1&step=1"), true);
  assert.equal(isLinkHash("view=lesson&lesson=1&step=1"), false);
  assert.equal(isLinkHash("v=1&view=exercise&preset=and"), true);
  assert.equal(isLinkHash("v=1&preset=and&lessons=x"), true);
});
