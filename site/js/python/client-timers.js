// The Python client's timers (pyclient.js says what each one watches): the boot's deadline,
// and either a pending call's silence limit or the idle ping with its deadline.

// A pending call's silence limits. Only one long C call (numpy on the largest data allowed, one
// Agg draw, the kernel grid) or a wedged or dead worker is silent; bench/silence.py measures the
// longest such call in the page (under 3 s here). Without Web Locks silence may be a death, so
// 10 s: a factor of three for a slower device, and a dead worker told in seconds. Where the
// worker's end is watched it is not: 60 s only catches a wedge, and leaves a factor of 20 for a
// CPU busy with other work (bench/busy_cpu.py).
export const CALL_TIMEOUT_MS = 10_000;
export const ALIVE_CALL_TIMEOUT_MS = 60_000;

export function clientTimers({ bootMs, idleProbeMs, idleTimeoutMs, onBootSilence, onCallSilence, onIdleSilence, ping }) {
  let boot = null;
  let call = null;
  let idle = null; // the next ping, or the deadline of the ping sent
  const stopWatch = () => {
    clearTimeout(call);
    clearTimeout(idle);
    call = idle = null;
  };
  return {
    /** A sign of a booting worker: its deadline starts again. */
    boot() {
      clearTimeout(boot);
      boot = setTimeout(onBootSilence, bootMs);
    },
    booted() {
      clearTimeout(boot);
      boot = null;
    },
    /** A ready worker: busy (a call pending) -> silence limit `limit` ms; idle -> pings. */
    watch({ ready, busy, idle: quiet, limit }) {
      stopWatch();
      if (!ready) return;
      if (busy) call = setTimeout(() => onCallSilence(limit), limit);
      else if (quiet) {
        idle = setTimeout(() => {
          ping();
          idle = setTimeout(onIdleSilence, idleTimeoutMs);
        }, idleProbeMs);
      }
    },
    /** The idle ping runs (any word from the worker then proves its loop runs). */
    get pinging() {
      return idle !== null;
    },
    clear() {
      this.booted();
      stopWatch();
    },
  };
}
