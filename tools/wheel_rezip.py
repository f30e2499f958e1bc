"""A wheel rewritten without some of its entries (the build's trimmed wheels: tools/wheel_trim.py,
tools/mpl_trim.py): deterministic, the same input bytes give the same output bytes."""
from __future__ import annotations

import io
import zipfile
from typing import Callable

from .common import BuildError


def rezip_without(official: bytes, removed_reason: Callable[[str], str | None]) -> tuple[bytes, dict]:
    """(wheel bytes without the entries removed_reason names, {"files": n, "bytes": compressed
    bytes removed}); the RECORD loses their rows; deflate level 9, entries in the same order."""
    src = zipfile.ZipFile(io.BytesIO(official))
    record_name = next((n for n in src.namelist() if n.endswith(".dist-info/RECORD")), None)
    if record_name is None:
        raise BuildError("a wheel to trim has no RECORD")
    removed = [i for i in src.infolist() if removed_reason(i.filename)]
    if not removed:
        raise BuildError(f"trimming {record_name.split('-')[0]} removed nothing: the wheel's layout changed")
    gone = {i.filename for i in removed}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            if info.filename in gone:
                continue
            data = src.read(info)
            if info.filename == record_name:
                rows = [r for r in data.decode().splitlines() if r.split(",", 1)[0] not in gone]
                data = ("\n".join(rows) + "\n").encode()
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.external_attr = info.external_attr
            out.writestr(copy, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue(), {"files": len(removed), "bytes": sum(i.compress_size for i in removed)}
