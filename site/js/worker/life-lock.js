// A worker's end, noticed at once, whatever ended it: close() in the worker, an uncaught error
// that ends it, the browser ending it for memory, terminate(). The worker holds a Web Lock of its
// own for its whole life (holdLifeLock, here) and says its name; the page queues for the
// same lock (watchLife, js/python/worker-life.js), which is granted only once that worker is gone. No message has to
// arrive in time, so neither a busy CPU nor a long computation can pass for a death. Where Web
// Locks are missing (or throw, as in an opaque-origin frame), the page's silence watchdogs are
// all there is (pyclient.js).

import { LIFE_LOCK_PREFIX as PREFIX } from "./protocol.js";

/** Worker side: hold a lock named for this worker until it ends; onHeld(name) once it is held. */
export function holdLifeLock(onHeld) {
  try {
    const locks = globalThis.navigator?.locks;
    if (!locks || !globalThis.crypto?.randomUUID) return;
    const name = PREFIX + crypto.randomUUID();
    locks.request(name, () => {
      onHeld(name);
      return new Promise(() => {}); // released only by the worker's end
    }).catch(() => {});
  } catch {
    /* no Web Locks here: the page falls back on its watchdogs */
  }
}
