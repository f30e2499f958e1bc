"""The official python_stdlib.zip with the modules imported at start compiled to .pyc, minus
modules a page never imports (REMOVED, each with its reason; docs/PYODIDE.md shows the table)."""
from __future__ import annotations

import fnmatch
import io
import zipfile

from .common import BuildError


def stdlib_with_pyc(official: bytes, pyc_zip: bytes, frozen: list[str] = ()) -> bytes:
    """The official python_stdlib.zip where the modules imported at start are compiled:
    NAME.py replaced by NAME.pyc (unchecked-hash, compiled by Pyodide's own Python from
    that very NAME.py), as in CPython's embeddable distribution and `pyodide py-compile`;
    every other entry copied byte for byte (checked). Sources of the compiled modules are
    dropped to stay within the download budget: a traceback through them shows file and
    line, not the line's text. The sources of modules frozen into the interpreter (frozen:
    zip paths, found by the Node run) are dropped too: Python runs the frozen copy, so
    they too are read only for a traceback's line text."""
    src = zipfile.ZipFile(io.BytesIO(official))
    pycs = zipfile.ZipFile(io.BytesIO(pyc_zip))
    names = set(src.namelist())
    compiled = {n[:-1] for n in pycs.namelist()}  # NAME.py of each NAME.pyc
    missing_frozen = sorted(set(frozen) - names)
    if missing_frozen:
        raise BuildError(f"frozen modules not in python_stdlib.zip: {', '.join(missing_frozen)}")
    dropped = {n for n in names if removed_reason(n)} | set(frozen)
    imported = sorted(dropped & compiled)
    if imported:  # the Node run imported it from the zip: it is needed after all
        raise BuildError(f"stdlib trim would drop modules imported at start: {', '.join(imported)}")
    missing = [p for p in REMOVED if not any(fnmatch.fnmatch(n, p) for n in names)]
    if missing:
        raise BuildError(f"stdlib trim: no entry matches {', '.join(missing)}: the zip's layout changed")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            if info.filename in compiled or info.filename in dropped:
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
        if info.filename not in compiled | dropped and check.read(info.filename) != src.read(info):
            raise BuildError(f"stdlib zip: {info.filename} differs from the official file")
    return data


STDLIB_PYC_MAGIC = (3531).to_bytes(2, "little") + b"\r\n"  # Python 3.12's .pyc magic number


# Never imported by Pyodide's start, numpy, matplotlib (PNG and SVG), micropip or the app (the
# build checks that none of them was imported by the Node run, and draws the first picture
# with the trimmed zip). Codecs: the app decodes UTF-8, UTF-16, Windows-1252 and Latin-1
# (csvtext.ENCODINGS); ascii, charmap, utf-32, utf-7, idna, punycode, the *_escape and
# *_codec codecs stay.
_LEGACY_CODECS = ["cp037", "cp1006", "cp1026", "cp1125", "cp1140", "cp1250", "cp1251", "cp1253",
                  "cp1254", "cp1255", "cp1256", "cp1257", "cp1258", "cp273", "cp424", "cp500",
                  "cp720", "cp737", "cp775", "cp85*", "cp86*", "cp874", "cp875", "cp932", "cp949",
                  "cp950", "big5*", "euc_*", "gb*", "hz", "iso2022_*", "iso8859_1?", "iso8859_[2-9]",
                  "johab", "koi8_*", "kz1048", "mac_*", "mbcs", "oem", "palmos", "ptcp154",
                  "shift_jis*", "tis_620", "hp_roman8"]
REMOVED = {
    **{f"encodings/{c}.py": "a legacy 8-bit or CJK codec: the app decodes only UTF-8, UTF-16, "
                           "Windows-1252 and Latin-1 (csvtext.ENCODINGS)" for c in _LEGACY_CODECS},
    "multiprocessing/*": "processes: a browser worker cannot fork",
    "unittest/*": "test framework", "doctest.py": "test framework",
    "pydoc.py": "interactive help", "pdb.py": "debugger", "bdb.py": "debugger base",
    "trace.py": "profiling", "profile.py": "profiling", "cProfile.py": "profiling",
    "pstats.py": "profiling", "timeit.py": "profiling",
    "xmlrpc/*": "network servers and clients", "wsgiref/*": "network servers and clients",
    "socketserver.py": "network servers and clients", "imaplib.py": "network servers and clients",
    "smtplib.py": "network servers and clients", "nntplib.py": "network servers and clients",
    "ftplib.py": "network servers and clients", "poplib.py": "network servers and clients",
    "telnetlib.py": "network servers and clients", "cgi.py": "CGI scripts", "cgitb.py": "CGI scripts",
    "mailbox.py": "mail files", "mailcap.py": "mail files",
    "aifc.py": "audio files", "sunau.py": "audio files", "wave.py": "audio files",
    "sndhdr.py": "audio files", "chunk.py": "audio files", "imghdr.py": "image-type sniffing (PIL does its own)",
    "pty.py": "terminals", "tty.py": "terminals", "getpass.py": "terminals",
    "crypt.py": "Unix passwords", "pipes.py": "shell pipelines", "uu.py": "uuencode",
    "xdrlib.py": "XDR data", "webbrowser.py": "opening a browser",
    "tabnanny.py": "source checkers", "pyclbr.py": "source checkers", "modulefinder.py": "source checkers",
    "pickletools.py": "pickle disassembler", "zipapp.py": "making zip apps", "_pyio.py":
    "the pure-Python io (the C io is used)", "this.py": "easter egg", "antigravity.py": "easter egg",
    "__hello__.py": "freeze test module", "__phello__/*": "freeze test package",
    "http/server.py": "HTTP servers: a browser worker cannot listen on a socket",
    "http/client.py": "HTTP over sockets (Pyodide fetches through the browser)",
    "http/cookiejar.py": "cookies for urllib's socket clients", "http/cookies.py": "cookies for HTTP servers",
    "urllib/request.py": "URL opener over sockets (Pyodide fetches through the browser; micropip "
                         "imports it only outside Pyodide)",
    "optparse.py": "command-line parsing (the worker has no command line)",
    "difflib.py": "text diffs: imported by doctest and unittest only (both removed)",
    "fileinput.py": "reading files named on a command line", "cmd.py": "line-oriented command interpreters (pdb's base)",
    "ctypes/_aix.py": "AIX shared libraries (ctypes.util imports it only on AIX)",
    "logging/handlers.py": "log handlers for files, sockets and syslog",
    "logging/config.py": "logging configured from files",
    "asyncio/windows_*.py": "Windows only", "asyncio/proactor_events.py": "Windows only",
    "concurrent/futures/process.py": "processes: a browser worker cannot fork",
    "_pydatetime.py": "the pure-Python datetime (the C _datetime is used)",
    "xml/dom/*": "XML DOM (matplotlib's SVG writer writes its own XML)",
    "plistlib.py": "Apple property lists", "zoneinfo/*": "time zones (no plot shows dates)",
    "tomllib/*": "TOML files", "pyodide/console.py": "Pyodide's interactive console (the page has no REPL)",
    # Frozen under other names (_frozen_importlib, _frozen_importlib_external), which importlib/__init__.py
    # takes and registers as these: the Node run's list of frozen modules, by frozen name, misses them.
    "importlib/_bootstrap.py": "frozen into the interpreter as _frozen_importlib: the source is read only "
                               "for a traceback's line text",
    "importlib/_bootstrap_external.py": "frozen into the interpreter as _frozen_importlib_external: the "
                                        "source is read only for a traceback's line text",
}


def removed_reason(name: str) -> str | None:
    for pattern, why in REMOVED.items():
        if fnmatch.fnmatch(name, pattern):
            return why
    return None
