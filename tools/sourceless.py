"""Wheels whose modules imported at start ship compiled only: `pkg/mod.py` replaced by
`pkg/mod.pyc`, the unchecked-hash .pyc that the Node run compiled (with the shipped Pyodide)
from that very source. Python's import system loads such a sourceless module directly
(SourcelessFileLoader), so a page load no longer downloads each of these modules twice (as
source in the wheel and as .pyc in a separate bundle): -1.9 MB on the wire. The standard-
library zip does the same (tools/stdlib.py). The cost, as there: a traceback through these
modules shows file and line, not the line's text (the app never shows tracebacks)."""
from __future__ import annotations

import base64
import hashlib
import io
import zipfile

from .common import BuildError


def pyc_sources(pyc_zip: bytes) -> dict[str, bytes]:
    """{"pkg/mod.py": .pyc bytes} from the bundle's "pkg/__pycache__/mod.cpython-312.pyc"."""
    out = {}
    z = zipfile.ZipFile(io.BytesIO(pyc_zip))
    for name in z.namelist():
        folder, _, leaf = name.rpartition("__pycache__/")
        if not leaf.endswith(".cpython-312.pyc"):
            raise BuildError(f".pyc bundle: unexpected entry {name}")
        out[folder + leaf[: -len(".cpython-312.pyc")] + ".py"] = z.read(name)
    return out


def _record_row(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def swap_in_pycs(wheel: bytes, pycs: dict[str, bytes]) -> tuple[bytes, list[str]]:
    """(the wheel with each NAME.py of pycs replaced by NAME.pyc, the NAME.py swapped)."""
    src = zipfile.ZipFile(io.BytesIO(wheel))
    names = src.namelist()
    swapped = [n for n in names if n in pycs]
    if not swapped:
        return wheel, []
    record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            name, data = info.filename, src.read(info)
            if name in pycs:
                name, data = name + "c", pycs[name]
            elif name == record_name:
                rows = []
                for row in data.decode().splitlines():
                    path = row.split(",", 1)[0]
                    rows.append(_record_row(path + "c", pycs[path]) if path in pycs else row)
                data = ("\n".join(rows) + "\n").encode()
            copy = zipfile.ZipInfo(name, info.date_time)
            copy.external_attr = info.external_attr
            out.writestr(copy, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue(), swapped
