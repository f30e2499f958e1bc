// What a snapshot maker's answer (its "snapshot" message, js/worker/snapshot-boot.js makeSnapshot)
// means for the page (js/python/snapshot-maker.js): body[data-snapshot]'s state. Only "failed" is
// remembered for the build (not tried again); a file another worker held (busy: a second tab
// restoring from it, a spare) is no fault of the build, so it is "skipped": the next visit tries again.

/** msg: {ok, detail?, busy?, ...} -> "ready" | "skipped" | "failed" */
export function makerState(msg) {
  if (msg.ok) return "ready";
  return msg.busy ? "skipped" : "failed";
}
