// A box of fixed height that scrolls (the update's words, the big plot's caption) says when it
// holds more than it shows: `has-more` while text lies below its edge (css/lab.css fades its last
// line and draws ▼), so a cut line never passes for the end of the sentence. No words of its own.

/** Is there content below the visible part of a box (by more than a pixel of rounding)? */
export function moreBelow({ scrollHeight, scrollTop, clientHeight }) {
  return scrollHeight - scrollTop - clientHeight > 1;
}

/** Keep box.classList `has-more` true while moreBelow(box): on scroll, resize and new words. */
export function watchScrollCue(box) {
  if (!box) return;
  const update = () => box.classList.toggle("has-more", moreBelow(box));
  box.addEventListener("scroll", update, { passive: true });
  if (typeof ResizeObserver === "function") new ResizeObserver(update).observe(box);
  new MutationObserver(update).observe(box, { childList: true, subtree: true, characterData: true });
  update();
}

/** Is there content right of the visible part of a box (a table wider than its column)? */
export function moreRight({ scrollWidth, scrollLeft, clientWidth }) {
  return scrollWidth - Math.abs(scrollLeft) - clientWidth > 1;
}

/** Keep `has-more-right` on each box matching `selector` inside `root` while moreRight(box):
 * the boxes come and go with root's content (the update's table is made anew at each step), so
 * root is watched, scrolls included (captured: a scroll does not bubble). */
export function watchSideCue(root, selector) {
  if (!root) return;
  const update = () => { for (const box of root.querySelectorAll(selector)) box.classList.toggle("has-more-right", moreRight(box)); };
  root.addEventListener("scroll", update, { passive: true, capture: true });
  if (typeof ResizeObserver === "function") new ResizeObserver(update).observe(root);
  new MutationObserver(update).observe(root, { childList: true, subtree: true, characterData: true });
  update();
}
