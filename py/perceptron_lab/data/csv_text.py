"""Bytes of a CSV file -> text, and which encoding was used.

People's CSV files come from Excel in every locale: UTF-8 (with or without a BOM),
UTF-16 with a BOM ("Unicode text"), and Windows-1252 from older Excel on Windows.
The order of guesses: a BOM says it; else UTF-8 if the bytes are valid UTF-8 (text
in another 8-bit encoding is almost never valid UTF-8 by accident); else UTF-16
without a BOM when every other byte is zero; else Windows-1252, or Latin-1 for the
five bytes Windows-1252 leaves undefined. The caller can name the encoding instead.
"""

from __future__ import annotations

from ..errors import DataError, SettingsError
from ..i18n import _, number

__all__ = ["decode", "size_text", "too_large_message", "ENCODINGS", "ENCODING_NAMES"]

# key -> (Python codec, the name people know)
ENCODINGS = {
    "utf-8": ("utf-8-sig", "UTF-8"),
    "utf-16-le": ("utf-16-le", "UTF-16 LE"),
    "utf-16-be": ("utf-16-be", "UTF-16 BE"),
    "windows-1252": ("cp1252", "Windows-1252"),
    "latin-1": ("latin-1", "Latin-1 (ISO-8859-1)"),
}
ENCODING_NAMES = {k: v[1] for k, v in ENCODINGS.items()}
_ALIASES = {"utf8": "utf-8", "utf-8-sig": "utf-8", "cp1252": "windows-1252", "win-1252": "windows-1252",
            "iso-8859-1": "latin-1", "latin1": "latin-1", "utf-16": None, "utf16": None,
            "utf-16le": "utf-16-le", "utf-16be": "utf-16-be"}
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def size_text(nbytes: int) -> str:
    """A size in the unit it is exact in (MiB, MB, KiB, kB), else in MB/kB to one decimal."""
    for unit, name in ((2**20, "MiB"), (10**6, "MB"), (2**10, "KiB"), (10**3, "kB")):
        if nbytes >= unit and nbytes % unit == 0:
            return f"{nbytes // unit} {name}"
    if nbytes >= 10**6:
        return f"{nbytes / 10**6:.1f} MB"
    if nbytes >= 10**3:
        return f"{nbytes / 10**3:.1f} kB"
    return f"{nbytes} bytes"


def too_large_message(nbytes: int, limit: int) -> str:
    """The size in the limit's unit, never shown as the same figure as the limit (then in bytes)."""
    lim = size_text(limit)
    unit = _UNITS.get(lim.split()[1], 1)
    lim = number(lim)
    if unit > 1 and round(nbytes / unit, 1) > limit / unit:
        return _("The file is too large: {size}; the limit is {limit}.").format(
            size=number(f"{nbytes / unit:.1f} {lim.split()[1]}"), limit=lim)
    if unit == 1:
        return _("The file is too large: {size} bytes; the limit is {limit} bytes.").format(
            size=number(f"{nbytes:,}"), limit=number(f"{limit:,}"))
    return _("The file is too large: {size} bytes; the limit is {limit} bytes ({exact}).").format(
        size=number(f"{nbytes:,}"), limit=number(f"{limit:,}"), exact=lim)


_UNITS = {"MiB": 2**20, "MB": 10**6, "KiB": 2**10, "kB": 10**3}


def check_encoding(encoding):
    """The encoding key for a user's choice (None or "auto": guess), or SettingsError."""
    if encoding is None or (isinstance(encoding, str) and encoding.strip().lower() in ("", "auto")):
        return None
    key = encoding.strip().lower().replace("_", "-") if isinstance(encoding, str) else None
    key = _ALIASES.get(key, key)
    if key not in ENCODINGS:
        raise SettingsError(_("Unknown encoding {value}: choose one of {names}.").format(
            value=repr(encoding), names=", ".join(ENCODINGS)), field="encoding")
    return key


def _looks_utf16(raw: bytes):
    """'utf-16-le' / 'utf-16-be' when the text is ASCII-ish UTF-16 without a BOM, else None."""
    head = raw[:4000]
    if len(head) < 4 or len(head) % 2:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) >= 0.9 * len(odd) and even.count(0) == 0:
        return "utf-16-le"
    if even.count(0) >= 0.9 * len(even) and odd.count(0) == 0:
        return "utf-16-be"
    return None


def _strict(raw: bytes, key: str, newline: bytes) -> str:
    codec = ENCODINGS[key][0]
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as e:
        line = raw.count(newline, 0, e.start) + 1
        raise DataError(
            _("Row {row}: the file is not {encoding} text (the byte {byte} cannot be read that way). Choose "
              "another encoding, or let it be guessed.").format(row=line, encoding=ENCODING_NAMES[key],
                                                                byte=f"0x{raw[e.start]:02x}"), row=line) from None


def decode(source, max_bytes: int, encoding=None):
    """(text, encoding key or None for a str source). DataError for what is not CSV text."""
    key = check_encoding(encoding)
    if source is None:
        raise DataError(_("The file is empty."))
    if isinstance(source, str):
        if len(source) * 4 > max_bytes:  # only then can the UTF-8 size exceed the limit
            nbytes = len(source.encode("utf-8", "surrogatepass"))
            if nbytes > max_bytes:
                raise DataError(too_large_message(nbytes, max_bytes))
        return (source[1:] if source.startswith("\ufeff") else source), None
    if not isinstance(source, (bytes, bytearray, memoryview)):
        raise TypeError(f"CSV source must be str or bytes, not {type(source).__name__}")
    raw = bytes(source)
    if len(raw) > max_bytes:
        raise DataError(too_large_message(len(raw), max_bytes))
    if raw.startswith(b"PK\x03\x04"):
        raise DataError(
            _("This looks like an Excel workbook (.xlsx) or another zip file, not CSV text. Save it as "
              "'CSV UTF-8 (comma delimited)' and upload that."), row=1)
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise DataError(_("The file is UTF-32 text. Save it as 'CSV UTF-8' and upload it again."), row=1)

    bom = next((k for b, k in _BOMS if raw.startswith(b)), None)
    if key is None:
        key = bom
    if key is not None:
        if bom is not None and bom != key:
            raise DataError(_("The file starts with a {bom} byte order mark, so it is not {encoding} text. Choose "
                              "{bom} or let it be guessed.").format(bom=ENCODING_NAMES[bom],
                                                                    encoding=ENCODING_NAMES[key]), row=1)
        if key.startswith("utf-16"):
            body = raw[2:] if bom else raw
            if b"\x00" not in body:
                # Every delimiter and line end of UTF-16 text holds a zero byte: read as UTF-16,
                # these bytes would be one line of unrelated characters.
                raise DataError(_("The file is not {encoding} text: UTF-16 writes every comma, semicolon and line "
                                  "end with a zero byte, and this file has none. Choose another encoding, or let "
                                  "it be guessed.").format(encoding=ENCODING_NAMES[key]), row=1)
            if len(body) % 2:
                raise DataError(_("The file ends in the middle of a {encoding} character (an odd number of "
                                  "bytes): it is cut short or not UTF-16.").format(encoding=ENCODING_NAMES[key]))

            text = _strict(body, key, b"\n\x00" if key == "utf-16-le" else b"\x00\n")
        else:
            text = _strict(raw, key, b"\n")
        return (text[1:] if text.startswith("\ufeff") else text), key
    # ASCII text in UTF-16 without a BOM is valid UTF-8 too (a zero byte after every character),
    # and read that way it would be "binary data": zero bytes in every other place are UTF-16.
    utf16 = _looks_utf16(raw) if b"\x00" in raw[:4000] else None
    if utf16 is not None:
        try:
            return raw.decode(utf16), utf16
        except UnicodeDecodeError:
            pass
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252"), "windows-1252"
    except UnicodeDecodeError:  # 0x81, 0x8d, 0x8f, 0x90, 0x9d: undefined in Windows-1252
        return raw.decode("latin-1"), "latin-1"
