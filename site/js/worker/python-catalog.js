// Python's catalog of the page's language, worker side. The app wheel carries no compiled catalog (a first
// visit in English downloads none): before the first request in a language, the worker downloads that
// language's perceptron_lab.mo (build-info.json's python_catalogs: a content-hashed file, checked against its
// sha256) and hands it to Python (perceptron_lab.i18n.install_catalog), which puts it where gettext looks.
// Once per language and worker; a download that fails leaves Python answering in English, and the next
// request in that language tries again (a connection back).
const ROOT = new URL("../../", import.meta.url); // the site root (dist/)
const installed = new Map(); // language -> Promise<boolean>

/** The base language a request asks for ("de-AT" -> "de"), as i18n.resolve reads it. */
export function baseLanguage(code) {
  return typeof code === "string" && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(code) ? code.split(/[-_]/)[0].toLowerCase() : null;
}

/** Resolves once Python has `lang`'s catalog (true), or without it (false: English, or a failed download). */
export function withCatalog(pyodide, catalogs, lang) {
  const base = baseLanguage(lang);
  const entry = base && catalogs && Object.prototype.hasOwnProperty.call(catalogs, base) ? catalogs[base] : null;
  if (!entry) return Promise.resolve(false);
  if (!installed.has(base)) {
    const p = download(entry.path, entry.sha256).then((buf) => {
      if (!buf) return false;
      const data = pyodide.toPy(new Uint8Array(buf));
      const i18n = pyodide.pyimport("perceptron_lab.i18n");
      try {
        i18n.install_catalog(base, data);
      } finally {
        data.destroy();
        i18n.destroy();
      }
      return true;
    }).catch((e) => {
      console.warn(`Python worker: the ${base} catalog was not installed:`, String(e && e.message ? e.message : e));
      return false;
    }).then((ok) => {
      if (!ok) installed.delete(base); // Python answers in English; the next request tries again
      return ok;
    });
    installed.set(base, p);
  }
  return installed.get(base);
}

/** The file's bytes, or null (said on the console) when it cannot be had or fails its sha256. */
async function download(path, sha256) {
  const href = new URL(path, ROOT).href;
  // A link that died mid-download must not hold the call for ever: English after 20 s, the next request tries again.
  const r = await fetch(href, typeof AbortSignal.timeout === "function" ? { signal: AbortSignal.timeout(20_000) } : undefined);
  const buf = r.ok ? await r.arrayBuffer() : null;
  const digest = buf && Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", buf)), (b) => b.toString(16).padStart(2, "0")).join("");
  if (digest === sha256) return buf;
  console.warn(`Python worker: ${href} ${r.ok ? "failed its sha256" : `answered HTTP ${r.status}`}: Python answers in English.`);
  return null;
}
