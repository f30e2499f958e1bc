// Exploring the decision-boundary plot by keyboard: a list box of the run's points beside the
// picture. ← → go left to right (by x1, then x2), ↑ ↓ to the nearest point above or below,
// Home and End to the first and last; each point says its coordinates, label, side of the
// line and margin for the w the plot shows; L says the line's equation and where it crosses
// the axes. The words come from the run's points and w (run-description.js), never from
// the picture, so they hold whatever draws the plot.
import { byId, el, clear, show } from "../page/dom.js";
import { t } from "../i18n/i18n.js";
import { algorithmTraits } from "../state/state.js";
import { pointSentence, pointOrder, pointAbove, lineSentence, boundarySummary, plotLine } from "./run-description.js";
import { soundOn } from "./access-options.js";
import { pointTone } from "./sound-track.js";
import { playTrack } from "./sound-player.js";
import { page } from "../state/page-state.js";

let res = null;
let w = null;
let step = null;        // the update the plot shows, or null (the run's answer)
let total = 0;
let order = [];
let active = 0;         // the point (row) the list box is on
let say = () => {};
let box, list, desc, note, ring;
let pending = false;

export function initPlotExplorer({ announce }) {
  say = announce;
  const img = byId("plot-boundary");
  const fig = img?.closest("figure");
  if (!fig) return;
  desc = el("p", { id: "plot-boundary-desc", class: "plot-desc" });
  note = el("p", { id: "plot-explore-help", class: "hint", text:
    t("Explore the points by keyboard: focus the list below, then ← → go left to right, ↑ ↓ to the nearest point above or below, Home and End; L says the line.") });
  list = el("div", { id: "plot-explore", class: "plot-explore",
    attrs: { tabindex: "0", role: "listbox", "aria-label": t("Points of the decision-boundary plot"), "aria-describedby": "plot-explore-help" },
    on: { keydown: onKey } });
  box = el("div", { id: "plot-explorer", class: "plot-explorer", hidden: true }, desc, note, list);
  fig.append(box);
  // Where the list box is, on the picture (for sighted keyboard users): a ring drawn over the
  // result's image through its axes geometry; not over step frames, drawn by another figure.
  ring = el("span", { class: "plot-explore-ring", hidden: true, attrs: { "aria-hidden": "true" } });
  fig.append(ring);
  list.addEventListener("focus", () => placeRing());
  list.addEventListener("blur", () => show(ring, false));
  window.addEventListener("resize", () => placeRing());
  const described = (img.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
  if (!described.includes(desc.id)) img.setAttribute("aria-describedby", [...described, desc.id].join(" "));
  // The w the plot shows: watch.js sets it (plotW, plotStep) for every frame and the final answer.
  page.on(["plotW", "plotStep"], () => {
    w = page.get("plotW") ?? null;
    step = page.get("plotStep") ?? null;
    refresh();
  });
}

/** A new run: its points (result.points) and its answer w. */
export function explorerResult(result, nUpdates) {
  res = result;
  w = Array.isArray(result?.w) ? result.w : null;
  step = null;
  total = nUpdates;
  const pts = Array.isArray(result?.points) ? result.points : [];
  order = pointOrder(pts);
  active = order[0] ?? 0;
  if (!box) return;
  clear(list);
  list.append(...order.map((i) => el("div", { id: `plot-pt-${i}`, class: "plot-pt", attrs: { role: "option", "aria-selected": "false" } })));
  show(list, pts.length > 0);
  show(note, pts.length > 0);
  show(box, true);
  refresh(true);
}

/** The w whose line the plot draws: a step's w, or the answer's, except the voted perceptron's
 * answer, which is a vote of many lines (its w is only the last one). */
function lineW() {
  return step === null && algorithmTraits(res?.settings?.algorithm)?.votes ? null : w;
}

function refresh(now = false) {
  if (!res || !box) return;
  if (!now) {
    // A playing run changes w up to 60 times a second: words once a frame at most.
    if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; refresh(true); }); }
    return;
  }
  const pts = res.points || [];
  desc.textContent = pts.length ? (boundarySummary(res, lineW(), step, total)
    || t("This plot's boundary is not one line of w in the plotted features (the voted perceptron's vote, a feature map or standardized features), so the points are listed without a line."))
    : t("The points can be explored by keyboard for a linear run on data with two features (up to 5 000 training points); this run is not one.");
  for (const i of order) {
    const o = byId(`plot-pt-${i}`);
    o.textContent = pointSentence(res, lineW(), i);
    o.setAttribute("aria-selected", String(i === active));
    o.classList.toggle("is-active", i === active);
  }
  if (pts.length) list.setAttribute("aria-activedescendant", `plot-pt-${active}`);
  else list.removeAttribute("aria-activedescendant");
  placeRing();
}

function placeRing() {
  const g = res?.boundary_geometry;
  const p = res?.points?.[active];
  const img = byId("plot-boundary");
  const on = document.activeElement === list && step === null && !!p && !!g && !!img && img.naturalWidth > 0
    && [g.left, g.top, g.width, g.height, g.image_width].every(Number.isFinite) && g.xlim?.[1] !== g.xlim?.[0] && g.ylim?.[1] !== g.ylim?.[0];
  show(ring, on);
  if (!on) return;
  const fig = img.closest("figure");
  if (getComputedStyle(fig).position === "static") fig.style.position = "relative";
  const k = img.getBoundingClientRect().width / g.image_width; // the PNG may be shown scaled
  const x = g.left + ((p[0] - g.xlim[0]) / (g.xlim[1] - g.xlim[0])) * g.width;
  const y = g.top + ((g.ylim[1] - p[1]) / (g.ylim[1] - g.ylim[0])) * g.height;
  const f = fig.getBoundingClientRect(), r = img.getBoundingClientRect();
  ring.style.left = `${r.left - f.left + x * k}px`;
  ring.style.top = `${r.top - f.top + y * k}px`;
}

function onKey(e) {
  const pts = res?.points || [];
  if (!pts.length) return;
  const at = order.indexOf(active);
  let next = null;
  if (e.key === "ArrowRight") next = order[Math.min(order.length - 1, at + 1)];
  else if (e.key === "ArrowLeft") next = order[Math.max(0, at - 1)];
  else if (e.key === "ArrowUp") next = pointAbove(pts, active, 1);
  else if (e.key === "ArrowDown") next = pointAbove(pts, active, -1);
  else if (e.key === "Home") next = order[0];
  else if (e.key === "End") next = order.at(-1);
  else if (e.key === "l" || e.key === "L") {
    e.preventDefault();
    e.stopPropagation(); // presenter mode's keys (presenter.js) are the page's, not the list's
    say(lineSentence(res, lineW()) || t("This plot's boundary is not one line of w in the plotted features."), `line ${Date.now()}`);
    return;
  }
  if (next === null) return;
  e.preventDefault();
  e.stopPropagation(); // ← → here move in the list, not the presenter's step-through
  active = next;
  refresh(true);
  sound();
  byId(`plot-pt-${active}`)?.scrollIntoView?.({ block: "nearest" });
}

/** With sound on, the point is heard where it is: x1 as pan, its score w·x̃ as pitch. */
function sound() {
  const L = soundOn() ? plotLine(res, lineW()) : null;
  if (!L) return;
  const scores = res.points.map((p) => L.a * p[0] + L.b * p[1] + L.c);
  playTrack([{ time: 0, kind: "point", ...pointTone(res.points, scores, active) }]);
}

/** The point the list box is on (tests, and the page's own checks). */
export function activePoint() {
  return active;
}
