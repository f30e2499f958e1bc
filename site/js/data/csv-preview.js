// The CSV file's preview table: its first rows as Python read them, the label column marked;
// a wide file shows its first preview_columns_max columns and the label column.
import { byId, el, clear, show } from "../page/dom.js";
import { LIMITS } from "../state/state.js";
import { t, pageLanguage } from "../i18n/i18n.js";

/** The columns the preview shows: the first preview_columns_max, and the label column. */
function previewColumns(count, label) {
  const cols = [];
  for (let i = 0; i < Math.min(count, LIMITS.preview_columns_max); i++) cols.push(i);
  if (label >= cols.length && label < count) cols.push(label);
  return cols;
}

/** csv: {info: the inspect answer, label: the label column's index}. */
export function renderPreview(csv) {
  const wrap = byId("csv-preview");
  const { columns, preview } = csv.info;
  const cols = previewColumns(columns.length, csv.label);
  const cell = (tag, text, i) => el(tag, { scope: tag === "th" ? "col" : null, class: i === csv.label ? "is-label" : null, text: String(text) });
  const head = el("tr", {}, cols.map((i) => cell("th", columns[i], i)));
  const body = (preview || []).map((row) => el("tr", {}, cols.map((i) => cell("td", row[i] ?? "", i))));
  const rows = { n: (preview || []).length, rows: csv.info.n, shown: cols.length, columns: columns.length.toLocaleString(pageLanguage()) };
  const table = el("table", { class: "preview" },
    el("caption", { text: cols.length < columns.length ? t("First {n} of {rows} rows; {shown} of {columns} columns (label column highlighted)", rows)
      : t("First {n} of {rows} rows (label column highlighted)", rows) }),
    el("thead", {}, head), el("tbody", {}, body));
  clear(wrap).append(table);
  wrap.setAttribute("tabindex", "0");
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", t("Preview of the CSV file"));
  show(wrap, true);
}
