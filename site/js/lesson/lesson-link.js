// A lesson's place in the address bar: #view=lesson&lesson=N&step=K (embed=1 kept). Pure.

const KEEP = ["embed", "present"];

/** -> {lesson, step, keep: {embed, present}} for a lesson link, else null. Never throws. */
export function parseLessonLink(hash) {
  const h = String(hash ?? "").replace(/^#/, "");
  const q = new URLSearchParams(h);
  if (q.get("view") !== "lesson") return null;
  const whole = (v, dflt) => (/^\d{1,3}$/.test(v ?? "") ? Math.max(1, Number(v)) : dflt);
  const keep = {};
  for (const k of KEEP) if (q.get(k) === "1") keep[k] = "1";
  return { lesson: whole(q.get("lesson"), 1), step: whole(q.get("step"), 1), keep };
}

/** The hash (without "#") of lesson n at step k. */
export function lessonLink(n, k, keep = {}) {
  const extra = KEEP.filter((key) => keep[key] === "1").map((key) => `&${key}=1`).join("");
  return `view=lesson&lesson=${n}&step=${k}${extra}`;
}

/** Is this hash a lesson link (the lab's run links leave it alone)? */
export function isLessonLink(hash) {
  return parseLessonLink(hash) !== null;
}
