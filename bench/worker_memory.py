#!/usr/bin/env python3
"""What the lab costs a student's device: memory of the tab and disk of the browser profile.

    python bench/worker_memory.py [--no-build] [--dist DIR]

Headless Chromium, each profile a temporary folder of its own, against a build of the site:
- cold: a visit whose page makes no memory snapshot (the tests' switch without it);
- first: a first visit in a second profile: Python started the normal way, then the service
  worker's precache and the memory snapshot's maker (a second Python for a few seconds);
- restored: a second visit in that profile: Python restored from the snapshot.
For each visit once its first run is done and the page is idle (garbage collected): the
Python worker's own figures as the browser measures them (CDP Runtime.getHeapUsage: its
JavaScript heap, and its ArrayBuffers, in which the in-memory file system and any snapshot
bytes live; the wasm memory is counted by neither), and the proportional set size (PSS,
/proc/<pid>/smaps_rollup) of the profile's renderer processes (page, worker, wasm memory), now
and at its peak (sampled every 0.1 s: before the maker started, and while it ran). After the
first and restored visits, the profile's folders on disk: OPFS (the memory snapshot), the
service worker's cache, the HTTP cache, the code cache. With the load average.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.devserver import start_server  # noqa: E402
from tools.worker_heap import python_worker_mb  # noqa: E402
from benchkit import CHROMIUM, ARGS, loadavg  # noqa: E402

SWITCH = {"cold": "globalThis.__PERCEPTRON_LAB_TEST__ = {};",
          "snapshot": "globalThis.__PERCEPTRON_LAB_TEST__ = {snapshot: true};"}
IDLE_S = 3


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


class PeakPss:
    """The renderers' PSS sampled in the background; peak(): the largest since the last mark."""

    def __init__(self, profile: Path):
        self.profile, self.top, self.done = profile, 0.0, False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.done:
            self.top = max(self.top, renderer_pss_mb(self.profile))
            time.sleep(0.1)

    def mark(self) -> float:
        top, self.top = self.top, 0.0
        return top

    def stop(self) -> float:
        self.done = True
        self.thread.join()
        return self.mark()


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


def visit(pw, profile: Path, url: str, kind: str) -> dict:
    ctx = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS)
    sampler = PeakPss(profile)
    notes = []
    try:
        ctx.add_init_script(SWITCH["cold" if kind == "cold" else "snapshot"])
        page = ctx.new_page()
        page.on("console", lambda m: "memory snapshot (" in m.text and notes.append(m.text))
        page.goto(url)
        page.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=300_000)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=300_000)
        out = {"peak_maker": None}
        if kind == "first":  # the precache and the snapshot, then idle again
            page.wait_for_selector('body[data-offline]:not([data-offline="caching"])', state="attached", timeout=300_000)
            page.wait_for_selector('body[data-snapshot]', state="attached", timeout=300_000)
            out["peak_before"] = sampler.mark()
            page.wait_for_selector('body[data-snapshot]:not([data-snapshot="making"])', state="attached", timeout=300_000)
            out["peak_maker"] = sampler.mark()
        time.sleep(IDLE_S)
        out["js_heap"], out["buffers"] = python_worker_mb(page)
        time.sleep(1)
        out["pss"] = renderer_pss_mb(profile)
        out["peak"] = max(sampler.stop(), out.get("peak_before", 0))
        out["restored"] = bool(page.evaluate("window.__pyclient.bootTimes.restored"))
        out["snapshot"] = page.evaluate("document.body.dataset.snapshot")
        out["notes"] = notes
        return out
    finally:
        sampler.done = True
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

    print(f"load at start {loadavg()}")
    srv, url = start_server(dist, prefix="/perceptron-lab/", cache_control="max-age=600")
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            for kind, profile in (("cold", "a"), ("first", "b"), ("restored", "b")):
                out = visit(pw, Path(tmp) / profile, url, kind)
                how = "restored from the snapshot" if out["restored"] else "started the normal way"
                print(f"{kind} visit: Python {how} (snapshot: {out['snapshot']}); load {loadavg()}")
                print(f"  Python worker        {out['js_heap'] + out['buffers']:7.1f} MB "
                      f"(JS heap {out['js_heap']:.1f} + ArrayBuffers {out['buffers']:.1f}; wasm memory not counted)")
                print(f"  renderers' PSS       {out['pss']:7.1f} MB once idle, peak {out['peak']:.0f} MB")
                if out["peak_maker"] is not None:
                    print(f"  peak PSS             {out['peak_before']:7.1f} MB before the maker, "
                          f"{out['peak_maker']:.0f} MB while it ran")
                for note in out["notes"]:
                    print(f"  {note}")
                if kind != "cold":
                    for name, mb in disk(Path(tmp) / profile).items():
                        print(f"  {name:<24} {mb:7.1f} MB")
    finally:
        srv.shutdown()
    print(f"load at end {loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
