"""The lessons' openings answered at build time (tools/ahead_answers.py lesson_answers): which are
shipped (a step drawing a figure for the screen's box, a step whose run is not computed ahead, and a
typed answer's check are Python's) and that each is the bridge's answer to the request lesson.js
sends (site/js/lesson/lesson.js go(), answer())."""
from __future__ import annotations

import json

from perceptron_lab import bridge
from tools.ahead_answers import lesson_answers

SHIPPED = {"and-online", "xor-online", "and-batch"}  # runs computed ahead (the build passes its own)


def test_the_catalogue_the_first_steps_on_a_run_computed_ahead_and_each_offered_choice():
    out = lesson_answers(bridge.handle_json, SHIPPED)
    catalogue = json.loads(out["lesson"]["text"])["lessons"]
    firsts = {}
    for entry in catalogue:
        view = json.loads(bridge.handle_json(json.dumps({"cmd": "lesson", "lesson": entry["number"], "step": 1})))
        firsts[entry["number"]] = view
    shipped = {int(k.split("-")[1]) for k in out if k.count("-") == 1}
    on_a_shipped_run = {n for n, v in firsts.items() if "figure" not in v and set(v["run"]) <= {"preset", "algorithm"}
                        and f"{v['run']['preset']}-{v['run']['algorithm']}" in SHIPPED}
    assert shipped == on_a_shipped_run
    assert 1 in shipped and 3 not in shipped  # lesson 3 opens on clouds of its own: its words wait with its run
    assert {n for n, v in firsts.items() if "figure" in v}  # some opening draws its own figure: left out
    for n, v in firsts.items():
        q = v.get("question") or {}
        checks = {out[k]["request"]["answer"] for k in out if k.startswith(f"lesson-{n}-check-")}
        want = {c["value"] for c in q.get("choices") or []} if n in shipped and q.get("answer") == "choice" else set()
        assert checks == want, n
    assert {k for k in out if "-check-" in k}  # lesson 1 opens with a choice


def test_each_request_is_lesson_js_s_in_english_and_its_text_the_bridge_s_answer():
    for key, answer in lesson_answers(bridge.handle_json, SHIPPED).items():
        req = answer["request"]
        assert req["cmd"] == "lesson" and req["lang"] == "en"
        if key != "lesson":
            assert req["step"] == 1 and req["changes"] == {} and "data" not in req and "plot_px" not in req
            assert ("answer" in req) == ("-check-" in key)
        res = json.loads(answer["text"])
        assert res["ok"], key
        if "answer" in req:
            assert res["check"]["valid"] and res["check"]["truth"] is not None
