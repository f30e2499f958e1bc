// A lesson's place in the address bar: #view=lesson&lesson=N&step=K (embed=1 kept), the teacher's
// own data in the lab's data link keys (share.js: preset=…, pts=…, csv=…) and the student's
// changes to the step's run as try.KEY=value (a margin changed by the student is not the
// teacher's margin). Pure.
import { pageLanguage } from "../i18n/current.js";
import { PARAMS } from "../state/state.js";

const KEEP = ["embed", "present"];
// The keys share.js reads a run's data from (params.json's data group and the data itself).
const DATA_KEYS = new Set([...PARAMS.filter((p) => p.url && p.group === "data").map((p) => p.url),
  "pts", "ptz", "ptsbig", "csv", "csvname", "csvbig"]);
const CHANGE = "try.";
const MAX_VALUE = 64 * 1024; // share.js's longest hash: a longer value is not a link's

/** -> {lesson, step, keep: {embed, present}, data: {link key: text}, changes: {link key: text}}
 * for a lesson link, else null. Never throws. */
export function parseLessonLink(hash) {
  const h = String(hash ?? "").replace(/^#/, "");
  let q;
  try { q = new URLSearchParams(h); } catch { return null; }
  if (q.get("view") !== "lesson") return null;
  const whole = (v, dflt) => (/^\d{1,3}$/.test(v ?? "") ? Math.max(1, Number(v)) : dflt);
  const keep = {}, data = {}, changes = {};
  for (const k of KEEP) if (q.get(k) === "1") keep[k] = "1";
  for (const [k, v] of q) {
    if (v.length > MAX_VALUE) continue;
    if (DATA_KEYS.has(k) && !(k in data)) data[k] = v;
    else if (k.startsWith(CHANGE) && k.length > CHANGE.length && !(k.slice(CHANGE.length) in changes)) changes[k.slice(CHANGE.length)] = v;
  }
  return { lesson: whole(q.get("lesson"), 1), step: whole(q.get("step"), 1), keep, data, changes };
}

/** The hash (without "#") of lesson n at step k, with the teacher's data and the student's changes. */
export function lessonLink(n, k, keep = {}, { data = {}, changes = {} } = {}) {
  const extra = KEEP.filter((key) => keep[key] === "1").map((key) => `&${key}=1`).join("")
    + (pageLanguage() !== "en" ? `&lang=${encodeURIComponent(pageLanguage())}` : ""); // a lesson link keeps its language
  const pairs = [...Object.entries(data).filter(([key]) => DATA_KEYS.has(key)),
    ...Object.entries(changes).map(([key, v]) => [CHANGE + key, v])];
  const more = pairs.map(([key, v]) => `&${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`).join("");
  return `view=lesson&lesson=${n}&step=${k}${extra}${more}`;
}

/** Does the lesson link carry the teacher's own data? */
export const hasOwnData = (link) => !!link && Object.keys(link.data || {}).length > 0;

/** Is this hash a lesson link (the lab's run links leave it alone)? */
export function isLessonLink(hash) {
  return parseLessonLink(hash) !== null;
}
