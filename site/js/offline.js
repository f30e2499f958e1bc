// Offline after one visit: registers the service worker (sw.js) once Python is ready, so its
// downloads never compete with the first load, then asks it to precache this build's files.
// The page state's offline (mirrored as body[data-offline]): "unavailable" (no service workers
// here, e.g. a sandboxed iframe or a blocked browser setting: the page works as before),
// "caching", "ready" (this build works offline; offlineBuild names it) or "failed" (nothing is
// lost: tried again next visit).
import { page } from "./state/page-state.js";
import { aheadFetched } from "./run/ahead.js";
import { catalogFile } from "./i18n/catalog.js";
import { pageLanguage } from "./i18n/current.js";

const SW_URL = new URL("../sw.js", import.meta.url); // the site root, under any sub-path
const ACTIVATE_MS = 10_000;

function whenReady(fn) {
  if (page.get("pyState") === "ready") return fn();
  const off = page.on(["pyState"], ({ pyState }) => {
    if (pyState === "ready") {
      off();
      fn();
    }
  });
}

async function precache() {
  let reg;
  try {
    reg = await navigator.serviceWorker.register(SW_URL, { updateViaCache: "none" });
  } catch {
    page.set({ offline: "unavailable" });
    return;
  }
  page.set({ offline: "caching" });
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const msg = ev.data || {};
    if (msg.type === "precached") {
      page.set({ offlineBuild: msg.build, offline: "ready" });
      console.info(`Perceptron Lab: this build (${msg.build}) now works offline (${msg.files} files).`);
    } else if (msg.type === "precache-failed") {
      page.set({ offline: "failed" });
      console.info("Perceptron Lab: could not make the page work offline this time:", msg.detail);
    }
  });
  // Where service workers are blocked, register() may succeed and the worker never start.
  const ready = await Promise.race([navigator.serviceWorker.ready,
    new Promise((resolve) => setTimeout(() => resolve(null), ACTIVATE_MS))]);
  const sw = ready && (ready.active || reg.active);
  if (!sw) {
    page.set({ offline: "unavailable" });
    return;
  }
  // And the runs computed ahead this visit showed: a return visit to them moves at once (run/ahead.js).
  // And the page's own catalog (the only one it asks for; none in English).
  // And Python's catalog of the page's language (the worker downloads it on the first request in it).
  sw.postMessage({ type: "precache", ahead: aheadFetched(), catalog: catalogFile, lang: pageLanguage().split("-")[0] });
}

let available = false;
try {
  available = "serviceWorker" in navigator && !!navigator.serviceWorker;
} catch {
  available = false; // some sandboxed frames throw on access
}
if (available) whenReady(() => setTimeout(precache, 500));
else page.set({ offline: "unavailable" });
