"""The static server of `python build.py serve`, the e2e tests and bench/: dist/ under a
prefix, with the MIME types Pyodide needs and gzip as GitHub Pages sends it."""
from __future__ import annotations

import email.utils
import gzip
import http.server
import io
import sys
import threading
from pathlib import Path

from .common import DIST

COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".txt", ".map", ".md"}
MIME = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".map": "application/json",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class ServerStats:
    """What the server sent: requests and body bytes (after gzip), for bench/ and tests."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.requests: list[tuple[str, int, int]] = []  # (path, status, body bytes)

    def add(self, path: str, status: int, nbytes: int) -> None:
        with self.lock:
            self.requests.append((path, status, nbytes))

    @property
    def bytes(self) -> int:
        with self.lock:
            return sum(n for _, _, n in self.requests)


def make_handler(root: Path, *, prefix: str = "/", cache_control: str = "no-cache",
                 csp: str | None = None, quiet: bool = True, stats: ServerStats | None = None):
    """A static handler for root, mounted at prefix ("/" or "/name/"), with the MIME
    types Pyodide needs and gzip for text and wasm (as GitHub Pages does)."""
    gz_cache: dict[tuple[str, float], bytes] = {}
    lock = threading.Lock()

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(root), **kw)

        def log_message(self, fmt, *args):
            if not quiet:
                super().log_message(fmt, *args)

        def translate_path(self, path):
            p = path.split("?", 1)[0].split("#", 1)[0]
            if prefix != "/":
                if p + "/" == prefix:
                    p = prefix
                if not p.startswith(prefix):
                    return str(root / "__outside_prefix__")
                p = "/" + p[len(prefix):]
            return super().translate_path(p)

        def send_head(self):
            p = self.path.split("?", 1)[0]
            if prefix != "/" and p + "/" == prefix:
                self.send_response(301)
                self.send_header("Location", prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not p.endswith("/"):
                    return super().send_head()
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404, "File not found")
                return None
            ext = path.suffix.lower()
            ctype = MIME.get(ext, "application/octet-stream")
            st = path.stat()
            ims = self.headers.get("If-Modified-Since")
            if ims:
                try:
                    if email.utils.parsedate_to_datetime(ims).timestamp() >= int(st.st_mtime):
                        if stats is not None:
                            stats.add(p, 304, 0)
                        self.send_response(304)
                        self._common_headers(st)
                        self.end_headers()
                        return None
                except (TypeError, ValueError, IndexError, OverflowError):
                    pass
            body = path.read_bytes()
            encoding = None
            if ext in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", ""):
                key = (str(path), st.st_mtime)
                with lock:
                    gz = gz_cache.get(key)
                if gz is None:
                    gz = gzip.compress(body, compresslevel=6, mtime=0)
                    with lock:
                        gz_cache[key] = gz
                body, encoding = gz, "gzip"
            if stats is not None:
                stats.add(p, 200, len(body))
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self._common_headers(st)
            self.end_headers()
            return io.BytesIO(body)

        def _common_headers(self, st):
            self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
            self.send_header("Cache-Control", cache_control)
            self.send_header("X-Content-Type-Options", "nosniff")
            if csp:
                self.send_header("Content-Security-Policy", csp)

    return Handler


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    stats: ServerStats

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return  # the browser went away (page closed, worker terminated)
        super().handle_error(request, client_address)


def start_server(root: Path = DIST, *, port: int = 0, prefix: str = "/", cache_control: str = "no-cache",
                 csp: str | None = None, quiet: bool = True):
    """Serve root on 127.0.0.1 from a daemon thread; returns (server, base_url).
    server.stats counts what was sent. cache_control="max-age=600" mimics GitHub Pages."""
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    stats = ServerStats()
    handler = make_handler(root, prefix=prefix, cache_control=cache_control, csp=csp, quiet=quiet,
                           stats=stats)
    server = _Server(("127.0.0.1", port), handler)
    server.stats = stats
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"
