// js/worker/python-catalog.js: the worker downloads Python's catalog of a request's language once, checks its
// sha256 against build-info's, and hands the bytes to perceptron_lab.i18n.install_catalog; English and a
// language without a catalog download nothing; a failed or altered download installs nothing and is tried again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { withCatalog, baseLanguage } from "../../site/js/worker/python-catalog.js";

const BYTES = new TextEncoder().encode("a .mo file's bytes");
const SHA = createHash("sha256").update(BYTES).digest("hex");

function fakes(body = BYTES) {
  const fetched = [];
  const installs = [];
  globalThis.fetch = async (url) => {
    fetched.push(String(url).replace(/^.*\/site\//, ""));
    return new Response(body);
  };
  const pyodide = {
    toPy: (u8) => ({ bytes: Array.from(u8), destroy() {} }),
    pyimport: (name) => ({ install_catalog: (lang, data) => installs.push([name, lang, data.bytes.length]), destroy() {} }),
  };
  return { fetched, installs, pyodide };
}

test("a language is read as i18n.resolve reads it", () => {
  assert.equal(baseLanguage("de-AT"), "de");
  assert.equal(baseLanguage("es_419"), "es");
  for (const bad of ["../de", "", null, 5, "d".repeat(9)]) assert.equal(baseLanguage(bad), null);
});

test("the language's catalog is downloaded once, checked and installed before the request", async () => {
  const { fetched, installs, pyodide } = fakes();
  const catalogs = { de: { path: "py/0123456789ab/perceptron_lab.mo", sha256: SHA } };
  assert.equal(await withCatalog(pyodide, catalogs, "en"), false);
  assert.equal(await withCatalog(pyodide, catalogs, "fr"), false);
  assert.equal(await withCatalog(pyodide, catalogs, "constructor"), false);
  assert.deepEqual(fetched, []);
  assert.equal(await withCatalog(pyodide, catalogs, "de-CH"), true);
  assert.equal(await withCatalog(pyodide, catalogs, "de"), true);
  assert.deepEqual(fetched, ["py/0123456789ab/perceptron_lab.mo"]);
  assert.deepEqual(installs, [["perceptron_lab.i18n", "de", BYTES.length]]);
});

test("an altered catalog is not installed (Python answers in English) and the next request tries again", async () => {
  const { fetched, installs, pyodide } = fakes(new TextEncoder().encode("altered"));
  const catalogs = { es: { path: "py/ba9876543210/perceptron_lab.mo", sha256: SHA } };
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.equal(await withCatalog(pyodide, catalogs, "es"), false);
    assert.equal(await withCatalog(pyodide, catalogs, "es"), false);
  } finally {
    console.warn = warn;
  }
  assert.equal(fetched.length, 2);
  assert.deepEqual(installs, []);
});
