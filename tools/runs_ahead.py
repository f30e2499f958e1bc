"""The runs computed ahead (docs/ARCHITECTURE.md "Runs computed ahead"): the presets' default
runs answered at build time by the app's own bridge in the shipped Pyodide, run in Node
(tools/ahead_pyodide.py + tools/ahead_answers.py), and shipped as static files so the page shows
a preset link's run moving, and steps through it, before Python is ready (site/js/run/ahead.js).
Pyodide, not the build's CPython: the scenes are matplotlib SVG, and CPython's matplotlib is
another version than the page's (3.11 here against 3.8.4), whose SVG differs; the numbers are
CPython's too (tests/e2e/test_boot.py checks both).

Deterministic: the same inputs give the same bytes (the bridge's JSON for fixed requests, files
named by content; no time or path goes in). Cached in .cache/ under a key of every input (the
shipped lock and stdlib, the app wheel, these tools), like the first picture."""
from __future__ import annotations

import json
from pathlib import Path

from .ahead_answers import BATCH, BOXES, SIZES
from .common import PY_SRC, TOOLS, hashed_dir
from .node_check import _key, run_in_node

INDEX_MODULE = Path("js") / "run" / "ahead-runs.js"


def compute_runs(pyodide_dir: Path, shipped_lock: dict, stdlib_zip: Path, app_wheel: Path) -> dict:
    """{"runs": [{id, request, answers: {name: text}}], "lessons": {key: {request, text}}} from the
    app's bridge in the shipped Pyodide (tools/ahead_answers.py all_runs, lesson_answers)."""
    py_file = TOOLS / "ahead_pyodide.py"
    source = (TOOLS / "ahead_answers.py").read_text(encoding="utf-8")
    key = _key(shipped_lock, (TOOLS / "node_check.mjs").read_bytes(), py_file.read_bytes(), source,
               app_wheel.read_bytes(), stdlib_zip.read_bytes())
    out = run_in_node(pyodide_dir, stdlib_zip, py_file, {"wheel": "/tmp/" + app_wheel.name, "source": source},
                      ["runs-ahead.json"], key, "computing the runs ahead (the presets' default runs)",
                      wheels=[(app_wheel, app_wheel.name)])
    return json.loads(out["runs-ahead.json"])


def page_defaults() -> dict:
    """The preset and algorithm of a link that names neither (params.json's defaults): js/run/ahead-early.js
    knows a short preset link's run from them before the page's state code has loaded."""
    params = {p["name"]: p for p in json.loads((PY_SRC / "params.json").read_text(encoding="utf-8"))["params"]}
    return {"preset": params["preset"]["default"], "algorithm": params["algorithm"]["default"]}


def write_runs_ahead(staging: Path, runs: list[dict], lessons: dict | None = None) -> dict:
    """Each run's answers under staging/ahead/<content hash>/<name>.json, each lesson answer as
    <key>.json there, and the page's index (js/run/ahead-runs.js: dir, per run id its request and
    files, per lesson key its request). -> {"runs": n, "bytes": b}.
    A run's files named "<box>.<name>" (a phone's scene and frames, ahead_answers.BOXES) stand in for
    "<name>" on a page that matches the box's media query (js/run/ahead-early.js runFiles)."""
    lessons = lessons or {}
    # sizes, boxes and batch: how the scenes and the frames were asked for (the tests ask Python the same).
    index = {"dir": None, "runs": {}, "sizes": SIZES, "boxes": BOXES, "batch": BATCH, "defaults": page_defaults(),
             "lessons": {}}
    if runs:
        blob = json.dumps([runs, lessons], sort_keys=True).encode()
        folder = hashed_dir(staging / "ahead", blob)
        index["dir"] = folder.relative_to(staging).as_posix() + "/"
        for run in runs:
            names = list(run["answers"])
            for name, text in run["answers"].items():
                (folder / f"{run['id']}.{name}.json").write_text(text, encoding="utf-8")
            index["runs"][run["id"]] = {"request": run["request"], "files": names}
        for key, answer in lessons.items():
            (folder / f"{key}.json").write_text(answer["text"], encoding="utf-8")
            index["lessons"][key] = answer["request"]
    out = staging / INDEX_MODULE
    out.write_text("// Written by build.py (tools/runs_ahead.py): the runs computed ahead and their files.\n"
                   "export default " + json.dumps(index, sort_keys=True) + ";\n", encoding="utf-8")
    size = sum(len(t.encode()) for r in runs or () for t in r["answers"].values())
    return {"runs": len(index["runs"]), "bytes": size, "dir": index["dir"]}
