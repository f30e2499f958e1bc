// The numbers of one update as elements: the equation line, the table, the angle line (the
// words come from step-text.js).
import { el, fmt } from "./dom.js";

/** The update as elements: the equation line, the table, the angle line (texts from step-text.js). */
export function mathView(m) {
  if (!m) return null;
  return el("div", {},
    m.eq.length ? el("p", { class: "step-eq" }, m.eq.map((text) => el("span", { text }))) : null,
    table(m.cols, m.rows),
    m.angle ? el("p", { class: "step-angle", data: { before: String(m.angle.before ?? ""), after: String(m.angle.after ?? "") } },
      m.angle.text) : null);
}

function table(cols, rows) {
  return el("div", { class: "table-wrap step-table-wrap" },
    el("table", { class: "step-table" },
      el("caption", { class: "visually-hidden", text: "The update, component by component" }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "Vector" })), cols.map((c) => el("th", { scope: "col", class: "num", text: c })))),
      el("tbody", {}, rows.map(([label, v]) =>
        el("tr", {}, el("th", { scope: "row", text: label }), v.map((x) => el("td", { class: "num", text: fmt(x, 4) })))))));
}

