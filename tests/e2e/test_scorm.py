"""The SCORM package end to end, in an LMS played by scorm-again (a SCORM 1.2 and 2004 run-time,
npm devDependency): the lab's "Download for your LMS" writes the zip; it is unpacked into the
stand-in LMS's site (ANOTHER origin than the lab: http://localhost:<port>, where a page installs
scorm-again's API on window and frames the package's launch page, as an LMS does); a student
answers the exercise in the lab that the launch page frames (nested, cross-origin) and the test
reads what the LMS received: score, completion, pass/fail, every answer as an interaction and
the resume data. The answers typed are the engine's own visits computed here in CPython; the
result link the student ends with is graded by `check` (exercise/grading.py) to the same score."""
from __future__ import annotations

import http.server
import json
import shutil
import threading
import zipfile
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT_MS
from pagekit import extra_page, open_tab, settled

from perceptron_lab.bridge import handle
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.exercise.grading import grade

ROOT = Path(__file__).resolve().parents[2]
SCORM_AGAIN = ROOT / "node_modules" / "scorm-again" / "dist" / "scorm-again.min.js"
# The stand-in LMS: the API on window before the package's page loads (what an LMS player does).
LMS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="scorm-again.min.js"></script>
<script>
  window.__commits = 0;
  const settings = {{ autocommit: false, logLevel: 5 }};
  const api = new window.{api_class}(settings);
  {mastery}
  api.on("{commit}", () => {{ window.__commits++; }});
  window.{api_name} = api;
</script></head>
<body style="margin:0"><iframe id="sco" src="{package}/index.html" title="SCO" style="width:100%;height:1500px;border:0"></iframe></body></html>"""


def _visits():
    """The exercise's first visits on AND, online (the lab's defaults), from the engine."""
    r = handle({"cmd": "visits", "data": {"kind": "preset", "name": "and"}, "settings": {}, "limit": 20})
    assert r["ok"]
    return r["visits"]


@pytest.fixture(scope="module")
def packages(page, wait_ready, tmp_path_factory):
    """The lab page makes the two packages (AND, online: its first run) with its own button."""
    wait_ready(page)
    assert settled(page) == "done"
    out = {}
    root = tmp_path_factory.mktemp("lms")
    open_tab(page, "practice")  # the exercise's panel, where the package is made
    page.click("#lms summary")
    for version, mastery in (("1.2", "80"), ("2004", "80")):
        page.select_option("#lms-version", version)
        page.fill("#lms-questions", "6")
        page.fill("#lms-mastery", mastery)
        with page.expect_download(timeout=30_000) as dl:
            page.click("#lms-download")
        path = root / dl.value.suggested_filename
        dl.value.save_as(path)
        assert path.name == f"perceptron-lab-exercise-and-online-scorm{version.replace('.', '')}.zip"
        z = zipfile.ZipFile(path)
        assert z.testzip() is None and sorted(z.namelist()) == ["imsmanifest.xml", "index.html", "launch.js"]
        z.extractall(root / f"scorm{version}")
        out[version] = {"zip": path, "lab": page.get_attribute("#lms", "data-lab")}
        assert "Download the package" in page.text_content("#lms-download")
        assert f"SCORM {version}, 6 answers, pass mark {mastery} %" in page.text_content("#lms-status")
    shutil.copy(SCORM_AGAIN, root / "scorm-again.min.js")
    for version, cls, name, commit in (("1.2", "Scorm12API", "API", "LMSCommit"),
                                       ("2004", "Scorm2004API", "API_1484_11", "Commit")):
        mastery = "" if version == "1.2" else 'api.loadFromJSON({scaled_passing_score: "0.8"});'
        (root / f"lms{version}.html").write_text(LMS_PAGE.format(
            api_class=cls, api_name=name, commit=commit, package=f"scorm{version}", mastery=mastery))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(root), **k)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield out, f"http://localhost:{srv.server_address[1]}/"
    srv.shutdown()


def _lab(page):
    """The launch page's frame and the lab's frame inside it."""
    sco = page.wait_for_selector("#sco").content_frame()
    lab = sco.wait_for_selector("#lab").content_frame()
    lab.wait_for_selector("#exercise-body:not([hidden])", state="attached", timeout=READY_TIMEOUT_MS)
    return sco, lab


def _answer(lab, visit, right, enter=False):
    """Type one answer: the engine's (right) or a wrong one (the mistake call flipped); Check by
    a click, or with enter=True by Enter in the last field (or on the radio)."""
    mistake = visit["mistake"] if right else not visit["mistake"]
    radio = "#exercise-mistake-yes" if mistake else "#exercise-mistake-no"
    lab.check(radio)
    last = radio
    if mistake:
        for i, x in enumerate(visit["w_after"] if right else [9.0] * len(visit["w_after"])):
            last = f"#exercise-w-{i}"
            lab.fill(last, repr(x))
    n = int(lab.get_attribute("#exercise", "data-answered"))
    # The frame's sandbox (the embed snippet's) has no allow-forms: the form never submits, so
    # only the button's click (which Enter in a field fires) can check the answer.
    if enter:
        lab.press(last, "Enter")
    else:
        lab.click("#exercise-check")
    lab.wait_for_selector(f'#exercise[data-answered="{n + 1}"]', state="attached")


def _pattern(item):
    """The first correct-response pattern of an interaction (scorm-again's JSON: an object or list)."""
    c = item["correct_responses"]
    return (c["0"] if isinstance(c, dict) else c[0])["pattern"]


def _items(cmi):
    i = cmi["interactions"]
    return list(i.values()) if isinstance(i, dict) else i


def _cmi(page, name):
    return page.evaluate(f"JSON.parse(JSON.stringify(window.{name}.cmi))")


def test_the_package_is_small_and_frames_this_lab_on_the_exercise(packages, base_url):
    out, _ = packages
    for version, p in out.items():
        assert p["zip"].stat().st_size < 20_000
        assert p["lab"].startswith(base_url + "#v=1&source=preset&preset=and&")
        assert p["lab"].endswith("&embed=1&hide=data,settings,steps,compare,downloads,hand,train&view=exercise&exq=6")
        z = zipfile.ZipFile(p["zip"])
        config = z.read("index.html").decode().split('id="config">', 1)[1].split("</script>", 1)[0]
        config = json.loads(config)
        words = config.pop("words")  # the launch page's sentences, in the language the package was made in
        assert config == {"lab": p["lab"], "version": version, "mastery": 0.8}
        assert words["lang"] == "en" and words["done"] == "Done: {score} of {max} right. Your score was sent to your course."
        assert '<html lang="en">' in z.read("index.html").decode()
        manifest = z.read("imsmanifest.xml").decode()
        assert ("<adlcp:masteryscore>80</adlcp:masteryscore>" in manifest) == (version == "1.2")
        assert ("<imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>" in manifest) == (version == "2004")


def test_scorm12_the_lms_records_score_status_and_every_answer(browser, packages):
    out, lms = packages
    visits = _visits()
    pattern = [True, True, False, True, True, True]  # 5 of 6 right: 83 % >= the pass mark 80 %
    with extra_page(browser, lms + "lms1.2.html", viewport={"width": 1000, "height": 1600}) as page:
        sco, lab = _lab(page)
        # The graded activity is the student's: no Train, no author's tools, no SCORM download.
        for sel in ("#train", "#runbar", "#present", "#lms", "#lms-download"):
            assert lab.locator(sel).count() == 0 or not lab.locator(sel).first.is_visible(), sel
        assert lab.locator("#exercise-check").is_visible()
        assert sco.text_content("#status") == ("Answered 0 of 6: 0 right so far. "
                                               "Your score is sent when you have answered 6.")
        assert _cmi(page, "API")["core"]["lesson_status"] == "incomplete"
        for v, right in zip(visits, pattern):
            _answer(lab, v, right)
        sco.wait_for_function("document.getElementById('status').textContent.startsWith('Done')", timeout=30_000)
        assert sco.text_content("#status") == "Done: 5 of 6 right. Your score was sent to your course."
        # The goal reached, the lab asks no more.
        assert lab.is_disabled("#exercise-check")
        cmi = _cmi(page, "API")
        assert cmi["core"]["score"] == {"raw": "83", "min": "0", "max": "100"}
        assert cmi["core"]["lesson_status"] == "passed"
        items = _items(cmi)
        assert [i["id"] for i in items] == [f"example-{v['t']}" for v in visits[:6]]
        assert [i["result"] for i in items] == ["correct" if r else "wrong" for r in pattern]
        assert items[0]["student_response"] == "mistake; new w = (0, 0, -1)"
        assert items[2]["student_response"] == "mistake; new w = (9, 9, 9)"
        assert _pattern(items[2]) == "no mistake"
        assert cmi["suspend_data"].startswith("view=exercise&exq=6&exn=6&exs=5&exa=")
        assert page.evaluate("window.__commits") >= 7
        # The link the student ends with is graded by `check` to the same score.
        link = lab.input_value("#exercise-link")
        assert cmi["comments"] == link  # the result link, kept by the LMS for the teacher
        g = grade(link, handle, fit)
        assert (g["status"], g["score"], g["answered"], g["right"]) == ("genuine", 5, 6, pattern)


def test_scorm2004_the_lms_records_a_fail_below_the_pass_mark(browser, packages):
    out, lms = packages
    visits = _visits()
    pattern = [True, False, True, True, False, True]  # 4 of 6: 0.667 < 0.8
    with extra_page(browser, lms + "lms2004.html", viewport={"width": 1000, "height": 1600}) as page:
        sco, lab = _lab(page)
        assert _cmi(page, "API_1484_11")["completion_status"] == "incomplete"
        for v, right in zip(visits, pattern):
            _answer(lab, v, right, enter=True)
        sco.wait_for_function("document.getElementById('status').textContent.startsWith('Done')", timeout=30_000)
        cmi = _cmi(page, "API_1484_11")
        assert cmi["score"] == {"scaled": "0.6667", "raw": "4", "min": "0", "max": "6"}
        assert (cmi["completion_status"], cmi["success_status"]) == ("completed", "failed")
        items = _items(cmi)
        assert [i["result"] for i in items] == ["correct" if r else "incorrect" for r in pattern]
        # Example 2 is no mistake; the wrong answer said it was one.
        assert items[1]["learner_response"] == "mistake; new w = (9, 9, 9)" and items[1]["type"] == "fill-in"
        assert _pattern(items[1]) == "no mistake" and items[1]["description"].startswith("Example 2:")
        assert cmi["suspend_data"].startswith("view=exercise&exq=6&exn=6&exs=4&exa=")
        comments = cmi["comments_from_learner"]
        comment = (list(comments.values()) if isinstance(comments, dict) else comments)[0]["comment"]
        assert comment == lab.input_value("#exercise-link")
        assert grade(comment, handle, fit)["score"] == 4
