// One shown step in the step panel: its picture (Python's PNG, or the page's own drawing),
// the panel's data attributes, the words and the numbers of the update as elements (the
// equation line, the table, the angle line; the words come from step-text.js).
import { byId, clear, el, fmt, show } from "../page/dom.js";
import { describeStep, describeVisit, proofAlt } from "./step-text.js";
import { t } from "../i18n/i18n.js";

/** Put step r on the panel. o: {withProof, drawn (the page draws it), playing, byVisit, names,
 * updates, total, hasProof, draw(k)}. */
export function showStep(r, o) {
  const img = byId("step-image");
  if (r.image) img.src = r.image;
  img.alt = r.alt || "";
  const p = byId("step-proof");
  if (o.drawn || (o.withProof && r.proof)) {
    if (o.drawn && !o.playing) o.draw(o.byVisit ? r.visit : r.step);
    if (!o.drawn) p.src = r.proof;
    p.alt = proofAlt(r);
    p.dataset.t = String(r.t);
  }
  show(byId("step-proof-fig"), o.hasProof);
  const panel = byId("stepper");
  panel.dataset.step = String(r.step);
  panel.dataset.t = String(r.t);
  panel.dataset.index = r.index === null || r.index === undefined ? "" : String(r.index);
  panel.dataset.w = JSON.stringify(r.w);
  panel.dataset.nWrong = String(r.n_wrong ?? "");
  panel.dataset.visit = o.byVisit ? String(r.visit) : "";
  panel.dataset.update = o.byVisit ? String(!!r.update) : "";
  const { text, math } = o.byVisit ? describeVisit(r, { names: o.names, total: o.updates, visits: o.total + 1 })
    : describeStep(r, { names: o.names, total: o.total });
  byId("step-text").textContent = text;
  const box = clear(byId("step-math"));
  const view = mathView(math);
  if (view) box.append(view);
}

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
      el("caption", { class: "visually-hidden", text: t("The update, component by component") }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: t("Vector") })), cols.map((c) => el("th", { scope: "col", class: "num", text: c })))),
      el("tbody", {}, rows.map(([label, v, mark], i) =>
        // A row marked moved is what the update changed; without marks, the last row (= w after).
        el("tr", { class: (mark ? mark.moved : i === rows.length - 1) ? "moved" : null },
          el("th", { scope: "row", text: label }), v.map((x) => el("td", { class: "num", text: fmt(x, 4) })))))));
}

