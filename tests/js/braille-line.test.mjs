// The braille line (site/js/access/braille-line.js) against cells written by hand from the
// Unicode rule: a braille pattern is U+2800 plus bit (k−1) for each raised dot k; dots 1, 2, 3, 7
// are the left column top to bottom, 4, 5, 6, 8 the right one.
import { test } from "node:test";
import assert from "node:assert/strict";

import { brailleLine, dotLevel, columns, mistakesBraille, BRAILLE_MAX_CELLS } from "../../site/js/access/braille-line.js";

const cell = (...dots) => String.fromCodePoint(0x2800 + dots.reduce((s, d) => s + 2 ** (d - 1), 0));

test("AND's mistakes per epoch, 2 3 3 2 2 3 2 1 0, as five cells drawn by hand", () => {
  // The most is 3 mistakes = 4 dots; 2 → ⌈8/3⌉ = 3 dots, 1 → ⌈4/3⌉ = 2 dots, 0 → none.
  const want = [
    cell(7, 3, 2, 8, 6, 5, 4),    // 2 | 3
    cell(7, 3, 2, 1, 8, 6, 5),    // 3 | 2
    cell(7, 3, 2, 8, 6, 5, 4),    // 2 | 3
    cell(7, 3, 2, 8, 6),          // 2 | 1
    cell(),                       // 0 (the blank cell, U+2800)
  ].join("");
  assert.equal(brailleLine([2, 3, 3, 2, 2, 3, 2, 1, 0]), want);
  assert.equal(brailleLine([2, 3, 3, 2, 2, 3, 2, 1, 0]), "\u28fe\u28f7\u28fe\u28e6\u2800");
});

test("XOR's one epoch of 4 mistakes is one full left column; no values, no line", () => {
  assert.equal(brailleLine([4]), cell(1, 2, 3, 7));
  assert.equal(brailleLine([]), "");
  assert.equal(brailleLine([0, 0, 0]), cell() + cell());
});

test("levels: none for 0, at least one dot for any mistake, four for the most", () => {
  assert.deepEqual([0, 1, 25, 26, 50, 51, 99, 100].map((v) => dotLevel(v, 100)), [0, 1, 1, 2, 2, 3, 4, 4]);
});

test("a long run is squeezed into the display's cells, keeping each run's largest value", () => {
  const em = Array.from({ length: 200 }, (_, i) => (i === 137 ? 50 : 1));
  const cols = columns(em);
  assert.equal(cols.length, 2 * BRAILLE_MAX_CELLS);
  assert.equal(cols.filter((v) => v === 50).length, 1);
  assert.equal(brailleLine(em).length, BRAILLE_MAX_CELLS);
  assert.match(mistakesBraille({ epoch_mistakes: em }), /200 epochs in 40 cells/);
  assert.equal(mistakesBraille({ epoch_mistakes: [4] }), `Mistakes per epoch in braille, two epochs a cell: ${cell(1, 2, 3, 7)}`);
});
