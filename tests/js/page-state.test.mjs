// The page's one state channel (site/js/state/page-state.js): get/set/on, the mirrors and the
// read-only view, in Node (no DOM: a mirror writes into a plain object as into a DOMStringMap).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { createPageState, page, BODY, BOUNDARY_FIGURE } from "../../site/js/state/page-state.js";
import { defaults } from "../../site/js/state/state.js";

test("set changes what get reads; on hears the keys it names, with their new values, and nothing else", () => {
  const s = createPageState({ a: 1, b: 2 });
  const heard = [];
  s.on(["a", "c"], (change) => heard.push(change));
  s.set({ b: 3 });
  assert.deepEqual(heard, []);
  s.set({ a: 5, b: 4, c: "x" });
  assert.deepEqual(heard, [{ a: 5, c: "x" }]);
  assert.equal(s.get("a"), 5);
  assert.equal(s.get("b"), 4);
  assert.equal(s.get("missing"), undefined);
});

test("a set is heard even when the value is the same (a comparison run again opens its tab again)", () => {
  const s = createPageState({ compareShown: true });
  let n = 0;
  s.on(["compareShown"], () => n++);
  s.set({ compareShown: true });
  s.set({ compareShown: true });
  assert.equal(n, 2);
});

test("subscribers run in the order they subscribed; off() stops one, also from inside a notification", () => {
  const s = createPageState();
  const order = [];
  const offFirst = s.on(["k"], () => { order.push("first"); offFirst(); });
  const offSecond = s.on(["k"], () => order.push("second"));
  s.set({ k: 1 });
  s.set({ k: 2 });
  assert.deepEqual(order, ["first", "second", "second"]);
  offSecond();
  s.set({ k: 3 });
  assert.equal(order.length, 3);
});

test("a subscriber that unsubscribes a later one during a set keeps it from hearing that set", () => {
  const s = createPageState();
  let late = 0;
  let offLate = null;
  s.on(["k"], () => offLate());
  offLate = s.on(["k"], () => late++);
  s.set({ k: 1 });
  assert.equal(late, 0);
});

test("a set from inside a subscriber is heard at once, with the state it made", () => {
  const s = createPageState({ runState: "idle", drawn: false });
  const seen = [];
  s.on(["runState"], ({ runState }) => { if (runState === "done") s.set({ drawn: true }); });
  s.on(["drawn"], ({ drawn }) => seen.push([drawn, s.get("runState")]));
  s.set({ runState: "done" });
  assert.deepEqual(seen, [[true, "done"]]);
});

test("a subscriber that throws does not keep the others from hearing; onError gets the exception", () => {
  const errors = [];
  const s = createPageState({}, { onError: (e) => errors.push(e.message) });
  let heard = 0;
  s.on(["k"], () => { throw new Error("boom"); });
  s.on(["k"], () => heard++);
  s.set({ k: 1 });
  assert.equal(heard, 1);
  assert.deepEqual(errors, ["boom"]);
});

test("a mirror is written when installed and on every set, before the subscribers run; null removes the attribute", () => {
  const s = createPageState({ pyState: "loading", hide: [] });
  const dataset = { stale: "x", hide: "data" }; // what a page could hold before the mirror
  s.mirror(dataset, { pyState: { name: "pyState", encode: String }, hide: BODY.hide });
  assert.deepEqual(dataset, { stale: "x", pyState: "loading" });
  let seenBySubscriber = null;
  s.on(["pyState"], () => { seenBySubscriber = dataset.pyState; });
  s.set({ pyState: "ready", hide: ["data", "proof"] });
  assert.equal(seenBySubscriber, "ready");
  assert.deepEqual(dataset, { stale: "x", pyState: "ready", hide: "data proof" });
  s.set({ hide: [] });
  assert.equal("hide" in dataset, false);
});

test("the body's attributes read as the page wrote them: flags as '1' or absent, the snapshot's refusal 'true'", () => {
  const s = createPageState({});
  const body = {};
  s.mirror(body, BODY);
  assert.deepEqual(body, {});
  s.set({ present: true, embed: false, hasResult: true, pyRetries: 2, snapshotRefused: true, offlineBuild: "b1" });
  assert.deepEqual(body, { present: "1", hasResult: "1", pyRetries: "2", snapshotRefused: "true", offlineBuild: "b1" });
  s.set({ present: false, snapshotWhy: "no room" });
  assert.equal("present" in body, false);
  assert.equal(body.snapshotWhy, "no room");
  s.set({ snapshotWhy: null });
  assert.equal("snapshotWhy" in body, false);
});

test("the boundary figure's w is JSON, 'null' for a frame without one, absent before any", () => {
  const s = createPageState({});
  const fig = {};
  s.mirror(fig, BOUNDARY_FIGURE);
  assert.deepEqual(fig, {});
  s.set({ plotStep: 3, plotW: [0.5, -1, 2] });
  assert.deepEqual(fig, { step: "3", w: "[0.5,-1,2]" });
  s.set({ plotStep: null, plotW: null, watch: "end" });
  assert.deepEqual(fig, { w: "null", watch: "end" });
});

test("values is the state, live and read-only: an assignment throws instead of going around set", () => {
  const s = createPageState({ algorithm: "online", hide: [] });
  const v = s.values;
  s.set({ algorithm: "kernel" });
  assert.equal(v.algorithm, "kernel");
  assert.deepEqual({ ...v }, { algorithm: "kernel", hide: [] });
  assert.ok("hide" in v);
  assert.throws(() => { v.algorithm = "batch"; }, TypeError);
  assert.throws(() => { delete v.hide; }, TypeError);
  assert.throws(() => Object.assign(v, { source: "csv" }), TypeError);
  assert.equal(s.get("algorithm"), "kernel");
});

test("the page's store starts from every parameter's default and the states index.html's body is written with", () => {
  assert.deepEqual(Object.fromEntries(Object.keys(defaults()).map((k) => [k, page.get(k)])), defaults());
  const html = readFileSync(new URL("../../site/index.html", import.meta.url), "utf8");
  const attrs = Object.fromEntries([...html.match(/<body([^>]*)>/)[1].matchAll(/data-([a-z-]+)="([^"]*)"/g)]
    .map(([, name, v]) => [name.replace(/-([a-z])/g, (_m, c) => c.toUpperCase()), v]));
  const mirrored = {};
  createPageState({ ...defaults(), pyState: page.get("pyState"), runState: page.get("runState") }).mirror(mirrored, BODY);
  assert.deepEqual(mirrored, attrs);
});
