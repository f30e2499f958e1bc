// "Download as Python" / "as notebook": the run on screen as code (bridge "script"). The
// script repeats the run with the pip package and prints its weights exactly; data too large
// to write into the script comes as a CSV file to save beside it (a second download).
import { byId, el } from "../page/dom.js";
import { page } from "../state/page-state.js";
import { t } from "../i18n/i18n.js";

const FORMATS = [["py", t("Python script (.py)"), t("the run as a Python script")],
  ["ipynb", t("Notebook (.ipynb)"), t("the run as a Jupyter notebook")]];

let call = null;
let run = null; // {data, settings} of the run on screen
let busy = false;

export function initScriptDownload(opts) {
  call = opts.call;
  page.on(["runState"], ({ runState }) => { const r = page.get("result"); if (runState === "done" && r) scriptRun(r.data, r.settings); });
  const list = byId("export-files");
  if (!list) return;
  for (const [fmt, text, label] of FORMATS) {
    list.append(el("button", {
      type: "button", id: `export-script-${fmt}`, class: "secondary script-btn", text, disabled: true,
      attrs: { "aria-label": t("{button}: download {what}", { button: text, what: label }) }, on: { click: () => download(fmt) },
    }));
  }
}

/** The run now on screen (after a successful train). */
export function scriptRun(data, settings) {
  run = { data, settings: { ...settings } };
  refresh();
}

function refresh() {
  for (const b of document.querySelectorAll(".script-btn")) b.disabled = !run || busy;
}

function status(text, kind = "info") {
  const s = byId("export-status");
  if (!s) return;
  s.textContent = text;
  s.dataset.kind = kind;
}

async function download(fmt) {
  if (!run || busy) return;
  busy = true;
  refresh();
  status(t("Preparing the file…"));
  let r;
  try {
    r = await call({ cmd: "script", data: run.data, settings: run.settings, format: fmt });
  } catch {
    r = null;
  } finally {
    busy = false;
    refresh();
  }
  if (!r || !r.ok) { status(r?.error?.message || t("The script could not be made."), "error"); return; }
  for (const f of r.files) save(f);
  status(r.files.length > 1 ? t("Downloaded {file} and {other} (keep it in the same folder).", { file: r.files[0].name, other: r.files[1].name })
    : t("Downloaded {file}.", { file: r.files[0].name }));
}

function save(f) {
  const url = URL.createObjectURL(new Blob([f.text], { type: `${f.mime};charset=utf-8` }));
  const a = el("a", { href: url, download: f.name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000); // a busy browser may read the blob late
}
