"""One listening session: the AT-SPI bus, Orca (its speech to a file) and Chromium with its
accessibility tree exported, on the X display and D-Bus session bus this process runs in
(orca_listen.py starts it under xvfb-run and dbus-run-session). Keys go in as X key events
(xdotool), as a keyboard's would, so Orca hears them too; the page's own state is read over
the DevTools protocol (Playwright attached to the running Chromium), never to drive it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.screen_reader.orca_speech import Said, parse

HERE = Path(__file__).resolve().parent
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
NEEDS = {"orca": "orca", "xdotool": "xdotool", "xvfb-run": "xvfb", "dbus-run-session": "dbus",
         "chromium": "chromium", BUS_LAUNCHER: "at-spi2-core"}


def missing() -> list[str]:
    """The Debian packages to install before a session can start."""
    return sorted({pkg for cmd, pkg in NEEDS.items() if not (shutil.which(cmd) or Path(cmd).exists())})


def version(cmd: list[str]) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        return (out.stdout or out.stderr).strip().splitlines()[-1]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "unknown"


class Session:
    def __init__(self, workdir: Path, debug: bool = False):
        self.dir = workdir
        self.dir.mkdir(parents=True, exist_ok=True)
        self.speech = self.dir / "orca-speech.log"
        self.debug = debug
        self.procs: list[subprocess.Popen] = []
        self.window = None
        self.pw = self.browser = self.page = None
        self.profile = None

    # -- starting -----------------------------------------------------------------------
    def _spawn(self, cmd: list[str], log: str, env: dict | None = None) -> subprocess.Popen:
        out = open(self.dir / log, "w")
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env or os.environ.copy(),
                             start_new_session=True)
        self.procs.append(p)
        return p

    def start_orca(self, timeout: float = 60) -> None:
        os.environ["ACCESSIBILITY_ENABLED"] = "1"  # toolkits that ask (Chromium's flag below is the sure way)
        self._spawn([BUS_LAUNCHER, "--launch-immediately"], "at-spi-bus.log")
        subprocess.run(["gsettings", "set", "org.gnome.desktop.interface", "toolkit-accessibility", "true"],
                       capture_output=True)
        prefs = self.dir / "orca-prefs"  # a fresh profile: Orca's defaults, not the maintainer's own
        prefs.mkdir(exist_ok=True)
        args = ["/usr/bin/python3", str(HERE / "orca_run.py"), str(self.speech), "--replace", "-u", str(prefs)]
        if self.debug:
            args.append(f"--debug-file={self.dir / 'orca-debug.log'}")
        self.speech.write_text("")
        self._spawn(args, "orca.out")
        self._wait(lambda: any(s.text == "Screen reader on." for s in self.said()), timeout, "Orca to start")

    def start_chromium(self, url: str, timeout: float = 60) -> None:
        profile = self.profile = Path(tempfile.mkdtemp(prefix="chromium-", dir=self.dir))
        self._spawn(["chromium", "--no-sandbox", "--test-type", "--disable-gpu", "--force-renderer-accessibility",
                     "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--password-store=basic",
                     f"--user-data-dir={profile}", "--remote-debugging-port=0",
                     "--window-position=0,0", "--window-size=1280,1000", url], "chromium.log")
        port_file = profile / "DevToolsActivePort"
        self._wait(port_file.exists, timeout, "Chromium's DevTools port")
        port = port_file.read_text().split()[0]
        from playwright.sync_api import sync_playwright
        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        self._wait(lambda: any(p.url.startswith(url.split("#")[0]) for c in self.browser.contexts for p in c.pages),
                   timeout, "the page's tab")
        self.page = next(p for c in self.browser.contexts for p in c.pages if p.url.startswith(url.split("#")[0]))
        out = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--class", "chromium"],
                             capture_output=True, text=True, timeout=timeout)
        self.window = out.stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", self.window], check=True, timeout=30)

    # -- listening ----------------------------------------------------------------------
    def said(self) -> list[Said]:
        return parse(self.speech.read_text(encoding="utf-8", errors="replace"))

    def key(self, *keys: str) -> None:
        """Press keys (xdotool names: Tab, Return, Right, Home, Escape, l) as X key events."""
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--delay", "120", *keys], check=True, timeout=30)

    def listen(self, act, until=None, quiet: float = 1.5, timeout: float = 120) -> list[Said]:
        """Do `act()`, then wait until `until()` holds (the page's own state, if given) and Orca
        has been silent for `quiet` seconds; what it spoke and brailled meanwhile."""
        before = len(self.said())
        t0 = time.monotonic()
        act()
        last, n = time.monotonic(), before
        while time.monotonic() - t0 < timeout:
            time.sleep(0.2)
            now = len(self.said())
            if now != n:
                n, last = now, time.monotonic()
            if time.monotonic() - last >= quiet and (until is None or until()):
                break
        return self.said()[before:]

    def js(self, expr: str):
        return self.page.evaluate(expr)

    def _wait(self, ok, timeout: float, what: str) -> None:
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if ok():
                return
            time.sleep(0.25)
        raise TimeoutError(f"waited {timeout:.0f} s for {what}; logs in {self.dir}")

    # -- stopping -----------------------------------------------------------------------
    def close(self) -> None:
        try:
            if self.browser:
                self.browser.close()
            if self.pw:
                self.pw.stop()
        except Exception as err:  # the browser may already be gone; the processes go below
            print(f"[orca_listen] closing the DevTools link: {err}", file=sys.stderr)
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, 15)
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, 9)
                except ProcessLookupError:
                    pass
        if self.profile:  # a throwaway browser profile, tens of MB
            shutil.rmtree(self.profile, ignore_errors=True)
