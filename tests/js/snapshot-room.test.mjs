// Where the memory snapshot's maker may run (js/python/snapshot-room.js), for what real browsers'
// navigators say (user agent strings as these browsers send them).
import test from "node:test";
import assert from "node:assert/strict";
import { roomForSnapshot } from "../../site/js/python/snapshot-room.js";

const MAC_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

test("Chromium says its memory: 4 GB or more", () => {
  assert.equal(roomForSnapshot({ deviceMemory: 8, userAgent: "Chrome", platform: "Win32" }), true);
  assert.equal(roomForSnapshot({ deviceMemory: 4, userAgent: "Chrome", platform: "Linux x86_64" }), true);
  assert.equal(roomForSnapshot({ deviceMemory: 2, userAgent: "Chrome", platform: "Win32" }), false);
  assert.equal(roomForSnapshot({ deviceMemory: 0.5, userAgent: "Chrome", platform: "Linux armv8l" }), false);
});

test("a desktop browser that does not say: yes", () => {
  assert.equal(roomForSnapshot({ userAgent: FIREFOX_LINUX, platform: "Linux x86_64", maxTouchPoints: 0 }), true);
  assert.equal(roomForSnapshot({ userAgent: MAC_SAFARI, platform: "MacIntel", maxTouchPoints: 0 }), true);
});

test("phones and tablets that do not say: no", () => {
  assert.equal(roomForSnapshot({ userAgent: MAC_SAFARI, platform: "MacIntel", maxTouchPoints: 5 }), false); // iPad
  assert.equal(roomForSnapshot({ userAgent: IPHONE, platform: "iPhone", maxTouchPoints: 5 }), false);
  assert.equal(roomForSnapshot({ userAgent: FIREFOX_ANDROID, platform: "Linux armv8l", maxTouchPoints: 5 }), false);
  assert.equal(roomForSnapshot(undefined), false);
});
