// The exercise's numbers and picture: η·w as a student's decimal (not 0.30000000000000004), the
// line with its signs in place ("− 4 = 0", not "+ −4 = 0"), and the axes' marks of the view.
import test from "node:test";
import assert from "node:assert/strict";
import { num, lineText, vec } from "../../site/js/exercise/exercise-check.js";
import { axisMarks, dataBox } from "../../site/js/plot/boundary-svg.js";

test("η = 0.1: the engine's 0.1·3 reads 0.3", () => {
  assert.equal(num(0.1 * 3), "0.3");
  assert.equal(num(0.1 + 0.2), "0.3");
  assert.equal(vec([0.30000000000000004, -0.7000000000000001, 1]), "(0.3, −0.7, 1)");
  assert.equal(num(-0), "0");
  assert.equal(num(1 / 3), "0.333333333333");
  assert.equal(num(1e-20), "1e-20");
  assert.equal(num(123456789), "123456789");
});

test("the line's signs", () => {
  assert.equal(lineText([2, 1, -4]), "2·x₁ + 1·x₂ − 4 = 0");
  assert.equal(lineText([-1, -2, 3]), "−1·x₁ − 2·x₂ + 3 = 0");
  assert.equal(lineText([0.1 * 3, 0, 0]), "0.3·x₁ + 0·x₂ + 0 = 0");
});

test("the axes: x₁ = 0 and x₂ = 0 where the view crosses them, and its ranges", () => {
  const and = dataBox([[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]]);
  const m = axisMarks(and);
  assert.deepEqual([m.x1Zero, m.x2Zero], [true, true]); // the view reaches below 0 on both
  assert.deepEqual(m.x1, ["−0.5", "1.5"]);
  const far = axisMarks(dataBox([[5, 6, 1], [7, 9, -1]]));
  assert.deepEqual([far.x1Zero, far.x2Zero], [false, false]);
});
