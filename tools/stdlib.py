"""The official python_stdlib.zip with the modules imported at start compiled to .pyc."""
from __future__ import annotations

import io
import zipfile

from .common import BuildError


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
