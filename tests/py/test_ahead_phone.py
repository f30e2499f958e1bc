"""A phone's runs computed ahead (tools/ahead_answers.py BOXES): each shipped run's scene and frames
are drawn again for a phone's boxes, so a cold link on a phone shows a picture drawn for its own
box (not the desktop's 855 × 511 scene shrunk to a third, its text ~6 px) before Python is ready.
The page picks the set by its viewport (js/run/ahead-early.js runFiles; tests/js/ahead-early.test.mjs);
tests/e2e/test_boot.py compares the shipped phone files with the page's Python, tests/e2e/test_watch.py
the picture with its box on a 390 × 844 phone."""
import json
import re
from pathlib import Path

from perceptron_lab import bridge
from perceptron_lab.settings import SCHEMA
from tools import ahead_answers
from tools.runs_ahead import INDEX_MODULE, write_runs_ahead

REQUESTS = dict(ahead_answers.default_requests(SCHEMA))
PHONE = ahead_answers.BOXES["phone"]
APP_CSS = Path(__file__).resolve().parents[2] / "site" / "css" / "app.css"


def phone_page_answers(request):
    """What a page on a phone asks, in its order (main.js train, theory.js, frame-store.js): the
    train request, the theory, the scene at the phone's boxes, then every frame: its own session."""
    train = json.loads(bridge.handle_json(json.dumps(request)))
    assert train["ok"]
    bridge.handle_json('{"cmd": "theory"}')
    scene = bridge.handle_json(json.dumps({"cmd": "frame", "scene": True, "sizes": PHONE["sizes"]}))
    total = json.loads(scene)["total"]
    return scene, bridge.handle_json(json.dumps({"cmd": "frame", "batch": [0, total]}))


def test_a_phones_scene_and_frames_are_those_a_phone_page_gets_from_python():
    for rid in ("and-online", "xor-online", "circles-kernel", "clouds-multiclass"):
        got = ahead_answers.answers_of(bridge.handle_json, REQUESTS[rid])
        scene, frames = phone_page_answers(REQUESTS[rid])
        assert (got["phone.scene"], got["phone.frames-0"]) == (scene, frames), rid
        assert "phone.frames-1" not in got and "phone.theory" not in got, rid  # the rest is every box's


def test_a_phones_drawing_is_made_for_its_boxes_and_differs_from_the_desktops():
    got = ahead_answers.answers_of(bridge.handle_json, REQUESTS["and-online"])
    phone, desk = json.loads(got["phone.scene"]), json.loads(got["scene"])
    assert [phone["scene"]["width"], phone["scene"]["height"]] == PHONE["sizes"]["boundary"]
    assert [phone["proof_scene"]["width"], phone["proof_scene"]["height"]] == PHONE["sizes"]["proof"]
    assert [desk["scene"]["width"], desk["scene"]["height"]] == ahead_answers.SIZES["boundary"]
    # The frames are in the scene's pixels: the line, the arrow and its label's spot move with the box.
    pf, df = (json.loads(got[n])["frames"] for n in ("phone.frames-0", "frames-0"))
    assert [f["w"] for f in pf] == [f["w"] for f in df]
    drawn = [f for f in pf if f.get("line")]
    assert len(drawn) > len(pf) // 2
    assert all(0 <= x <= PHONE["sizes"]["boundary"][0] for f in drawn for x, _ in f["line"] + [f["arrow"][::2]])
    assert [(f.get("line"), f.get("arrow_label")) for f in pf] != [(f.get("line"), f.get("arrow_label")) for f in df]


def test_a_phone_is_the_layouts_small_screen():
    # The rule ahead-early.js asks the viewport is the one css/app.css lays out small screens by.
    assert re.search(r"@media " + re.escape(PHONE["media"]) + r" \{\n  \.layout \{", APP_CSS.read_text())


def test_the_index_names_the_boxes_and_the_phones_files(tmp_path):
    runs = [{"id": "xor-online", "request": REQUESTS["xor-online"],
             "answers": ahead_answers.answers_of(bridge.handle_json, REQUESTS["xor-online"])}]
    (tmp_path / "js" / "run").mkdir(parents=True)
    write_runs_ahead(tmp_path, runs)
    text = (tmp_path / INDEX_MODULE).read_text()
    index = json.loads(re.search(r"export default (.*);\n$", text, re.S).group(1))
    assert index["boxes"] == ahead_answers.BOXES and index["sizes"] == ahead_answers.SIZES
    files = index["runs"]["xor-online"]["files"]
    assert {"scene", "frames-0", "phone.scene", "phone.frames-0"} <= set(files)
    shipped = tmp_path / index["dir"] / "xor-online.phone.scene.json"
    assert shipped.read_text() == runs[0]["answers"]["phone.scene"]
