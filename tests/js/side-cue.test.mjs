// Presenter mode's wide tables (iris multiclass: a row of W per class, a column per feature) scroll
// sideways in their column: page/scroll-cue.js marks each one with more to its right, so a cut
// column never passes for the table's end (css/present.css draws ▶ at its visible edge).
import { test } from "node:test";
import assert from "node:assert/strict";

import { moreRight, watchSideCue } from "../../site/js/page/scroll-cue.js";

test("more to the right until scrolled to the end, a pixel of rounding aside", () => {
  assert.equal(moreRight({ scrollWidth: 760, scrollLeft: 0, clientWidth: 590 }), true);
  assert.equal(moreRight({ scrollWidth: 760, scrollLeft: 169, clientWidth: 590 }), false);
  assert.equal(moreRight({ scrollWidth: 590.6, scrollLeft: 0, clientWidth: 590 }), false);
  // Right to left: scrollLeft runs from 0 down to −(scrollWidth − clientWidth).
  assert.equal(moreRight({ scrollWidth: 760, scrollLeft: -100, clientWidth: 590 }), true);
});

test("each table made anew inside the watched box is marked, and unmarked once scrolled to its end", () => {
  const classes = (on) => ({ set: new Set(), toggle(c, v) { v ? this.set.add(c) : this.set.delete(c); }, has(c) { return this.set.has(c); }, on });
  const box = (w) => ({ scrollWidth: w, scrollLeft: 0, clientWidth: 590, classList: classes() });
  let tables = [box(760)];
  const listeners = [];
  let mutated = null;
  globalThis.MutationObserver = class { constructor(fn) { mutated = fn; } observe() {} };
  const root = { querySelectorAll: () => tables, addEventListener: (type, fn, o) => listeners.push({ type, fn, capture: o?.capture }) };
  watchSideCue(root, ".step-table-wrap");
  assert.ok(tables[0].classList.has("has-more-right"));
  tables = [box(760)]; // the next step's table
  mutated();
  assert.ok(tables[0].classList.has("has-more-right"));
  tables[0].scrollLeft = 170;
  const scroll = listeners.find((l) => l.type === "scroll");
  assert.ok(scroll.capture, "a table's scroll reaches the root only when captured");
  scroll.fn();
  assert.ok(!tables[0].classList.has("has-more-right"));
  tables = [box(500)]; // a table that fits
  mutated();
  assert.ok(!tables[0].classList.has("has-more-right"));
});
