"""Paths, pinned versions and small helpers shared by the build's parts."""
from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
PY_SRC = ROOT / "py" / "perceptron_lab"
DIST = ROOT / "dist"
TOOLS = ROOT / "tools"

PYODIDE_VERSION = "0.27.7"
CACHE = ROOT / ".cache" / f"pyodide-{PYODIDE_VERSION}"


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


def hashed_dir(parent: Path, data: bytes) -> Path:
    """parent/<first 12 hex of sha256(data)>/: a new content gets a new URL, so no browser
    or service-worker cache can serve an old copy after a deploy."""
    d = parent / sha256_bytes(data)[:12]
    d.mkdir(parents=True, exist_ok=True)
    return d
