// Runs computed ahead (docs/ARCHITECTURE.md "Runs computed ahead"): the presets' default runs,
// answered at build time by the app's own bridge in the shipped Pyodide (tools/runs_ahead.py), so a preset
// link's run moves, and the step-through steps, before Python is ready. While Python loads, a
// run whose request equals a shipped one (apart from the plot's box and pixel ratio) is
// answered from those files: its train answer, theory, scene and frames. Python's answers are
// the same bytes (tests/e2e/test_boot.py), so when Python takes the run over nothing on screen
// changes; it then draws the run's plots (PNG) as for any run. Note: the run stays "running" until then.

import { PLOTS, plotSizes } from "../plot/plots.js";
import { t } from "../i18n/i18n.js";
import { withoutEnglish, sentencesOf, framesWithoutEnglish } from "../i18n/ahead-words.js";
import { setLoadingNote, setReady } from "./run-panel.js";
import { pictureArrived } from "../steps/watch.js";
import { sessionHere } from "./last-run.js";
import { page } from "../state/page-state.js";
import { earlyAnswer, runFiles } from "./ahead-early.js";

// The plot's box, pixel ratio and which plots to draw: the run's numbers do not depend on them.
const VIEW_KEYS = new Set(["plot_px", "dpr", "scale", "plot_kinds"]);

let index = null;      // its promise: {dir, runs: {id: {request, files}}} (build.py writes js/run/ahead-runs.js)
let loaded = null;     // ... once here
let shown = null;      // {id, files: {name: Promise<answer>}}: the run computed ahead on screen

function loadIndex() {
  // Only dist/ has the index: served from site/, no run is computed ahead.
  index ??= import("./ahead-runs.js").then((m) => m.default).catch(() => ({ dir: null, runs: {} }))
    .then((ix) => (loaded = ix));
  return index;
}

function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

function withoutView(settings) {
  return Object.fromEntries(Object.entries(settings).filter(([k]) => !VIEW_KEYS.has(k)));
}

/** The id of the run computed ahead whose request is this one's, else null. */
export async function aheadId(data, settings) {
  const ix = await loadIndex();
  if (!ix.dir) return null;
  const want = withoutView(settings);
  for (const [id, run] of Object.entries(ix.runs)) {
    if (same(run.request.data, data) && same(withoutView(run.request.settings), want)) return kept(ix, id);
  }
  return null;
}

// A page the service worker controls is a return visit with the build cached (sw.js): Python is
// local and ready in ~2 s from the memory snapshot, but its first answers after a restore are slow
// (bench/warm_visit.py), so the run computed ahead still goes first where the service worker keeps
// all its files (it keeps the runs an earlier visit showed: aheadFetched, js/offline.js). Any other
// is Python's run, as before, and none of its files is asked for: offline that request would
// fail, and the browser reports every failed request as an error.
// The files are those this page's box asks for (ahead-early.js runFiles): a phone's own drawings.
async function kept(ix, id) {
  if (!globalThis.navigator?.serviceWorker?.controller) return id;
  const cached = (path) => globalThis.caches?.match(new URL(`../../${path}`, import.meta.url).href,
    { ignoreSearch: true }).catch(() => null);
  return (await Promise.all(Object.values(runFiles(ix, id)).map(cached))).every(Boolean) ? id : null;
}

const fetchedHere = new Set(); // the site-relative paths of the run files this visit asked for

/** The runs computed ahead that this visit showed, as site-relative paths (ahead/<hash>/<id>.<name>.json):
 * js/offline.js asks the service worker to keep them, so that a return visit shows them at once, offline too. */
export const aheadFetched = () => [...fetchedHere];

async function fetchAnswer(path) {
  fetchedHere.add(path);
  const early = earlyAnswer(path); // asked for from the <head> (ahead-early.js)
  if (early) return early;
  const r = await fetch(new URL(`../../${path}`, import.meta.url));
  if (!r.ok) throw new Error(`${r.status}`);
  return r.json();
}

/** The run `id` (aheadId's: the index is here) is the one on screen: its files (drawn for this
 * page's box: ahead-early.js runFiles) are fetched at once. */
export function showAhead(id) {
  const files = {};
  for (const [name, path] of Object.entries(runFiles(loaded, id))) files[name] = fetchAnswer(path);
  // An unanswered promise is no error until a caller awaits it.
  for (const p of Object.values(files)) p.catch(() => {});
  shown = { id, files };
}

/** A run Python trains (or none) replaces the one computed ahead. */
export function dropAhead() {
  if (shown) setLoadingNote("");
  shown = null;
}

export const aheadShown = () => shown !== null;

/** The answer to `request` from the run computed ahead on screen, or null (Python answers). */
export function aheadCall(request) {
  if (!shown || !request) return null;
  const f = shown.files;
  const fail = () => ({ ok: false, error: { kind: "internal", message: t("The run computed ahead could not be loaded; Python will compute it.") } });
  if (request.cmd === "train" && f.train) return f.train.then(withoutEnglish).catch(fail);
  if (request.cmd === "theory" && f.theory) return f.theory.then(withoutEnglish).catch(fail);
  if (request.cmd !== "frame" || request.visits || request.visit !== undefined) return null;
  if (request.scene === true) return f.scene.catch(fail);
  if (Array.isArray(request.batch)) return framesOf(f, request.batch).catch(fail);
  return null;
}

async function framesOf(files, [first, last]) {
  const out = [];
  let total = 0;
  for (let i = 0; files[`frames-${i}`]; i++) {
    const part = await files[`frames-${i}`];
    total = part.total;
    for (const fr of part.frames) if (fr.step >= first && fr.step <= last) out.push(fr);
    if (part.frames.at(-1).step >= last) break;
  }
  return { ok: true, frames: framesWithoutEnglish(out), total };
}

let plan = null;       // the run computed ahead that Python takes over once ready
let pythonHere = false; // Python was ready before the run on screen asked to be taken over (a return visit)

/** The run computed ahead is on screen: say so; resolves with Python's plots of it ({plots,
 * plot_alt}) once Python has taken it over (adoptAhead), or null when Python could not load.
 * p: {call (Python's), request (the page's train request for it), current}. */
export function planAdoption(p) {
  // Beside Train (the message line would push the settings down, and back up when it clears).
  // Python failed to load before the run asked (abandonAhead came first): nothing will take it over.
  if (page.get("pyState") === "error") return Promise.resolve(null);
  setLoadingNote(t("Computed ahead; Python is loading for your own runs."));
  return new Promise((resolve) => {
    plan = { ...p, resolve };
    if (pythonHere) adoptAhead();
  });
}

/** Python could not be loaded: the run on screen stays the one computed ahead, without plots. */
export function abandonAhead() {
  setLoadingNote("");
  plan?.resolve(null);
  plan = null;
  pythonHere = false;
}

/** Python is ready: it trains the run on screen (the same numbers), so the step-through's other
 * modes, the downloads and the plots work on it; main.js puts its plots in place. */
export async function adoptAhead() {
  const p = plan;
  plan = null;
  pythonHere = true;
  if (!p || !shown || !p.current()) return;
  const r = await p.call(p.request);
  if (!p.current()) return;
  setLoadingNote("");
  setReady(false, t("Python is drawing this run's plots…")); // Python is here
  if (!r?.ok) { p.resolve(null); return; }
  const theory = r.theory_pending ? await p.call({ cmd: "theory" }) : null;
  const later = PLOTS.filter((k) => k !== "boundary");
  const more = await p.call({ cmd: "plots", kinds: later, sizes: plotSizes(later) });
  if (!p.current()) return;
  shown = null;
  sessionHere(r);
  p.resolve({ ok: true, plots: { ...r.plots, ...(more?.ok ? more.plots : {}) },
    plot_alt: { ...r.plot_alt, ...(more?.ok ? more.plot_alt : {}) }, words: sentencesOf(r, theory) });
  // After main.js has put the plots in (the await that resolve wakes runs first).
  setTimeout(pictureArrived, 0);
}
