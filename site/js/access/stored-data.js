// What the lab stores in this browser, found and erased through the browser's storage APIs:
// the service worker's caches (perceptron-lab-<build>) and its registration, the memory
// snapshot's folders in the origin private file system or its databases (WebKit; snapshot-of-perceptron-lab-<site>),
// IndexedDB databases named for the lab, and the lab's localStorage entries (perceptron-lab:…:
// the reader's access options, the snapshot maker's failure note). Only the lab's own names:
// on a shared origin a neighbour's storage is not the lab's to erase.
import { t, tn } from "../i18n/i18n.js";
import { localDecimal } from "../i18n/current.js";

const CACHE_PREFIX = "perceptron-lab-";
const SNAPSHOT_PREFIX = "snapshot-of-perceptron-lab";
const KEY_PREFIX = "perceptron-lab";
const SW_ROOT = new URL("../../", import.meta.url).href; // sw.js's scope: the site root

const S = () => globalThis;

async function fileBytes(dir) {
  let n = 0, bytes = 0;
  for await (const [, h] of dir.entries()) {
    if (h.kind === "file") { n++; bytes += (await h.getFile()).size; }
    else { const sub = await fileBytes(h); n += sub.n; bytes += sub.bytes; }
  }
  return { n, bytes };
}

/** {caches: [{name, files}], snapshot: {folders, files, bytes}, keys: [names], databases: [names],
 * workers: n, usage: bytes or null}: what is stored now. */
export async function storedByLab() {
  const out = { caches: [], snapshot: { folders: 0, files: 0, bytes: 0 }, keys: [], databases: [], workers: 0, usage: null };
  try {
    if (S().caches) for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX)) out.caches.push({ name, files: (await (await caches.open(name)).keys()).length });
    }
  } catch { /* caches blocked here: nothing of ours */ }
  try {
    const top = await S().navigator?.storage?.getDirectory?.();
    if (top) for await (const [name, h] of top.entries()) {
      if (!name.startsWith(SNAPSHOT_PREFIX)) continue;
      const f = h.kind === "file" ? { n: 1, bytes: (await h.getFile()).size } : await fileBytes(h);
      out.snapshot.folders++;
      out.snapshot.files += f.n;
      out.snapshot.bytes += f.bytes;
    }
  } catch { /* no origin private file system here */ }
  try {
    const ls = S().localStorage;
    for (let i = 0; ls && i < ls.length; i++) if (ls.key(i)?.startsWith(KEY_PREFIX)) out.keys.push(ls.key(i));
  } catch { /* storage blocked */ }
  try {
    if (S().indexedDB?.databases) for (const d of await indexedDB.databases()) if (d.name?.startsWith(KEY_PREFIX) || d.name?.startsWith(SNAPSHOT_PREFIX)) out.databases.push(d.name);
  } catch { /* no IndexedDB here */ }
  try {
    const regs = (await S().navigator?.serviceWorker?.getRegistrations?.()) || [];
    out.workers = regs.filter((r) => r.scope === SW_ROOT).length;
  } catch { /* no service workers here */ }
  try { out.usage = (await S().navigator?.storage?.estimate?.())?.usage ?? null; } catch { /* no estimate */ }
  return out;
}

function deleteDatabase(name) {
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/** Erase it all (the service worker first: it must not fill a cache again as it is emptied). */
export async function eraseLabStorage() {
  const before = await storedByLab();
  try {
    for (const r of (await S().navigator?.serviceWorker?.getRegistrations?.()) || []) if (r.scope === SW_ROOT) await r.unregister();
  } catch { /* none */ }
  for (const c of before.caches) await caches.delete(c.name).catch(() => {});
  try {
    const top = await navigator.storage.getDirectory();
    const names = [];
    for await (const [name] of top.entries()) if (name.startsWith(SNAPSHOT_PREFIX)) names.push(name);
    for (const name of names) await top.removeEntry(name, { recursive: true }).catch(() => {});
  } catch { /* no origin private file system */ }
  for (const k of before.keys) { try { localStorage.removeItem(k); } catch { /* blocked */ } }
  for (const d of before.databases) await deleteDatabase(d);
  return { before, after: await storedByLab() };
}

const mb = (b) => `${localDecimal((b / 1e6).toFixed(1))} MB`;

/** What was removed, in a sentence, and what could not be (a file held open by a worker). */
export function erasedSentence({ before, after }) {
  const parts = [];
  const files = (n) => tn("{n} file", "{n} files", n);
  const cacheFiles = before.caches.reduce((s, c) => s + c.files, 0);
  if (before.caches.length) parts.push(tn("{n} cache of the page's files ({files})", "{n} caches of the page's files ({files})", before.caches.length, { files: files(cacheFiles) }));
  if (before.workers) parts.push(t("the offline service worker"));
  if (before.snapshot.folders) parts.push(t("the quick-start memory snapshot ({files}, {size})", { files: files(before.snapshot.files), size: mb(before.snapshot.bytes) }));
  if (before.keys.length) parts.push(tn("{n} stored setting ({names})", "{n} stored settings ({names})", before.keys.length, { names: before.keys.join(", ") }));
  if (before.databases.length) parts.push(tn("{n} database ({names})", "{n} databases ({names})", before.databases.length, { names: before.databases.join(", ") }));
  const freed = before.usage !== null && after.usage !== null && before.usage > after.usage;
  const head = !parts.length ? t("The lab had nothing stored in this browser.")
    : freed ? t("Erased {what}; {size} freed.", { what: parts.join(", "), size: mb(before.usage - after.usage) }) : t("Erased {what}.", { what: parts.join(", ") });
  const left = after.caches.length + after.snapshot.folders + after.keys.length + after.databases.length;
  return `${head} ${left ? tn("Something was still being written and remains ({n} item): erase again in a moment.",
    "Something was still being written and remains ({n} items): erase again in a moment.", left) : t("The next visit downloads the page afresh.")}`;
}
