// The boot's downloads, worker side (js/worker.js imports this first): every download is
// counted as its body streams in ({type: "bytes"} to the page), the wheels are fetched early
// and handed to Pyodide's later fetch() of the same URL (this module replaces self.fetch), and
// the boot's errors are BootErrors: one sentence for people, a detail for the console.

const ROOT = new URL("../../", import.meta.url); // the site root (dist/)
const WORKER_DIR = new URL("../", import.meta.url); // worker.js's folder (js/)
const BYTES_MS = 250;
import { FROM_WORKER, message } from "./protocol.js";
import { N_ } from "./words.js";

const post = (type, fields) => self.postMessage(message(FROM_WORKER, type, fields));

export class BootError extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}

// ---------------------------------------------------------------- bytes received
// Every download of the boot is counted as its body streams in, so that the page can show
// "MB of MB" and its watchdog can tell a slow link (bytes arrive) from a dead one.
// Bodies arrive decompressed; build-info.json gives each file's size and its gzip size,
// so wire bytes are estimated per file (received x gzip/size).
let ratio = new Map(); // absolute URL -> wire bytes per body byte (expectDownloads)
let wireTotal = 0;
let wireReceived = 0;
let lastBytesPost = 0;

let cached = false; // the service worker has precached this build: nothing big is downloaded

/** build-info.json's download list (path, size, gzip): what to count; cached: the service
 * worker holds this build (nothing big is downloaded, the page says so). */
export function expectDownloads(files, isCached) {
  ratio = new Map(files.map((f) => [new URL(f.path, ROOT).href, f.size ? f.gzip / f.size : 0]));
  wireTotal = files.reduce((s, f) => s + f.gzip, 0);
  cached = isCached;
  postBytes(true);
}

/** Python is ready: whatever was not counted (a cache hit) counts as arrived. */
export function allDownloaded() {
  wireReceived = wireTotal;
  postBytes(true);
}

function postBytes(force = false) {
  const now = performance.now();
  if (!force && now - lastBytesPost < BYTES_MS) return;
  lastBytesPost = now;
  post("bytes", { received: Math.round(wireReceived), total: wireTotal, cached });
}

const done = new Map(); // absolute URL -> resolve(), called when its body has fully arrived

export function whenDownloaded(href) {
  return new Promise((resolve) => done.set(href, resolve));
}

function counted(response, href) {
  const r = ratio.get(href);
  if (!r || !response.body) return response;
  if (href.endsWith(".wasm")) {
    // The browser's own Response goes to WebAssembly.instantiateStreaming: Chromium keys its
    // code cache on it (URL, cache entry), so a later visit loads the compiled code instead of
    // compiling ~10 MB again; a Response made here from a stream would never be cached. The
    // bytes are counted on a clone (the body is teed, read at the same pace).
    countBody(response.clone().body, r, href);
    return response;
  }
  const counter = new TransformStream({
    transform(chunk, controller) {
      wireReceived += chunk.byteLength * r;
      postBytes();
      controller.enqueue(chunk);
    },
    flush() {
      done.get(href)?.();
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
}

// ---------------------------------------------------------------- early downloads
// Pyodide fetches a package only once the runtime is up. To overlap the wheels with the
// runtime download and start-up, we fetch them at once and hand the bytes to Pyodide's
// later fetch() of the same URL (micropip's download of the app wheel, pyfetch, is such a
// fetch() too). Each prefetched body is checked against the sha256 of the lock (what SRI
// would check; done here so that the bytes can be counted while they arrive).
const prefetched = new Map(); // absolute URL -> Promise<ArrayBuffer>
const realFetch = self.fetch.bind(self);

async function countBody(body, r, href) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      wireReceived += value.byteLength * r;
      postBytes();
    }
    done.get(href)?.();
  } catch {
    /* the download failed: its consumer says so */
  }
}

async function sha256Hex(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** -> a Promise of the checked bytes (also handed to the first fetch() of the URL). */
export function prefetch(url, sha256) {
  const href = new URL(url, ROOT).href;
  if (prefetched.has(href)) return prefetched.get(href);
  const p = realFetch(href).then(async (r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status} for ${href}`);
    const buf = await counted(r, href).arrayBuffer();
    if (sha256 && (await sha256Hex(buf)) !== sha256) throw new Error(`sha256 mismatch for ${href}`);
    return buf;
  });
  p.catch(() => {}); // a failed prefetch falls back to a normal fetch below
  prefetched.set(href, p);
  return p;
}

self.fetch = async (input, init) => {
  // Relative to worker.js's folder: in the CSP bootstrap (pyclient.js) self.location is a blob: URL.
  const href = input instanceof Request ? input.url : new URL(String(input), WORKER_DIR).href;
  const p = prefetched.get(href);
  if (p && (!init || !init.method || init.method === "GET")) {
    prefetched.delete(href);
    try {
      const buf = await p;
      return new Response(buf, { status: 200, headers: { "Content-Type": "application/octet-stream" } });
    } catch {
      /* fall through to the network, with the caller's own integrity check */
    }
  }
  return counted(await realFetch(input instanceof Request ? input : href, init), href);
};

export async function fetchOk(url, init) {
  let r;
  try {
    r = await realFetch(url, init);
  } catch (e) {
    throw new BootError(N_("Could not download Perceptron Lab's files; check your connection and reload."), String(e));
  }
  if (!r.ok) throw new BootError(N_("Perceptron Lab's files are missing on the server; reload, or try again later."), `HTTP ${r.status} for ${url}`);
  return r;
}

export function lastLine(err) {
  const s = String(err && err.message ? err.message : err).trim().split("\n");
  return s[s.length - 1];
}
