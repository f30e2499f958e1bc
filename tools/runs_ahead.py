"""The runs computed ahead (docs/ARCHITECTURE.md "Runs computed ahead"): the presets' default
runs answered at build time in CPython by the app's own bridge (tools/ahead_answers.py), shipped
as static files so the page shows a preset link's run moving, and steps through it, before
Python is ready (site/js/run/ahead.js).

Deterministic: the same sources give the same bytes (the bridge's JSON, json.dumps of fixed
requests, files named by content); no time or path goes in. Cached in .cache/ under a key of
every input (the package's files, this tool, the build Python's numpy and matplotlib), so a build
whose Python sources did not change costs nothing. A build Python without numpy or matplotlib
ships no run: the page waits for Python, as before, and the build says so."""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

from .common import CACHE, PY_SRC, TOOLS, BuildError, hashed_dir, log

INDEX_MODULE = Path("js") / "run" / "ahead-runs.js"


def _versions() -> list[str]:
    out = [sys.version]
    for name in ("numpy", "matplotlib"):
        try:
            out.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            out.append(f"{name} missing")
    return out


def _key() -> str:
    h = hashlib.sha256()
    for path in sorted(PY_SRC.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(path.relative_to(PY_SRC).as_posix().encode() + b"\0" + path.read_bytes())
    h.update((TOOLS / "ahead_answers.py").read_bytes())
    h.update("\n".join(_versions()).encode())
    return h.hexdigest()[:16]


def compute_runs() -> list[dict] | None:
    """[{id, request, answers: {name: text}}] from the CPython bridge, or None when the build's
    Python cannot run the package."""
    cached = CACHE / f"runs-ahead-{_key()}.json"
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))["runs"]
    env = dict(os.environ, PYTHONPATH=str(PY_SRC.parent), PYTHONHASHSEED="0")
    proc = subprocess.run([sys.executable, str(TOOLS / "ahead_answers.py")], capture_output=True,
                          text=True, env=env, timeout=900)
    if proc.returncode != 0:
        if "ModuleNotFoundError" in proc.stderr:
            log("runs computed ahead: none (the build's Python lacks numpy or matplotlib); "
                "the page waits for Python for every run")
            return None
        raise BuildError("computing the runs ahead failed:\n" + proc.stderr[-2000:])
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(proc.stdout, encoding="utf-8")
    return json.loads(proc.stdout)["runs"]


def write_runs_ahead(staging: Path, runs: list[dict] | None = None) -> dict:
    """Each run's answers under staging/ahead/<content hash>/<name>.json and the page's index
    (js/run/ahead-runs.js: dir, and per run id its request and files). -> {"runs": n, "bytes": b}."""
    runs = compute_runs() if runs is None else runs
    index = {"dir": None, "runs": {}}
    if runs:
        blob = json.dumps(runs, sort_keys=True).encode()
        folder = hashed_dir(staging / "ahead", blob)
        index["dir"] = folder.relative_to(staging).as_posix() + "/"
        for run in runs:
            names = list(run["answers"])
            for name, text in run["answers"].items():
                (folder / f"{run['id']}.{name}.json").write_text(text, encoding="utf-8")
            index["runs"][run["id"]] = {"request": run["request"], "files": names}
    out = staging / INDEX_MODULE
    out.write_text("// Written by build.py (tools/runs_ahead.py): the runs computed ahead and their files.\n"
                   "export default " + json.dumps(index, sort_keys=True) + ";\n", encoding="utf-8")
    size = sum(len(t.encode()) for r in runs or () for t in r["answers"].values())
    return {"runs": len(index["runs"]), "bytes": size}
