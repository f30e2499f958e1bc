// The Downloads panel: files of the last run: each plot as PNG or SVG, the run as an animated
// GIF for slides, the model (JSON), the update trace and the predictions (CSV). Python makes the file (bridge "export"); the page wraps it in
// a Blob and clicks an <a download>. Disabled until there is a result.
import { byId, el } from "../page/dom.js";
import { t, pageLanguage } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";

const PLOTS = [["boundary", t("Decision boundary")], ["mistakes", t("Mistakes")], ["accuracy", t("Accuracy")], ["proof", t("Proof")],
  ["projection", t("Scores w·x̃")], ["weights", t("Weights")]];
// Rows left out when the run has no such plot (only data with more than two features has them).
const ONLY_SOME = new Set(["projection", "weights"]);

let call = null;
let res = null;
let enabled = false;
let busy = false;

export function initDownloads(opts) {
  call = opts.call;
  const plots = byId("export-plots");
  for (const [kind, label] of PLOTS) {
    plots.append(el("li", { class: "export-row" },
      el("span", { class: "export-name", text: label }),
      button(`export-${kind}-png`, "PNG", t("{plot} plot as PNG", { plot: label }), { what: "plot", plot: kind, format: "png" }),
      button(`export-${kind}-svg`, "SVG", t("{plot} plot as SVG", { plot: label }), { what: "plot", plot: kind, format: "svg" })));
  }
  const files = byId("export-files");
  files.append(
    button("export-animation", t("Download animation (GIF)"), t("The run, update by update, as an animated GIF for slides"),
      { what: "animation" }),
    button("export-model", t("Model (JSON)"), t("The trained model as JSON"), { what: "model" }),
    button("export-trace", t("Update trace (CSV)"), t("Every recorded update as CSV"), { what: "trace" }),
    button("export-predictions", t("Predictions (CSV)"), t("Each example with its label and prediction as CSV"), { what: "predictions" }));
  refresh();
}

function button(id, text, label, request) {
  const b = el("button", {
    type: "button", id, class: "secondary export-btn", text,
    // The accessible name starts with the visible text (WCAG 2.5.3 Label in Name).
    attrs: { "aria-label": t("{button}: download {what}", { button: text, what: pageLanguage() === "de" ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}` }) }, // German nouns keep their capital
    on: { click: () => download(request, b) },
  });
  b.dataset.export = JSON.stringify(request);
  return b;
}

/** A new result (or null). */
export function downloadsResult(result) {
  res = result;
  setStatus("");
  refresh();
}

export function downloadsEnabled(on, why = "") {
  enabled = on;
  if (why && !on) setStatus(why, "error");
  refresh();
}

function refresh() {
  for (const b of document.querySelectorAll(".export-btn")) {
    const req = JSON.parse(b.dataset.export);
    // The animation: the boundary between two classes of a run with updates, drawn in the plane.
    const missing = req.what === "plot" ? !res?.plots?.[req.plot]
      : req.what === "animation" ? !animatable(res) : false;
    b.disabled = !res || !enabled || busy || missing;
    if (ONLY_SOME.has(req.plot)) b.closest("li").hidden = missing;
  }
}

function animatable(r) {
  const tr = r?.trace;
  const steps = Array.isArray(tr?.w) ? tr.w.length : Array.isArray(tr?.index) ? tr.index.length : 0;
  return !!r?.plots?.boundary && steps > 0 && algorithmTraits(r?.settings?.algorithm)?.classes === "two";
}

function setStatus(text, kind = "info") {
  const s = byId("export-status");
  s.textContent = text;
  s.dataset.kind = kind;
}

async function download(request, btn) {
  if (!res || !call || busy) return;
  busy = true;
  refresh();
  setStatus(request.what === "animation" ? t("Drawing the animation, one picture per update (this takes a while)…")
    : t("Preparing the file…"));
  let r;
  try {
    r = await call({ cmd: "export", ...request });
  } finally {
    busy = false;
    refresh();
  }
  if (!r || !r.ok) {
    const restarted = r?.error?.kind === "no_session";
    setStatus(restarted ? t("Python was restarted since this result: press Train, then download again.")
      : (r?.error?.message || t("The file could not be made.")), "error");
    btn.focus();
    return;
  }
  let blob;
  if (typeof r.base64 === "string") {
    const bin = atob(r.base64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    blob = new Blob([bytes], { type: r.mime });
  } else {
    blob = new Blob([r.text ?? ""], { type: `${r.mime};charset=utf-8` });
  }
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: r.filename || "perceptron-lab-export", hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  // A busy browser may start reading the blob late; revoking it too soon loses the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  // The page cannot see whether the browser saved the file: a frame sandboxed without
  // allow-downloads drops it silently. Inside a frame, say what happened and what to do.
  setStatus(inFrame()
    ? t("Your browser was asked to save {file}. If no file arrives, the page around the lab blocks downloads: open the full lab (link below the plot) and download it there.", { file: r.filename })
    : t("Downloaded {file}.", { file: r.filename }));
}

function inFrame() {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent: certainly a frame
  }
}
