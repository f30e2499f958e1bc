// The pace of the show and of Play: one control (the step-through's speed, in beats per
// second) governs both. A beat is one update for a short run; a long run's show takes evenly
// spaced updates, so it lasts at most MAX_BEATS beats however many updates it made. Pure.

export const SPEEDS = [1, 2, 3, 5, 10, 20, 30, 60];
export const DEFAULT_SPEED = 3; // beats per second: a reader follows each update's words
export const MAX_BEATS = 40;    // a show's beats at most: about 13 s at the default pace

/** Updates per beat for a show of `frames` updates: 1, or evenly spaced updates. */
export const strideFor = (frames) => Math.max(1, Math.ceil((Number(frames) || 0) / MAX_BEATS));

/** The speed control's value as beats per second (the default when unset or not a number). */
export const beatsPerSecond = (value) => {
  const v = Number(value);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_SPEED;
};

/** The play clock's rate in updates per second: beats per second × updates per beat. */
export const updatesPerSecond = (bps, stride = 1) => beatsPerSecond(bps) * Math.max(1, stride);

/** The update shown at play position x (updates, fractional) of a play that began at `from`,
 * `stride` updates a beat: the last beat reached, and `end` once x gets there. */
export function beatAt(x, from, stride, end) {
  if (x >= end) return end;
  const s = Math.max(1, stride);
  return Math.min(end, from + Math.floor((x - from) / s + 1e-9) * s);
}

/** Where the picture is at play position x: it moves from the beat before to beat k in the
 * first `tween` part of the beat, then rests on k (one update, one beat). */
export function drawnAt(x, from, stride, end, tween) {
  const k = beatAt(x, from, stride, end);
  if (x >= end) return end;
  if (k === 0) return 0;
  const s = Math.max(1, stride);
  const prev = Math.max(0, k - s);
  return Math.min(k, prev + (k - prev) * Math.min(1, (x - k) / (s * tween)));
}

/** How long a show of `frames` updates lasts at `bps` beats per second, in seconds. */
export const showSeconds = (frames, bps) => Math.ceil(frames / strideFor(frames)) / beatsPerSecond(bps);

/** "2nd", "3rd", "7th": how the show's caption names its stride. */
export function ordinal(n) {
  const t = n % 100, u = n % 10;
  const suf = t >= 11 && t <= 13 ? "th" : u === 1 ? "st" : u === 2 ? "nd" : u === 3 ? "rd" : "th";
  return `${n}${suf}`;
}

/** The update number t of step k of run res: k itself, unless the run kept only some of its updates
 * (evenly spread, and its last): then trace.step[k − 1]. */
export function updateAt(res, k) {
  return k === 0 ? 0 : res?.trace?.subsampled ? res.trace.step?.[k - 1] : k;
}

/** The strip's numbers at frame r of run res: the epoch of step k (0 before the first) and the
 * mistakes made so far, which is the step's update number t when every update of the run is a
 * mistake (a long run keeps some updates: step k is then update t = trace.step[k − 1]); else
 * unknown here: null, e.g. a margin run's updates on correct predictions, or batch epochs. */
export function nowNumbers(res, r) {
  const k = Number(r?.step) || 0;
  const epoch = k === 0 ? 0 : (r?.epoch ?? res?.trace?.epoch?.[k - 1] ?? null);
  const updates = res?.trace?.subsampled ? res.trace.total : res?.steps;
  const t = updateAt(res, k);
  const everyUpdateAMistake = Number.isInteger(updates) && res.mistakes === updates && Number.isInteger(t);
  return { epoch, mistakes: everyUpdateAMistake ? t : null };
}
