"""The Pyodide runtime from the npm package pyodide@0.27.7, checked file by file."""
from __future__ import annotations

import json
import shutil
import subprocess

from .common import PYODIDE_VERSION, ROOT, BuildError, log, sha256_file

NPM_PYODIDE = ROOT / "node_modules" / "pyodide"

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
