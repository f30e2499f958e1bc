"""The page's module graph named in index.html's <head> (rel="modulepreload"), so a first visit
asks for every module it needs at once instead of level by level: without it each import level
waits for the one above (html -> main.js -> state.js -> ...), about ten levels, each a round trip
and a new connection on HTTP/1 (bench/cold_waterfall.py shows the chain). Same bytes as before;
the list adds ~2 kB (gzip) to index.html.

Only static imports count (`import ... from "x"`, `import "x"`, `export ... from "x"`): dynamic
import() loads what the first moving run does not need, except the runs' index (js/run/ahead-runs.js),
named first since js/run/ahead-early.js reads it at once. The scanner reads the source text with a
regular expression; tests/py/test_module_preload.py checks it against V8's own parse of each module.
The build runs it after tools/bundle.py: the head's modules are then the bundle (minified: the scan
finds none of its imports; its one static import, ahead-early.js, is a head script already) and the
two run ahead of it, so the list is the runs' index alone."""
from __future__ import annotations

import html
import re
from pathlib import Path, PurePosixPath

from .common import BuildError

# Static import/export-from statements (over several lines) and bare imports, at a line's start.
STATIC = re.compile(r"""^(?:import|export)\s[^;'"]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']""", re.M)
HEAD_MODULE = re.compile(r"""<script\s+type="module"(?:\s+async)?\s+src="([^"]+)"></script>""")
FIRST = ("js/run/ahead-runs.js",)


def static_imports(source: str) -> list[str]:
    """The specifiers of a module's static imports, each once, in source order."""
    # Comments may quote an import statement: drop them first (block comments, then line comments
    # that start a line or follow code after whitespace; "//" inside a string such as a URL stays).
    text = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    text = re.sub(r"(?m)(^|\s)//.*$", r"\1", text)
    return list(dict.fromkeys(a or b for a, b in STATIC.findall(text)))


def module_graph(site: Path, entries: list[str]) -> list[str]:
    """Site-relative paths of every module the entries import statically, entries first,
    then breadth-first (the browser meets them in about that order)."""
    seen, queue = [], list(entries)
    while queue:
        rel = queue.pop(0)
        if rel in seen:
            continue
        path = site / rel
        if not path.is_file():
            raise BuildError(f"{rel} is imported but missing from the site.")
        seen.append(rel)
        for spec in static_imports(path.read_text(encoding="utf-8")):
            if not spec.startswith("."):
                raise BuildError(f"{rel} imports {spec!r}: the page loads only relative modules.")
            target = PurePosixPath(rel).parent / spec
            parts: list[str] = []
            for p in target.parts:
                if p == "..":
                    parts.pop()
                elif p != ".":
                    parts.append(p)
            queue.append("/".join(parts))
    return seen


def head_modules(index_html: str) -> list[str]:
    """The module scripts index.html's <head> loads, in order."""
    head = index_html.split("</head>", 1)[0]
    return HEAD_MODULE.findall(head)


def write_module_preloads(staging: Path) -> int:
    """Insert the preload links before the <head>'s first module script run in order (an async one,
    js/run/ahead-early.js, goes before them: its few requests first); -> how many."""
    index = staging / "index.html"
    text = index.read_text(encoding="utf-8")
    entries = head_modules(text)
    if not entries:
        raise BuildError("site/index.html's <head> loads no module script.")
    graph = module_graph(staging, entries)
    names = [f for f in FIRST if (staging / f).is_file()] + [m for m in graph if m not in entries]
    links = "".join(f'<link rel="modulepreload" href="{html.escape(m)}">\n' for m in names)
    at = text.index('<script type="module" src=')
    index.write_text(text[:at] + links + text[at:], encoding="utf-8")
    return len(names)
