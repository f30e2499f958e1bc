"""What the build writes into the site's own files: the first picture and the site's address in
index.html, and the build's identity and file list that the service worker (site/sw.js) precaches."""
from __future__ import annotations

import gzip
import html
import importlib.util
from pathlib import Path

from .common import ROOT, BuildError, sha256_bytes, sha256_file
from .devserver import COMPRESSIBLE

# Never precached: the service worker itself (the browser updates it on its own terms) and
# files a browser never requests.
NOT_PRECACHED = {"sw.js", ".nojekyll", "build-info.json"}


def write_index(staging: Path, info: dict, picture: dict) -> None:
    """index.html gets the first picture's URL and text alternative (placeholders in site/)."""
    index = staging / "index.html"
    text = index.read_text()
    for marker in ("{{first_picture}}", "{{first_picture_alt}}"):
        if marker not in text:
            raise BuildError(f"site/index.html has no {marker} placeholder (the first picture).")
    text = text.replace("{{first_picture}}", html.escape(info["first_picture"]))
    text = text.replace("{{first_picture_alt}}", html.escape(picture["alt"] or "Decision boundary plot"))
    index.write_text(text)


def site_address(explicit: str | None) -> str | None:
    """The address the site is built for (py/perceptron_lab/site_address.py, loaded alone: the build
    runs without the package's dependencies); BuildError for an address that is not one."""
    spec = importlib.util.spec_from_file_location("site_address", ROOT / "py" / "perceptron_lab" / "site_address.py")
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    try:
        return site.site_address(explicit, root=ROOT)
    except ValueError as e:
        raise BuildError(str(e)) from None


def write_site_address(staging: Path, url: str | None) -> str | None:
    """index.html names the address the site is built for, so snippets and packages made in a local
    preview point at the public lab; with none, the page uses its own location."""
    if url:
        index = staging / "index.html"
        tag = f'<meta name="perceptron-lab-site" content="{html.escape(url)}">'
        index.write_text(index.read_text().replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n{tag}', 1))
    return url


def write_precache_list(staging: Path, info: dict) -> None:
    """info["build"]: one hash of every file the site serves (a new deploy = a new id);
    info["precache"]: those files, for the service worker. Content-hashed or versioned
    files never change under their URL; the others (index.html, js/, css/) are checked
    with the network first whenever the network is there (site/sw.js)."""
    files = sorted(p for p in staging.rglob("*") if p.is_file())
    rels = [p.relative_to(staging).as_posix() for p in files]
    listing = "".join(f"{r} {sha256_file(p)}\n" for r, p in zip(rels, files) if r not in NOT_PRECACHED)
    info["build"] = sha256_bytes(listing.encode())[:16]
    # The runs computed ahead (7 MB) serve a first visit before Python is ready: offline, Python is.
    # A language's page catalog: the page asks for its own only (none in English), and has the
    # service worker keep that one (js/offline.js): an English visit downloads no other language.
    # Python's catalogs likewise (build-info's python_catalogs): the worker asks for its language's own.
    python_catalogs = {c["path"] for c in info.get("python_catalogs", {}).values()}
    # The modules inside the bundle and its source map: a page runs js/lab.js (tools/bundle.py).
    bundled = set(info.get("bundle", {}).get("sources", [])) | {info.get("bundle", {}).get("map")}
    info["precache"] = [r for r in rels if r not in NOT_PRECACHED and not r.startswith("ahead/")
                        and not (r.startswith("locale/") and r.endswith("/page.json"))
                        and r not in python_catalogs and r not in bundled]


def wire_size(path: Path) -> int:
    """Bytes on the wire as GitHub Pages (and tools/devserver.py) sends the file: gzip for
    text and wasm, as is for wheels and zips (already compressed)."""
    data = path.read_bytes()
    if path.suffix.lower() in COMPRESSIBLE:
        return len(gzip.compress(data, compresslevel=6, mtime=0))
    return len(data)


def write_download_sizes(staging: Path, info: dict) -> None:
    """info["download"]: the files the worker downloads and counts, with size and wire size,
    for the page's "MB of MB" progress and its size notice."""
    pdir = info["pyodide_dir"]
    paths = [f"{pdir}pyodide.asm.wasm", info["app_wheel"], info["fontlist"], info["stdlib"]] + [pdir + w["file_name"] for w in info["wheels"]]
    info["download"] = [{"path": p, "size": (staging / p).stat().st_size, "gzip": wire_size(staging / p)}
                        for p in paths]
