// CSV upload: the file picker and drag-and-drop, reading the file's bytes (sent as base64:
// Python guesses the encoding, delimiter and decimal separator and says which, so Excel's
// Windows-1252 or UTF-16 files arrive intact), Python's check of it (bridge "inspect"), the
// "read as" line with its overrides, the label chooser and the preview table.
import { byId, el, clear, show } from "./dom.js";
import { param, LIMITS } from "../state.js";
import { registerSlot, setFieldError, clearFieldError } from "./fields.js";
import { setFeatureNames } from "./plot-features.js";
import { fillChooser } from "./column-chooser.js";

export const MAX_BYTES = LIMITS.csv_max_bytes; // bytes, decimal: 20 000 000 = 20 MB

let onValue;         // (name, value) => void
let inspectFn;       // (DATA) => Promise<bridge response>
let onLoaded;        // () => void: a file was read (the data panel switches to it)
let running = () => false; // a training run is going (Python answers the file after it)
let stopRun = () => {};    // cancel that run
// The last good CSV: its bytes as base64 (read once; a label or read-as change re-sends them).
const csv = { name: null, b64: null, info: null, label: null, readAs: {} };
// The read-as overrides: "" = Python's guess. Values are the bridge's keys.
const READ_AS = [
  { key: "delimiter", label: "Delimiter", options: [[",", "comma"], [";", "semicolon"], ["\t", "tab"]] },
  { key: "decimal", label: "Decimal separator", options: [[".", "point (5.1)"], [",", "comma (5,1)"]] },
  { key: "encoding", label: "Encoding", options: [["utf-8", "UTF-8"], ["windows-1252", "Windows-1252"], ["latin-1", "Latin-1"], ["utf-16-le", "UTF-16 LE"], ["utf-16-be", "UTF-16 BE"]] },
];
let inspectToken = 0;
let lastError = null; // the message of the last file Python refused (for a link's notice)

export function initCsvUpload(opts) {
  ({ onValue, inspect: inspectFn, onLoaded } = opts);
  if (opts.running) ({ running, stopRun } = opts);
  registerSlot("csv-file", byId("csv-file"), byId("csv-file-error"), byId("csv-file-hint"));
  const input = byId("csv-file");
  const zone = byId("dropzone");
  input.addEventListener("change", () => {
    if (input.files && input.files[0]) readFile(input.files[0]);
    input.value = ""; // choosing the same file again still fires change
  });
  for (const ev of ["dragenter", "dragover"]) {
    zone.addEventListener(ev, (e) => { e.preventDefault(); zone.classList.add("dragging"); });
  }
  for (const ev of ["dragleave", "dragend"]) zone.addEventListener(ev, () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("dragging");
    const file = e.dataTransfer?.files?.[0];
    if (file) readFile(file);
  });
  // A file dropped next to the zone must not make the browser navigate away from the lab.
  window.addEventListener("dragover", (e) => e.preventDefault());
  window.addEventListener("drop", (e) => e.preventDefault());
}

function sizeText(bytes) {
  // Decimal units, as the limit; exact bytes where one decimal would not show it is over.
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
  const mb = (bytes / 1e6).toFixed(1);
  return Number(mb) * 1e6 > MAX_BYTES ? `${mb} MB` : `${bytes.toLocaleString("en-US")} bytes`;
}

async function readFile(file) {
  clearFieldError("csv-file");
  clearFieldError("label");
  if (file.size > MAX_BYTES) {
    setFieldError("csv-file", `“${file.name}” is ${sizeText(file.size)}; the limit is ${MAX_BYTES / 1e6} MB (${MAX_BYTES.toLocaleString("en-US")} bytes). Choose a smaller file.`);
    return;
  }
  if (file.size === 0) {
    setFieldError("csv-file", `“${file.name}” is empty.`);
    return;
  }
  let b64;
  try {
    b64 = await base64Of(file);
  } catch {
    setFieldError("csv-file", `Could not read “${file.name}”.`);
    return;
  }
  await inspectCsv(file.name, b64, null, null, {});
}

/** A Blob's bytes as base64, read by the browser off the main thread (no loop over the bytes in JS). */
function base64Of(blob) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => {
      const url = String(r.result);
      resolve(url.slice(url.indexOf(",") + 1)); // "data:...;base64,<bytes>"
    };
    r.onerror = () => reject(r.error);
    r.readAsDataURL(blob);
  });
}

function setInfo(text) {
  const info = byId("csv-info");
  info.textContent = text;
  show(info, !!text);
}

/** Python reads the file only after the run in progress: say so, and offer to stop that run. */
function offerStop(name, again) {
  const info = byId("csv-info");
  info.replaceChildren(
    `“${name}” will be checked when the training run in progress ends. `,
    el("button", { type: "button", class: "secondary small", id: "csv-stop-run", text: "Stop the run",
      // Stopping ends the worker, and with it this file's queued check: ask again.
      on: { click: () => { stopRun(); setTimeout(again); } } }),
  );
  show(info, true);
}

/** Ask Python to read the CSV; on success it becomes the current CSV, on failure nothing is lost. */
// cause: the control whose change asked for this reading (its error slot gets a refusal).
async function inspectCsv(name, b64, label, plotPair = null, readAs = csv.readAs, cause = "csv-file") {
  const token = ++inspectToken;
  const hadCsv = !!csv.info;
  if (running()) offerStop(name, () => inspectCsv(name, b64, label, plotPair, readAs, cause));
  else if (!hadCsv || name !== csv.name) setInfo(`Checking “${name}”…${document.body.dataset.pyState === "ready" ? "" : " (waiting for Python to load)"}`);
  const res = await inspectFn(request(b64, label, readAs));
  if (token !== inspectToken) return false;
  if (!res || !res.ok) {
    const err = res?.error || { message: "The file could not be read." };
    if (err.kind === "cancelled") return false;
    const where = locate(err);
    lastError = `${err.message}${where}`.replace(/\.$/, "");
    const field = READ_AS.some((r) => r.key === err.field) ? `csv-${err.field}` : cause;
    setFieldError(field, `${err.message}${where}`);
    setInfo(hadCsv ? describe(csv) : "");
    if (hadCsv) { renderLabelChooser(); renderReadAs(); } // the controls show the CSV still in use
    return false;
  }
  clearFieldError("csv-file");
  clearFieldError("label");
  for (const r of READ_AS) clearFieldError(`csv-${r.key}`);
  Object.assign(csv, { name, b64, info: res, label: labelIndex(res), readAs: { ...readAs } });
  onValue("label", csv.label);
  setInfo(describe(csv));
  renderReadAs();
  renderLabelChooser();
  renderPreview();
  setFeatureNames(res.feature_names, plotPair);
  onLoaded();
  return true;
}

/** The bridge DATA object of a CSV: its bytes, the label column and the overrides chosen. */
function request(b64, label, readAs) {
  const out = { kind: "csv", base64: b64, label };
  for (const [k, v] of Object.entries(readAs)) if (v) out[k] = v;
  return out;
}

/** " (row 3, column “x2”)" from a data error, or "" (parts the message already names are left out). */
export function locate(err) {
  const msg = String(err.message || "").toLowerCase();
  const parts = [];
  if (err.row !== null && err.row !== undefined && !msg.includes(`row ${err.row}`)) parts.push(`row ${err.row}`);
  if (err.column !== null && err.column !== undefined && err.column !== "") {
    const col = typeof err.column === "number" ? `column ${err.column + 1}` : `column “${err.column}”`;
    const c = String(err.column).toLowerCase();
    const named = typeof err.column === "number"
      ? msg.includes(`column ${err.column + 1}`)
      : [`"${c}"`, `“${c}”`, `'${c}'`, `column ${c}`].some((q) => msg.includes(q));
    if (!named) parts.push(col);
  }
  return parts.length ? ` (${parts.join(", ")})` : "";
}

function labelIndex(info) {
  const lc = info.label_column;
  if (typeof lc === "number") return lc;
  const i = info.columns.indexOf(lc);
  return i >= 0 ? i : info.columns.length - 1;
}

function labelText(labels) {
  if (!labels) return "";
  return `−1 = ${labels["-1"]}, +1 = ${labels["+1"] ?? labels["1"]}`;
}

function describe(c) {
  const i = c.info;
  return `${c.name}: ${i.n} rows, ${i.feature_names.length} features; labels ${labelText(i.labels || i.label_names)}.`;
}

/** "read as: semicolon-separated, decimal comma, Windows-1252" and a select per guess to override it. */
function renderReadAs() {
  let box = byId("csv-read-as");
  if (!box) {
    box = el("div", { id: "csv-read-as", class: "fields read-as" });
    box.append(el("p", { id: "csv-read-as-text", class: "read-as-text" }));
    for (const r of READ_AS) {
      const id = `csv-${r.key}`;
      const select = el("select", { id }, el("option", { value: "", text: "as guessed" }),
        r.options.map(([v, t]) => el("option", { value: v, text: t })));
      const error = el("p", { class: "field-error", id: `${id}-error`, hidden: true, attrs: { "data-for": id } });
      box.append(el("div", { class: "field" }, el("label", { attrs: { for: id }, text: r.label }), select, error));
      registerSlot(id, select, error);
      select.addEventListener("change", () => {
        clearFieldError(id);
        inspectCsv(csv.name, csv.b64, csv.label, null, { ...csv.readAs, [r.key]: select.value }, id);
      });
    }
    byId("label-slot").before(box);
  }
  const used = csv.info.read_as || {};
  byId("csv-read-as-text").textContent = csv.info.read_as_text
    ? `${csv.info.read_as_text.replace(/^read as/, "Read as")}.` : "";
  for (const r of READ_AS) {
    const select = byId(`csv-${r.key}`);
    select.value = csv.readAs[r.key] || "";
    // "as guessed" names the guess, so the select alone says how the file was read.
    const guess = r.options.find(([v]) => v === used[r.key]);
    select.options[0].textContent = guess ? `as guessed: ${guess[1]}` : "as guessed";
  }
}

function renderLabelChooser() {
  const slot = byId("label-slot");
  const p = param("label");
  let select = byId("label-column");
  if (!select) {
    select = el("select", { id: p.id });
    const hint = el("p", { class: "hint", id: `${p.id}-hint`, text: p.hint });
    const error = el("p", { class: "field-error", id: `${p.id}-error`, hidden: true, attrs: { "data-for": "label" } });
    slot.append(el("div", { class: "field" }, el("label", { attrs: { for: p.id }, text: p.label }), select, hint, error));
    registerSlot("label", select, error, hint);
    select.addEventListener("change", () => {
      clearFieldError("label");
      // The same bytes: the file is not read again.
      inspectCsv(csv.name, csv.b64, Number(select.value), null, csv.readAs, "label");
    });
  }
  fillChooser(select, csv.info.columns, csv.label);
}

/** The columns the preview shows: the first preview_columns_max, and the label column. */
function previewColumns(count) {
  const cols = [];
  for (let i = 0; i < Math.min(count, LIMITS.preview_columns_max); i++) cols.push(i);
  if (csv.label >= cols.length && csv.label < count) cols.push(csv.label);
  return cols;
}

function renderPreview() {
  const wrap = byId("csv-preview");
  const { columns, preview } = csv.info;
  const cols = previewColumns(columns.length);
  const cell = (tag, text, i) => el(tag, { scope: tag === "th" ? "col" : null, class: i === csv.label ? "is-label" : null, text: String(text) });
  const head = el("tr", {}, cols.map((i) => cell("th", columns[i], i)));
  const body = (preview || []).map((row) => el("tr", {}, cols.map((i) => cell("td", row[i] ?? "", i))));
  const shown = cols.length < columns.length
    ? `; ${cols.length} of ${columns.length.toLocaleString("en-US")} columns` : "";
  const table = el("table", { class: "preview" },
    el("caption", { text: `First ${(preview || []).length} of ${csv.info.n} rows${shown} (label column highlighted)` }),
    el("thead", {}, head), el("tbody", {}, body));
  clear(wrap).append(table);
  wrap.setAttribute("tabindex", "0");
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "Preview of the CSV file");
  show(wrap, true);
}

/** Use CSV bytes from a link as if the file was chosen; -> true once Python could read it. */
export async function loadCsvBytes(name, bytes, label = null, plot = null) {
  let b64;
  try {
    b64 = await base64Of(new Blob([bytes]));
  } catch {
    return false;
  }
  return inspectCsv(name, b64, label, plot, {});
}

/** The feature names of the current CSV file (or null before any). */
export function csvFeatureNames() {
  return csv.info ? csv.info.feature_names : null;
}

/** Why Python refused the last file it was given (or null). */
export function lastCsvError() {
  return lastError;
}

/** Python's account of the current CSV file (rows n, feature_names, ...) or null. */
export function csvInfo() {
  return csv.info;
}

/** The name of the current CSV file (or null). */
export function csvName() {
  return csv.name;
}

/** -> {data} or {error: {name, message}} for the current CSV file. */
export function csvRequest() {
  if (!csv.b64) return { error: { name: "csv-file", message: "Choose a CSV file first (or drop one on the box)." } };
  return { data: request(csv.b64, csv.label, csv.readAs) };
}
