// What passes between the page (js/python/pyclient.js and its helpers) and the Python worker
// (js/worker.js and js/worker/*): every message kind with its fields, the worker's name and the
// name of the lock it holds for its life. Both ends build their messages here (message()), and
// the node tests check what each end says against the same table (tests/js/fake-worker.mjs).
// A field marked "?" may be left out.

/** page -> worker */
export const TO_WORKER = Object.freeze({
  call: ["id", "request"], //                a bridge request (Python answers "result")
  "test-hooks": [], //                       the page's test switch is on
  ping: ["seq"], //                          idle heartbeat: no call pending; "pong" from the worker's loop
  mute: ["python", "buffer"], //             test hook: silence Python's own signs of life, the interrupt buffer's
  probe: ["id"], //                          test hook: how was the app installed?
  fault: ["kind", "during"], //              test hook: "close"|"throw"|"memory"|"out-of-memory", "now"|"run"
});

/** worker -> page */
export const FROM_WORKER = Object.freeze({
  life: ["lock"], //                         the Web Lock it holds for its life (js/python/worker-life.js)
  build: ["build"], //                       build-info.json's id: the page keeps to its first
  stage: ["stage", "detail?", "times?"], //   "runtime"|"packages"|"app"|"ready"; ready's times: ms since the worker started
  bytes: ["received", "total", "cached?"], // estimated bytes on the wire; cached: in the service worker's cache
  progress: ["id", "epoch", "mistakes"], //  at most every 25 ms
  reading: ["id", "phase", "done", "total"], // the CSV reader: "rows" = lines read, "columns" = columns converted
  alive: ["id"], //                          Python runs (≤ 1/s, from any bytecode, via the interrupt buffer)
  result: ["id", "result", "heap?"], //      heap: wasm bytes (js/python/worker-memory.js)
  fatal: ["message", "detail"], //           boot failed; message: one sentence
  crashed: ["id", "detail"], //              Pyodide's fatal error during a call
  pong: ["seq"], //                          answered by the worker's loop, not by Python
  snapshot: ["ok", "detail?", "busy?", "heapMB?", "filesMB?", "ms?"], // a snapshot maker only; busy: a file was held
  probe: ["id", "result"], //                test hook's answer
});

/** A worker's name carries what the page knows and the worker must know before Pyodide starts:
 * "python", plus " ipados" on an iPad that calls itself a Mac (js/python/ipados.js). */
export const WORKER_NAME = "python";
export const IPADOS_MARK = "ipados";

/** The Web Lock a worker holds for its life is named LIFE_LOCK_PREFIX + a random id. */
export const LIFE_LOCK_PREFIX = "perceptron-lab-worker-";

/** What is wrong with msg as a message of table (TO_WORKER or FROM_WORKER), or null. */
export function messageFault(table, msg) {
  if (!msg || typeof msg !== "object") return "not an object";
  const fields = Object.hasOwn(table, msg.type) ? table[msg.type] : null;
  if (!fields) return `unknown message kind ${JSON.stringify(msg.type)}`;
  const names = fields.map((f) => f.replace(/\?$/, ""));
  const missing = fields.filter((f) => !f.endsWith("?") && !(f in msg));
  if (missing.length) return `${msg.type} without ${missing.join(", ")}`;
  const extra = Object.keys(msg).filter((k) => k !== "type" && !names.includes(k));
  return extra.length ? `${msg.type} with unknown fields ${extra.join(", ")}` : null;
}

/** {type, ...fields}, checked against the table: a message no end would understand throws here. */
export function message(table, type, fields = {}) {
  const msg = { type, ...fields };
  const fault = messageFault(table, msg);
  if (fault) throw new TypeError(`Perceptron Lab's worker protocol: ${fault}`);
  return msg;
}
