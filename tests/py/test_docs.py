"""The docs that list what the code has cannot drift from it: the link keys of docs/embedding.md
(written from params.json), the file map of docs/ARCHITECTURE.md (the package and the page), and the Pages workflow
(it tests before it deploys)."""

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "py" / "perceptron_lab"


def _doc_tables():
    spec = importlib.util.spec_from_file_location("doc_tables", ROOT / "tools" / "doc_tables.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _params():
    return json.loads((PKG / "params.json").read_text(encoding="utf-8"))


def test_the_link_key_table_is_the_one_params_json_writes():
    doc = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    assert _doc_tables().render(doc, _params()) == doc, "run: python tools/doc_tables.py"


def test_the_link_key_table_lists_every_link_key_once():
    doc = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    tables = _doc_tables()
    table = doc[doc.index(tables.BEGIN):doc.index(tables.END)]
    listed = re.findall(r"^\| `([^`]+)` \|", table, flags=re.M)
    keys = [p["url"] for p in _params()["params"] if p.get("url")]
    assert len(keys) == 37  # 35 + tau (the margin perceptron) + main (the score strip or a slice)
    assert sorted(listed) == sorted(keys)


def test_the_hide_flags_table_lists_every_flag():
    doc = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    section = doc[doc.index("## 3. Hide flags"):doc.index("## 4.")]
    listed = re.findall(r"^\| `([a-z]+)` \|", section, flags=re.M)
    hide = next(p for p in _params()["params"] if p["name"] == "hide")
    assert sorted(listed) == sorted(o["value"] for o in hide["options"])


def _file_map(first, after, suffix):
    """The paths the file map of docs/ARCHITECTURE.md names in the block that starts with the
    line `first` (a folder) and ends before the line `after`, relative to that folder."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = text[text.index(f"\n{first} ") + 1:text.index(f"\n{after} ")]
    named, stack = set(), []
    for line in block.splitlines()[1:]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        token = line.split()[0]
        if not (token.endswith("/") or token.endswith(suffix)):
            continue  # a description's second line
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = "".join(d for _, d in stack) + token
        named.add(path)
        if token.endswith("/"):
            stack.append((indent, token))
    return named


def test_the_architecture_file_map_names_every_module():
    modules = {p.relative_to(PKG).as_posix() for p in PKG.rglob("*.py")}
    named = _file_map("py/perceptron_lab/", "site/", ".py")
    assert sorted(modules - named) == [], "modules missing from docs/ARCHITECTURE.md's file map"
    assert sorted(n for n in named - modules if n.endswith(".py")) == [], "the file map names modules that do not exist"


def test_the_architecture_file_map_names_every_page_module():
    site = ROOT / "site"
    modules = {p.relative_to(site).as_posix() for p in (site / "js").rglob("*.js")} | {"sw.js"}
    named = _file_map("site/", "tests/js/", ".js")
    assert sorted(modules - named) == [], "page modules missing from docs/ARCHITECTURE.md's file map"
    assert sorted(n for n in named - modules if n.endswith(".js")) == [], "the file map names page modules that do not exist"


def test_the_pages_workflow_runs_the_suite_before_it_deploys():
    wf = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    jobs = wf[wf.index("\njobs:"):]
    test_job = jobs[jobs.index("\n  test:"):jobs.index("\n  build:")]
    build_job = jobs[jobs.index("\n  build:"):jobs.index("\n  deploy:")]
    deploy_job = jobs[jobs.index("\n  deploy:"):]
    assert "run: bash tests/run.sh" in test_job
    assert "needs: test" in build_job
    assert "needs: build" in deploy_job
