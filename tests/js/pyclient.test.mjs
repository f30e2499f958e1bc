// The pending-call watchdog of site/js/python/pyclient.js, on a fake Worker and mocked timers: silence
// for CALL_TIMEOUT_MS (10 s) ends the worker with the stall wording; every word from the worker
// about that call ("alive", progress, reading) restarts the count; an error event is a crash.
// After a failed load, only a call that may start Python (Train) starts it again.
import { test, mock } from "node:test";
import assert from "node:assert/strict";

import { installWorker, workers } from "./fake-worker.mjs";

installWorker();
const { createPyClient } = await import("../../site/js/python/pyclient.js");

const STALL = "Python stopped answering (nothing heard from it for 10 s) and was restarted. Your data and settings are kept.";
const flush = () => new Promise((r) => setImmediate(r));

/** A client on a fresh fake worker that is ready; -> {client, worker, restarts}. */
function readyClient() {
  const restarts = [];
  const client = createPyClient({ workerUrl: "blob:fake", spareAfterMs: 0, onRestart: (why, text) => restarts.push([why, text]) });
  const worker = workers.at(-1);
  worker.say({ type: "stage", stage: "ready" });
  return { client, worker, restarts };
}

/** Start a call; -> {id, settled: () => result or undefined}. */
function start(client, worker) {
  let result;
  client.call({ cmd: "train" }).then((r) => { result = r; });
  const { id } = worker.sent.filter((m) => m.type === "call").at(-1);
  return { id, settled: () => result };
}

test("a pending call that hears nothing for 10 s ends the worker with the stall wording", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, restarts } = readyClient();
    const call = start(client, worker);
    mock.timers.tick(9_999);
    await flush();
    assert.equal(call.settled(), undefined);
    assert.equal(worker.terminated, false);
    mock.timers.tick(1);
    await flush();
    assert.deepEqual(call.settled(), { ok: false, error: { kind: "internal", message: STALL } });
    assert.ok(worker.terminated);
    assert.deepEqual(restarts, [["stall", STALL]]);  // not the crash wording
    assert.notEqual(workers.at(-1), worker);  // a fresh worker boots
  } finally {
    mock.timers.reset();
  }
});

test("alive, progress and reading of the pending call each restart the 10 s; another call's do not", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, restarts } = readyClient();
    const call = start(client, worker);
    // A minute of work, a word every 9 s: never 10 s of silence.
    const words = [{ type: "alive" }, { type: "progress", epoch: 3, mistakes: 1 }, { type: "reading", phase: "rows", done: 1, total: 2 }];
    for (let s = 0; s < 60; s += 9) {
      mock.timers.tick(9_000);
      worker.say({ ...words[(s / 9) % 3], id: call.id });
    }
    await flush();
    assert.equal(call.settled(), undefined);
    worker.say({ type: "result", id: call.id, result: { ok: true } });
    await flush();
    assert.deepEqual(call.settled(), { ok: true });
    assert.deepEqual(restarts, []);
    // A second call: words about an id that is not pending count for nothing.
    const next = start(client, worker);
    mock.timers.tick(6_000);
    worker.say({ type: "alive", id: 9999 });
    mock.timers.tick(4_000);
    await flush();
    assert.equal(next.settled()?.error?.message, STALL);
  } finally {
    mock.timers.reset();
  }
});

test("an error event during a call is a crash, said as one", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { client, worker, restarts } = readyClient();
    const call = start(client, worker);
    mock.timers.tick(2_000);
    worker.onerror({ preventDefault() {} });
    await flush();
    assert.equal(call.settled()?.error?.message, "Python crashed and was restarted. Try again.");
    assert.deepEqual(restarts.map((r) => r[0]), ["crash"]);
  } finally {
    mock.timers.reset();
  }
});

test("after a failed load, a call with start: false answers at once and starts nothing; a plain call starts Python again", async () => {
  const { createPyClient: create, NOT_LOADED } = await import("../../site/js/python/pyclient.js");
  const stages = [];
  const client = create({ workerUrl: "blob:fake", spareAfterMs: 0, onStage: (s) => stages.push(s) });
  const failed = workers.at(-1);
  failed.say({ type: "fatal", message: "Could not download the Python runtime; check your connection and reload.", detail: "offline" });
  await flush();
  assert.equal(client.state, "failed");
  const count = workers.length;
  // The show of a run computed ahead asks for a frame by itself (offline this looped: issue 33).
  assert.deepEqual(await client.call({ cmd: "frame", mistakes_epochs: 1 }, { start: false }),
    { ok: false, error: { kind: "internal", message: NOT_LOADED } });
  assert.equal(workers.length, count);
  assert.equal(client.state, "failed");
  client.call({ cmd: "train" }); // Train: try loading again
  assert.equal(workers.length, count + 1);
  assert.equal(client.state, "booting");
});
