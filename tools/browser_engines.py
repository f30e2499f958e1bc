"""The three browser engines students bring, driven the same way for the cross-engine smoke
tests (tests/engines/) and bench/load_time.py: Chromium (Debian's, through Playwright),
WebKit (Debian's WebKitGTK MiniBrowser, through WebKitWebDriver and Selenium, under an Xvfb
display of its own) and Firefox (Debian's firefox-esr, through WebDriver BiDi over its
remote-debugging WebSocket). Nothing is downloaded: each engine is the system's binary.

    with open_engine("webkit") as b:
        b.goto(url)
        b.js("(sel) => document.querySelector(sel).textContent", "#status")

errors() lists the console errors and uncaught exceptions (and unhandled rejections) seen so
far: Chromium and Firefox report the page's and its workers' through the protocol; WebKit's
WebDriver has no console events, so a recorder is put into each page right after goto() loads
it (what the page says before its load event, and its workers' console, go unseen there).

js(fn, *args) calls the JavaScript function source fn in the page with JSON arguments and
returns its (awaited) result through JSON. It runs as the driver's script, not as a page
script, so the page's Content Security Policy (no eval) does not stop it.
"""
from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ENGINES = ("chromium", "webkit", "firefox")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))),
                   "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
FIREFOX = "/usr/bin/firefox-esr"
# What Debian packages provide each engine's binaries (tests/run.sh installs them if missing).
PACKAGES = {"chromium": ["chromium"], "webkit": ["webkit2gtk-driver", "xvfb"], "firefox": ["firefox-esr"]}
# Firefox would otherwise phone home at start (no network here, and none wanted in a test).
FIREFOX_PREFS = {
    "app.update.disabledForTesting": True, "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore", "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False, "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False, "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False, "services.settings.server": "http://127.0.0.1:9/",
    "extensions.update.enabled": False, "browser.newtabpage.enabled": False,
    "browser.aboutwelcome.enabled": False, "browser.ping-centre.telemetry": False,
    "remote.prefs.recommended": True, "dom.disable_open_during_load": False,
}


def missing(engine: str) -> str | None:
    """Why `engine` cannot run here (a binary it needs is absent), or None."""
    need = {"chromium": [CHROMIUM], "webkit": [WEBKIT_DRIVER, MINIBROWSER, shutil.which("Xvfb") or "/usr/bin/Xvfb"],
            "firefox": [FIREFOX]}[engine]
    absent = [p for p in need if not os.access(p, os.X_OK)]
    return f"{engine}: not installed ({', '.join(absent)}); Debian packages {' '.join(PACKAGES[engine])}" if absent else None


def _wrap(fn: str) -> str:
    # One JSON string in, one JSON string out: every driver passes strings the same way.
    return f"async function (argsJson) {{ const r = await ({fn})(...JSON.parse(argsJson)); return JSON.stringify(r === undefined ? null : r); }}"


class Browser:
    """One page in one engine: goto(url), js(fn, *args), wait(fn, *args, timeout), close()."""

    engine = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        """Reload the page as F5 does, returning once the new page has loaded."""
        raise NotImplementedError

    def js(self, fn: str, *args, timeout: float = 60):
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def wait(self, fn: str, *args, timeout: float = 60, every: float = 0.25):
        """Poll fn until it returns something truthy (returned); TimeoutError after timeout s."""
        end = time.monotonic() + timeout
        while True:
            value = self.js(fn, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise TimeoutError(f"{self.engine}: still false after {timeout:.0f} s: {fn}")
            time.sleep(every)


class ChromiumBrowser(Browser):
    engine = "chromium"

    def __init__(self, profile: Path, chromium=None):
        # chromium: the BrowserType of a Playwright already running in this thread (the e2e
        # suite's session browser), since a second sync Playwright cannot start beside it.
        self._pw = None
        if chromium is None:
            from playwright.sync_api import sync_playwright

            self._pw = sync_playwright().start()
            chromium = self._pw.chromium
        self._context = chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.page = self._context.pages[0] if self._context.pages else self._context.new_page()
        self._errors = []
        self.page.on("console", lambda m: m.type == "error" and self._errors.append(f"console.error: {m.text}"))
        self.page.on("pageerror", lambda exc: self._errors.append(f"uncaught: {exc}"))

    def goto(self, url):
        self.page.goto(url, wait_until="load")

    def reload(self):
        self.page.reload(wait_until="load")

    def add_init_script(self, fn):
        """Run the function source fn in every page of this browser before the page's own scripts."""
        self._context.add_init_script(f"({fn})()")

    def js(self, fn, *args, timeout=60):
        self.page.set_default_timeout(timeout * 1000)
        return json.loads(self.page.evaluate(_wrap(fn), json.dumps(args)))

    def errors(self):
        return list(self._errors)

    def close(self):
        try:
            self._context.close()
        finally:
            if self._pw is not None:
                self._pw.stop()


class Xvfb:
    """A virtual X display of our own (-displayfd picks a free number)."""

    def __init__(self):
        r, w = os.pipe()
        self.proc = subprocess.Popen([shutil.which("Xvfb") or "/usr/bin/Xvfb", "-displayfd", str(w), "-screen", "0",
                                      "1280x1024x24", "-nolisten", "tcp"], pass_fds=(w,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


# Put into each WebKit page after its load: records what the other engines report by protocol.
RECORDER = """() => {
  if (window.__engineErrors) return;
  const seen = window.__engineErrors = [];
  const text = (v) => (v instanceof Error ? `${v.name}: ${v.message}` : String(v));
  const error = console.error;
  console.error = function (...args) { seen.push("console.error: " + args.map(text).join(" ")); return error.apply(this, args); };
  addEventListener("error", (ev) => seen.push("uncaught: " + (ev.error ? text(ev.error) : ev.message)));
  addEventListener("unhandledrejection", (ev) => seen.push("unhandled rejection: " + text(ev.reason)));
}"""


class WebKitBrowser(Browser):
    engine = "webkit"

    def __init__(self, profile: Path):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self._x = Xvfb()
        # No sandbox, as Chromium's --no-sandbox here: it only ever opens this build on localhost,
        # and a CI container may lack the user namespaces bubblewrap needs.
        env = {**os.environ, "DISPLAY": self._x.display, "WEBKIT_DISABLE_COMPOSITING_MODE": "1",
               "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1"}
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self._x.close()
            raise
        self.driver.set_page_load_timeout(120)
        self._errors = []

    def _collect(self):
        with contextlib.suppress(Exception):
            self._errors += self.js("() => (window.__engineErrors || []).splice(0)", timeout=10)

    def goto(self, url):
        self._collect()  # the page being left
        self.driver.get(url)
        self.js(RECORDER)

    def reload(self):
        self._collect()
        self.driver.refresh()
        self.js(RECORDER)

    def errors(self):
        self._collect()
        return list(self._errors)

    def js(self, fn, *args, timeout=60):
        self.driver.set_script_timeout(timeout)
        return json.loads(self.driver.execute_script(f"return ({_wrap(fn)})(arguments[0]);", json.dumps(args)))

    def close(self):
        try:
            self.driver.quit()
        finally:
            self._x.close()


class FirefoxBrowser(Browser):
    """Firefox through WebDriver BiDi: the browser's own WebSocket, no geckodriver."""

    engine = "firefox"

    def __init__(self, profile: Path):
        import websocket  # websocket-client

        profile.mkdir(parents=True, exist_ok=True)
        (profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        self._log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0",
                                      "--profile", str(profile), "about:blank"],
                                     stdout=self._log, stderr=subprocess.STDOUT, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        url = None
        end = time.monotonic() + 60
        while url is None and time.monotonic() < end and self.proc.poll() is None:
            self._log.seek(0)
            m = re.search(rb"WebDriver BiDi listening on (ws://\S+)", self._log.read())
            url = m and m.group(1).decode()
            time.sleep(0.1)
        if not url:
            self.proc.kill()
            raise RuntimeError("firefox-esr did not open its WebDriver BiDi socket")
        self._ws = websocket.create_connection(url + "/session", timeout=300, suppress_origin=True)
        self._id = 0
        self.entries = []  # every log.entryAdded event's params, in order
        self._cmd("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self._cmd("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self._cmd("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]

    def _cmd(self, method, params, timeout=300):
        self._id += 1
        mine = self._id
        self._ws.settimeout(timeout)
        self._ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        while True:
            msg = json.loads(self._ws.recv())
            if msg.get("id") != mine:
                if msg.get("method") == "log.entryAdded":
                    self.entries.append(msg["params"])
                continue  # another event
            if msg.get("type") == "error" or "error" in msg and msg.get("type") != "success":
                raise RuntimeError(f"firefox {method}: {msg.get('error')}: {msg.get('message')}")
            return msg["result"]

    def goto(self, url):
        self._cmd("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self._cmd("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def add_init_script(self, fn):
        """Run the function source fn in every page of this browser before the page's own scripts."""
        self._cmd("script.addPreloadScript", {"functionDeclaration": fn})

    def js(self, fn, *args, timeout=60):
        r = self._cmd("script.callFunction", {
            "functionDeclaration": _wrap(fn), "awaitPromise": True, "target": {"context": self.context},
            "arguments": [{"type": "string", "value": json.dumps(args)}]}, timeout=timeout + 5)
        if r.get("type") == "exception":
            d = r["exceptionDetails"]
            raise RuntimeError(f"firefox: {d.get('text')}")
        return json.loads(r["result"]["value"])

    def errors(self):
        with contextlib.suppress(Exception):
            self._cmd("browsingContext.getTree", {}, timeout=10)  # reads the events sent so far
        prefix = {"console": "console.error: ", "javascript": "uncaught: "}
        return [prefix.get(e.get("type"), "") + str(e.get("text")) for e in self.entries if e.get("level") == "error"]

    def close(self):
        try:
            with contextlib.suppress(Exception):
                self._cmd("browser.close", {}, timeout=10)
            with contextlib.suppress(Exception):
                self._ws.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        finally:
            self._log.close()


@contextlib.contextmanager
def open_engine(engine: str, chromium=None):
    """A fresh browser of `engine` with an empty profile (cold caches), closed on exit;
    chromium: a running Playwright's BrowserType to launch Chromium with (ChromiumBrowser)."""
    why = missing(engine)
    if why:
        raise RuntimeError(why)
    with tempfile.TemporaryDirectory(prefix=f"{engine}-profile-") as d:
        cls = {"chromium": ChromiumBrowser, "webkit": WebKitBrowser, "firefox": FirefoxBrowser}[engine]
        b = cls(Path(d) / "profile", chromium) if engine == "chromium" else cls(Path(d) / "profile")
        try:
            yield b
        finally:
            b.close()
