// A worker's end and its build, as site/js/python/pyclient.js hears of them (fake Worker, fake Web
// Locks, mocked timers): a worker that ends in any way (its lock is released) is told at once,
// with or without a call pending; silence of a worker whose end is watched is no death until
// ALIVE_CALL_TIMEOUT_MS; a worker the page ends itself is not reported; a worker of another
// build than the first one is refused with the reload notice.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { FakeWorker, installWorker, workers } from "./fake-worker.mjs";

// Web Locks as a browser keeps them: a lock is granted when free, else when its holder lets go.
const held = new Map(); // name -> [waiting callbacks]
const locks = {
  request(name, cb) {
    if (!held.has(name)) {
      held.set(name, []);
      return Promise.resolve().then(() => cb());
    }
    return new Promise((resolve) => held.get(name).push(() => resolve(cb())));
  },
};
/** The worker holding `name` ends: whoever waits for its lock gets it. */
function release(name) {
  const waiting = held.get(name) || [];
  held.delete(name);
  for (const grant of waiting) grant();
}

// A fake worker that holds a life lock, as worker.js's holdLifeLock does from birth.
class LockedWorker extends FakeWorker {
  constructor(url) {
    const lock = `perceptron-lab-worker-${workers.length}`;
    held.set(lock, []);
    super(url);
    this.lock = lock;
  }
  terminate() {
    super.terminate();
    release(this.lock);
  }
  /** Boot: its life lock, its build, ready. */
  boot(build = "aaaa") {
    this.say({ type: "life", lock: this.lock });
    this.say({ type: "build", build });
    this.say({ type: "stage", stage: "ready" });
  }
}
installWorker(LockedWorker);
globalThis.navigator = { locks };
const { createPyClient, ENDED, UPDATED, ALIVE_CALL_TIMEOUT_MS, CALL_TIMEOUT_MS } = await import("../../site/js/python/pyclient.js");

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

function readyClient() {
  const restarts = [];
  const stages = [];
  const client = createPyClient({ workerUrl: "blob:fake", spareAfterMs: 0,
    onRestart: (why, text) => restarts.push([why, text]), onStage: (s, d) => stages.push([s, d]) });
  const worker = workers.at(-1);
  worker.boot();
  return { client, worker, restarts, stages };
}

function start(client, worker) {
  let result;
  client.call({ cmd: "train" }).then((r) => { result = r; });
  const { id } = worker.sent.filter((m) => m.type === "call").at(-1);
  return { id, settled: () => result };
}

test("a worker that ends during a call is told at once, in the end's own words", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, restarts } = readyClient();
    await flush();
    const call = start(client, worker);
    mock.timers.tick(500);
    release(worker.lock); // closed itself, or ended by the browser: no error event, no message
    await flush();
    assert.deepEqual(call.settled(), { ok: false, error: { kind: "internal", message: ENDED } });
    assert.deepEqual(restarts, [["ended", ENDED]]);
    assert.notEqual(workers.at(-1), worker); // a fresh worker boots
  } finally {
    mock.timers.reset();
  }
});

test("a worker that ends while idle is told at once, long before the idle ping's 4 + 8 s", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { worker, restarts } = readyClient();
    await flush();
    mock.timers.tick(1_000);
    release(worker.lock);
    await flush();
    assert.deepEqual(restarts, [["ended", ENDED]]);
  } finally {
    mock.timers.reset();
  }
});

test("silence of a worker whose end is watched is no death before ALIVE_CALL_TIMEOUT_MS", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, restarts } = readyClient();
    await flush();
    const call = start(client, worker);
    mock.timers.tick(CALL_TIMEOUT_MS * 3); // one long C call on a busy CPU
    await flush();
    assert.equal(call.settled(), undefined);
    assert.equal(worker.terminated, false);
    mock.timers.tick(ALIVE_CALL_TIMEOUT_MS - CALL_TIMEOUT_MS * 3);
    await flush();
    const s = ALIVE_CALL_TIMEOUT_MS / 1000;
    assert.equal(call.settled()?.error?.message,
      `Python stopped answering (nothing heard from it for ${s} s) and was restarted. Your data and settings are kept.`);
    assert.deepEqual(restarts.map((r) => r[0]), ["stall"]); // a wedged worker: not said to have ended
  } finally {
    mock.timers.reset();
  }
});

test("a worker the page ends itself (cancel) is not reported as ended", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, restarts } = readyClient();
    await flush();
    const call = start(client, worker);
    client.cancel();
    await flush();
    assert.equal(worker.terminated, true);
    assert.equal(call.settled()?.error?.kind, "cancelled");
    assert.deepEqual(restarts.map((r) => r[0]), ["cancel"]);
  } finally {
    mock.timers.reset();
  }
});

test("a restarted worker of another build (a redeploy since the tab opened) is refused", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, stages } = readyClient();
    await flush();
    client.restart();
    const second = workers.at(-1);
    assert.notEqual(second, worker);
    second.boot("aaaa"); // the same build: fine
    await flush();
    assert.equal(client.state, "ready");
    let result;
    client.restart();
    client.call({ cmd: "train" }).then((r) => { result = r; });
    const third = workers.at(-1);
    third.say({ type: "life", lock: third.lock });
    third.say({ type: "build", build: "bbbb" }); // the server now has another build
    await flush();
    assert.equal(third.terminated, true);
    assert.equal(client.state, "failed");
    assert.deepEqual(stages.at(-1), ["error", UPDATED]);
    assert.deepEqual(result, { ok: false, error: { kind: "internal", message: UPDATED } });
  } finally {
    mock.timers.reset();
  }
});
