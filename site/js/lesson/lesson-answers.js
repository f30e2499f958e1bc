// The student's lesson predictions, for the exercise's score and result link: each question's
// first valid answer (the prediction, made before the reveal), with the step's changes. The link
// carries them as exl (base64url of JSON [[lesson, step, answer, changes], ...]) and exls (how many
// were right); `python -m perceptron_lab check` replays them (py lessons/answers.py).
const kept = new Map(); // "n.k" -> [n, k, answer, changes, correct]
const restored = new Set(); // "n.k" of the predictions a reopened result link brought back
const listeners = [];
const MAX = 100; // lessons/answers.py MAX_ANSWERS

/** A valid answer to lesson n step k; only the first counts (a second try is not a prediction). */
export function recordPrediction(n, k, answer, changes, correct) {
  const key = `${n}.${k}`;
  if (kept.has(key) || kept.size >= MAX) return;
  kept.set(key, [n, k, String(answer), { ...(changes || {}) }, !!correct]);
  for (const f of listeners) f();
}

/** -> {score, answered} of the predictions so far. */
export function predictionTally() {
  const all = [...kept.values()];
  return { score: all.filter((e) => e[4]).length, answered: all.length };
}

/** Call f whenever a prediction is kept. */
export function onPrediction(f) {
  listeners.push(f);
}

/** The result link's keys for the predictions ("" when there are none). */
export function predictionKeys() {
  if (!kept.size) return "";
  const json = JSON.stringify([...kept.values()].map(([n, k, a, c]) => [n, k, a, c]));
  const bytes = new TextEncoder().encode(json);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  const b64 = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `exl=${b64}&exls=${predictionTally().score}`;
}

/** The predictions a result link's hash carries (exl) -> [[n, k, answer, changes], ...]; [] when none or unreadable. */
export function linkPredictions(hash) {
  const m = /(?:^|[#&])exl=([A-Za-z0-9_-]{1,20000})(?:&|$)/.exec(String(hash ?? ""));
  if (!m) return [];
  try {
    const bin = atob(m[1].replace(/-/g, "+").replace(/_/g, "/"));
    const list = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
    return Array.isArray(list) ? list.filter((e) => Array.isArray(e) && e.length === 4).slice(0, MAX) : [];
  } catch {
    return [];
  }
}

/**
 * Reopening a result link: each prediction it carries is graded again by the lesson engine
 * (ask: the bridge's lesson request), never taken from the link's exls, and kept as if just made.
 * -> how many the engine refused (an answer the step does not offer, an unknown step).
 */
export async function restorePredictions(hash, ask) {
  let refused = 0;
  for (const [n, k, answer, changes] of linkPredictions(hash)) {
    let v = null;
    try { v = await ask({ cmd: "lesson", lesson: n, step: k, changes: changes || {}, answer: String(answer) }); } catch { v = null; }
    if (v && v.ok !== false && v.check?.valid && !kept.has(`${n}.${k}`)) {
      recordPrediction(n, k, answer, changes, v.check.correct);
      restored.add(`${n}.${k}`);
    } else if (!(v && v.ok !== false && v.check?.valid)) refused++;
  }
  return refused;
}

/** The answer and changes a reopened result link brought back for lesson n step k, or null. */
export function restoredPrediction(n, k) {
  const e = restored.has(`${n}.${k}`) ? kept.get(`${n}.${k}`) : null;
  return e ? { answer: e[2], changes: e[3] } : null;
}

/** Forget them (tests). */
export function clearPredictions() {
  kept.clear();
  restored.clear();
}
