// The step box's cue (site/js/steps/scroll-cue.js): more below while the scrolled part does not
// reach the content's end, by more than a pixel (fractional layouts round the last pixel).
import { test } from "node:test";
import assert from "node:assert/strict";

import { moreBelow } from "../../site/js/page/scroll-cue.js";

test("more below until scrolled to the end, a pixel of rounding aside", () => {
  assert.equal(moreBelow({ scrollHeight: 200, scrollTop: 0, clientHeight: 74 }), true);
  assert.equal(moreBelow({ scrollHeight: 200, scrollTop: 120, clientHeight: 74 }), true);
  assert.equal(moreBelow({ scrollHeight: 200, scrollTop: 126, clientHeight: 74 }), false);
  assert.equal(moreBelow({ scrollHeight: 74.6, scrollTop: 0, clientHeight: 74 }), false);
  assert.equal(moreBelow({ scrollHeight: 60, scrollTop: 0, clientHeight: 74 }), false);
});
