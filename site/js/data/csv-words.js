// What the CSV upload says (pure): a file's size, how far its reading is, where Python's
// refusal points, the labels it found. csv-upload.js shows them.
import { LIMITS } from "../state/state.js";

const MAX_BYTES = LIMITS.csv_max_bytes;

export function sizeText(bytes) {
  // Decimal units, as the limit; exact bytes where one decimal would not show it is over.
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
  const mb = (bytes / 1e6).toFixed(1);
  return Number(mb) * 1e6 > MAX_BYTES ? `${mb} MB` : `${bytes.toLocaleString("en-US")} bytes`;
}

const count = (n) => Number(n).toLocaleString("en-US");

/**
 * What reading a file has done so far (tests/js/csv-words.test.mjs). phase "disk": the browser reads
 * the file's bytes (done of total bytes); "rows": Python splits its lines (done of total
 * lines); "columns": Python converts the feature columns to numbers (lines: the file's lines).
 */
export function readingText(name, bytes, phase, done, total, lines = null) {
  const size = bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
  const head = `Reading “${name}” (${size})`;
  const pct = total > 0 ? Math.min(100, Math.floor((100 * done) / total)) : 100;
  if (phase === "disk") return `${head} from the disk: ${pct} %.`;
  if (phase === "rows") return `${head}: ${pct} % of its lines (${count(done)} of ${count(total)}).`;
  const read = lines === null ? "every line read" : `all ${count(lines)} lines read`;
  return `${head}: ${read}; ${count(done)} of ${count(total)} column${total === 1 ? "" : "s"} converted to numbers.`;
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

export function labelText(labels) {
  if (!labels) return "";
  if (Array.isArray(labels.classes)) return `${labels.classes.length} classes: ${labels.classes.join(", ")}`;
  return `labels −1 = ${labels["-1"]}, +1 = ${labels["+1"] ?? labels["1"]}`;
}

export function describe(c) {
  const i = c.info;
  const k = i.feature_names.length;
  return `${c.name}: ${i.n} row${i.n === 1 ? "" : "s"}, ${k} feature${k === 1 ? "" : "s"}; ${labelText(i.labels || i.label_names)}.`;
}
