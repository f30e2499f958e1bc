// Whether this device has room for the memory snapshot's maker: a second Python (~0.3 GB)
// alive for a few seconds beside the page's own.
// - Chromium says how much memory it has (navigator.deviceMemory, GB, rounded down to a power
//   of two, at most 8): 4 GB or more.
// - Firefox and Safari do not say. A desktop or laptop (macOS, Windows, Linux) is taken to have
//   the room, as the 4 GB the same machine reports to Chromium. A phone or tablet (iPhone,
//   iPad, Android) is not: its browser ends a tab that holds too much memory, and losing the
//   lab in the middle of a lesson is worse than a slow second visit.
import { isIPadOS } from "./ipados.js";

const HANDHELD = /iPhone|iPad|iPod|Android|Mobile/;

export function roomForSnapshot(nav = globalThis.navigator) {
  if (!nav) return false;
  if (typeof nav.deviceMemory === "number") return nav.deviceMemory >= 4;
  return !HANDHELD.test(String(nav.userAgent || "")) && !HANDHELD.test(String(nav.platform || "")) && !isIPadOS(nav);
}
