// A worker whose WebAssembly heap passed 1 GiB is replaced (site/js/python/worker-memory.js, used by
// pyclient.js): a failed run (MemoryError happens at the heap's limit) is answered with the true
// reason at once; a run that succeeded keeps its answer, and the worker is replaced once the
// calls that follow it are answered; both say why Python was restarted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { HEAP_RESTART_BYTES } from "../../site/js/python/worker-memory.js";

import { installWorker, workers } from "./fake-worker.mjs";

installWorker();
const { createPyClient } = await import("../../site/js/python/pyclient.js");

const RAN_OUT = "The run needed more memory than the browser gives; Python was restarted to free it. Your data and settings are kept.";
const BIG = "This run took more than 1 GB of memory, which Python cannot give back: it was restarted to free it. Your data and settings are kept.";
const MEMORY_ERROR = { ok: false, error: { kind: "internal", message: "That needs more memory than this tab has: try less data." } };

async function answer(result, heap) {
  const restarts = [];
  const client = createPyClient({ workerUrl: "blob:fake", spareAfterMs: 0, onRestart: (why, text) => restarts.push([why, text]) });
  const worker = workers.at(-1);
  worker.say({ type: "stage", stage: "ready" });
  const reply = client.call({ cmd: "train" });
  const { id } = worker.sent.find((m) => m.type === "call");
  worker.say({ type: "result", id, result, heap });
  return { reply: await reply, restarts, worker, client };
}

test("a run that ran out of memory at the heap's limit is said truly and Python restarts", async () => {
  const { reply, restarts, worker } = await answer(MEMORY_ERROR, 2 ** 32 - 65536);
  assert.deepEqual(reply, { ok: false, error: { kind: "internal", message: RAN_OUT } });
  assert.deepEqual(restarts, [["memory", RAN_OUT]]);
  assert.ok(worker.terminated);
  assert.notEqual(workers.at(-1), worker);
});

test("a run that succeeded with a heap past 1 GiB keeps its answer; Python restarts", async () => {
  const ok = { ok: true, weights: [1, 2] };
  const { reply, restarts, worker, client } = await answer(ok, HEAP_RESTART_BYTES + 65536);
  assert.deepEqual(reply, ok);
  // Not before the page's follow-up call (its plots) is answered: the result is shown first.
  const more = client.call({ cmd: "plots" });
  const { id } = worker.sent.filter((m) => m.type === "call").at(-1);
  await new Promise((r) => setTimeout(r, 700));
  assert.deepEqual(restarts, []);
  worker.say({ type: "result", id, result: { ok: true, plots: {} }, heap: HEAP_RESTART_BYTES + 65536 });
  assert.deepEqual(await more, { ok: true, plots: {} });
  await new Promise((r) => setTimeout(r, 1200));
  assert.deepEqual(restarts, [["memory", BIG]]);
  assert.ok(worker.terminated);
});

test("a heap up to 1 GiB keeps the worker, whatever the answer", async () => {
  for (const result of [MEMORY_ERROR, { ok: true }]) {
    const { reply, restarts, worker } = await answer(result, HEAP_RESTART_BYTES);
    assert.deepEqual(reply, result);
    assert.deepEqual(restarts, []);
    assert.equal(worker.terminated, false);
  }
  assert.equal(HEAP_RESTART_BYTES, 2 ** 30);
});
