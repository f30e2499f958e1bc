#!/usr/bin/env python3
"""What the lab costs a student's device: memory of the tab and disk of the browser profile.

    python bench/worker_memory.py [--no-build] [--dist DIR]

Headless Chromium with a browser profile of its own (a temporary folder), against a build of
the site: a first visit (Python started the normal way; then the service worker's precache
and the memory snapshot are made), then a second visit (Python restored from the snapshot).
Prints, for each visit once its first run is done and the page is idle: the proportional set
size (PSS, /proc/<pid>/smaps_rollup) of the renderer processes of that profile (the page and
its worker live there), and after each visit the profile's folders on disk: OPFS (the memory
snapshot), the service worker's cache, the HTTP cache, the code cache. With the load average.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

SWITCH = "globalThis.__PERCEPTRON_LAB_TEST__ = {snapshot: true};"
IDLE_S = 5


def renderer_pss_mb(profile: Path) -> float:
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = (Path("/proc") / pid / "cmdline").read_bytes().decode(errors="replace")
            if "--type=renderer" not in cmd or str(profile) not in cmd and not _child_of_profile(pid, profile):
                continue
            for line in (Path("/proc") / pid / "smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def _child_of_profile(pid: str, profile: Path) -> bool:
    """Renderers do not name the profile: their parent (the browser process) does."""
    try:
        ppid = (Path("/proc") / pid / "stat").read_text().rsplit(")", 1)[1].split()[1]
        return str(profile) in (Path("/proc") / ppid / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False


def folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6 if path.exists() else 0.0


def disk(profile: Path) -> dict[str, float]:
    d = profile / "Default"
    return {
        "OPFS (memory snapshot)": folder_mb(d / "File System"),
        "service worker cache": folder_mb(d / "Service Worker"),
        "HTTP cache": folder_mb(d / "Cache"),
        "code cache": folder_mb(d / "Code Cache"),
        "whole profile": folder_mb(profile),
    }


def visit(pw, profile: Path, url: str, first: bool) -> dict:
    ctx = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS)
    try:
        ctx.add_init_script(SWITCH)
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=300_000)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=300_000)
        if first:  # the precache and the snapshot, then idle again
            for name, busy in (("offline", "caching"), ("snapshot", "making")):
                page.wait_for_selector(f'body[data-{name}]:not([data-{name}="{busy}"])', state="attached",
                                       timeout=300_000)
        time.sleep(IDLE_S)
        return {"pss": renderer_pss_mb(profile), "restored": bool(page.evaluate("window.__pyclient.bootTimes.restored")),
                "snapshot": page.evaluate("document.body.dataset.snapshot")}
    finally:
        ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=None)
    args = ap.parse_args()
    dist = args.dist
    if dist is None:
        dist = ROOT / "dist"
        if not args.no_build:
            import build
            with contextlib.redirect_stdout(io.StringIO()):
                build.build()
    from playwright.sync_api import sync_playwright

    srv, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            profile = Path(tmp) / "profile"
            for n, first in ((1, True), (2, False)):
                out = visit(pw, profile, url, first)
                how = "restored from the snapshot" if out["restored"] else "started the normal way"
                print(f"visit {n}: Python {how}; renderer PSS {out['pss']:.0f} MB once idle "
                      f"(snapshot: {out['snapshot']}); load {loadavg()}")
                for name, mb in disk(profile).items():
                    print(f"  {name:<24} {mb:7.1f} MB")
    finally:
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
