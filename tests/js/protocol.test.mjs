// The one message table between the page and the Python worker (site/js/worker/protocol.js):
// a message outside it throws where it is made; every kind either end sends is in it, and every
// kind in it is sent by its end (read from the sources: worker.js and js/worker/ post
// FROM_WORKER kinds, js/python/ sends TO_WORKER kinds).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

import { TO_WORKER, FROM_WORKER, message, messageFault } from "../../site/js/worker/protocol.js";

const JS = new URL("../../site/js/", import.meta.url);
const sources = (dir) => readdirSync(new URL(dir, JS)).filter((f) => f.endsWith(".js")).map((f) => readFileSync(new URL(dir + f, JS), "utf8"));

test("a message of an unknown kind, without a field, or with a field the table lacks throws where it is made", () => {
  assert.deepEqual(message(TO_WORKER, "call", { id: 1, request: { cmd: "train" } }), { type: "call", id: 1, request: { cmd: "train" } });
  assert.deepEqual(message(FROM_WORKER, "stage", { stage: "ready" }), { type: "stage", stage: "ready" }); // detail may be left out
  assert.throws(() => message(TO_WORKER, "cal", { id: 1, request: {} }), /unknown message kind "cal"/);
  assert.throws(() => message(TO_WORKER, "call", { id: 1 }), /call without request/);
  assert.throws(() => message(FROM_WORKER, "result", { id: 1, result: {}, heaps: 5 }), /unknown fields heaps/);
  assert.throws(() => message(FROM_WORKER, "call", { id: 1, request: {} }), /unknown message kind/); // the other way's kind
  assert.equal(messageFault(FROM_WORKER, null), "not an object");
});

test("every kind the worker posts and the page sends is in the table, and each kind in it is sent", () => {
  const worker = [readFileSync(new URL("worker.js", JS), "utf8"), ...sources("worker/")].join("\n");
  const page = sources("python/").join("\n");
  const posted = new Set([...worker.matchAll(/\bpost\("([a-z-]+)"/g)].map((m) => m[1]));
  // makeSnapshot's answer goes out as post("snapshot", ...) too; a probe's reply as post("probe", ...).
  const sent = new Set([...page.matchAll(/\(TO_WORKER, "([a-z-]+)"/g)].map((m) => m[1]));
  assert.deepEqual([...posted].sort(), Object.keys(FROM_WORKER).sort());
  assert.deepEqual([...sent].sort(), Object.keys(TO_WORKER).sort());
  // No message is made by hand past the table.
  for (const src of [worker, page]) assert.doesNotMatch(src, /postMessage\(\{\s*type:/);
});
