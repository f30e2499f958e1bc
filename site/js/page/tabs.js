// The lab's side: one tab panel at a time (data & settings, plots, numbers, steps, save &
// share, compare, practice) under the always-visible Train bar, status and current update,
// so the page stays one screen (css/app.css, "lab view"). ARIA tabs: ← → Home End move
// between tabs. A panel opens by itself when the page shows something in it (a field error,
// a shared link's comparison or exercise); panels the link's hide flags empty lose their tab.
import { byId } from "./dom.js";
import { page } from "../state/page-state.js";

const tabs = () => [...document.querySelectorAll('#side [role="tab"]')];
const panelOf = (tab) => byId(tab.getAttribute("aria-controls"));

export function initTabs() {
  const list = document.querySelector('#side [role="tablist"]');
  list.addEventListener("click", (e) => {
    const tab = e.target instanceof Element ? e.target.closest('[role="tab"]') : null;
    if (tab) select(tab);
  });
  list.addEventListener("keydown", onKey);
  // Something opened inside a panel: the comparison (a link's view=compare, its button),
  // the exercise (a result link).
  page.on(["compareShown"], ({ compareShown }) => compareShown && openTabOf(byId("compare")));
  page.on(["exerciseShown"], ({ exerciseShown }) => exerciseShown && openTabOf(byId("exercise")));
  // A pasted link may bring other hide flags; what a panel holds settles as Python loads:
  // looked at once the change is made (after the code that made it, as the panels settle).
  let queued = false;
  page.on(["hide", "pyState"], () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; syncHidden(); });
  });
  syncHidden();
}

/** Open the tab whose panel holds `node` (a field with an error, a section to show). */
export function openTabOf(node) {
  const panel = node?.closest?.('[role="tabpanel"]');
  const tab = panel && tabs().find((t) => panelOf(t) === panel);
  if (tab && tab.getAttribute("aria-selected") !== "true") select(tab);
}

/** Hide the tabs whose panel the hide flags left empty (after a link set them). */
export function syncHidden() {
  for (const tab of tabs()) {
    const panel = panelOf(tab);
    const wasHidden = panel.hidden;
    panel.hidden = false;
    const empty = getComputedStyle(panel).display === "none"
      || ![...panel.children].some((c) => getComputedStyle(c).display !== "none");
    panel.hidden = wasHidden;
    tab.hidden = empty;
  }
  const current = tabs().find((t) => t.getAttribute("aria-selected") === "true");
  if (!current || current.hidden) {
    const first = tabs().find((t) => !t.hidden);
    if (first) select(first, false);
  }
}

function select(tab, focus = false) {
  for (const t of tabs()) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    panelOf(t).hidden = !on;
  }
  page.set({ tab: tab.id.replace(/^tab-/, "") });
  if (focus) tab.focus();
}

function onKey(e) {
  const all = tabs().filter((t) => !t.hidden);
  const i = all.indexOf(document.activeElement);
  if (i < 0) return;
  const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  select(all[(next + all.length) % all.length], true);
}
