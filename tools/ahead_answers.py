"""The answers of the runs computed ahead, made by the app's own bridge (bridge.handle_json,
the door the page's worker calls): run inside the shipped Pyodide by tools/ahead_pyodide.py
(the page's matplotlib, so its scenes' SVG is the page's to the byte; CPython's may differ).

A run computed ahead is a preset's default run for one algorithm, asked as the page asks it
(site/js/main.js train(): the boundary plot with the run, theory "later") except that no plot
is drawn (plot_kinds []: the page draws the show itself, plot/plot-motion.js), then its theory,
its scene and its frames. Output on stdout: {"runs": [{"id", "request", "answers": {name: text}}]}
where each text is the bridge's reply, byte for byte (tests/py/test_runs_ahead.py recomputes them)."""
from __future__ import annotations

import json

# The box the scene is drawn for (the page fits it into its own box, plot-motion.js place()):
# a 1280 × 800 screen's boundary and proof boxes.
SIZES = {"boundary": [855, 511], "proof": [342, 214]}
# The scenes and frames drawn again for a phone's boxes (the frames' label spots depend on the box):
# a page whose viewport matches `media` (css/app.css's small screens) asks for these instead
# (js/run/ahead-early.js). The boxes are a 390 × 844 phone's (measured in the built page); its
# 360 and 412 px neighbours' are 334 × 321 and 386 × 373, the scene fitted at 0.92 and 1.06.
BOXES = {"phone": {"media": "(max-width: 30em)", "sizes": {"boundary": [364, 351], "proof": [364, 228]}}}
BATCH = 399            # steps per frames file (bridge/frame_batches.py BATCH_MAX is 400)
MAX_BYTES = 400_000    # a run whose answers weigh more is left to Python (~1.6 s at 2 Mbit/s)
# The kernel and multiclass runs of the larger real data sets take seconds each (the build runs
# in CI) and their frames weigh MBs: Python computes them in the page, as before.
LEFT_TO_PYTHON = {(p, a) for p in ("breast-cancer", "wine", "digits") for a in ("kernel", "multiclass")}


def default_requests(params: dict) -> list[tuple[str, dict]]:
    """(id, train request) of every preset × algorithm at the page's defaults (state.js
    settingsRequest and presetRequest with every value at its default)."""
    entries = {p["name"]: p for p in params["params"]}
    settings = {"plots": True}
    for p in params["params"]:
        if p.get("request", p["group"]) == "settings":
            settings[p["key"]] = p["default"]
    settings["plot_kinds"] = []
    out = []
    for preset in (o["value"] for o in entries["preset"]["options"]):
        data = {"kind": "preset", "name": preset}
        for name in ("n", "margin", "spread", "data_seed"):
            if preset in entries[name]["when"]["in"]:
                data[entries[name]["key"]] = entries[name]["default"]
        for algo in (o["value"] for o in entries["algorithm"]["options"]):
            if (preset, algo) in LEFT_TO_PYTHON:
                continue
            s = dict(settings, algorithm=algo)
            out.append((f"{preset}-{algo}", {"cmd": "train", "data": data, "settings": s, "theory": "later"}))
    return out


def answers_of(handle, request: dict) -> dict | None:
    """{name: reply text} of one run: train, theory, scene, frames-0, frames-1, ..., then the
    scene and frames drawn for each of BOXES ("phone.scene", "phone.frames-0", ...); None when
    the run fails, makes no update, the page would not draw it, or what one visit asks for (the
    train and theory answers and one box's drawing) passes MAX_BYTES (Python then answers as now)."""
    train = handle(json.dumps(request))
    res = json.loads(train)
    if not res.get("ok") or not res.get("updates"):
        return None
    out = {"train": train}
    if res.get("theory_pending"):
        out["theory"] = handle(json.dumps({"cmd": "theory"}))
    shared = sum(map(len, out.values()))
    for prefix, sizes in [("", SIZES)] + [(f"{name}.", box["sizes"]) for name, box in BOXES.items()]:
        drawn = drawing_of(handle, sizes, MAX_BYTES - shared)
        if drawn is None:
            return None
        out.update({prefix + name: text for name, text in drawn.items()})
    return out


def drawing_of(handle, sizes: dict, room: int) -> dict | None:
    """{"scene", "frames-0", ...} of the session's run drawn for these boxes (bridge/frame_batches.py
    makes the motion anew for other sizes), or None when it cannot be drawn or passes `room` bytes."""
    scene = handle(json.dumps({"cmd": "frame", "scene": True, "sizes": sizes}))
    sc = json.loads(scene)
    if not sc.get("ok") or not sc.get("scene"):
        return None
    out = {"scene": scene}
    for i, first in enumerate(range(0, sc["total"] + 1, BATCH)):
        last = min(sc["total"], first + BATCH - 1)
        out[f"frames-{i}"] = handle(json.dumps({"cmd": "frame", "batch": [first, last]}))
        if sum(map(len, out.values())) > room:
            return None
    return out


def all_runs(handle, schema: dict) -> list[dict]:
    """[{id, request, answers}] of every default run that is shipped."""
    runs = []
    for run_id, request in default_requests(schema):
        answers = answers_of(handle, request)
        if answers:
            runs.append({"id": run_id, "request": request, "answers": answers})
    return runs


def lesson_answers(handle, shipped_runs=frozenset()) -> dict:
    """{key: {"request", "text"}} of the lessons' openings as the page asks them in English
    (site/js/lesson/lesson.js go() and answer(); the page adds its box and pixel ratio, which only a
    step's own figure depends on): the catalogue ("lesson"), each lesson's first step whose plot is
    the stage's and whose run is a shipped one named by its preset and algorithm alone ("lesson-N"; a
    step with a figure of its own, or whose run Python must compute, is left to Python: its words
    would stand beside another run, the one on screen), and the check of
    each choice its question offers ("lesson-N-check-I", the I-th choice; a typed answer is checked by Python)."""
    out = {}

    def ask(key, request):
        out[key] = {"request": request, "text": handle(json.dumps(request))}
        return json.loads(out[key]["text"])

    catalogue = ask("lesson", {"cmd": "lesson", "lang": "en"})
    for entry in catalogue["lessons"]:
        n = entry["number"]
        step = {"cmd": "lesson", "lesson": n, "step": 1, "changes": {}, "lang": "en"}
        view = json.loads(handle(json.dumps(step)))
        run = view.get("run") or {}
        if not view.get("ok") or "figure" in view or set(run) - {"preset", "algorithm"} \
                or f"{run.get('preset')}-{run.get('algorithm')}" not in shipped_runs:
            continue
        ask(f"lesson-{n}", step)
        question = view.get("question") or {}
        if question.get("answer") == "choice":
            for i, choice in enumerate(question["choices"], 1):
                ask(f"lesson-{n}-check-{i}", dict(step, answer=choice["value"]))
    return out
