// Choosers of one column among many (the label column, the features to plot). A CSV file can
// have 20 000 columns: one <option> each would freeze the tab, so beyond
// limits.chooser_options_max the <select> holds the current choice and the first matches of
// a search box (name or column number) put before it.
import { el } from "../page/dom.js";
import { LIMITS } from "../state/state.js";
import { t, pageLanguage } from "../i18n/i18n.js";

const MAX = LIMITS.chooser_options_max;

/** Fill `select` with the names (value = index); `selected` is the chosen index. */
export function fillChooser(select, names, selected) {
  let search = document.getElementById(`${select.id}-search`);
  if (names.length <= MAX) {
    search?.remove();
    select.replaceChildren(...names.map((n, i) => option(n, i, i === selected)));
    return;
  }
  if (!search) {
    search = el("input", {
      type: "search", id: `${select.id}-search`, class: "column-search", autocomplete: "off",
      attrs: { "aria-label": t("Find a column by name or number"), placeholder: t("Find a column (name or number)…") },
    });
    search.addEventListener("input", () => showMatches(select, search));
    select.before(search);
  }
  search.value = "";
  select._names = names;
  showMatches(select, search, selected);
}

function option(name, i, selected) {
  return el("option", { value: String(i), text: String(name), selected });
}

/** The current choice, then up to MAX matches of the search text, then how many were left out. */
function showMatches(select, search, selected = Number(select.value)) {
  const names = select._names;
  const q = search.value.trim().toLowerCase();
  const num = /^\d+$/.test(q) ? Number(q) - 1 : -1; // "12": column 12 (1-based, as the messages say)
  const hits = [];
  let total = 0;
  for (let i = 0; i < names.length; i++) {
    if (i === selected) continue;
    if (q && i !== num && !String(names[i]).toLowerCase().includes(q)) continue;
    total += 1;
    if (hits.length < MAX - 1) hits.push(i);
  }
  const opts = [];
  if (selected >= 0 && selected < names.length) opts.push(option(names[selected], selected, true));
  for (const i of hits) opts.push(option(names[i], i, false));
  const more = total - hits.length;
  if (more > 0) {
    opts.push(el("option", { disabled: true, value: "", text: t("… {more} more: type in the box above to find one", { more: more.toLocaleString(pageLanguage()) }) }));
  }
  select.replaceChildren(...opts);
  select.value = String(selected);
}
