// The header's loading area: Python's load stages (runtime -> packages -> app -> ready), the
// download's progress (MB of MB), the run state, and the one general message line.
// The states are the page state's pyState / runState (../state/page-state.js); tests wait on their
// mirror body[data-py-state] / [data-run-state]; pyRetries (body[data-py-retries]) counts the
// client's automatic retries of a stalled load.
// Heard: #load is a polite status, but its stage list and download line are aria-live="off"
// (index.html): Orca spoke ~20 stage marks and MB counts while Python loaded; now only the
// detail line (DETAIL: a sentence per stage, "Python is ready.", an error) is said.
import { byId, show, say, fmt, setText } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { page } from "../state/page-state.js";

const ORDER = ["runtime", "packages", "app", "ready"];
const DETAIL = {
  loading: t("Loading Python in the background… you can already choose data and settings."),
  runtime: t("Starting the Python runtime…"),
  packages: t("Loading NumPy and Matplotlib…"),
  app: t("Loading Perceptron Lab…"),
  ready: t("Python is ready."),
};
const MB = 1e6;

export function setPyState(stage, detail) {
  if (stage === "retry") {
    page.set({ pyRetries: (page.get("pyRetries") || 0) + 1 });
    stage = "loading";
  }
  page.set({ pyState: stage });
  const idx = ORDER.indexOf(stage);
  for (const li of document.querySelectorAll("#load .stages li")) {
    const i = ORDER.indexOf(li.dataset.stage);
    li.classList.toggle("done", idx >= 0 && (i < idx || stage === "ready"));
    li.classList.toggle("current", i === idx && stage !== "ready");
    if (i === idx && stage !== "ready") li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
  const text = stage === "error"
    ? (detail || t("Python could not be loaded. Reload the page to try again."))
    : (detail && stage === "loading" ? detail : (DETAIL[stage] || DETAIL.loading));
  byId("load-detail").textContent = text;
  byId("load").classList.toggle("is-ready", stage === "ready");
  byId("load").classList.toggle("is-error", stage === "error");
  if (stage === "ready" || stage === "error") show(byId("load-bytes"), false);
}

/** The boot's download: received of total bytes (estimated on the wire, gzip included);
 * cached: the service worker holds this build (and controls this page): nothing to download. */
export function setBytes(received, total, cached = false) {
  if (!total || pyState() === "ready") return;
  const bar = byId("load-progress");
  bar.max = total;
  bar.value = Math.min(received, total);
  if (cached && globalThis.navigator?.serviceWorker?.controller) {
    setText(byId("load-bytes-text"), t("Python's files come from this browser's copy: nothing to download."));
    show(byId("load-bytes"), true);
    return;
  }
  const mb = (n) => fmt(Number((n / MB).toFixed(1)));
  let text = t("Python download: {received} of {total} MB", { received: mb(received), total: mb(total) });
  // Before the bytes flow, say what is coming and, if the browser knows the link's speed
  // and it is slow, about how long it takes.
  const link = navigator.connection && navigator.connection.downlink; // Mbit/s, estimated
  if (received < total * 0.05 && link && link < 10) {
    text += " " + t("(about {s} s at this connection's speed)", { s: Math.max(1, Math.round((total * 8) / (link * MB))) });
  }
  byId("load-bytes-text").textContent = text;
  show(byId("load-bytes"), true);
}

export function pyState() {
  return page.get("pyState");
}

export function setRunState(state) {
  page.set({ runState: state });
}

/** The general message under the results heading; kind: "info" | "error". */
export function message(text, kind = "info") {
  say(byId("message"), text, kind);
}
