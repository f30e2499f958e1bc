// What the CSV upload says (pure): a file's size, how far its reading is, where Python's
// refusal points, the labels it found. csv-upload.js shows them.
import { LIMITS } from "../state/state.js";
import { t, tn, pageLanguage } from "../i18n/i18n.js";
import { localDecimal } from "../i18n/current.js";

const MAX_BYTES = LIMITS.csv_max_bytes;

/** A count as the page's language groups its digits (1,500 / 1.500). */
const count = (n) => Number(n).toLocaleString(pageLanguage() === "en" ? "en-US" : pageLanguage());

export function sizeText(bytes) {
  // Decimal units, as the limit; exact bytes where one decimal would not show it is over.
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
  const mb = (bytes / 1e6).toFixed(1);
  return Number(mb) * 1e6 > MAX_BYTES ? `${localDecimal(mb)} MB` : bytesText(bytes);
}

/** "1,234,567 bytes", grouped as the page's language writes it. */
export const bytesText = (bytes) => tn("{count} byte", "{count} bytes", bytes, { count: count(bytes) });

/**
 * What reading a file has done so far (tests/js/csv-words.test.mjs). phase "disk": the browser reads
 * the file's bytes (done of total bytes); "rows": Python splits its lines (done of total
 * lines); "columns": Python converts the feature columns to numbers (lines: the file's lines).
 */
export function readingText(name, bytes, phase, done, total, lines = null) {
  const size = bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} kB` : `${localDecimal((bytes / 1e6).toFixed(1))} MB`;
  const pct = total > 0 ? Math.min(100, Math.floor((100 * done) / total)) : 100;
  if (phase === "disk") return t("Reading “{name}” ({size}) from the disk: {pct} %.", { name, size, pct });
  if (phase === "rows") return t("Reading “{name}” ({size}): {pct} % of its lines ({done} of {total}).", { name, size, pct, done: count(done), total: count(total) });
  const args = { name, size, done: count(done), total: count(total) };
  return lines === null ? tn("Reading “{name}” ({size}): every line read; {done} of {total} column converted to numbers.",
    "Reading “{name}” ({size}): every line read; {done} of {total} columns converted to numbers.", total, args)
    : tn("Reading “{name}” ({size}): all {lines} lines read; {done} of {total} column converted to numbers.",
      "Reading “{name}” ({size}): all {lines} lines read; {done} of {total} columns converted to numbers.", total, { ...args, lines: count(lines) });
}

/** " (row 3, column “x2”)" from a data error, or "" (parts the message already names are left out,
 * in English or in the page's language). */
export function locate(err) {
  const msg = String(err.message || "").toLowerCase();
  const names = (english, said) => msg.includes(english.toLowerCase()) || msg.includes(said.toLowerCase());
  const parts = [];
  if (err.row !== null && err.row !== undefined) {
    const said = t("row {row}", { row: err.row });
    if (!names(`row ${err.row}`, said)) parts.push(said);
  }
  if (err.column !== null && err.column !== undefined && err.column !== "") {
    const col = typeof err.column === "number" ? t("column {n}", { n: err.column + 1 }) : t("column “{name}”", { name: err.column });
    const c = String(err.column).toLowerCase();
    const named = typeof err.column === "number"
      ? names(`column ${err.column + 1}`, col)
      : [`"${c}"`, `“${c}”`, `'${c}'`, `column ${c}`].some((q) => msg.includes(q));
    if (!named) parts.push(col);
  }
  return parts.length ? ` (${parts.join(", ")})` : "";
}

export function labelText(labels) {
  if (!labels) return "";
  if (Array.isArray(labels.classes)) return t("{n} classes: {names}", { n: labels.classes.length, names: labels.classes.join(", ") });
  return t("labels −1 = {negative}, +1 = {positive}", { negative: labels["-1"], positive: labels["+1"] ?? labels["1"] });
}

export function describe(c) {
  const i = c.info;
  const k = i.feature_names.length;
  return t("{name}: {rows}, {features}; {labels}.", { name: c.name, rows: tn("{n} row", "{n} rows", i.n),
    features: tn("{n} feature", "{n} features", k), labels: labelText(i.labels || i.label_names) });
}
