"""The show a lecturer drives (js/steps/watch.js, stepper.js, share/address-bar.js), on one page
that plays (no reduced-motion preference) at 1280 × 800: a link with a step opens its run with
the big plot at that step, for a linear (AND, online), a kernel (circles, RBF) and a multiclass
(iris) run; stepping moves the big plot; the show plays again after the next Train; Pause
during the show holds the frame."""
from __future__ import annotations

import pytest

from conftest import wait_ready_of
from pagekit import PICTURE_OF_IMG_JS, click_train, extra_page, run_end, settled

SHOW_TIMEOUT_MS = 90_000
START = "#v=1&preset=and&algorithm=online&step=2"
LINKS = [  # (link, its step); the kernel and multiclass traces keep no w to count their steps by
    ("#v=1&preset=circles&algorithm=kernel&kernel=rbf&step=5", 5),
    ("#v=1&preset=iris&algorithm=multiclass&step=5", 5),
]

STATE_JS = """() => {
  const f = document.querySelector("figure.fig-boundary"), s = document.getElementById("stepper");
  return { fig: f.dataset.step ?? null, watch: f.dataset.watch ?? null, panel: s.dataset.step,
           pos: document.getElementById("step-pos").textContent, playing: s.dataset.playing,
           notice: document.getElementById("link-notice").hidden ? "" : document.getElementById("link-notice").textContent };
}"""


@pytest.fixture(scope="module")
def show(browser, base_url):
    """The page opened with a step link of an AND run (the first run is the link's)."""
    with extra_page(browser, base_url + START, viewport={"width": 1280, "height": 800}, motion="no-preference") as page:
        page.base = base_url
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="done"]', state="attached", timeout=SHOW_TIMEOUT_MS)
        page.set_default_timeout(SHOW_TIMEOUT_MS)
        yield page


def at_step(page, k: int) -> dict:
    """Wait until the big plot and the step-through both show step k; -> the page's state."""
    page.wait_for_selector(f'figure.fig-boundary[data-step="{k}"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    page.wait_for_selector(f'#stepper[data-step="{k}"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    return page.evaluate(STATE_JS)


def then_stepping_and_the_show_work(page, k: int) -> None:
    """Forward moves the big plot with the step-through; the next Train plays the show."""
    page.click("#step-fwd")
    at_step(page, k + 1)
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="playing"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    page.wait_for_selector('figure.fig-boundary[data-watch="end"]', state="attached", timeout=SHOW_TIMEOUT_MS)


def test_a_linear_step_link_opens_the_big_plot_at_its_step(show):
    page = show
    st = at_step(page, 2)
    assert st["pos"] == "2 / 18" and st["watch"] is None and st["playing"] == "false", st
    assert page.text_content("#watch-caption").startswith("Update 2 of 18, epoch 1: w = (1, 1, 0)")
    then_stepping_and_the_show_work(page, 2)


@pytest.mark.parametrize("link, k", LINKS)
def test_kernel_and_multiclass_step_links_open_at_their_step(show, link, k):
    page = show
    assert run_end(page, lambda: page.goto(page.base + link)) == "done"
    st = at_step(page, k)
    assert st["pos"].startswith(f"{k} / ") and int(st["pos"].split("/ ")[1]) > k, st
    assert "steps" not in st["notice"], st  # no "this run has 0 steps"
    assert page.is_visible("#watch-caption") and page.text_content("#watch-caption")
    then_stepping_and_the_show_work(page, k)


def test_pause_during_the_show_holds_the_frame(show):
    page = show
    # iris multiclass (the last link's run): 273 updates, the longest show of the three.
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="playing"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    page.click("#step-play")
    page.wait_for_selector('figure.fig-boundary[data-watch="paused"]', state="attached", timeout=10_000)
    picture = f"{PICTURE_OF_IMG_JS}(document.getElementById('plot-boundary'))"
    page.wait_for_timeout(300)  # the paused frame comes to rest on its whole step
    before = page.evaluate(STATE_JS), page.evaluate(picture)
    page.wait_for_timeout(3000)
    after = page.evaluate(STATE_JS), page.evaluate(picture)
    assert before[0] == after[0] and before[0]["playing"] == "false" and before[0]["fig"] is not None, (before[0], after[0])
    assert before[1] == after[1]  # the drawn frame did not change
    assert page.text_content("#step-play") == "Play"


# Where the new w ends in the step text, against the bottom of its box (the box not scrolled).
NEW_W_JS = """() => {
  const p = document.getElementById("step-text"), box = p.closest(".step-words");
  const node = p.firstChild, text = node.textContent;
  const m = text.match(/new w = \\([^)]*\\)/);
  if (!m) return { text };
  const r = document.createRange();
  r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
  const rects = [...r.getClientRects()];
  return { text, scrollTop: box.scrollTop, bottom: Math.max(...rects.map((x) => x.bottom)),
           boxTop: box.getBoundingClientRect().top, boxBottom: box.getBoundingClientRect().bottom };
}"""


def test_the_step_box_shows_the_new_w_unscrolled(show):
    page = show
    assert run_end(page, lambda: page.goto(page.base + START)) == "done"
    at_step(page, 2)
    got = page.evaluate(NEW_W_JS)
    assert "new w = (1, 1, 0)" in got["text"], got
    assert got["scrollTop"] == 0 and got["boxTop"] < got["bottom"] <= got["boxBottom"] + 0.5, got


# 20 moments of the show: the update the caption names and the update the big plot draws (its
# view's position: a picture on its way to update k is at k − 1 < pos ≤ k).
SAMPLE_JS = """async () => {
  const fig = document.querySelector("figure.fig-boundary");
  const view = document.getElementById("plot-boundary").nextElementSibling;
  const out = [];
  while (out.length < 20 && fig.dataset.watch === "playing") {
    const m = document.getElementById("watch-caption").textContent.match(/^Update (\\d+) of/);
    if (m && view && !view.hidden && view.dataset.pos) out.push({ caption: Number(m[1]), pos: Number(view.dataset.pos), fig: Number(fig.dataset.step) });
    await new Promise((r) => setTimeout(r, 97));
  }
  return out;
}"""


def test_during_the_show_the_caption_names_the_update_drawn(show):
    page = show
    page.select_option("#algorithm", "online")
    page.select_option("#preset", "clouds")
    page.fill("#margin", "0.02")  # a show of 132 updates
    page.dispatch_event("#margin", "change")
    settled(page)
    assert click_train(page) == "done"
    page.wait_for_selector('figure.fig-boundary[data-watch="playing"]', state="attached", timeout=SHOW_TIMEOUT_MS)
    samples = page.evaluate(SAMPLE_JS)
    assert len(samples) >= 10, samples
    for s in samples:
        assert s["caption"] == s["fig"] and s["caption"] - 1 < s["pos"] <= s["caption"], s
