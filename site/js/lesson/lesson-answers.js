// The student's lesson predictions, for the exercise's score and result link: each question's
// first valid answer (the prediction, made before the reveal), with the step's changes. The link
// carries them as exl (base64url of JSON [[lesson, step, answer, changes], ...]) and exls (how many
// were right); `python -m perceptron_lab check` replays them (py lessons/answers.py).
const kept = new Map(); // "n.k" -> [n, k, answer, changes, correct]
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

/** Forget them (tests). */
export function clearPredictions() {
  kept.clear();
}
