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
