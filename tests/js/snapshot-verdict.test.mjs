// What a snapshot maker's answer means for the page (site/js/python/snapshot-verdict.js): a file
// another worker held is no fault of the build (skipped: the next visit tries again); any other
// failure is "failed" (remembered for the build by snapshot-maker.js); a made one is "ready".
import { test } from "node:test";
import assert from "node:assert/strict";

import { makerVerdict } from "../../site/js/python/snapshot-verdict.js";

test("a held file makes the maker skip, not fail; other failures fail; a made snapshot is ready", () => {
  const busy = makerVerdict({ ok: false, busy: true, detail: "the snapshot's heap stayed in use by another worker" });
  assert.equal(busy.state, "skipped");
  assert.match(busy.note, /stayed in use by another worker; the next visit tries again/);
  assert.equal(makerVerdict({ ok: false, busy: false, detail: "heap: short write (disk full?)" }).state, "failed");
  assert.equal(makerVerdict({ ok: false, detail: "x" }).state, "failed");
  const ready = makerVerdict({ ok: true, heapMB: 63.1, filesMB: 19.2, ms: 2100 });
  assert.deepEqual([ready.state, ready.note], ["ready", "the next visit starts from a memory snapshot (63.1 MB of memory, 19.2 MB of files, made in 2100 ms)."]);
});
