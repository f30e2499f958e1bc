// The worker started early (js/boot.js's prestart) and adopted by the page's client: what it
// said before the client existed reaches the client's callbacks only once createPyClient() has
// returned, so the page holds its client when "ready" arrives (a returning visitor's worker,
// restored from the memory snapshot, is ready before the page's modules have loaded: a link's
// run used to be dropped for want of a client).
import { test } from "node:test";
import assert from "node:assert/strict";

import { installWorker, workers } from "./fake-worker.mjs";

installWorker();
const { createPyClient, prestart } = await import("../../site/js/python/pyclient.js");

test("an early worker that is ready before the client exists is reported ready to a client the page holds", async () => {
  prestart("blob:early");
  const early = workers.at(-1);
  early.say({ type: "stage", stage: "runtime", detail: "" });
  early.say({ type: "stage", stage: "ready", detail: "ready", times: { ready: 900, restored: true } });
  let client = null;
  const seen = [];
  client = createPyClient({
    workerUrl: "blob:early",
    onStage: (stage) => seen.push([stage, client !== null && client.bootTimes?.restored === true]),
  });
  assert.equal(workers.at(-1), early); // adopted, not a second worker
  assert.deepEqual(seen, []); // nothing before createPyClient() returned
  await new Promise((r) => setImmediate(r));
  // At "ready" the page holds the client, and the client knows the worker was restored.
  assert.deepEqual(seen, [["runtime", false], ["ready", true]]);
  assert.equal(client.state, "ready");
  const call = client.call({ cmd: "train" });
  assert.equal(early.sent.filter((m) => m.type === "call").length, 1);
  early.say({ type: "result", id: early.sent.at(-1).id, result: { ok: true } });
  assert.deepEqual(await call, { ok: true });
});
