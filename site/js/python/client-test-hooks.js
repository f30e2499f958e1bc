// The Python client's test hooks (pyclient.js adds them only with the page's test switch on):
// the last client created is globalThis.__pyclient, with these methods.
import { TO_WORKER, message } from "../worker/protocol.js";

/** Add the hooks to `client`; inner: the client's own parts (pyclient.js). -> what the client
 * tells the hooks: heard(gap ms) while a call is pending, probed(message), settle(error text). */
export function addTestHooks(client, inner) {
  const probes = new Map(); // probe id -> resolve
  let longestSilence = 0;
  inner.probe = async () => {
    await inner.ready();
    return new Promise((resolve) => {
      const id = inner.nextId();
      probes.set(id, resolve);
      inner.worker().postMessage(message(TO_WORKER, "probe", { id }));
    });
  };
  inner.silence = (reset) => {
    const ms = longestSilence;
    if (reset) longestSilence = 0;
    return ms;
  };
  /** Terminate without restarting; the next call() starts a new worker. */
  client.kill = () => inner.kill();
  /** Once ready, the worker's account of how the app package was installed
   * ({installer, url, sha256, version, micropip, listed} or {error}). */
  client.probe = () => inner.probe();
  /** Calls sent or queued and not answered yet. */
  Object.defineProperty(client, "busy", { get: () => inner.busy() });
  /** The longest time (ms) a pending call went without any word from the worker, since the
   * last call of this with reset = true. */
  client.silence = (reset = false) => inner.silence(reset);
  /** Silence the worker's signs of life during calls: python (progress, reading,
   * heartbeat.beat()) and/or buffer (the interrupt buffer's "alive"), for this worker. */
  client.mute = ({ python = false, buffer = false } = {}) => {
    inner.worker()?.postMessage(message(TO_WORKER, "mute", { python, buffer }));
  };
  /** The worker dies without an error event (the client is not told). */
  client.vanish = () => {
    inner.worker()?.terminate();
  };
  /** A fault inside the worker, as its own code would cause it (worker.js, "fault"): "close"
   * (it closes itself) or "throw" (an uncaught error in a task of its own); at once, or with
   * during = "run" at the next progress report of a run (inside Python's call); "memory" grows
   * the worker's heap past the restart limit, as a big run does (js/python/worker-memory.js). */
  client.fault = (kind, during = "now") => {
    inner.worker()?.postMessage(message(TO_WORKER, "fault", { kind, during }));
  };
  /** The current worker (a restart gives a new one). */
  Object.defineProperty(client, "worker", { get: () => inner.worker() });
  globalThis.__pyclient = client;
  return {
    heard: (gap) => { longestSilence = Math.max(longestSilence, gap); },
    probed(msg) {
      const resolve = probes.get(msg.id);
      probes.delete(msg.id);
      if (resolve) resolve(msg.result);
    },
    settle(error) {
      for (const resolve of probes.values()) resolve({ error });
      probes.clear();
    },
  };
}
