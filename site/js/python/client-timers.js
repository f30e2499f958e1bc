// The Python client's timers (pyclient.js says what each one watches): the boot's deadline,
// and either a pending call's silence limit or the idle ping with its deadline.
// The client's watchdogs (pyclient.js), each measuring an end or silence, never CPU speed:
// - End: each worker holds a Web Lock for its life (worker-life.js); the page queues for it, so
//   a worker ended in any way (close(), an uncaught error, the browser ending it for memory,
//   terminate() behind our back) is noticed at once: ENDED, onRestart("ended", text).
// - Boot: no new stage and no new byte for bootTimeoutMs (30 s) is retried once (stage "retry"),
//   then fails (stage "error"): a slow link that delivers is never cut off.
// - Call: no word (progress, reading, "alive", result) for the limit ends the worker: "Python
//   stopped answering (nothing heard from it for N s) …", onRestart("stall"). The worker says
//   "alive" at least once a second while ANY Python bytecode runs (worker.js), so only a wedged
//   worker or a long C call is silent (bench/silence.py, bench/busy_cpu.py). Where its end is
//   watched, the limit is aliveCallTimeoutMs (60 s: a C call on a busy CPU), else callTimeoutMs (10 s).
// - Idle: a "ping" every idleProbeMs (4 s) is answered; nothing in idleTimeoutMs (8 s): wedged or dead.

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
