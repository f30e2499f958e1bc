// The lesson's place in the address bar (site/js/lesson/lesson-link.js), and that the lab's run
// links leave it alone (share.js isLinkHash).
import { test } from "node:test";
import assert from "node:assert/strict";
import { lessonLink, parseLessonLink } from "../../site/js/lesson/lesson-link.js";
import { isLinkHash } from "../../site/js/state/share.js";

test("a lesson link is read with its lesson and step, embed and presenter kept", () => {
  const plain = { data: {}, changes: {} };
  assert.deepEqual(parseLessonLink("#view=lesson&lesson=3&step=2&embed=1"), { lesson: 3, step: 2, keep: { embed: "1" }, ...plain });
  assert.deepEqual(parseLessonLink("view=lesson"), { lesson: 1, step: 1, keep: {}, ...plain });
  assert.equal(lessonLink(3, 2, { embed: "1", present: "1" }), "view=lesson&lesson=3&step=2&embed=1&present=1");
  assert.deepEqual(parseLessonLink(`#${lessonLink(8, 1, {})}`), { lesson: 8, step: 1, keep: {}, ...plain });
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
  assert.notEqual(parseLessonLink("view=lesson&lesson=1&step=1"), null);
  assert.equal(isLinkHash("view=lesson&lesson=1&step=1"), false);
  assert.equal(isLinkHash("v=1&view=exercise&preset=and"), true);
  assert.equal(isLinkHash("v=1&preset=and&lessons=x"), true);
});

test("a lesson link carries the teacher's data in the run links' own keys, read as share.js reads them", async () => {
  const { teacherData } = await import("../../site/js/lesson/lesson-data.js");
  const { buildHash } = await import("../../site/js/state/share.js");
  const { defaults } = await import("../../site/js/state/state.js");
  const points = [[0, 0, -1], [1, 1, 1], [0.5, -2.25, 1]];
  // the teacher's run link, as the lab writes it, with the lesson's place added
  const { hash } = await buildHash({ ...defaults(), source: "points" }, { kind: "points", points });
  const link = parseLessonLink(`#view=lesson&lesson=1&step=3&${hash}`);
  assert.equal(link.step, 3);
  assert.equal(link.data.source, "points");
  assert.ok("pts" in link.data || "ptz" in link.data);
  assert.ok(!("eta" in link.data) && !("v" in link.data)); // settings are the lesson's, not the data's
  const own = await teacherData(link.data);
  assert.deepEqual(own.spec, { kind: "points", points });
  // kept as the student moves on: the next step's link carries the same data
  const next = parseLessonLink(`#${lessonLink(1, 4, {}, { data: link.data })}`);
  assert.deepEqual(next.data, link.data);
  // a preset with its generator's keys: the bridge's DATA of that cloud
  const cloud = await teacherData(parseLessonLink("#view=lesson&lesson=1&step=1&source=preset&preset=clouds&n=12&margin=0.5&dseed=7").data);
  assert.deepEqual(cloud.spec, { kind: "preset", name: "clouds", n: 12, margin: 0.5, spread: 1, seed: 7 });
  assert.equal(await teacherData({}), null);
});

test("the student's changes to a step's run are kept in the link apart from the teacher's data", () => {
  const link = parseLessonLink("#view=lesson&lesson=3&step=3&margin=0.5&try.margin=0.05&try.dseed=2&try.=x");
  assert.deepEqual(link.changes, { margin: "0.05", dseed: "2" });
  assert.deepEqual(link.data, { margin: "0.5" });
  const again = parseLessonLink(`#${lessonLink(3, 3, { embed: "1" }, link)}`);
  assert.deepEqual(again, link.keep.embed ? link : { ...link, keep: { embed: "1" } });
  assert.equal(lessonLink(3, 3, {}, { changes: { margin: "0.05" } }), "view=lesson&lesson=3&step=3&try.margin=0.05");
  assert.equal(parseLessonLink("#view=lesson&try.margin=%E0").lesson, 1); // undecodable: never throws (the engine refuses the value)
});

test("a lesson link's CSV file is expanded for the lab to read; a file it does not carry, or a garbled one, is said", async () => {
  const { teacherData, teacherDataNote, CSV_MISSING, CSV_BROKEN } = await import("../../site/js/lesson/lesson-data.js");
  const { deflate } = await import("../../site/js/state/link-data.js");
  const text = "a,b,label\n0,0,no\n1,1,yes\n";
  const z = await deflate(text);
  const link = parseLessonLink(`#view=lesson&lesson=1&step=3&source=csv&csv=${z}&csvname=mine.csv&label=2&delim=comma`);
  const own = await teacherData(link.data);
  assert.equal(new TextDecoder().decode(own.csv.bytes), text); // the file's bytes, for the lab's reading
  assert.equal(own.csv.name, "mine.csv");
  assert.equal(own.csv.label, 2);
  assert.equal(own.csv.readAs.csv_delimiter, "comma");
  assert.equal(own.values.source, "csv");
  assert.equal(teacherDataNote(own), "");
  for (const [extra, said] of [["source=csv&csvbig=1&csvname=big.csv", CSV_MISSING], ["source=csv&csv=80qrjnbUSU&csvname=cut.csv", CSV_BROKEN]]) {
    const got = await teacherData(parseLessonLink(`#view=lesson&lesson=1&step=3&${extra}`).data);
    assert.equal(teacherDataNote(got), said, extra);
    assert.ok(!got.spec, extra); // the lesson's own data, not a half-read file
  }
  assert.equal(teacherDataNote(await teacherData(parseLessonLink("#view=lesson&lesson=1&step=1&source=points&pts=0,0,-1;1,1,1").data)), "");
  assert.equal(teacherDataNote(null), "");
});
