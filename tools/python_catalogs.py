"""Python's compiled catalogs for the page: each language's locale/<lang>/LC_MESSAGES/perceptron_lab.mo
(standard gettext, tools/catalogs.py) copied to a content-hashed folder, py/<hash>/perceptron_lab.mo. The app
wheel carries none (tools/appwheel.py): a visit downloads only its own language's file (none in English),
and the worker (js/worker/python-catalog.js) installs it where i18n's gettext looks before the first request
in that language. The content-hashed folder gives the service worker's check (site/sw.js `intact`) the file's
digest; the worker checks it again against build-info.json's sha256."""
from __future__ import annotations

from pathlib import Path

from .common import PY_SRC, hashed_dir, sha256_bytes

DOMAIN = "perceptron_lab"  # the page's words; the pip catalog (perceptron_lab_pip.mo) never goes to the page


def write_python_catalogs(py_dir: Path) -> dict[str, dict[str, str]]:
    """{lang: {"path": "py/<hash>/perceptron_lab.mo", "sha256": ...}} for build-info.json's python_catalogs."""
    out = {}
    for mo in sorted((PY_SRC / "locale").glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        data = mo.read_bytes()
        target = hashed_dir(py_dir, data) / mo.name
        target.write_bytes(data)
        out[mo.parents[1].name] = {"path": target.relative_to(py_dir.parent).as_posix(), "sha256": sha256_bytes(data)}
    return out
