"""The page's modules in one file (js/lab.js, minified by esbuild, pinned in package-lock.json):
a first visit asks for one script instead of ~120 modules, each a new connection on HTTP/1
(bench/cold_waterfall.py, bench/engine_paced_cold.py). site/js stays the source: the build bundles
the staged copy (tools/bundle.mjs) and index.html's <head> loads the bundle in place of the module
scripts it holds. The modules as written stay in dist/ beside it: js/lab.js.map names them (a
browser's developer tools), and no page load asks for them, but the worker for the one module it
shares with the page (worker/protocol.js) (docs/PYODIDE.md, on demand).

Kept apart, as their own files: the two modules the <head> runs ahead of the bundle (the first
picture, the early run's requests) and the runs' index they read. The first picture reaches the
page state through the bundle's export, so the page has one instance of it."""
from __future__ import annotations

import json
import re
import shutil
import subprocess

from .common import ROOT, TOOLS, BuildError, log
from .module_preload import module_graph

BUNDLE = "lab.js"  # in js/
AHEAD_OF_BUNDLE = ("first-picture.js", "run/ahead-early.js")  # the <head>'s own, run before it
APART = ("run/ahead-early.js", "run/ahead-runs.js")
# The page's own instances reached from outside the bundle: the page state (first-picture.js) and the
# status line (tests/e2e/test_one_screen.py shows a long verdict through it: its resize observer refits
# the text that instance holds, so a second instance's text would be overwritten).
REEXPORT = {"page": "state/page-state.js", "showStatus": "run/status-line.js"}
REDIRECT = {"first-picture.js": ["state/page-state.js", BUNDLE]}
HEAD_SCRIPT = re.compile(r"""<script type="module" src="js/([^"]+)"></script>\n""")


def esbuild_version() -> str:
    """The esbuild package-lock.json pins (the build's only bundler)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    entry = lock.get("packages", {}).get("node_modules/esbuild")
    if not entry:
        raise BuildError("package-lock.json pins no esbuild (npm install --save-dev --save-exact esbuild).")
    return entry["version"]


def ensure_esbuild() -> None:
    """node_modules holds the pinned esbuild, else npm ci installs the lock's packages."""
    want = esbuild_version()
    have = ROOT / "node_modules" / "esbuild" / "package.json"
    if have.exists() and json.loads(have.read_text())["version"] == want:
        return
    npm = shutil.which("npm")
    if not npm:
        raise BuildError(f"npm is needed to install esbuild {want} (package-lock.json); install Node.js and npm.")
    log(f"node_modules lacks esbuild {want}: running npm ci")
    if subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT).returncode != 0 or not have.exists():
        raise BuildError(f"npm could not install esbuild {want} (see npm's output above).")


def bundle_page(staging) -> dict:
    """js/lab.js from the <head>'s module scripts (but those run ahead of it), and index.html loading
    it in their place; -> {"file", "map", "sources": the modules inside it that no page load asks for
    (paths in dist/)}."""
    ensure_esbuild()
    index = staging / "index.html"
    text = index.read_text(encoding="utf-8")
    head, body = text.split("</head>", 1)
    entries = [m for m in HEAD_SCRIPT.findall(head) if m not in AHEAD_OF_BUNDLE]
    if not entries:
        raise BuildError("site/index.html's <head> loads no module script to bundle.")
    node = shutil.which("node")
    if not node:
        raise BuildError("node is needed to bundle the page's modules (esbuild).")
    cfg = {"js": str(staging / "js"), "out": BUNDLE, "entries": entries, "apart": list(APART),
           "reexport": REEXPORT, "redirect": REDIRECT}
    res = subprocess.run([node, str(TOOLS / "bundle.mjs"), json.dumps(cfg)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    if res.returncode != 0:
        raise BuildError(f"esbuild could not bundle the page's modules:\n{res.stderr.strip()}")
    inputs = json.loads(res.stdout.strip().splitlines()[-1])["inputs"]
    inside = [i for i in inputs if i in APART or i in AHEAD_OF_BUNDLE]
    if inside:
        raise BuildError(f"js/{BUNDLE} holds modules that must stay apart: {inside}")

    # The first bundled script's tag loads the bundle; the others go (the bundle runs them in order).
    tags = [f'<script type="module" src="js/{e}"></script>\n' for e in entries]
    head = head.replace(tags[0], f'<script type="module" src="js/{BUNDLE}"></script>\n', 1)
    for tag in tags[1:]:
        head = head.replace(tag, "", 1)
    index.write_text(head + "</head>" + body, encoding="utf-8")
    # A module the worker also imports (worker/protocol.js) is still asked for, by the worker.
    worker = set(module_graph(staging, ["js/worker.js"])) if (staging / "js" / "worker.js").exists() else set()
    return {"file": f"js/{BUNDLE}", "map": f"js/{BUNDLE}.map",
            "sources": [f"js/{i}" for i in inputs if f"js/{i}" not in worker]}
