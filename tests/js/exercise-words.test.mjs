// The exercise's words: an online run's intro names no kernel perceptron, a kernel run's asks for
// a count; a visit says which example of the data and which pass, in plain words.
import test from "node:test";
import assert from "node:assert/strict";
import { introText, visitText } from "../../site/js/exercise/exercise-words.js";

test("the intro of an online run asks for w and never mentions the kernel perceptron", () => {
  const t = introText(false);
  assert.match(t, /type the new w = w \+ η·y·x̃/);
  assert.doesNotMatch(t, /kernel|α/);
});

test("the intro of a kernel run asks for the count, and says what a count is", () => {
  const t = introText(true);
  assert.match(t, /new count αᵢ \(how many updates it has caused\)/);
  assert.doesNotMatch(t, /new w/);
});

test("a visit: its number, the example of the data, the epoch as a pass", () => {
  assert.equal(visitText({ t: 9, epoch: 3, index: 0 }),
    "Visit 9: example 1 of the data, in epoch 3 (the 3rd pass over the data): ");
  assert.match(visitText({ t: 1, epoch: 1, index: 3 }), /example 4 of the data, in epoch 1 \(the 1st pass/);
  assert.match(visitText({ t: 50, epoch: 12, index: 1 }), /the 12th pass/);
  assert.match(visitText({ t: 50, epoch: 22, index: 1 }), /the 22nd pass/);
});
