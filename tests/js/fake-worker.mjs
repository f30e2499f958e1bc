// A Worker for node's tests of site/js/python/pyclient.js: it records what the page sends, and the
// test speaks for Python with `say`. Installed as globalThis.Worker (with the document's base
// URI the client resolves its worker's address against) before pyclient.js is imported.
// Both ways, every message must be one of the protocol's table (site/js/worker/protocol.js), with
// its fields: the page's own and those a test says for the worker.
import { TO_WORKER, FROM_WORKER, messageFault } from "../../site/js/worker/protocol.js";

export const workers = [];

function checked(table, msg, who) {
  const fault = messageFault(table, msg);
  if (fault) throw new Error(`${who} said what the protocol has no place for: ${fault}`);
  return msg;
}

export class FakeWorker {
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.terminated = false;
    workers.push(this);
  }
  postMessage(msg) { this.sent.push(checked(TO_WORKER, msg, "the page")); }
  terminate() { this.terminated = true; }
  say(data) { this.onmessage({ data: checked(FROM_WORKER, data, "the worker (a test)") }); }
}

// The client's watchdogs (its boot deadline, a call's silence limit, the idle ping: seconds each,
// rearming one another) would keep node's process alive for a minute after the file's tests have
// passed; unreferenced, they still fire while a test runs. The tests' own waits are shorter.
const WATCHDOG_MS = 5_000;
const realSetTimeout = globalThis.setTimeout;

export function installWorker(Worker = FakeWorker) {
  globalThis.setTimeout = (fn, ms, ...args) => {
    const t = realSetTimeout(fn, ms, ...args);
    if (ms >= WATCHDOG_MS) t.unref();
    return t;
  };
  globalThis.Worker = Worker;
  globalThis.document = { baseURI: "http://localhost/" };
}
