"""The runs computed ahead (tools/ahead_answers.py, run in Pyodide by tools/runs_ahead.py, shown
by site/js/run/ahead.js before Python is ready): the requests are the page's own for each preset
at its defaults, the answers are the bridge's to the calls the page makes for a run, in its order,
and the files written are the same bytes every build. tests/e2e/test_boot.py compares the shipped
files with the page's Python (Pyodide) and every shipped run's numbers with CPython's."""
import json
import re

from perceptron_lab import bridge
from perceptron_lab.settings import SCHEMA
from tools import ahead_answers
from tools.runs_ahead import INDEX_MODULE, write_runs_ahead

REQUESTS = dict(ahead_answers.default_requests(SCHEMA))


def index_of(site):
    text = (site / INDEX_MODULE).read_text()
    return json.loads(re.search(r"export default (.*);\n$", text, re.S).group(1))


def test_the_requests_are_the_pages_defaults():
    # state.js settingsRequest and presetRequest with every value at its default (params.json).
    defaults = {p["key"]: p["default"] for p in SCHEMA["params"] if p.get("request", p["group"]) == "settings"}
    assert REQUESTS["xor-online"] == {"cmd": "train", "data": {"kind": "preset", "name": "xor"}, "theory": "later",
                                      "settings": {**defaults, "plots": True, "plot_kinds": [], "algorithm": "online"}}
    clouds = REQUESTS["clouds-kernel"]
    assert clouds["data"] == {"kind": "preset", "name": "clouds", "n": 100, "margin": 0.3, "spread": 1, "seed": 0}
    assert clouds["settings"]["kernel"] == "rbf" and clouds["settings"]["plot_features"] == [0, 1]
    assert REQUESTS["iris-pocket"]["data"] == {"kind": "preset", "name": "iris"}
    # Every algorithm for each preset, but the slow kernel/multiclass runs of the larger data sets.
    algorithms = next(p for p in SCHEMA["params"] if p["name"] == "algorithm")["options"]
    assert len(REQUESTS) == 11 * len(algorithms) - 6 and "digits-kernel" not in REQUESTS
    assert "and-margin" in REQUESTS


def test_the_answers_are_the_bridges_to_the_pages_calls_in_order():
    # What main.js (train), theory.js and frame-store.js ask, written out here.
    request = REQUESTS["xor-online"]
    got = ahead_answers.answers_of(bridge.handle_json, request)
    want = {"train": bridge.handle_json(json.dumps(request)), "theory": bridge.handle_json('{"cmd": "theory"}'),
            "scene": bridge.handle_json(json.dumps({"cmd": "frame", "scene": True, "sizes": ahead_answers.SIZES}))}
    total = json.loads(want["scene"])["total"]
    want["frames-0"] = bridge.handle_json(json.dumps({"cmd": "frame", "batch": [0, total]}))
    # Then drawn again for a phone's boxes (tests/py/test_ahead_phone.py).
    phone = {"cmd": "frame", "scene": True, "sizes": ahead_answers.BOXES["phone"]["sizes"]}
    want["phone.scene"] = bridge.handle_json(json.dumps(phone))
    want["phone.frames-0"] = bridge.handle_json(json.dumps({"cmd": "frame", "batch": [0, total]}))
    assert got == want
    assert json.loads(got["train"])["plots"] == {}          # no PNG: the page draws the show
    assert [f["step"] for f in json.loads(got["frames-0"])["frames"]] == list(range(total + 1))


def test_a_long_run_comes_in_several_frame_files():
    got = ahead_answers.answers_of(bridge.handle_json, REQUESTS["digits-batch"])
    total = json.loads(got["scene"])["total"]
    for box in ("", "phone."):
        parts = sorted((n for n in got if n.startswith(box + "frames-")), key=lambda n: int(n.rsplit("-", 1)[1]))
        steps = [f["step"] for n in parts for f in json.loads(got[n])["frames"]]
        assert steps == list(range(total + 1))


def test_two_builds_write_the_same_bytes(tmp_path):
    runs = [{"id": rid, "request": REQUESTS[rid], "answers": ahead_answers.answers_of(bridge.handle_json, REQUESTS[rid])}
            for rid in ("and-online", "xor-kernel")]
    for site in (tmp_path / "a", tmp_path / "b"):
        (site / "js" / "run").mkdir(parents=True)
        write_runs_ahead(site, runs)
    files = [sorted((p.relative_to(s).as_posix(), p.read_bytes()) for p in s.rglob("*") if p.is_file())
             for s in (tmp_path / "a", tmp_path / "b")]
    assert files[0] == files[1]
    index = index_of(tmp_path / "a")
    assert index["runs"]["xor-kernel"] == {"request": REQUESTS["xor-kernel"], "files": list(runs[1]["answers"])}
    shipped = tmp_path / "a" / index["dir"] / "xor-kernel.scene.json"
    assert shipped.read_text() == runs[1]["answers"]["scene"]
