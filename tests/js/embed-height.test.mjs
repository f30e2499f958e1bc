// The embed snippet's frame height follows the hide flags: the plot keeps the height a 640 px
// frame gives it, and the frame grows or shrinks by the chrome css/share.css reserves around
// the plot cell (read from the stylesheet, so a change of the layout shows up here).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { embedCode, embedHeight } from "../../site/js/page/embed.js";

const CSS = readFileSync(new URL("../../site/css/share.css", import.meta.url), "utf8");

// The rem the embedded plot cell leaves for the rest of the first screen, per selector.
function chromeRem(selector) {
  const esc = selector.replace(/[[\]~"]/g, (c) => `\\${c}`);
  const m = CSS.match(new RegExp(`${esc} \\.stage-cell \\{ height: min\\([^;]*100svh - ([\\d.]+)rem\\)\\); \\}`));
  assert.ok(m, `share.css no longer sizes ${selector} .stage-cell by 100svh: re-read it`);
  return Number(m[1]);
}

const plotIn = (frame, selector) => frame - 16 * chromeRem(selector);
const height = (code) => Number(code.match(/ height="(\d+)"/)[1]);

test("the default snippet is the documented 640 px frame", () => {
  assert.equal(height(embedCode("https://x/#embed=1", "Lab")), 640);
  assert.equal(embedHeight(["data", "proof"]), 640); // panels below the plot do not change the first screen
});

test("without the Train bar the frame is shorter by the bar, and the plot keeps its height", () => {
  const withBar = embedHeight([]);
  const without = embedHeight(["data", "train"]);
  assert.ok(without < withBar, { withBar, without });
  assert.equal(plotIn(without, 'body[data-embed][data-hide~="train"]'), plotIn(withBar, "body[data-embed]"));
  assert.equal(height(embedCode("https://x/#embed=1&hide=train", "Lab", ["train"])), without);
});
