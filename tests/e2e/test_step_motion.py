"""The step-through drawn by the page (js/plot/plot-motion.js, frame-store.js), as reviewed in
issue 20: after a kernel or a multiclass run the step-through shows the new run, not the last
one's picture and words; XOR's last step (w back to 0) shows its note clear of every point;
after the show of XOR's cycle, stepping back never says "the cycle shown again (4 of 3)"; and
the step panel's picture at a step is the one Python describes (the rings are the points the
literal perceptron's w misclassifies)."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from conftest import TEST_SWITCH, wait_ready_of
from pagekit import PICTURE_OF_IMG_JS, click_train, extra_page, in_tab, open_tab, settled

SHOW_TIMEOUT_MS = 90_000
# The AND preset as the notes write it (0 -> -1) and its x̃ = (x, 1): what the literal perceptron sees.
AND_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float)
AND_Y = np.array([-1, -1, -1, 1])
AND_Z = np.hstack([AND_X, np.ones((4, 1))])


@pytest.fixture(scope="module")
def moving(browser, base_url):
    with extra_page(browser, base_url, motion="no-preference", goto=False) as page:
        page.context.add_init_script(TEST_SWITCH)   # globalThis.__pyclient: the bridge's own answers
        page.goto(base_url)
        wait_ready_of(page)
        # Python has taken over the run computed ahead (js/run/ahead.js) when the run is done.
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        page.set_default_timeout(90_000)
        open_tab(page, "steps")  # the step's picture is drawn where it is on screen (one-screen lab)
        yield page


def choose(page, preset, algorithm="online"):
    with in_tab(page, "setup"):
        page.check("#source-preset")
        page.select_option("#preset", preset)
        page.select_option("#algorithm", algorithm)
        page.select_option("#order", "fixed")
    settled(page)


def drawn_view(page, img_id):
    """The page's own view over an image: shown?, its position, its note and note box."""
    return page.evaluate("""(id) => { const v = document.getElementById(id).nextElementSibling;
        return v && v.classList.contains("motion-view")
          ? { hidden: v.hidden, pos: v.dataset.pos ?? null, note: v.dataset.note ?? "", box: v.dataset.noteBox ?? null }
          : null; }""", img_id)


def scrub(page, k):
    page.evaluate("""(k) => { const r = document.getElementById("step-range"); r.value = String(k);
        r.dispatchEvent(new Event("input", { bubbles: true })); }""", k)
    page.wait_for_selector(f'#stepper[data-step="{k}"]', state="attached", timeout=30_000)


def picture(page):
    return page.evaluate("(" + PICTURE_OF_IMG_JS + ")(document.getElementById('step-image'))")


def test_a_kernel_then_a_multiclass_run_replace_the_last_runs_step_through(moving):
    page = moving
    choose(page, "and")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    scrub(page, 5)
    and_picture, and_text = picture(page), page.text_content("#step-text")
    assert "w ←" in and_text or "w is updated" in and_text
    choose(page, "xor", "kernel")
    assert click_train(page) == "done"
    page.wait_for_selector('#stepper[data-algorithm="kernel"]', state="attached")
    total = int(page.get_attribute("#stepper", "data-total"))
    assert total > 0
    scrub(page, 2)
    text = page.text_content("#step-text")
    assert text != and_text and "α" in text, text           # the kernel's words: which αᵢ grew
    assert page.text_content("#step-pos") == f"2 / {total}"
    shown = picture(page)
    assert shown and shown != and_picture
    assert drawn_view(page, "step-image")["hidden"] is False    # drawn by the page, with the kernel's scene
    # Multiclass: drawn by the page too, from its own scene (the class regions), not the kernel's.
    choose(page, "iris", "multiclass")
    assert click_train(page) == "done"
    page.wait_for_selector('#stepper[data-algorithm="multiclass"]', state="attached")
    total = int(page.get_attribute("#stepper", "data-total"))
    scrub(page, 1)
    page.wait_for_function("() => document.getElementById('step-image').nextElementSibling.dataset.pos === '1'")
    assert drawn_view(page, "step-image")["hidden"] is False
    assert picture(page) != shown
    assert page.text_content("#step-pos") == f"1 / {total}"
    assert page.text_content("#step-text") != text and "W[" in page.text_content("#step-math")


CELL_COLOURS_JS = """(cells) => {
  const v = document.getElementById("step-image").nextElementSibling;
  const c = v.querySelector("canvas"), s = v.getBoundingClientRect();
  const g = c.getContext("2d"), k = c.width / s.width;
  return cells.map(([x, y]) => Array.from(g.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data.slice(0, 3)));
}"""


def test_multiclass_regions_on_screen_are_the_exported_figures(moving):
    """At a few steps, the colour the page paints at cell centres is the class matplotlib's
    regions figure paints there (CPython's own run of the same settings)."""
    from perceptron_lab.bridge import handle, session
    from perceptron_lab.plots.figure import find_artist

    page = moving
    choose(page, "iris", "multiclass")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    total = int(page.get_attribute("#stepper", "data-total"))
    scene = page.evaluate("async () => (await globalThis.__pyclient.call({ cmd: 'frame', scene: true })).scene")
    assert handle({"cmd": "train", "data": {"kind": "preset", "name": "iris"},
                   "settings": {"algorithm": "multiclass", "order": "fixed"}})["ok"]
    f = session.current()
    assert len(f.summary["trace"]["index"]) == total      # the same run
    a, n = scene["axes"], scene["regions"]["n"]
    W_css = page.evaluate("() => document.getElementById('step-image').nextElementSibling.getBoundingClientRect().width")
    zoom = W_css / scene["width"]
    fills = [tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for h in scene["regions"]["fills"]]
    rng = np.random.default_rng(0)
    for k in (1, total // 2, total):
        scrub(page, k)
        page.wait_for_function(f"() => document.getElementById('step-image').nextElementSibling.dataset.pos === '{k}'")
        painted = np.asarray(find_artist(f.boundary(step=k, size=dict(width_px=400, height_px=300)), "regions").get_array())
        # Cells inside one class's region (a cell is ~2 screen px: on an edge the pixel blends two classes),
        # every class's among them.
        inner = [(i, j) for i in range(1, n - 1) for j in range(1, n - 1) if np.all(painted[i - 1:i + 2, j - 1:j + 2] == painted[i, j])]
        picks = rng.choice(len(inner), size=60, replace=False)
        cells = [inner[p] for p in picks] + [next(c for c in inner if painted[c] == cls) for cls in np.unique(painted)]
        where = [((a["left"] + (j + 0.5) * a["width"] / n) * zoom, (a["top"] + a["height"] - (i + 0.5) * a["height"] / n) * zoom)
                 for i, j in cells]
        got = page.evaluate(CELL_COLOURS_JS, where)
        for (i, j), rgb in zip(cells, got):
            want = fills[int(painted[i, j])]
            assert max(abs(p - q) for p, q in zip(rgb, want)) <= 3, (k, i, j, rgb, want)


def test_xor_ends_with_its_note_clear_of_the_points(moving):
    page = moving
    choose(page, "xor")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    total = int(page.get_attribute("#stepper", "data-total"))
    scrub(page, total)
    assert json.loads(page.get_attribute("#stepper", "data-w")) == [0, 0, 0]    # the cycle is back at w = 0
    page.wait_for_function("() => document.getElementById('step-image').nextElementSibling.dataset.note")
    view = drawn_view(page, "step-image")
    assert view["note"].startswith("w = 0")
    x, y, w, h = json.loads(view["box"])
    scene = page.evaluate("async () => (await globalThis.__pyclient.call({ cmd: 'frame', scene: true })).scene")
    r = scene["wrong"]["r"]           # a point with its ring
    for px, py in scene["points"]:
        nx, ny = min(max(px, x), x + w), min(max(py, y), y + h)
        assert math.hypot(nx - px, ny - py) > r, ((px, py), (x, y, w, h))


def test_stepping_back_after_the_cycle_show_never_counts_a_fourth_lap(moving):
    page = moving
    choose(page, "xor")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    total = int(page.get_attribute("#stepper", "data-total"))
    scrub(page, total)
    for k in range(total - 1, total - 4, -1):
        page.click("#step-back")
        page.wait_for_selector(f'#stepper[data-step="{k}"]', state="attached")
        cap = page.text_content("#watch-caption")
        assert "of 3)" not in cap and "again" not in cap, cap
        assert cap.startswith(f"Update {k} of {total}") or (k == 0 and cap.startswith("Before")), cap


def test_the_step_panel_rings_what_the_literal_w_misclassifies(moving):
    page = moving
    choose(page, "and")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    X, y, Z = AND_X, AND_Y, AND_Z
    for k in (0, 3, 9):
        scrub(page, k)
        w = np.array(json.loads(page.get_attribute("#stepper", "data-w")), float)
        frame = page.evaluate("async (k) => (await globalThis.__pyclient.call({ cmd: 'frame', batch: [k, k] })).frames[0]", k)
        predicted = np.where(Z @ w >= 0, 1, -1)
        assert frame["wrong"] == np.flatnonzero(predicted != y).tolist()
        assert int(page.get_attribute("#stepper", "data-n-wrong")) == len(frame["wrong"])


def test_every_visited_example_is_drawn_by_the_page(moving):
    """By visit the page draws the frames too (a visit that is no update keeps w): at each
    visit the view is up at that visit and rings what the literal perceptron's w misclassifies."""
    page = moving
    choose(page, "and")
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    X, y, Z = AND_X, AND_Y, AND_Z
    page.check("#step-visits")
    try:
        page.wait_for_selector('#stepper[data-mode="visits"]', state="attached")
        last = int(page.get_attribute("#stepper", "data-total"))
        for v in (0, 6, last):
            page.evaluate("""(k) => { const r = document.getElementById("step-range"); r.value = String(k);
                r.dispatchEvent(new Event("input", { bubbles: true })); }""", v)
            page.wait_for_function("(v) => document.getElementById('step-image').nextElementSibling.dataset.pos === String(v)"
                                   " && document.getElementById('stepper').dataset.visit === String(v)", arg=v)
            assert drawn_view(page, "step-image")["hidden"] is False
            assert page.get_attribute("#stepper", "data-index") == str(v % 4)
            w = np.array(json.loads(page.get_attribute("#stepper", "data-w")), float)
            wrong = np.flatnonzero(np.where(Z @ w >= 0, 1, -1) != y).tolist()
            frame = page.evaluate("async (v) => (await globalThis.__pyclient.call({ cmd: 'frame', batch: [v, v], visits: true })).frames[0]", v)
            assert frame["wrong"] == wrong and np.allclose(frame["plane"], w), (v, frame, w)
            assert page.text_content("#step-text").startswith(f"Visit {v + 1} of {last + 1}")
    finally:
        page.uncheck("#step-visits")
        page.wait_for_selector('#stepper[data-mode="updates"]', state="attached")
