// The sound track of a run (sonification), as a list of events: per epoch a tone whose pitch
// rises with that epoch's mistakes and a tick per update, then a major chord when the run
// converged, a tritone for a cycle of the weights (Block & Levin: not separable) or a low tone
// when it stopped at MaxIter. Where the curve is, is heard as in SAS Graphics Accelerator and
// Highcharts sonification: x (the epoch) as stereo pan from left to right, y (the mistakes, or
// a point's score) as pitch. Pure (no DOM, no audio): sound-player.js plays the list,
// node --test checks it against runs' mistakes per epoch.
import { algorithmTraits } from "../state/state.js";

export const SOUND = {
  trackSeconds: 6,       // a typical run (AND: 9 epochs) is heard in about this long
  epochSeconds: [0.12, 0.6],
  maxTicks: 12,          // per epoch; a tick then stands for several updates (its `count`)
  lowHz: 220,            // the pitch of an epoch without mistakes (A3)
  semitones: 24,         // an epoch where every example is a mistake sounds two octaves higher
};

const CHORD = [261.63, 329.63, 392.0];  // C major: converged
const TRITONE = [220.0, 311.13];        // A and E flat: the weights cycle
const LOW = [110.0];                    // stopped at MaxIter, neither proved

/** The pitch of an epoch with m mistakes out of at most `top`: whole semitones above lowHz. */
export function mistakePitch(m, top) {
  const steps = Math.round((SOUND.semitones * Math.min(m, top)) / Math.max(1, top));
  return Number((SOUND.lowHz * 2 ** (steps / 12)).toFixed(2));
}

/** The stereo pan of position i of n, −1 (left) to +1 (right); a single one in the middle. */
export function positionPan(i, n) {
  return n <= 1 ? 0 : Number((-1 + (2 * i) / (n - 1)).toFixed(3));
}

/** The tone of a point of the boundary plot: its x1 as pan across the plotted x range and its
 * score (w·x̃) as pitch, two octaves over the points' scores (lowest score lowHz). */
export function pointTone(points, scores, i) {
  const xs = points.map((p) => p[0]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const pan = x1 === x0 ? 0 : Number((-1 + (2 * (points[i][0] - x0)) / (x1 - x0)).toFixed(3));
  const [s0, s1] = [Math.min(...scores), Math.max(...scores)];
  const steps = s1 === s0 ? 12 : Math.round((SOUND.semitones * (scores[i] - s0)) / (s1 - s0));
  return { pan, freqs: [Number((SOUND.lowHz * 2 ** (steps / 12)).toFixed(2))], duration: 0.25 };
}

/** Updates made in each epoch: the recorded updates when every one is recorded, else one per
 * mistake (one per epoch with a mistake for batch, which updates once an epoch). */
export function updatesPerEpoch(res) {
  const em = res.epoch_mistakes || [];
  const tr = res.trace;
  if (tr && !tr.subsampled && Array.isArray(tr.epoch)) {
    const u = em.map(() => 0);
    for (const e of tr.epoch) if (e >= 1 && e <= u.length) u[e - 1]++;
    return u;
  }
  const perEpoch = algorithmTraits(res.settings?.algorithm)?.update === "epoch"; // one summed update per epoch
  return em.map((m) => (perEpoch ? (m > 0 ? 1 : 0) : m));
}

/**
 * The run's events in time order: {time (s), kind: "epoch" | "tick" | "converged" | "cycle" |
 * "stopped", freqs: [Hz], duration (s), pan (−1 left … +1 right: the epoch's place), epoch?,
 * mistakes?, count?}.
 */
export function soundTrack(res) {
  const em = Array.isArray(res?.epoch_mistakes) ? res.epoch_mistakes : [];
  if (!em.length) return [];
  const [lo, hi] = SOUND.epochSeconds;
  const dur = Math.min(hi, Math.max(lo, SOUND.trackSeconds / em.length));
  const top = Math.max(res.dataset?.n_train || 0, ...em, 1);
  const ups = updatesPerEpoch(res);
  const out = [];
  em.forEach((m, i) => {
    const t0 = round(i * dur);
    const pan = positionPan(i, em.length);
    out.push({ time: t0, kind: "epoch", epoch: i + 1, mistakes: m, freqs: [mistakePitch(m, top)], duration: round(dur * 0.45), pan });
    const u = ups[i];
    const k = Math.min(u, SOUND.maxTicks);
    for (let j = 0; j < k; j++) {
      // Split u updates over k ticks as evenly as whole numbers allow.
      const count = Math.floor(((j + 1) * u) / k) - Math.floor((j * u) / k);
      out.push({ time: round(t0 + dur * (0.5 + (0.45 * j) / k)), kind: "tick", epoch: i + 1, count,
        freqs: [1760], duration: 0.02, pan });
    }
  });
  const end = round(em.length * dur);
  if (res.status === "converged") out.push({ time: end, kind: "converged", freqs: CHORD, duration: 0.8, pan: 0 });
  else if (res.status === "cycled") out.push({ time: end, kind: "cycle", freqs: TRITONE, duration: 0.8, pan: 0 });
  else out.push({ time: end, kind: "stopped", freqs: LOW, duration: 0.6, pan: 0 });
  return out;
}

const round = (t) => Math.round(t * 1000) / 1000;

