// A first visit's run computed ahead, asked for from the page's <head> (an async module, run as
// soon as it and the runs' index are here), before the page's ~170 other modules: at a 2 Mbit/s
// share those take a second or more, and the run's files (tens of kB) then wait no longer for them
// (bench/cold_waterfall.py). run/ahead.js takes these answers instead of asking again.
// Only where the run is known from the address alone: no link, or a preset link naming no more
// than the preset and the algorithm (what the page's defaults complete to a shipped run's request);
// any other link is matched by ahead.js as before. Only on a first visit: a page the service
// worker controls shows a run only from files it keeps (ahead.js kept()), offline too.

const early = new Map(); // site-relative path (ahead/<hash>/<id>.<name>.json) -> Promise<its text>
const ALLOWED = new Set(["v", "source", "preset", "algorithm"]);

/** The id of the run this address shows at the page's defaults, or null. Pure. */
export function runOfAddress(hash, index) {
  if (!index?.dir || !index.defaults) return null;
  const q = new URLSearchParams(String(hash).replace(/^#/, ""));
  for (const key of q.keys()) if (!ALLOWED.has(key)) return null;
  if (q.has("source") && q.get("source") !== "preset") return null;
  const id = `${q.get("preset") ?? index.defaults.preset}-${q.get("algorithm") ?? index.defaults.algorithm}`;
  return Object.hasOwn(index.runs, id) ? id : null;
}

/** The answer fetched early for this file, a new object at each call (the show changes what it is
 * given, and a run shown again starts from the file), or undefined (ahead.js fetches it itself). */
export const earlyAnswer = (path) => early.get(path)?.then(JSON.parse);

function fetchEarly(index, id) {
  for (const name of index.runs[id].files) {
    const path = `${index.dir}${id}.${name}.json`;
    const p = fetch(new URL(`../../${path}`, import.meta.url))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))));
    p.catch(() => {}); // ahead.js reports a failure where it awaits it
    early.set(path, p);
  }
}

async function start() {
  if (globalThis.navigator?.serviceWorker?.controller) return;
  // Only dist/ has the index (build.py): served from site/, there is nothing to fetch.
  const index = await import("./ahead-runs.js").then((m) => m.default, () => null);
  const id = runOfAddress(globalThis.location?.hash ?? "", index);
  if (id) fetchEarly(index, id);
}

if (globalThis.document) start();
