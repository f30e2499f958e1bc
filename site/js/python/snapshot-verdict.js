// What a snapshot maker's answer (its "snapshot" message, js/worker/snapshot-boot.js makeSnapshot)
// means for the page (js/python/snapshot-maker.js): body[data-snapshot]'s state, the console's
// note and, for "failed" or "skipped", why. Only "failed" is remembered for the build (not tried
// again); a file another worker held (busy: a second tab restoring from it, a spare) is no fault
// of the build, so it is "skipped" and the next visit tries again.

/** msg: {ok, detail?, busy?, heapMB?, filesMB?, ms?} -> {state, note, why?} */
export function makerVerdict(msg) {
  if (msg.ok) {
    return { state: "ready", note: `the next visit starts from a memory snapshot (${msg.heapMB} MB of memory, ${msg.filesMB} MB of files, made in ${msg.ms} ms).` };
  }
  if (msg.busy) {
    return { state: "skipped", note: `no memory snapshot yet (${msg.detail}; the next visit tries again).`, why: `its maker: ${msg.detail}` };
  }
  return { state: "failed", note: `no memory snapshot: ${msg.detail}`, why: `its maker: ${msg.detail}` };
}
