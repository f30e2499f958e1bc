// The status line: two lines at desktop widths (a taller box would resize the plot's after its
// picture is drawn). A verdict that does not fit keeps its first sentence there, the headline,
// and its qualification goes, whole, under the key numbers (#status-more), not cut or hidden
// in a scrolling box. The split is remade when the line's width changes.
import { byId } from "../page/dom.js";

let full = "";

/** Put the run's status sentence(s) on screen. */
export function showStatus(text) {
  full = text || "";
  fit();
}

/** The whole status as the page shows it (headline, then the qualification). */
export const statusText = () => full;

function fit() {
  const s = byId("status"), more = byId("status-more"), line = s.closest(".status-line");
  s.textContent = full;
  more.textContent = "";
  more.hidden = true;
  if (!line || line.scrollHeight <= line.clientHeight + 1) return;
  // The first sentence: up to a full stop followed by a capital (not "e.g." or "0.5").
  const m = /^(.+?[.!?])\s+(?=[A-Z])/.exec(full);
  if (!m) return;
  s.textContent = m[1];
  more.textContent = full.slice(m[0].length);
  more.hidden = false;
}

export function initStatusLine() {
  const line = byId("status").closest(".status-line");
  let width = 0;
  // Why a frame later: fit() changes the text, and so the layout, of what is observed; done
  // inside the observer's delivery, WebKit reports "ResizeObserver loop completed with
  // undelivered notifications" as an uncaught error.
  new ResizeObserver(() => requestAnimationFrame(() => {
    if (line.clientWidth === width) return;
    width = line.clientWidth;
    fit();
  })).observe(line);
}
