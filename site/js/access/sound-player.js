// Plays a sound track (sound-track.js's events) with Web Audio: a thin player, no decisions
// about what a run sounds like. The AudioContext is made on the first user gesture that asks
// for sound (browsers refuse to start audio otherwise). What was scheduled is kept in
// `played` (and on window.__soundPlayed under the page's test switch), node by node.

let ctx = null;
let nodes = [];
let endTimer = null;
let onEndFn = null;
export let played = [];

/** Make (or wake) the AudioContext: call from a click or key handler. */
export function unlockAudio() {
  const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!AC) return false;
  if (!ctx) ctx = new AC();
  if (ctx.state === "suspended") ctx.resume();
  return true;
}

export function audioAvailable() {
  return !!(globalThis.AudioContext || globalThis.webkitAudioContext);
}

/** Play the events from now; onEnd() when the last one has faded. Replaces a track playing. */
export function playTrack(events, onEnd = null) {
  stopTrack();
  if (!events.length || !unlockAudio()) return false;
  onEndFn = onEnd;
  const t0 = ctx.currentTime + 0.05;
  played = [];
  const out = ctx.createGain();
  out.gain.value = 0.25;
  out.connect(ctx.destination);
  nodes.push(out);
  let last = 0;
  for (const e of events) {
    const dest = panned(out, e.pan);
    for (const f of e.freqs) tone(dest, e.kind, f, t0 + e.time, e.duration);
    played.push({ time: e.time, kind: e.kind, freqs: e.freqs.slice(), nodes: e.freqs.length, pan: dest.pan ? dest.pan.value : 0 });
    last = Math.max(last, e.time + e.duration);
  }
  if (globalThis.__PERCEPTRON_LAB_TEST__) globalThis.__soundPlayed = played;
  endTimer = setTimeout(() => { endTimer = null; release(); finish(); }, (last + 0.15) * 1000);
  return true;
}

/** A stereo panner in front of `out` for an event's pan (−1 … +1); `out` itself where the
 * browser has none or the pan is the middle. */
function panned(out, pan) {
  if (!pan || typeof ctx.createStereoPanner !== "function") return out;
  const p = ctx.createStereoPanner();
  p.pan.value = Math.max(-1, Math.min(1, pan));
  p.connect(out);
  nodes.push(p);
  return p;
}

function tone(out, kind, freq, at, dur) {
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  // A tick is a short square click; tones are sines with a soft attack and release.
  osc.type = kind === "tick" ? "square" : kind === "cycle" ? "triangle" : "sine";
  osc.frequency.value = freq;
  const peak = kind === "tick" ? 0.35 : kind === "epoch" ? 0.8 : 0.45;
  env.gain.setValueAtTime(0, at);
  env.gain.linearRampToValueAtTime(peak, at + Math.min(0.01, dur / 4));
  env.gain.linearRampToValueAtTime(0, at + dur);
  osc.connect(env);
  env.connect(out);
  osc.start(at);
  osc.stop(at + dur + 0.02);
  nodes.push(osc, env);
}

/** Silence at once (the Stop button, turning sound off, a new run). */
export function stopTrack() {
  clearTimeout(endTimer);
  endTimer = null;
  const had = nodes.length > 0;
  release();
  if (had) finish();
}

function release() {
  for (const n of nodes) {
    try { if (n.stop) n.stop(); } catch { /* not started yet or already stopped */ }
    n.disconnect();
  }
  nodes = [];
}

function finish() {
  const fn = onEndFn;
  onEndFn = null;
  if (fn) fn();
}

export function isSounding() {
  return nodes.length > 0;
}
