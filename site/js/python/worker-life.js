// A worker's end, noticed at once, whatever ended it: close() in the worker, an uncaught error
// that ends it, the browser ending it for memory, terminate(). The worker holds a Web Lock of its
// own for its whole life (holdLifeLock, js/worker/life-lock.js) and says its name; the page queues for the
// same lock (watchLife, here), which is granted only once that worker is gone. No message has to
// arrive in time, so neither a busy CPU nor a long computation can pass for a death. Where Web
// Locks are missing (or throw, as in an opaque-origin frame), the page's silence watchdogs are
// all there is (pyclient.js).

import { LIFE_LOCK_PREFIX as PREFIX } from "../worker/protocol.js";

/** Page side: onEnd() once the worker holding `name` has ended; -> false if this cannot be watched. */
export function watchLife(name, onEnd) {
  try {
    const locks = globalThis.navigator?.locks;
    if (!locks || typeof name !== "string" || !name.startsWith(PREFIX)) return false;
    locks.request(name, () => { onEnd(); }).catch(() => {});
    return true;
  } catch {
    return false;
  }
}
