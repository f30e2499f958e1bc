// The data a shared link carries beside its parameters (share.js): placed points as text
// ("x,y,l;x,y,l", or deflated), an uploaded CSV file's bytes deflated, both in base64url.
// Reading them back is strict: a garbled, cut-short or oversized payload gives null, never a throw.
// Pure module (no DOM).
import { LIMITS } from "./state.js";

/** Largest CSV text a link may expand to (the same limit as an uploaded file). */
export const MAX_CSV_BYTES = LIMITS.csv_max_bytes;
export const MAX_POINTS = LIMITS.points_max;

/** "x,y,l;x,y,l" -> [[x, y, l], ...] or null. Labels 1 / -1, coordinates within Python's ±feature_max_abs. */
export function parsePoints(text) {
  const rows = String(text).split(";").filter((r) => r.trim() !== "");
  if (!rows.length || rows.length > MAX_POINTS) return null;
  const out = [];
  for (const r of rows) {
    const parts = r.split(",");
    if (parts.length !== 3 || parts.some((x) => !/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(x))) return null;
    const v = parts.map(Number);
    if (!v.every(Number.isFinite) || Math.abs(v[0]) > LIMITS.feature_max_abs || Math.abs(v[1]) > LIMITS.feature_max_abs) return null;
    if (v[2] !== 1 && v[2] !== -1) return null;
    out.push(v);
  }
  return out;
}

/** Expand {kind: "points", z} -> points or null. */
export async function readPoints(z) {
  try {
    return parsePoints(await inflate(z, 1024 * 1024));
  } catch {
    return null;
  }
}

/** Expand a link's CSV -> its bytes (Python guesses their encoding), or null when it cannot be read (garbled, cut short, too big, empty). */
export async function readCsv(z) {
  try {
    const bytes = await inflate(z, MAX_CSV_BYTES, true);
    return bytes.length ? bytes : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ compression

function toB64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) throw new Error("not base64url");
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Standard base64 -> bytes (only for files small enough for a link: at most ~2 MB). */
export function b64Bytes(b64) {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** text (as UTF-8) or bytes -> base64url(deflate-raw(...)), or null where CompressionStream is missing. */
export async function deflate(textOrBytes) {
  if (typeof CompressionStream !== "function") return null;
  try {
    const bytes = typeof textOrBytes === "string" ? new TextEncoder().encode(textOrBytes) : textOrBytes;
    const stream = new Blob([bytes]).stream()
      .pipeThrough(new CompressionStream("deflate-raw"));
    return toB64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  } catch {
    return null;
  }
}

/** base64url(deflate-raw(UTF-8)) -> text (or the bytes); throws on garbled, truncated or oversized data. */
export async function inflate(z, maxBytes, asBytes = false) {
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const bytes = fromB64url(String(z));
  const ds = new DecompressionStream("deflate-raw");
  const writer = ds.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = ds.readable.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read(); // rejects on bad data
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      throw new Error("too big");
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.length; }
  if (asBytes) return all;
  return new TextDecoder("utf-8", { fatal: true }).decode(all);
}
