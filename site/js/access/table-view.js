// Under each plot, a button that opens its numbers as a table (plot-tables.js) and moves the
// focus onto it, so a screen reader announces the caption and walks the cells; the button
// again (or Escape in the table) closes it and gives the focus back. A table is built when it
// is opened: a 5 000-point run's table is not built for every run.
import { byId, el, clear } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { PLOT_TABLES, plotTable } from "./plot-tables.js";

let res = null;

const NAMES = { boundary: t("the decision-boundary plot's points"), projection: t("the scores plot's points"),
  mistakes: t("mistakes per epoch"), accuracy: t("training accuracy per epoch"), weights: t("the weights"),
  cycle: t("the weight vectors of the cycle"), trajectory: t("w after each update"), proof: t("the convergence proof's two quantities") };

export function initTableViews() {
  for (const kind of Object.keys(PLOT_TABLES)) {
    const fig = byId(`plot-${kind}`)?.closest("figure");
    if (!fig || byId(`table-${kind}-open`)) continue;
    const box = el("div", { id: `table-${kind}`, class: "plot-table", hidden: true,
      attrs: { tabindex: "0", role: "region", "aria-label": t("Table: {name}", { name: NAMES[kind] }) },
      on: { keydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); toggle(kind, false); } } } });
    const button = el("button", { type: "button", id: `table-${kind}-open`, class: "secondary plot-table-open",
      hidden: true, attrs: { "aria-expanded": "false", "aria-controls": box.id, "aria-label": t("Show as a table: {name}", { name: NAMES[kind] }) }, on: { click: () => toggle(kind) } },
    ...label(false));
    // The boundary plot's figure has a fixed size (the stage): its button sits in its caption's
    // row and its table over the plot's foot, like the point explorer, so neither takes
    // the picture's room. The side's plots, which scroll, have them under the figure.
    const cap = fig.classList.contains("fig-boundary") ? fig.querySelector("figcaption") : null;
    if (cap) cap.after(button); else fig.append(button); // the big plot's: at the end of its caption's row
    if (fig.classList.contains("fig-boundary")) { fig.classList.add("has-table-over"); box.classList.add("is-over"); fig.append(box); }
    // In the side's panels (grids) a scrolling box would be sized to nothing: a plain wrapper
    // takes the table's height (up to the box's maximum).
    else fig.after(el("div", { class: "plot-table-wrap", hidden: true }, box));
  }
}

/** A new run on screen: the buttons of the plots that have a table, open tables redrawn. */
export function tableViewsResult(result) {
  res = result;
  for (const kind of Object.keys(PLOT_TABLES)) {
    const button = byId(`table-${kind}-open`);
    if (!button) continue;
    const has = !!plotTable(kind, res);
    button.hidden = !has;
    if (!has) toggle(kind, false, false);
    else if (button.getAttribute("aria-expanded") === "true") draw(kind);
  }
}

// The button's words, long and short: the big plot's button, in its caption's row, shows the
// short one (access.css): the longer German and Spanish words cut the caption. Each short word
// is part of the long one, so the name holds the label (WCAG 2.5.3).
function label(open) {
  return [el("span", { class: "label-long", text: open ? t("Hide the table") : t("Show as a table") }),
    el("span", { class: "label-short", text: open ? t("Hide") : t("Table") })];
}

function toggle(kind, open = null, refocus = true) {
  const button = byId(`table-${kind}-open`);
  const box = byId(`table-${kind}`);
  if (!button || !box) return;
  const on = open === null ? button.getAttribute("aria-expanded") !== "true" : open;
  const hadFocus = box.contains(document.activeElement); // hiding the box drops its focus
  button.setAttribute("aria-expanded", String(on));
  button.replaceChildren(...label(on));
  button.setAttribute("aria-label", `${on ? t("Hide the table") : t("Show as a table")}: ${NAMES[kind]}`);
  box.hidden = !on;
  if (box.parentElement.classList.contains("plot-table-wrap")) box.parentElement.hidden = !on;
  if (on) { draw(kind); box.focus(); }
  else { clear(box); box.removeAttribute("aria-describedby"); if (refocus && hadFocus) button.focus(); }
}

function draw(kind) {
  const box = byId(`table-${kind}`);
  const t = plotTable(kind, res);
  clear(box);
  if (!t) return;
  const head = el("tr", {}, ...t.head.map((h) => el("th", { text: h, attrs: { scope: "col" } })));
  const body = t.rows.map((r) => el("tr", {}, el("th", { text: r[0], attrs: { scope: "row" } }),
    ...r.slice(1).map((c) => el("td", { text: c }))));
  // The caption (what the numbers are, for which w) is the box's description: a screen reader
  // says it with the box's name when the focus lands there (Orca said only the name, then
  // read the caption's second line on the first ↓).
  box.setAttribute("aria-describedby", `table-${kind}-caption`);
  box.append(el("table", { id: `table-${kind}-data` }, el("caption", { id: `table-${kind}-caption`, text: t.caption }),
    el("thead", {}, head), el("tbody", {}, ...body)));
}
