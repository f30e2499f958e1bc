// CSV upload: the file picker and drag-and-drop, reading the file's bytes (sent as base64:
// Python guesses the encoding, delimiter and decimal separator and says which, so Excel's
// Windows-1252 or UTF-16 files arrive intact), Python's check of it (bridge "inspect"), the
// "read as" line with its overrides, the label chooser and the preview table.
import { byId, el, show, fmt } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { param, LIMITS } from "../state/state.js";
import { registerSlot, setFieldError, clearFieldError } from "../page/fields.js";
import { setFeatureNames, plotFeatures } from "./plot-features.js";
import { fillChooser } from "./column-chooser.js";
import { page } from "../state/page-state.js";
import { sizeText, bytesText, readingText, locate, describe } from "./csv-words.js";
import { renderPreview } from "./csv-preview.js";
export { readingText, locate };
export const MAX_BYTES = LIMITS.csv_max_bytes; // bytes, decimal: 20 000 000 = 20 MB

let onValue;         // (name, value) => void
let inspectFn;       // (DATA) => Promise<bridge response>
let onLoaded;        // () => void: a file was read (the data panel switches to it)
let running = () => false; // a training run is going (Python answers the file after it)
let stopRun = () => {};    // cancel that run
let cancelRead = () => {}; // stop Python's reading of a file (the worker restarts)
// The file Python is reading now: {token, name, bytes, lines} (the reading messages update it).
let reading = null;
// The last good CSV: its bytes as base64 (read once; a label or read-as change re-sends them).
const csv = { name: null, b64: null, info: null, label: null, readAs: {} };
// A newer file Python refused ({name, b64, readAs}): the read-as choices apply to it until it is
// read (its message may ask to choose the decimal separator), while `csv` stays the data.
let refused = null;
// The read-as overrides (params.json: csv_delimiter, csv_decimal, csv_encoding; kept in links):
// "auto" = Python's guess; the other option values are what the bridge takes.
const READ_AS = ["csv_delimiter", "csv_decimal", "csv_encoding"].map(param);
// How Python reports what it used (read_as: ";" or "," ...) -> the option that names it.
const USED = { csv_delimiter: { ",": "comma", ";": "semicolon", "\t": "tab" }, csv_decimal: { ".": "point", ",": "comma" } };
let inspectToken = 0;
let lastError = null; // the message of the last file Python refused (for a link's notice)

export function initCsvUpload(opts) {
  ({ onValue, inspect: inspectFn, onLoaded } = opts);
  if (opts.running) ({ running, stopRun } = opts);
  if (opts.cancelRead) cancelRead = opts.cancelRead;
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

async function readFile(file) {
  clearFieldError("csv-file");
  clearFieldError("label");
  if (file.size > MAX_BYTES) {
    setFieldError("csv-file", t("“{name}” is {size}; the limit is {mb} MB ({bytes}). Choose a smaller file.",
      { name: file.name, size: sizeText(file.size), mb: fmt(MAX_BYTES / 1e6), bytes: bytesText(MAX_BYTES) }));
    forgetRefused();
    return;
  }
  if (file.size === 0) {
    setFieldError("csv-file", t("“{name}” is empty.", { name: file.name }));
    forgetRefused();
    return;
  }
  let b64;
  try {
    b64 = await base64Of(file, (done) => setInfo(readingText(file.name, file.size, "disk", done, file.size)));
  } catch {
    setFieldError("csv-file", t("Could not read “{name}”.", { name: file.name }));
    setInfo(csv.info ? describe(csv) : "");
    return;
  }
  await inspectCsv(file.name, b64, null, null, {});
}

/** A newer file was refused before Python saw it: the read-as line describes the data in use, not an older refused file. */
function forgetRefused() {
  refused = null;
  if (byId("csv-read-as")) renderReadAs();
}

/** A Blob's bytes as base64, read by the browser off the main thread (no loop over the bytes in JS). */
function base64Of(blob, onProgress = null) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    if (onProgress) r.onprogress = (e) => onProgress(e.loaded);
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

/** Bytes of the file a base64 text holds. */
function b64Bytes(b64) {
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
}

/** Python reports how far it has read the current file: show it, with Cancel. */
export function showReading(phase, done, total) {
  if (!reading) return;
  if (phase === "rows") reading.lines = total;
  const text = readingText(reading.name, reading.bytes, phase, done, total, reading.lines);
  let bar = byId("csv-reading");
  if (!bar) {
    bar = el("progress", { id: "csv-reading", attrs: { "aria-label": t("Reading the CSV file") } });
    const stop = el("button", { type: "button", class: "secondary small", id: "csv-cancel-read", text: t("Cancel"),
      on: { click: () => { if (reading) reading.cancelled = true; cancelRead(); } } });
    byId("csv-info").replaceChildren(el("span", { id: "csv-reading-text" }), " ", stop, bar);
    show(byId("csv-info"), true);
  }
  // Rows are most of the work (about 60 %), the columns the rest: one bar for both.
  const share = total > 0 ? done / total : 1;
  bar.max = 100;
  bar.value = Math.round(phase === "rows" ? 60 * share : 60 + 40 * share);
  byId("csv-reading-text").textContent = text;
}

/** Python reads the file only after the run in progress: say so, and offer to stop that run. */
function offerStop(name, again) {
  const info = byId("csv-info");
  info.replaceChildren(
    `${t("“{name}” will be checked when the training run in progress ends.", { name })} `,
    el("button", { type: "button", class: "secondary small", id: "csv-stop-run", text: t("Stop the run"),
      // Stopping ends the worker, and with it this file's queued check: ask again.
      on: { click: () => { stopRun(); setTimeout(again); } } }),
  );
  show(info, true);
}

const upperFirst = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Ask Python to read the CSV; on success it becomes the current CSV, on failure nothing is lost. */
// cause: the control whose change asked for this reading (its error slot gets a refusal).
async function inspectCsv(name, b64, label, plotPair = null, readAs = csv.readAs, cause = "csv-file") {
  const token = ++inspectToken;
  const hadCsv = !!csv.info;
  if (running()) offerStop(name, () => inspectCsv(name, b64, label, plotPair, readAs, cause));
  else if (!hadCsv || name !== csv.name) setInfo(page.get("pyState") === "ready" ? t("Checking “{name}”…", { name }) : t("Checking “{name}”… (waiting for Python to load)", { name }));
  reading = { token, name, bytes: b64Bytes(b64), lines: null, cancelled: false };
  const mine = reading;
  const res = await inspectFn(request(b64, label, readAs));
  if (reading === mine) reading = null;
  if (token !== inspectToken) return false;
  if (!res || !res.ok) {
    const err = res?.error || { message: t("The file could not be read.") };
    if (err.kind === "cancelled") {
      // Cancel here, or a training run's Cancel that also ended this queued reading.
      const stopped = hadCsv ? t("Reading “{name}” was cancelled. “{kept}” is still the data.", { name, kept: csv.name })
        : t("Reading “{name}” was cancelled.", { name });
      setInfo(mine.cancelled ? stopped : (hadCsv ? describe(csv) : ""));
      if (hadCsv) { renderLabelChooser(); renderReadAs(); }
      return false;
    }
    const where = locate(err);
    lastError = `${err.message}${where}`.replace(/\.$/, "");
    const field = READ_AS.find((p) => p.key === err.field)?.name ?? cause;
    setFieldError(field, `${err.message}${where}`);
    setInfo(hadCsv ? describe(csv) : "");
    if (b64 !== csv.b64) refused = { name, b64, readAs: { ...readAs } };
    if (hadCsv) renderLabelChooser(); // the label chooser shows the CSV still in use
    renderReadAs();
    return false;
  }
  clearFieldError("csv-file");
  clearFieldError("label");
  for (const p of READ_AS) clearFieldError(p.name);
  Object.assign(csv, { name, b64, info: res, label: labelIndex(res), readAs: { ...readAs } });
  refused = null;
  onValue("label", csv.label);
  for (const p of READ_AS) onValue(p.name, csv.readAs[p.name] || p.default);
  setInfo(describe(csv));
  renderReadAs();
  renderLabelChooser();
  renderPreview(csv);
  setFeatureNames(res.feature_names, plotPair);
  onLoaded();
  return true;
}

/** The bridge DATA object of a CSV: its bytes, the label column and the overrides chosen. */
function request(b64, label, readAs) {
  const out = { kind: "csv", base64: b64, label };
  for (const p of READ_AS) {
    const v = readAs[p.name];
    if (v && v !== p.default) out[p.key] = v;
  }
  return out;
}

function labelIndex(info) {
  const lc = info.label_column;
  if (typeof lc === "number") return lc;
  const i = info.columns.indexOf(lc);
  return i >= 0 ? i : info.columns.length - 1;
}

/** The algorithm moved into or out of the multiclass perceptron: Python reads the file again
 * (a binary reading refuses a third class, a multiclass one keeps every class). */
export function recheckCsv() {
  const f = refused || (csv.info ? csv : null);
  if (f) inspectCsv(f.name, f.b64, f === csv ? csv.label : null, f === csv ? plotFeatures() : null, f.readAs);
}

/**
 * "read as: semicolon-separated, decimal comma, Windows-1252" and a select per guess to override
 * it; for a file Python refused, the same selects to choose how to read it.
 */
function renderReadAs() {
  let box = byId("csv-read-as");
  if (!box) {
    box = el("div", { id: "csv-read-as", class: "fields read-as" });
    box.append(el("p", { id: "csv-read-as-text", class: "read-as-text" }));
    for (const p of READ_AS) {
      const select = el("select", { id: p.id }, p.options.map((o) => el("option", { value: o.value, text: t(o.label) })));
      const error = el("p", { class: "field-error", id: `${p.id}-error`, hidden: true, attrs: { "data-for": p.name } });
      box.append(el("div", { class: "field" }, el("label", { attrs: { for: p.id }, text: t(p.label) }), select, error));
      registerSlot(p.name, select, error);
      select.addEventListener("change", () => {
        clearFieldError(p.name);
        const f = refused || csv;
        inspectCsv(f.name, f.b64, f === csv ? csv.label : null, null, { ...f.readAs, [p.name]: select.value }, p.name);
      });
    }
    box.append(el("p", { id: "csv-read-as-warning", class: "read-as-warning", hidden: true }));
    byId("label-slot").before(box);
  }
  const warning = byId("csv-read-as-warning"); // a number like 1.234 read 1000 times off its other reading
  warning.textContent = refused ? "" : (csv.info?.read_as_warning || "");
  show(warning, !!warning.textContent);
  const f = refused || csv;
  const used = refused ? {} : (csv.info?.read_as || {});
  const said = refused ? t("“{name}” was not read (see the message above): choose how to read it.", { name: refused.name })
    : csv.info?.read_as_text ? `${upperFirst(csv.info.read_as_text)}.` : "";
  byId("csv-read-as-text").textContent = said;
  for (const p of READ_AS) {
    const select = byId(p.id);
    select.value = f.readAs[p.name] || p.default;
    // "as guessed" names the guess, so the select alone says how the file was read.
    const v = used[p.key];
    const guess = p.options.find((o) => o.value !== p.default && o.value === (USED[p.name]?.[v] ?? v));
    select.options[0].textContent = guess ? t("as guessed: {guess}", { guess: t(guess.label) }) : t(p.options[0].label);
  }
}

function renderLabelChooser() {
  const slot = byId("label-slot");
  const p = param("label");
  let select = byId("label-column");
  if (!select) {
    select = el("select", { id: p.id });
    const hint = el("p", { class: "hint", id: `${p.id}-hint`, text: t(p.hint) });
    const error = el("p", { class: "field-error", id: `${p.id}-error`, hidden: true, attrs: { "data-for": "label" } });
    slot.append(el("div", { class: "field" }, el("label", { attrs: { for: p.id }, text: t(p.label) }), select, hint, error));
    registerSlot("label", select, error, hint);
    select.addEventListener("change", () => {
      clearFieldError("label");
      // The same bytes: the file is not read again.
      inspectCsv(csv.name, csv.b64, Number(select.value), null, csv.readAs, "label");
    });
  }
  fillChooser(select, csv.info.columns, csv.label);
}

/**
 * Use CSV bytes from a link as if the file was chosen, read as the link says (readAs: the
 * csv_* values, "auto" = guess); -> true once Python could read it.
 */
export async function loadCsvBytes(name, bytes, label = null, plot = null, readAs = {}) {
  let b64;
  try {
    b64 = await base64Of(new Blob([bytes]));
  } catch {
    return false;
  }
  const chosen = {};
  for (const p of READ_AS) if (readAs[p.name] && readAs[p.name] !== p.default) chosen[p.name] = readAs[p.name];
  return inspectCsv(name, b64, label, plot, chosen);
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
  if (!csv.b64) {
    // A file Python refused keeps its reason in view (not "choose a file", as if none were chosen).
    const message = refused && lastError ? t("“{name}” was not read: {why}.", { name: refused.name, why: lastError }) : t("Choose a CSV file first (or drop one on the box).");
    return { error: { name: "csv-file", message } };
  }
  return { data: request(csv.b64, csv.label, csv.readAs) };
}
