// The one number reader (site/js/state/number.js) and its callers: settings (state.validate), the
// exercise and hand weights (exercise-check.parseNumber) read a typed number by the same rules.
import test from "node:test";
import assert from "node:assert/strict";
import { readNumber, readWholeNumber } from "../../site/js/state/number.js";
import { parseNumber } from "../../site/js/exercise/exercise-check.js";
import { PARAMS, validate } from "../../site/js/state/state.js";

const eta = PARAMS.find((p) => p.name === "eta");

test("decimal point or comma, minus sign, spaces around", () => {
  for (const [text, v] of [["0.5", 0.5], ["0,5", 0.5], [" −1 ", -1], ["+2.25", 2.25], ["1e-3", 0.001], [".5", 0.5], ["7", 7]]) {
    assert.deepEqual(readNumber(text), { value: v }, text);
  }
});

test("refused: hex, binary, underscores, Infinity, NaN, inner spaces, fractions, the ambiguous 1,000", () => {
  for (const bad of ["", "0x10", "0b1", "1_000", "Infinity", "NaN", "1 000", "1/2", "2+3", "1,2,3", "1.2,3", "1e999", "1,000"]) {
    assert.ok("error" in readNumber(bad), bad);
  }
  assert.match(readNumber("1,000").error, /could mean 1000 or 1\.000/);
  assert.match(readNumber("1,000", "Learning rate η").error, /for Learning rate η\.$/);
});

test("every caller reads the same numbers the same way", () => {
  for (const text of ["0,5", "−2", "1,000", "0x10", "1e-3", "abc", " 3 "]) {
    const one = readNumber(text);
    assert.deepEqual("value" in parseNumber(text), "value" in one, text);
    if ("value" in one) {
      assert.equal(parseNumber(text).value, one.value);
      if (one.value > 0 && one.value <= eta.max) assert.equal(validate("eta", text).value, one.value, text);
    } else {
      assert.ok("error" in validate("eta", text), text);
    }
  }
});

test("whole numbers: digits with a sign (− too) and spaces around; never a fraction, an exponent, hex or a separator", () => {
  for (const [text, v] of [["7", 7], [" +7 ", 7], ["−3", -3], ["-0", -0], ["0012", 12]]) {
    assert.deepEqual(readWholeNumber(text), { value: v }, text);
  }
  for (const bad of ["", " ", "7.5", "7,0", "1e2", "0x10", "1_000", "1,000", "1 000", "seven", "Infinity", "--1", null, undefined]) {
    assert.ok("error" in readWholeNumber(bad), String(bad));
  }
  assert.equal(readWholeNumber("", "Epochs").error, "Enter a whole number for Epochs.");
  assert.equal(readWholeNumber("7.5", "Epochs").error, "Epochs must be a whole number.");
});

test("the settings read whole numbers with the same reader (the range is theirs)", () => {
  const epochs = PARAMS.find((p) => p.name === "epochs");
  for (const text of ["7", " −3 ", "7.5", "1e2", "0x10", "", "99"]) {
    const one = readWholeNumber(text, epochs.label);
    const v = validate("epochs", text);
    if ("error" in one) assert.equal(v.error, one.error, text);
    else if (one.value >= epochs.min && one.value <= (epochs.page_max ?? epochs.max)) assert.equal(v.value, one.value, text);
    else assert.match(v.error, /at least|at most|greater than/, text);
  }
});
