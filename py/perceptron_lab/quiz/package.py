"""What every writer shares: numbers as the files carry them, and a deterministic zip."""

import html
import io
import zipfile

STAMP = (2020, 1, 1, 0, 0, 0)  # a fixed date: the same bank gives the same bytes


def number(v):
    """An answer as a file writes it: 12 significant digits (0.1 + 1.1 = 1.2000000000000002 -> 1.2)."""
    t = f"{float(v):.12g}"
    return "0" if t == "-0" else t


def zip_bytes(files):
    """{name: str | bytes} -> zip bytes, in the given order."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data.encode("utf-8") if isinstance(data, str) else data)
    return buf.getvalue()


def text(s):
    """XML character data: & < > escaped (html, not xml.sax: that imports urllib, which the page's
    trimmed Python leaves out)."""
    return html.escape(s, quote=False)


def attr(s):
    """An XML attribute value with its double quotes."""
    return '"' + html.escape(s, quote=True) + '"'
