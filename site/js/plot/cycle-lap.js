// Which recorded updates make up a cycled run's lap (pure): the show replays them, the cycle
// plot draws their w, and its table lists them.

/** The cycle in the recorded updates: {start, n, stopped} with `start` the step that shows w
 * just before the cycle's first update, `n` its update count and `stopped` whether the run
 * stopped on it (online does; averaged, voted and pocket train on to MaxIter, Algorithm 2),
 * or null (no cycle, or a subsampled trace that cannot say which updates repeat). */
export function cycleInfo(r) {
  const c = r?.cycle, tr = r?.trace;
  if (!c || !tr || tr.subsampled || !Array.isArray(tr.epoch)) return null;
  const inCycle = (e) => e > c.epoch - c.period && e <= c.epoch;
  const start = tr.epoch.findIndex(inCycle);
  if (start < 0) return null;
  const n = tr.epoch.filter(inCycle).length;
  return { start, n, stopped: !(r.epochs > c.epoch), epoch: c.epoch, epochs: r.epochs };
}
