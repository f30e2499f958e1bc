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

/** The answer fetched early for this file (a new object each time: the show changes what it gets), or undefined. */
export const earlyAnswer = (path) => early.get(path)?.then(JSON.parse);

function fetchEarly(index, id) {
  for (const name of index.runs[id].files) {
    const path = `${index.dir}${id}.${name}.json`;
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
