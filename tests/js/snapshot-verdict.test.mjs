// What a snapshot maker's answer means for the page (site/js/python/snapshot-verdict.js): a file
// another worker held is no fault of the build (skipped: the next visit tries again); any other
// failure is "failed" (remembered for the build by snapshot-maker.js); a made one is "ready".
import { test } from "node:test";
import assert from "node:assert/strict";

import { makerState } from "../../site/js/python/snapshot-verdict.js";

test("a held file makes the maker skip, not fail; other failures fail; a made snapshot is ready", () => {
  assert.equal(makerState({ ok: false, busy: true, detail: "the snapshot's heap stayed in use by another worker" }), "skipped");
  assert.equal(makerState({ ok: false, busy: false, detail: "heap: short write (disk full?)" }), "failed");
  assert.equal(makerState({ ok: false, detail: "x" }), "failed");
  assert.equal(makerState({ ok: true, heapMB: 63.1, filesMB: 19.2, ms: 2100 }), "ready");
});
