// The lessons' openings answered from the build's files while Python loads, in English
// (docs/ARCHITECTURE.md "Runs computed ahead").
import { pageLanguage } from "../i18n/current.js";
import { page } from "../state/page-state.js";

// Only a step's own figure (not shipped) depends on its box and pixel ratio.
const VIEW = new Set(["plot_px", "dpr"]);

const canonical = (value) => JSON.stringify(value, (_k, v) => (v && typeof v === "object" && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));

/** The key of the shipped answer to this lesson request, or null. Pure. */
export function lessonKey(request, lessons, lang) {
  if (request?.cmd !== "lesson" || !lessons) return null;
  const want = { lang };
  for (const [k, v] of Object.entries(request)) if (v !== undefined && !VIEW.has(k)) want[k] = v;
  const text = canonical(want);
  for (const [key, shipped] of Object.entries(lessons)) if (canonical(shipped) === text) return key;
  return null;
}

/** The answer to a lesson request from the build's files, or null (Python answers it). */
export async function aheadLesson(request) {
  // Python ready (or failed: its call says why); a return visit's is ~2 s away (snapshot).
  if (page.get("pyState") === "ready" || page.get("pyState") === "error" || pageLanguage() !== "en") return null;
  if (globalThis.navigator?.serviceWorker?.controller) return null;
  const index = await import("./ahead-runs.js").then((m) => m.default, () => null);
  const key = lessonKey(request, index?.lessons, "en");
  if (!key || !index.dir) return null;
  try {
    const r = await fetch(new URL(`../../${index.dir}${key}.json`, import.meta.url));
    return r.ok ? await r.json() : null;
  } catch {
    return null; // Python answers it
  }
}
