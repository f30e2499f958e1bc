// A picture drawn for a box that has since changed is drawn again (js/plot/picture-refit.js):
// when the box differs by more than a few px, once per box, a bounded number of times a run.
import test from "node:test";
import assert from "node:assert/strict";
import { outgrown, refitWanted, SLACK, MAX_REFITS } from "../../site/js/plot/picture-refit.js";

const memo = (drawn, asked = [], refits = 0) => ({ drawn, asked, refits });

test("a picture drawn while notices took room is drawn again when the box grows", () => {
  // The link's first picture, asked for at 855 × 463, in the box of 855 × 528 it ends in.
  assert.equal(refitWanted(memo([855, 463]), [855, 528]), "picture");
  assert.equal(refitWanted(memo([606, 603]), [364, 351]), "picture"); // a narrower window
});

test("a box within a few px of the picture's is no new box", () => {
  assert.equal(outgrown([855, 528], [855 + SLACK, 528 - SLACK]), false);
  assert.equal(outgrown([855, 528], [855, 528 + SLACK + 1]), true);
  assert.equal(refitWanted(memo([855, 528]), [856, 526]), null);
});

test("a box is asked for once, and a run is redrawn a bounded number of times", () => {
  assert.equal(refitWanted(memo([855, 463], [[855, 528]], 1), [855, 529]), null); // on its way already
  assert.equal(refitWanted(memo([855, 463], [[855, 528]], 1), [700, 528]), "picture"); // another box
  assert.equal(refitWanted(memo([855, 463], [], MAX_REFITS), [700, 528]), null);
});

test("no picture, or no box, asks for nothing", () => {
  assert.equal(refitWanted(null, [855, 528]), null);
  assert.equal(refitWanted(memo(null), [855, 528]), null);
});
