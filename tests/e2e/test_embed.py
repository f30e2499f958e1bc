"""Embedding: the snippet from "Copy embed code", pasted into a course page served from
ANOTHER origin (http://localhost:<other port>, while the lab is on 127.0.0.1), 320 px
wide, sandboxed as the snippet says: the lab boots, trains, shows the plot first,
hides the panels named in the hide flags, and reproduces the run of the page it was
copied from; its downloads arrive; its "Open in the full lab" link is the same run; its
content height reaches the course page, whose listener is the one docs/embedding.md gives.
Console errors / non-local requests of the course page (and its frame) fail."""
from __future__ import annotations

import http.server
import json
import re
import threading
from html import unescape
from pathlib import Path

import pytest

from conftest import READY_TIMEOUT_MS
from pagekit import click_train, extra_page, in_tab, open_tab, settled

HIDE = ["data", "settings", "proof"]
SANDBOX = 'sandbox="allow-scripts allow-same-origin allow-downloads allow-popups allow-popups-to-escape-sandbox"'
DOC = (Path(__file__).resolve().parents[2] / "docs" / "embedding.md").read_text(encoding="utf-8")
# The host page's listener exactly as docs/embedding.md gives it (section 5), plus a recorder.
LISTENER = re.search(r"## 5\. Let the frame fit the lab.*?```html\n(<script>.*?</script>)\n```", DOC, re.S).group(1)
RECORDER = ("<script>window.__sizes = []; addEventListener('message', (e) => "
            "window.__sizes.push({data: e.data, origin: e.origin}));</script>")


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
    with in_tab(page, "share"):
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
        f"{snippet['code']}</div>{LISTENER}{RECORDER}</body></html>")
    # The snippet of an older lab, without allow-downloads: the browser drops the downloads.
    old = snippet["code"].replace(SANDBOX, 'sandbox="allow-scripts allow-same-origin"')
    assert old != snippet["code"]
    (root / "old.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Old snippet</title></head>"
        f"<body style='margin:0'><div style='width:480px'>{old}</div></body></html>")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(root), **k)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://localhost:{srv.server_address[1]}/"
    srv.shutdown()


@pytest.fixture(scope="module")
def course(browser, course_site):
    with extra_page(browser, course_site + "index.html", viewport={"width": 320, "height": 800}) as page:
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
                 SANDBOX, 'title="Perceptron Lab: Two clouds, Pocket"']:
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
    # Each checked with its tab open (the tab of data and settings is gone with both).
    assert not frame.is_visible("#tab-setup")
    for tab, sel in [("plots", "#data-panel"), ("plots", "#settings-panel"), ("numbers", 'section[aria-labelledby="proof-h"]'),
                     ("plots", "#fig-proof"), ("plots", ".brand"), ("plots", ".foot"), ("share", "#share")]:
        open_tab(frame, tab)
        assert not frame.is_visible(sel), sel
    for tab, sel in [("plots", "#train"), ("plots", "#plot-boundary"), ("plots", "#plot-mistakes"),
                     ("numbers", "#weights"), ("numbers", "#status")]:
        open_tab(frame, tab)
        assert frame.is_visible(sel), sel
    open_tab(frame, "plots")
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


def test_plot_first_then_controls_and_a_link_to_the_full_lab(course, snippet):
    page, _ = course
    _, frame = lab_frame(page)
    assert settled(frame, READY_TIMEOUT_MS) == "done"
    top = lambda sel: frame.evaluate(f"document.querySelector('{sel}').getBoundingClientRect().top")  # noqa: E731
    # The controls (the data and settings are hidden in this frame: the step-through's).
    assert top("#plot-boundary") < top("#stepper")
    with in_tab(frame, "compare"):
        assert top("#plot-boundary") < top("#compare")
    # The exercise and hand-weights panels come after the plot and the controls, not first.
    with in_tab(frame, "practice"):
        assert top("#stepper") < top("#exercise") and top("#stepper") < top("#hand")
    assert frame.is_visible("#train")  # fixed at the bottom of the frame while the plot is on top
    link = frame.locator("#full-lab-link")
    assert link.is_visible() and link.get_attribute("target") == "_blank"
    # The same run: every key of the embedded link but embed and hide (the address bar's own
    # link of the run, which writes only what applies).
    src = unescape(snippet["code"].split('src="', 1)[1].split('"', 1)[0])
    want = dict(kv.split("=", 1) for kv in src.split("#", 1)[1].split("&"))
    got = dict(kv.split("=", 1) for kv in link.get_attribute("href").split("#", 1)[1].split("&"))
    assert "embed" not in got and "hide" not in got
    assert {k: v for k, v in want.items() if k not in ("embed", "hide")} == got
    assert link.get_attribute("href").split("#", 1)[0] == src.split("#", 1)[0]
    # allow-popups: the click opens a tab of the lab (not blocked by the sandbox).
    with page.context.expect_page() as tab:
        link.click()
    new = tab.value
    new.wait_for_load_state("domcontentloaded")
    assert new.url == link.get_attribute("href")
    assert new.evaluate("document.body.dataset.embed") is None
    new.close()


def test_the_frame_posts_its_height_and_the_documented_listener_fits_it(course):
    page, _ = course
    handle, frame = lab_frame(page)
    assert settled(frame, READY_TIMEOUT_MS) == "done"
    lab_origin = frame.evaluate("location.origin")
    height = frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
    # The listener from the docs sized the frame to the content (give the last message a moment).
    for _ in range(50):
        box = handle.bounding_box()
        if box and abs(box["height"] - height) <= 1:
            break
        page.wait_for_timeout(100)
    assert abs(handle.bounding_box()["height"] - height) <= 1, (handle.bounding_box(), height)
    assert height > 640  # taller than the snippet's 640 px: the frame grew to fit
    sizes = page.evaluate("window.__sizes")
    ours = [m for m in sizes if isinstance(m["data"], dict) and "height" in m["data"]]
    assert ours and all(m["origin"] == lab_origin for m in ours)
    kinds = {m["data"].get("type") or m["data"].get("subject") for m in ours}
    assert kinds == {"perceptron-lab:resize", "lti.frameResize"}
    last = [m["data"]["height"] for m in ours if m["data"].get("type") == "perceptron-lab:resize"][-1]
    assert last == height
    # Another tab changes the content's height (the lab keeps the step-through's words in a box
    # of their own height, so stepping no longer does): a shorter tab, then the taller one
    # again: the content grows and a new message follows.
    def posted():
        return [m["data"]["height"] for m in page.evaluate("window.__sizes")
                if isinstance(m["data"], dict) and m["data"].get("type") == "perceptron-lab:resize"]

    def content():
        return frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")

    open_tab(frame, "plots")
    open_tab(frame, "numbers")
    for _ in range(50):
        if posted()[-1] == content():
            break
        page.wait_for_timeout(100)
    height = content()
    assert posted()[-1] == height
    ours = [m for m in page.evaluate("window.__sizes") if isinstance(m["data"], dict) and "height" in m["data"]]
    n = len(ours)
    frame.click("#tab-plots")
    frame.wait_for_selector("#plot-mistakes", state="visible", timeout=60_000)
    for _ in range(50):
        sizes = page.evaluate("window.__sizes")
        if len([m for m in sizes if isinstance(m["data"], dict) and "height" in m["data"]]) > n:
            break
        page.wait_for_timeout(100)
    grown = posted()[-1]
    assert grown > height
    for _ in range(50):
        if abs(handle.bounding_box()["height"] - grown) <= 1:
            break
        page.wait_for_timeout(100)
    assert abs(handle.bounding_box()["height"] - grown) <= 1, (handle.bounding_box(), grown)


def test_a_download_in_the_sandboxed_cross_origin_frame_arrives(course, snippet, tmp_path):
    page, _ = course
    _, frame = lab_frame(page)
    assert settled(frame, READY_TIMEOUT_MS) == "done"
    open_tab(frame, "share")
    with page.expect_download(timeout=60_000) as dl:
        frame.click("#export-model")
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    model = json.loads(path.read_text())
    assert model["weights"] == json.loads(snippet["weights"])
    status = frame.text_content("#export-status")
    assert dl.value.suggested_filename in status
    # Inside a frame the page cannot see whether the file was saved, so it does not claim it.
    assert "asked to save" in status and "Downloaded" not in status


def test_an_old_snippet_without_allow_downloads_never_says_downloaded(browser, course_site):
    with extra_page(browser, course_site + "old.html", viewport={"width": 480, "height": 800}) as page:
        _, frame = lab_frame(page)
        frame.wait_for_selector('body[data-py-state="ready"]', state="attached", timeout=READY_TIMEOUT_MS)
        assert settled(frame, READY_TIMEOUT_MS) == "done"
        downloads = []
        page.on("download", lambda d: downloads.append(d))
        open_tab(frame, "share")
        frame.click("#export-model")
        frame.wait_for_selector("#export-status:has-text('model')", timeout=60_000)
        page.wait_for_timeout(1000)  # measured: no download arrives in 1 s (one that got through would)
        assert downloads == []  # the sandbox dropped it
        status = frame.text_content("#export-status")
        assert "Downloaded" not in status
        assert "If no file arrives, the page around the lab blocks downloads" in status
