// A WebAssembly memory only grows: after a run that took a lot of it (a big run, or one that
// ran out and raised MemoryError, which happens at the heap's limit), the worker would hold it
// until the tab closes (an out-of-memory run left a tab at 4.4 GB). The worker reports its heap
// with each result; above HEAP_RESTART_BYTES the client ends it and starts a fresh one.

import { N_ } from "../i18n/translate.js";

export const HEAP_RESTART_BYTES = 2 ** 30; // 1 GiB: far above any usual run's (~150 MB)

const RAN_OUT = N_("The run needed more memory than the browser gives; Python was restarted to free it. Your data and settings are kept.");
const BIG = N_("This run took more than 1 GB of memory, which Python cannot give back: it was restarted to free it. Your data and settings are kept.");

/** A result message of the worker ({result, heap}) -> null (keep the worker) or
 * {text, failed}: restart it, saying text; failed: the run's own answer is replaced by text. */
export function heapVerdict(msg) {
  if (!(Number(msg?.heap) > HEAP_RESTART_BYTES)) return null;
  const failed = msg.result?.ok === false && msg.result.error?.kind === "internal"; // MemoryError is one
  return { text: failed ? RAN_OUT : BIG, failed };
}
