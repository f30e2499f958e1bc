"""The app (py/perceptron_lab) as a pure-Python wheel, written with zipfile."""
from __future__ import annotations

import base64
import hashlib
import io
import re
import tomllib
import zipfile
from pathlib import Path

from .common import PY_SRC, ROOT, BuildError, hashed_dir


def _b64_digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


# The command line's modules: the page's Python never runs a command (bridge/ is its door, and
# tests/py/test_layers.py holds that nothing below the CLI imports it), and scikit-learn, which
# sklearn.py wraps, is not in the page. Every byte counts against the 12 MB cold load.
NOT_IN_THE_PAGE = {f"perceptron_lab/{name}" for name in
                   ("__main__.py", "cli.py", "cli_input.py", "check_cli.py", "quiz_cli.py", "sklearn.py",
                    "cli_words.py")}
PIP_PACKAGES = ("perceptron_lab/estimators/",)  # fit/predict for pip users; perceptron_lab/__init__ loads them lazily


def build_app_wheel(out_dir: Path) -> Path:
    """perceptron_lab as a pure-Python wheel, written with zipfile (no pip/setuptools)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dist_name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    version = project["version"]
    tag = "py3-none-any"
    distinfo = f"{dist_name}-{version}.dist-info"

    files: list[tuple[str, bytes]] = []
    for path in sorted(PY_SRC.rglob("*")):
        # .po/.pot: the catalogs' sources. .mo: the compiled catalogs, which a first visit in English never
        # reads; the worker downloads its language's own (tools/python_catalogs.py), the pip one never.
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in {".pyc", ".pyo", ".po", ".pot", ".mo"}:
            continue
        rel = path.relative_to(PY_SRC.parent).as_posix()
        if rel in NOT_IN_THE_PAGE or rel.startswith(PIP_PACKAGES):
            continue
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
            zf.writestr(info, data, compresslevel=9)  # every byte counts (the 12 MB budget)
    data = buf.getvalue()
    # Content-addressed folder: a new build never hits a stale cached wheel.
    target_dir = hashed_dir(out_dir, data)
    target = target_dir / f"{dist_name}-{version}-{tag}.whl"
    target.write_bytes(data)
    return target
