// What the CSV upload says (site/js/data/csv-words.js): sizes, the reading's progress, where a
// refusal points, the labels found.
import test from "node:test";
import assert from "node:assert/strict";
import { sizeText, readingText, locate, describe } from "../../site/js/data/csv-words.js";
import { LIMITS } from "../../site/js/state/state.js";

test("a size in decimal units; exact bytes where one decimal would hide that it is over the limit", () => {
  assert.equal(sizeText(400), "1 kB");
  assert.equal(sizeText(12_345), "12 kB");
  const over = LIMITS.csv_max_bytes + 1;
  assert.equal(sizeText(over), `${over.toLocaleString("en-US")} bytes`);
  assert.equal(sizeText(LIMITS.csv_max_bytes + 200_000), `${((LIMITS.csv_max_bytes + 200_000) / 1e6).toFixed(1)} MB`);
});

test("the reading's phases: the disk, the lines, the columns", () => {
  assert.equal(readingText("a.csv", 2_500_000, "disk", 1, 4), "Reading “a.csv” (2.5 MB) from the disk: 25 %.");
  assert.equal(readingText("a.csv", 2_500_000, "rows", 1500, 3000),
    "Reading “a.csv” (2.5 MB): 50 % of its lines (1,500 of 3,000).");
  assert.equal(readingText("a.csv", 2_500_000, "columns", 1, 1, 3000),
    "Reading “a.csv” (2.5 MB): all 3,000 lines read; 1 of 1 column converted to numbers.");
  assert.equal(readingText("a.csv", 900, "columns", 2, 4), "Reading “a.csv” (1 kB): every line read; 2 of 4 columns converted to numbers.");
});

test("a refusal's place is added only where the message does not name it", () => {
  assert.equal(locate({ message: "bad", row: 3, column: "x2" }), " (row 3, column “x2”)");
  assert.equal(locate({ message: "Row 3, column 'x2': bad", row: 3, column: "x2" }), "");
  assert.equal(locate({ message: "bad", row: null, column: 1 }), " (column 2)");
  assert.equal(locate({ message: "bad" }), "");
});

test("the file's line names its rows, features and labels (two, or every class)", () => {
  const two = { name: "t.csv", info: { n: 6, feature_names: ["a", "b"], labels: { "-1": "x", "+1": "y" } } };
  assert.equal(describe(two), "t.csv: 6 rows, 2 features; labels −1 = x, +1 = y.");
  const every = { name: "t.csv", info: { n: 6, feature_names: ["a"], labels: { classes: ["x", "y", "z"] } } };
  assert.equal(describe(every), "t.csv: 6 rows, 1 feature; 3 classes: x, y, z.");
});
