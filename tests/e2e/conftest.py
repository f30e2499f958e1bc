"""End-to-end fixtures: the built dist/ served under a sub-path, real Chromium, one page
load (one Pyodide boot) per test module, and strict checks on every page:

- no console error and no uncaught page error (page and worker),
- no request to any host but 127.0.0.1/localhost (and such requests are blocked),

checked at the teardown of the module's `page` (the last test of the module errors).

Waiting for Python: the page mirrors the client's stages on <body data-py-state>:
"loading" -> "runtime" -> "packages" -> "app" -> "ready" (or "error"). Fixtures:
  wait_ready(page) -> seconds waited     (fails at once on "error")
  py_call(page, request) -> response     (through the test hook window.__pyclient)
Note: the page's Content-Security-Policy forbids eval, so page.wait_for_function() with a
string cannot run; use wait_for_selector / evaluate (as the helpers here do).
"""
from __future__ import annotations

import fcntl
import html
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SUBPATH = "/perceptron-lab/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
READY_TIMEOUT_MS = int(os.environ.get("PERCEPTRON_LAB_READY_TIMEOUT_MS", "90000"))
# The page a module opens (relative to the site root); a dev can point it elsewhere.
PAGE = os.environ.get("PERCEPTRON_LAB_E2E_PAGE", "")

sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "py"))  # reference.py: the literal algorithms the page is checked against
from tools import devserver  # noqa: E402  (the same server code as `python build.py serve`)

# The page's test switch (site/js/python/pyclient.js): set before any script of the page runs, in
# every frame, so the test hooks (window.__pyclient, kill, probe) exist only in tests.
TEST_SWITCH = "globalThis.__PERCEPTRON_LAB_TEST__ = true;"


def _inputs_mtime() -> float:
    paths = [ROOT / "build.py", ROOT / "package-lock.json", ROOT / "pyproject.toml"]
    for d in (ROOT / "site", ROOT / "py" / "perceptron_lab", ROOT / "tools"):
        paths += [p for p in d.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return max((p.stat().st_mtime for p in paths if p.exists()), default=0.0)


def _needs_build() -> bool:
    info = DIST / "build-info.json"
    if os.environ.get("CI") or not info.exists():
        return True
    return _inputs_mtime() > info.stat().st_mtime


def _build_once() -> None:
    """Build dist/ when it is stale, once per test run. Under pytest-xdist (tests/run.sh runs two
    workers) every worker asks: the first builds under an exclusive lock and leaves a mark named
    after the run outside dist/ (test_boot checks that every dist/ file is used); the others wait
    on the lock and find the mark."""
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run_id is None:
        if _needs_build():
            _build()
        return
    mark = Path(tempfile.gettempdir()) / f"perceptron-lab-built-{run_id}"
    with open(Path(tempfile.gettempdir()) / f"perceptron-lab-build-{run_id}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not mark.exists():
            if _needs_build():
                _build()
            mark.touch()


def _build() -> None:
    res = subprocess.run([sys.executable, str(ROOT / "build.py"), "--no-site-url"], cwd=ROOT)
    if res.returncode != 0:
        pytest.fail("python build.py failed (see its output above)")


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    _build_once()
    return DIST


def page_csp(dist: Path) -> str | None:
    """The CSP of the page's <meta>, also sent as a response header by the test server so
    that the worker (which does not inherit a <meta> CSP) runs under the same policy."""
    index = dist / "index.html"
    if not index.exists():
        return None
    m = re.search(r'<meta[^>]+http-equiv="Content-Security-Policy"[^>]+content="([^"]+)"',
                  index.read_text(), re.I)
    return html.unescape(m.group(1)) if m else None


@pytest.fixture(scope="session")
def server(dist_dir):
    srv, url = devserver.start_server(dist_dir, prefix=SUBPATH, cache_control="max-age=600",
                                  csp=page_csp(dist_dir))
    srv.base_url = url
    yield srv
    srv.shutdown()


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.base_url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _is_local(url: str) -> bool:
    u = urlparse(url)
    if u.scheme in ("data", "blob", "about"):
        return True
    return u.hostname in ("127.0.0.1", "localhost", "::1")


class PageLog:
    """Everything a page (and its workers) said, and what it tried to fetch."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []  # (type, text), all console messages
        self.errors: list[str] = []  # console errors and uncaught exceptions
        self.foreign: list[str] = []  # requests to hosts other than this machine

    def texts(self) -> list[str]:
        return [t for _, t in self.messages]


def attach_log(context, page) -> PageLog:
    """Record what the page says; block non-local requests; turn the page's test switch on
    (for navigations from now on)."""
    log = PageLog()
    context.add_init_script(TEST_SWITCH)

    def on_console(msg):
        log.messages.append((msg.type, msg.text))
        if msg.type == "error":
            log.errors.append(f"console.error: {msg.text}")

    def on_request(req):
        if not _is_local(req.url):
            log.foreign.append(req.url)

    def block_foreign(route):
        if _is_local(route.request.url):
            route.fallback()
        else:
            log.foreign.append(route.request.url)
            route.abort()

    page.on("console", on_console)  # includes the worker's console (Playwright >= 1.4x)
    page.on("pageerror", lambda exc: log.errors.append(f"pageerror: {exc}"))
    context.on("request", on_request)
    context.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/]).*"), block_foreign)
    return log


def new_page(browser, base_url: str, service_workers: str = "block"):
    """A fresh context and page at base_url. Service workers are blocked by default: a page
    controlled by the site's service worker (js/offline.js registers it once Python is
    ready) sends its requests through it, past page.route() (e.g. test_a11y's axe.min.js).
    tests/e2e/test_delivery.py tests the service worker, and the page with it blocked."""
    # Reduced motion: no auto-play and no retrain-on-change (js/steps/watch.js), so a test drives
    # every run and step itself; tests/e2e/test_watch.py opts back in.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers=service_workers,
                                  reduced_motion="reduce")
    page = context.new_page()
    log = attach_log(context, page)
    page.goto(base_url + PAGE)
    return context, page, log


def check_log(log: PageLog) -> list[str]:
    problems = list(log.errors)
    problems += [f"non-local request: {u}" for u in dict.fromkeys(log.foreign)]
    return problems


def close_checked(context, log: PageLog) -> None:
    """A module's page at its end: closed, and the module fails if the page said anything wrong."""
    problems = check_log(log)
    context.close()
    if problems:
        pytest.fail("page problems:\n  " + "\n  ".join(problems[:20]), pytrace=False)


@pytest.fixture(scope="module")
def page_and_log(browser, base_url):
    context, page, log = new_page(browser, base_url)
    yield page, log
    close_checked(context, log)


@pytest.fixture(scope="module")
def page(page_and_log):
    return page_and_log[0]


@pytest.fixture(scope="module")
def page_log(page_and_log) -> PageLog:
    return page_and_log[1]


def py_state_of(page) -> str | None:
    return page.evaluate("document.body && document.body.dataset.pyState")


def wait_ready_of(page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Wait until body[data-py-state] is "ready"; fail at once on "error". Returns seconds."""
    t0 = time.monotonic()
    page.wait_for_selector('body[data-py-state="ready"], body[data-py-state="error"]',
                           state="attached", timeout=timeout_ms)
    state = py_state_of(page)
    if state != "ready":
        detail = page.evaluate("(document.getElementById('load-detail') || {}).textContent || ''")
        pytest.fail(f"Python did not start: data-py-state={state!r}: {detail}", pytrace=False)
    return time.monotonic() - t0


def py_call_of(page, request: dict, timeout_ms: int = 120_000) -> dict:
    """Send one bridge request through the page's client (window.__pyclient)."""
    page.set_default_timeout(timeout_ms)
    return page.evaluate("(req) => window.__pyclient.call(req)", request)


@pytest.fixture(scope="session")
def wait_ready():
    return wait_ready_of


@pytest.fixture(scope="session")
def py_call():
    return py_call_of


@pytest.fixture(scope="session")
def py_state():
    return py_state_of


@pytest.fixture(scope="module")
def ready_page(page):
    """The module's page once Python is ready and its first automatic run (AND) is done."""
    wait_ready_of(page)
    page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
    page.set_default_timeout(90_000)
    return page
