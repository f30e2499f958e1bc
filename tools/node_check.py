"""Run the shipped runtime and wheels once in Node (tools/node_check.mjs, which runs
tools/node_check_pyodide.py inside Pyodide): proof that the shipped set renders PNG and SVG,
and the by-products the page loads (fontlist.json, .pyc bundles)."""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import CACHE, PY_SRC, TOOLS, BuildError, log
from .wheels import WANTED


def app_imports() -> list[str]:
    """Module names the app imports at the top of the modules the worker loads (import x.y /
    from x.y import z; not the CLI, not the scikit-learn wrappers), so that the Node run
    imports the standard-library ones too (for their .pyc)."""
    names = set()
    for path in sorted(PY_SRC.rglob("*.py")):
        if path.name in {"cli.py", "__main__.py", "sklearn.py", "cli_words.py"}:
            continue
        for m in re.finditer(r"^(?:from\s+([A-Za-z_][\w.]*)\s+import|import\s+([A-Za-z_][\w.]*))",
                             path.read_text(), re.M):
            names.add(m.group(1) or m.group(2))
    return sorted(names)


def plot_rc() -> dict:
    """The app's matplotlib settings (plots/style.py RC, math-text fonts included): the Node
    check renders with them, so it proves the fonts the trimmed wheel keeps are the ones the
    app's plots ask for. style.py is plain data at import (no numpy, no matplotlib)."""
    import runpy
    return runpy.run_path(str(PY_SRC / "plots" / "style.py"))["RC"]


def run_in_node(pyodide_dir: Path, stdlib_zip: Path, py_file: Path, args: dict, names: list[str],
                cache_key: str, what: str, wheels: list[tuple[Path, str]] = ()) -> dict[str, bytes]:
    """Run py_file inside the shipped Pyodide in Node (tools/node_check.mjs); return the files
    it made (names). Cached in .cache/ under cache_key, which must cover every input."""
    cdir = CACHE / f"{py_file.stem}-{cache_key}"
    if not all((cdir / n).exists() for n in names):
        node = shutil.which("node")
        if not node:
            raise BuildError(f"node is needed for {what}.")
        with tempfile.TemporaryDirectory() as tmp:
            cfg = {"indexDir": str(pyodide_dir) + "/", "outDir": tmp, "stdlib": str(stdlib_zip),
                   "wanted": WANTED, "pyFile": str(py_file), "args": args,
                   "wheels": [[str(p), n] for p, n in wheels]}
            log(f"{what} in Node ...")
            res = subprocess.run([node, str(TOOLS / "node_check.mjs"), json.dumps(cfg)],
                                 capture_output=True, text=True, timeout=600)
            for line in res.stdout.splitlines():
                if line.startswith(("OK", "MISSING", "[load:err]", "PYTHON", "  ")) or res.returncode:
                    log("node: " + line)
            if res.returncode != 0 or not all((Path(tmp) / n).exists() for n in names):
                sys.stderr.write(res.stderr[-1500:])
                raise BuildError(f"{what} failed in Node (see above).")
            cdir.mkdir(parents=True, exist_ok=True)
            for n in names:
                shutil.copyfile(Path(tmp) / n, cdir / n)
    return {n: (cdir / n).read_bytes() for n in names}


def _key(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else json.dumps(part, sort_keys=True).encode())
    return h.hexdigest()[:16]


def check_runtime_and_make_extras(pyodide_dir: Path, shipped_lock: dict, stdlib_zip: Path) -> dict:
    """Run the shipped Pyodide + the shipped (pruned, trimmed) wheels in Node and render a PNG
    and an SVG with Agg, mathtext included, failing on any missing font or glyph (proof that
    the shipped set is enough). Keep the by-products:
    - fontlist.json as matplotlib writes it (the one in the 0.27.7 wheel has _version
      390, matplotlib 3.8.4 expects 330, so it would rebuild it on every page load);
    - site-pycache.zip: unchecked-hash, docstring-free (tools/docstrip.py) .pyc files of the site-packages modules imported
      by that run;
    - stdlib-pyc.zip: the same for the standard-library modules (merged into the stdlib
      zip by tools/stdlib.py);
    - stdlib-frozen.txt: the zip paths of the modules frozen into the interpreter (their
      sources are dropped from the stdlib zip).
    Cached by the shipped lock, the two scripts and the app's import names."""
    py_file = TOOLS / "node_check_pyodide.py"
    imports = app_imports()
    rc = plot_rc()
    docstrip = (TOOLS / "docstrip.py").read_text()
    key = _key(shipped_lock, (TOOLS / "node_check.mjs").read_bytes(), py_file.read_bytes(), imports, rc,
               docstrip)
    return run_in_node(pyodide_dir, stdlib_zip, py_file, {"app_imports": imports, "rc": rc, "docstrip": docstrip},
                       ["fontlist.json", "site-pycache.zip", "site.txt", "stdlib-pyc.zip", "stdlib-frozen.txt"], key,
                       "checking the shipped runtime (PNG + SVG + mathtext; fontlist.json, .pyc bundles)")


def first_picture(pyodide_dir: Path, shipped_lock: dict, stdlib_zip: Path, app_wheel: Path) -> dict:
    """The page's first picture, drawn by the app's own code for the default run (the page
    shows it at once, labelled, while Python loads): first-picture.png + first-picture.json
    (its text alternative and the run it shows)."""
    py_file = TOOLS / "first_picture_pyodide.py"
    wheel = app_wheel.read_bytes()
    key = _key(shipped_lock, (TOOLS / "node_check.mjs").read_bytes(), py_file.read_bytes(), wheel,
               stdlib_zip.read_bytes())
    return run_in_node(pyodide_dir, stdlib_zip, py_file, {"wheel": "/tmp/" + app_wheel.name},
                       ["first-picture.png", "first-picture.json"], key,
                       "drawing the first picture (the default run, with the app's own code)",
                       wheels=[(app_wheel, app_wheel.name)])
