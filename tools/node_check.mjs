// Runs the shipped Pyodide runtime and the shipped (pruned, trimmed) wheels in Node, then one
// Python file inside it (tools/node_check.py calls this; the Python files print nothing and
// end with a JSON string: {"files": {name: base64}, "summary": "..."}).
// Argument: one JSON object {indexDir, outDir, stdlib, wanted, pyFile, args, wheels}
// where wheels = [[local path, name in Pyodide's /tmp]] are copied into Pyodide's file system.
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";

const cfg = JSON.parse(process.argv[2]);
const t0 = Date.now();
const { loadPyodide } = await import(pathToFileURL(cfg.indexDir + "pyodide.mjs").href);
// The official python_stdlib.zip (the page may load a derived copy; see tools/stdlib.py).
const py = await loadPyodide({
  indexURL: cfg.indexDir, packageCacheDir: cfg.indexDir, stdLibURL: cfg.stdlib,
  stdout: (s) => console.log("[py] " + s), stderr: (s) => console.log("[py:err] " + s),
});
const t1 = Date.now();
await py.loadPackage(cfg.wanted, { messageCallback: () => {}, errorCallback: (e) => console.log("[load:err] " + e) });
const missing = cfg.wanted.filter((n) => !(n in py.loadedPackages));
if (missing.length) {
  console.log("MISSING " + missing.join(","));
  process.exit(3);
}
const t2 = Date.now();
for (const [path, name] of cfg.wheels || []) py.FS.writeFile("/tmp/" + name, readFileSync(path));
py.globals.set("check_args", py.toPy(cfg.args || {}));
let res;
try {
  res = JSON.parse(await py.runPythonAsync(readFileSync(cfg.pyFile, "utf8"), { filename: cfg.pyFile }));
} catch (e) {
  console.log("PYTHON " + String(e.message || e)); // the traceback, without Pyodide's own stack
  process.exit(4);
}
for (const [name, b64] of Object.entries(res.files)) writeFileSync(cfg.outDir + "/" + name, Buffer.from(b64, "base64"));
console.log(`OK ${res.summary}; runtime ${t1 - t0} ms, packages ${t2 - t1} ms, python ${Date.now() - t2} ms`);
