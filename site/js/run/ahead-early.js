// A first visit's run computed ahead, asked for from the <head> before the page's other modules
// (docs/ARCHITECTURE.md "Runs computed ahead"); ahead.js takes these answers.
const early = new Map(); // ahead/<hash>/<id>.<name>.json -> Promise<its text>
const ALLOWED = new Set(["v", "source", "preset", "algorithm"]);

/** The run an address shows at the page's defaults (no link, or one naming only the preset and the
 * algorithm; any other is ahead.js's to match), or null. */
export function runOfAddress(hash, index) {
  if (!index?.dir || !index.defaults) return null;
  const q = new URLSearchParams(String(hash).replace(/^#/, ""));
  for (const key of q.keys()) if (!ALLOWED.has(key)) return null;
  if (q.has("source") && q.get("source") !== "preset") return null;
  const id = `${q.get("preset") ?? index.defaults.preset}-${q.get("algorithm") ?? index.defaults.algorithm}`;
  return Object.hasOwn(index.runs, id) ? id : null;
}

// The answers drawn for a box (the scene, the frames: their label spots depend on it); the train
// and theory answers are the same for every box.
const DRAWN = /^(scene|frames-\d+)$/;

/** The box this page's drawings are asked for: the name of index.boxes' first whose media query
 * the viewport matches (a phone: css/app.css's small screens; the <head> knows the viewport, not
 * yet the plot's box), else "" (the desktop's, index.sizes). */
export function boxOf(index) {
  for (const [name, box] of Object.entries(index?.boxes ?? {})) {
    if (globalThis.matchMedia?.(box.media).matches) return name;
  }
  return "";
}

/** {answer name: site-relative path} of the files of run `id` this page asks for: its train and
 * theory answers, and its scene and frames drawn for boxOf's box ("<box>.<name>" files), or the
 * desktop's where the run has none for that box. */
export function runFiles(index, id) {
  const names = index.runs[id].files, box = boxOf(index);
  const own = box ? names.filter((n) => n.startsWith(`${box}.`)) : [];
  const out = {};
  for (const name of names) {
    if (!name.includes(".") && !(own.length && DRAWN.test(name))) out[name] = `${index.dir}${id}.${name}.json`;
  }
  for (const name of own) out[name.slice(box.length + 1)] = `${index.dir}${id}.${name}.json`;
  return out;
}

/** The answer fetched early for this file (a new object each time: the show changes what it gets), or undefined. */
export const earlyAnswer = (path) => early.get(path)?.then(JSON.parse);

function fetchEarly(index, id) {
  for (const path of Object.values(runFiles(index, id))) {
    const p = fetch(new URL(`../../${path}`, import.meta.url))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))));
    p.catch(() => {}); // reported where ahead.js awaits it
    early.set(path, p);
  }
}

async function start() {
  // A return visit shows only runs the service worker keeps (ahead.js kept()); site/ has no index.
  if (globalThis.navigator?.serviceWorker?.controller) return;
  const index = await import("./ahead-runs.js").then((m) => m.default, () => null);
  const id = runOfAddress(globalThis.location?.hash ?? "", index);
  if (id) fetchEarly(index, id);
}

if (globalThis.document) start();
