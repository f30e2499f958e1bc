"""Embedding: the snippet from "Copy embed code", pasted into a course page served from
ANOTHER origin (http://localhost:<other port>, while the lab is on 127.0.0.1), 320 px
wide, sandboxed (allow-scripts allow-same-origin): the lab boots, trains, shows the plot,
hides the panels named in the hide flags, and reproduces the run of the page it was
copied from. Console errors / non-local requests of the course page (and its frame) fail."""
from __future__ import annotations

import http.server
import threading
from html import unescape

import pytest

from conftest import READY_TIMEOUT_MS
from pagekit import click_train, extra_page, settled

HIDE = ["data", "settings", "proof"]


@pytest.fixture(scope="module")
def snippet(page, wait_ready):
    """Train a non-default run on the lab page and copy its embed code (3 panels hidden)."""
    wait_ready(page)
    settled(page)
    page.select_option("#preset", "clouds")
    page.fill("#data-seed", "5")
    page.fill("#eta", "0.5")
    page.select_option("#algorithm", "pocket")
    page.select_option("#order", "shuffle-each")
    page.fill("#seed", "3")
    assert click_train(page) == "done"
    weights = page.get_attribute("#weights", "data-values")
    page.click("#embed-options summary")
    for flag in HIDE:
        page.check(f"#embed-hide-{flag}")
    page.click("#copy-embed")
    page.wait_for_selector("#share-text:not([hidden])")
    code = page.input_value("#share-text")
    return {"code": code, "weights": weights}


@pytest.fixture(scope="module")
def course_site(snippet, tmp_path_factory):
    """A plain course page with the snippet, on another origin (localhost:<port>)."""
    root = tmp_path_factory.mktemp("course")
    (root / "index.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<title>Week 3: the perceptron</title></head>"
        "<body style='margin:0;font-family:sans-serif'><div id='col' style='width:320px'>"
        "<h1>Week 3</h1><p>Press Train and watch the boundary.</p>"
        f"{snippet['code']}</div></body></html>")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(root), **k)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://localhost:{srv.server_address[1]}/index.html"
    srv.shutdown()


@pytest.fixture(scope="module")
def course(browser, course_site):
    with extra_page(browser, course_site, viewport={"width": 320, "height": 800}) as page:
        yield page, page.lab_log


def lab_frame(page):
    handle = page.wait_for_selector("iframe")
    frame = handle.content_frame()
    assert frame is not None
    return handle, frame


def test_snippet_is_the_documented_iframe(snippet, base_url):
    code = snippet["code"]
    assert code.startswith('<iframe src="') and code.endswith("></iframe>")
    for part in ['width="100%"', 'height="640"', 'style="border:0"', 'loading="lazy"',
                 'sandbox="allow-scripts allow-same-origin"', 'title="Perceptron Lab: Two clouds, Pocket"']:
        assert part in code, part
    src = unescape(code.split('src="', 1)[1].split('"', 1)[0])
    assert src.startswith(base_url + "#v=1&")
    query = dict(kv.split("=", 1) for kv in src.split("#", 1)[1].split("&"))
    assert query["embed"] == "1"
    assert query["hide"] == ",".join(HIDE)
    assert query["algorithm"] == "pocket" and query["eta"] == "0.5" and query["dseed"] == "5"


def test_embedded_lab_boots_and_reproduces_the_run(course):
    page, log = course
    handle, frame = lab_frame(page)
    # The iframe is on another origin than the course page, and 320 px wide.
    assert frame.evaluate("location.origin") != page.evaluate("location.origin")
    box = handle.bounding_box()
    assert box and abs(box["width"] - 320) < 1, box
    frame.wait_for_selector('body[data-py-state="ready"], body[data-py-state="error"]',
                            state="attached", timeout=READY_TIMEOUT_MS)
    assert frame.evaluate("document.body.dataset.pyState") == "ready", \
        frame.evaluate("document.getElementById('load-detail').textContent")
    assert settled(frame, READY_TIMEOUT_MS) == "done"
    assert frame.evaluate("document.body.dataset.embed") == "1"


def test_embedded_lab_weights_match_the_copied_page(course, snippet):
    _, frame = lab_frame(course[0])
    assert settled(frame, READY_TIMEOUT_MS) == "done"
    assert frame.get_attribute("#weights", "data-values") == snippet["weights"]


def test_hide_flags_hide_panels_but_plots_and_train_stay(course):
    _, frame = lab_frame(course[0])
    for sel in ["#data-panel", "#settings-panel", 'section[aria-labelledby="proof-h"]', "#fig-proof",
                ".brand", ".foot", "#share"]:
        assert not frame.is_visible(sel), sel
    for sel in ["#train", "#plot-boundary", "#plot-mistakes", "#weights", "#status"]:
        assert frame.is_visible(sel), sel
    assert frame.evaluate("document.getElementById('plot-boundary').naturalWidth") > 0
    # Nothing sticks out sideways at 320 px.
    assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


def test_train_inside_the_sandboxed_iframe(course, snippet):
    page, log = course
    _, frame = lab_frame(page)
    assert click_train(frame) == "done"
    assert frame.get_attribute("#weights", "data-values") == snippet["weights"]
    src_before = frame.evaluate("document.getElementById('plot-boundary').src")
    assert src_before.startswith("data:image/png")
    # The address bar of the frame keeps the embed flags (a reload stays embedded).
    h = frame.evaluate("location.hash")
    assert "embed=1" in h and "hide=data,settings,proof" in h
    assert not log.errors, log.errors


def test_copy_without_clipboard_permission_selects_the_text(course):
    # A sandboxed cross-origin frame gets no clipboard: the text is selected in a box instead.
    _, frame = lab_frame(course[0])
    frame.evaluate("document.getElementById('copy-link').click()")
    frame.wait_for_selector("#share-text[data-kind='link']", state="attached")
    out = frame.evaluate("""() => {
        const box = document.getElementById('share-text');
        return {value: box.value, note: document.getElementById('share-note').textContent,
                selected: box.selectionEnd - box.selectionStart};
    }""")
    assert out["value"].split("#", 1)[1].startswith("v=1&")
    assert "embed=1" in out["value"]
    assert "Ctrl+C" in out["note"], out
    assert out["selected"] == len(out["value"])
