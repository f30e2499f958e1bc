// The lab inside a course page's <iframe>: embed mode and hide flags (the CSS in
// css/share.css does the layout), the embed snippet, the "Open in the full lab" link, and
// the content height posted to the parent page so the frame can fit it (docs/embedding.md).
import { byId } from "./dom.js";
import { t } from "../i18n/i18n.js";
import { BY_NAME } from "../state/state.js";
import { postHeight, answerIframeResizer } from "./frame-messages.js";

/** The "Open in the full lab" link of embed mode. body[data-embed] and body[data-hide="data
 * proof ..."] are the page state's mirror (page-state.js); the CSS does the rest (css/share.css). */
export function applyView(vals) {
  show(byId("full-lab"), !!vals.embed);
  // Until the first run writes it: the link the page was opened with, minus embed and hide.
  const a = byId("full-lab-link");
  if (vals.embed && a && !a.getAttribute("href")) {
    setFullLabHash(location.hash.replace(/^#/, "").split("&").filter((kv) => !/^(embed|hide)=/.test(kv)).join("&"));
  }
}

function show(node, on) {
  if (node) node.hidden = !on;
}

function attr(s) {
  return String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function shortLabel(name, value) {
  const o = BY_NAME[name].options.find((x) => x.value === value);
  return (o ? t(o.label) : String(value)).replace(/\s*\(.*\)\s*$/, "");
}

/** "Perceptron Lab: Two clouds, Online" */
export function embedTitle(vals) {
  const data = vals.source === "preset" ? shortLabel("preset", vals.preset)
    : vals.source === "csv" ? t("CSV data") : t("Placed points");
  return t("Perceptron Lab: {data}, {algorithm}", { data, algorithm: shortLabel("algorithm", vals.algorithm) });
}

/**
 * The <iframe> snippet (docs/embedding.md). allow-downloads: the Downloads panel saves files
 * from inside the frame; allow-popups(-to-escape-sandbox): "Open in the full lab" opens a
 * plain tab of the lab.
 */
export function embedCode(url, title, hide = []) {
  return `<iframe src="${attr(url)}" title="${attr(title)}" width="100%" height="${embedHeight(hide)}" style="border:0" ` +
    'loading="lazy" sandbox="allow-scripts allow-same-origin allow-downloads allow-popups ' +
    'allow-popups-to-escape-sandbox"></iframe>';
}

// The frame's first screen in css/share.css (narrow layout): the plot cell is the frame's
// height less the slim header, the status and the Train bar fixed at the bottom (13.5rem), or
// less 9.5rem when hide=train leaves the bar out. The snippet keeps the plot the height a
// 640 px frame gives it with the bar, so a frame without the bar is shorter, not a bigger plot.
const PLOT_PX = 640 - 13.5 * 16;
const CHROME_REM = { bar: 13.5, noBar: 9.5 };

/** The snippet's frame height in CSS px for these hide flags: the plot, its caption, the
 * status and (unless hidden) the Train bar, whole; the panels below scroll in the frame, or a
 * host listening to the height messages grows it (docs/embedding.md). */
export function embedHeight(hide = []) {
  return Math.round(PLOT_PX + 16 * (hide.includes("train") ? CHROME_REM.noBar : CHROME_REM.bar));
}

/** Point "Open in the full lab" at the same run without embed mode and hide flags. */
export function setFullLabHash(hash) {
  const a = byId("full-lab-link");
  if (a) a.href = `${location.href.split("#")[0]}#${hash}`;
}

// ------------------------------------------------------------------ frame height

function framed() {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

let posted = -1;
let queued = false;

/** The page's height as the host page needs it to fit the frame around it. */
function contentHeight() {
  return Math.ceil(document.documentElement.getBoundingClientRect().height);
}

function post() {
  queued = false;
  const height = contentHeight();
  if (height === posted || !(height > 0)) return;
  posted = height;
  // Only numbers go out, so any parent may read them; a page without a listener ignores them.
  postHeight(window.parent, height);
}

/** In a frame: tell the parent the content height now and after every change of it. */
export function initFrameResize() {
  if (!framed() || typeof ResizeObserver !== "function") return;
  new ResizeObserver(() => {
    if (!queued) { queued = true; requestAnimationFrame(post); }
  }).observe(document.body);
  answerIframeResizer(window.parent, contentHeight);
  post();
}
