// Load stages of Python (runtime -> packages -> app -> ready), the run state,
// and the one general message line. Tests wait on body[data-py-state] / [data-run-state].
import { byId, show } from "./dom.js";

const ORDER = ["runtime", "packages", "app", "ready"];
const DETAIL = {
  loading: "Loading Python in the background… you can already choose data and settings.",
  runtime: "Starting the Python runtime…",
  packages: "Loading NumPy and Matplotlib…",
  app: "Loading Perceptron Lab…",
  ready: "Python is ready.",
};

export function setPyState(stage, detail) {
  document.body.dataset.pyState = stage;
  const idx = ORDER.indexOf(stage);
  for (const li of document.querySelectorAll("#load .stages li")) {
    const i = ORDER.indexOf(li.dataset.stage);
    li.classList.toggle("done", idx >= 0 && (i < idx || stage === "ready"));
    li.classList.toggle("current", i === idx && stage !== "ready");
    if (i === idx && stage !== "ready") li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
  const text = stage === "error"
    ? (detail || "Python could not be loaded. Reload the page to try again.")
    : (DETAIL[stage] || DETAIL.loading);
  byId("load-detail").textContent = text;
  byId("load").classList.toggle("is-ready", stage === "ready");
  byId("load").classList.toggle("is-error", stage === "error");
}

export function pyState() {
  return document.body.dataset.pyState;
}

export function setRunState(state) {
  document.body.dataset.runState = state;
}

/** The general message under the results heading; kind: "info" | "error". */
export function message(text, kind = "info") {
  const m = byId("message");
  m.textContent = text || "";
  m.dataset.kind = kind;
  show(m, !!text);
}
