"""The page's modules named in index.html's <head> (tools/module_preload.py): the build's scan of
static imports against V8's own parse of each module (node's vm.SourceTextModule gives a module's
dependency specifiers), and where the links go."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools.common import SITE, BuildError
from tools.module_preload import head_modules, module_graph, static_imports, write_module_preloads

# Walks the graph from the entries with V8's parser: {module: [specifiers]} for every module reached.
V8_GRAPH = r"""
const vm = require("vm"), fs = require("fs"), path = require("path");
const [site, ...entries] = process.argv.slice(1);
const out = {}, queue = [...entries];
while (queue.length) {
  const rel = queue.shift();
  if (rel in out) continue;
  const m = new vm.SourceTextModule(fs.readFileSync(path.join(site, rel), "utf8"));
  out[rel] = m.dependencySpecifiers;
  for (const s of m.dependencySpecifiers) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), s)));
}
console.log(JSON.stringify(out));
"""


def v8_graph(site: Path, entries: list[str]) -> dict:
    node = shutil.which("node")
    assert node, "node is needed (the page's JS tests use it too)"
    out = subprocess.run([node, "--experimental-vm-modules", "--no-warnings", "-e", V8_GRAPH, str(site), *entries],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_scan_finds_what_v8_finds_in_every_module_of_the_page():
    entries = head_modules((SITE / "index.html").read_text(encoding="utf-8"))
    assert "js/main.js" in entries and "js/run/ahead-early.js" in entries
    v8 = v8_graph(SITE, entries)
    for rel, specs in v8.items():
        assert static_imports((SITE / rel).read_text(encoding="utf-8")) == specs, rel
    assert sorted(module_graph(SITE, entries)) == sorted(v8)
    assert len(v8) > 50  # the whole page, not a part of it


def test_the_scan_reads_statements_over_lines_and_skips_comments_and_dynamic_imports():
    src = ('// import { no } from "./comment.js";\n/* import "./block.js"; */\n'
           'import {\n  a,\n  b as c,\n} from "./multi.js";\nimport "./bare.js";\nexport { d } from "../up.js";\n'
           'const url = "https://example.org/x"; // import x from "./after-code.js"\n'
           'const later = () => import("./dynamic.js");\nexport function e() {}\n')
    assert static_imports(src) == ["./multi.js", "./bare.js", "../up.js"]


def test_the_links_go_after_the_early_run_and_before_the_ordered_modules(tmp_path):
    site = tmp_path / "site"
    (site / "js" / "run").mkdir(parents=True)
    (site / "js" / "run" / "ahead-early.js").write_text("export const x = 1;\n")
    (site / "js" / "run" / "ahead-runs.js").write_text("export default {};\n")
    (site / "js" / "main.js").write_text('import { a } from "./a.js";\nimport "./run/ahead-early.js";\n')
    (site / "js" / "a.js").write_text('export { b } from "./b/c.js";\nexport const a = 1;\n')
    (site / "js" / "b").mkdir()
    (site / "js" / "b" / "c.js").write_text("export const b = 2;\n")
    (site / "index.html").write_text(
        '<head>\n<script type="module" async src="js/run/ahead-early.js"></script>\n<link rel="stylesheet" href="x.css">\n'
        '<script type="module" src="js/main.js"></script>\n</head><body></body>\n')
    assert write_module_preloads(site) == 3
    text = (site / "index.html").read_text()
    links = [line.split('"')[3] for line in text.splitlines() if "modulepreload" in line]
    assert links == ["js/run/ahead-runs.js", "js/a.js", "js/b/c.js"]  # the index first; no entry named twice
    assert text.index("ahead-early.js") < text.index("modulepreload") < text.index('src="js/main.js"')


def test_a_missing_module_stops_the_build(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "main.js").write_text('import "./gone.js";\n')
    with pytest.raises(BuildError, match="gone.js"):
        module_graph(tmp_path, ["js/main.js"])
