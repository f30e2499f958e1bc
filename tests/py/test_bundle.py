"""The page's modules bundled by esbuild (tools/bundle.py): on a small site of its own, the bundle is
run in Node as the page runs it (the head's scripts, then the bundle) and must behave as the
modules did one by one: entries in their order, each module's import.meta.url its own file's,
the modules kept apart one instance shared with the head, the first picture reaching the page
state the bundle holds."""
import json
import shutil
import subprocess

import pytest

from tools.bundle import bundle_page
from tools.sitefiles import write_precache_list

HEAD = """<!doctype html><html><head>
<script type="module" async src="js/run/ahead-early.js"></script>
<script type="module" src="js/first-picture.js"></script>
<script type="module" src="js/boot.js"></script>
<script type="module" src="js/main.js"></script>
<script type="module" src="js/offline.js"></script>
</head><body></body></html>
"""

MODULES = {
    # Each module notes that it ran, in order, and what its import.meta.url was.
    "run/ahead-early.js": 'globalThis.ran.push("early"); export const earlyAnswer = () => "early answer";',
    "run/ahead-runs.js": "export default {runs: 3};",
    "first-picture.js": 'globalThis.ran.push("picture");\n'
                        'globalThis.picture = import("./state/page-state.js").then(({ page }) => page);',
    "state/page-state.js": 'globalThis.ran.push("state"); export const page = { instance: Symbol("page") };',
    "boot.js": 'import { page } from "./state/page-state.js"; globalThis.ran.push("boot"); globalThis.bootPage = page;',
    "main.js": 'import { earlyAnswer } from "./run/ahead-early.js";\nimport { where } from "./python/where.js";\n'
               'import { statusText } from "./run/status-line.js";\nimport "./worker/protocol.js";\n'
               'globalThis.ran.push("main"); globalThis.answer = earlyAnswer(); globalThis.where = where;\n'
               'globalThis.statusText = statusText;\n'
               'globalThis.runs = import("./run/ahead-runs.js").then((m) => m.default);',
    "run/status-line.js": 'let full = ""; export function showStatus(t) { full = t; } export const statusText = () => full;',
    "python/where.js": 'export const where = [import.meta.url, new URL("../worker.js", import.meta.url).href];',
    "offline.js": 'globalThis.ran.push("offline");',
    "worker.js": 'import "./worker/protocol.js";',
    "worker/protocol.js": "export const TO_WORKER = 1;",
}

RUN = """
import { pathToFileURL } from "node:url";
globalThis.ran = [];
const js = process.argv[2];
for (const m of ["run/ahead-early.js", "first-picture.js", "lab.js"]) await import(pathToFileURL(js + "/" + m).href);
const { page, showStatus } = await import(pathToFileURL(js + "/lab.js").href);
showStatus("shown from outside");
console.log(JSON.stringify({ ran: globalThis.ran, answer: globalThis.answer, where: globalThis.where,
  runs: await globalThis.runs, samePage: (await globalThis.picture) === page && globalThis.bootPage === page,
  status: globalThis.statusText() }));
"""


@pytest.fixture()
def site(tmp_path):
    if not shutil.which("node"):
        pytest.fail("node is needed (the build needs it too)")
    (tmp_path / "index.html").write_text(HEAD)
    for rel, text in MODULES.items():
        (tmp_path / "js" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "js" / rel).write_text(text + "\n")
    return tmp_path


def run_page(site):
    (site / "run.mjs").write_text(RUN)
    res = subprocess.run(["node", str(site / "run.mjs"), str(site / "js")], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_the_bundle_runs_as_the_modules_did_one_by_one(site):
    bundle = bundle_page(site)
    js = site / "js"
    out = run_page(site)
    # The head's own scripts first, then the bundle's entries in their order (state: boot's import).
    assert out["ran"] == ["early", "picture", "state", "boot", "main", "offline"], out
    assert out["answer"] == "early answer" and out["runs"] == {"runs": 3}
    assert out["where"] == [(js / "python" / "where.js").as_uri(), (js / "worker.js").as_uri()]
    assert out["samePage"], out
    assert out["status"] == "shown from outside"  # the page's own status line, reached through the bundle
    # One script in the <head> for the three; the modules kept apart are still their own files.
    head = (site / "index.html").read_text()
    assert head.count('<script type="module"') == 3 and 'src="js/lab.js"' in head and "main.js" not in head
    assert bundle["file"] == "js/lab.js" and (js / "lab.js.map").is_file()
    # Inside the bundle and asked for by nothing else (the worker still asks for protocol.js itself).
    assert sorted(bundle["sources"]) == ["js/boot.js", "js/main.js", "js/offline.js", "js/python/where.js",
                                         "js/run/status-line.js", "js/state/page-state.js"]
    # The service worker keeps what a page load asks for: not the modules inside, nor the map.
    (site / "run.mjs").unlink()
    info = {"bundle": bundle}
    write_precache_list(site, info)
    assert sorted(r for r in info["precache"] if r.startswith("js/")) == [
        "js/first-picture.js", "js/lab.js", "js/run/ahead-early.js", "js/run/ahead-runs.js",
        "js/worker.js", "js/worker/protocol.js"]


def test_the_modules_run_one_by_one_give_the_same_account(site):
    # The reference: the same page with its modules as written (no bundle), as a browser runs them.
    (site / "js" / "lab.js").write_text('import "./boot.js"; import "./main.js"; import "./offline.js";\n'
                                        'export { page } from "./state/page-state.js";\n'
                                        'export { showStatus } from "./run/status-line.js";\n')
    plain = run_page(site)
    bundle_page(site)
    assert run_page(site) == plain
