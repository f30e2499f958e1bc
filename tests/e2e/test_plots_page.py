"""The plots in the page: drawn for the box they are shown in at the screen's pixel ratio
(a DPR-2 screen gets images twice their CSS width), and, for data with more than two
features, the projection w·x̃ and the weights chart beside the boundary slice.

One browser context at device scale factor 2 (one Pyodide boot) for the whole module."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import PAGE, attach_log, wait_ready_of, close_checked
from datakit import make_csv
from pagekit import RUN_TIMEOUT_MS, in_tab, settled, train, wait_until

WIDE = make_csv(40, ["sepal length", "sepal width", "petal length", "petal width"], ("setosa", "versicolor"),
                seed=5)
NARROW = make_csv(30, ["u", "v"], ("a", "b"), seed=6)
FOUR = ["boundary", "mistakes", "accuracy", "proof"]


@pytest.fixture(scope="module")
def page2(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=2,
                                  service_workers="block")
    page = context.new_page()
    log = attach_log(context, page)
    page.goto(base_url + PAGE)
    wait_ready_of(page)
    yield page
    close_checked(context, log)


def images(page, names) -> dict:
    """Per plot: shown?, decoded pixel width and height, CSS box width and height, alt text
    (with the Plots tab open, where all but the boundary plot are)."""
    with in_tab(page, "plots"):
        return _images(page, names)


def _images(page, names) -> dict:
    return page.evaluate(
        """async (names) => {
          const out = {};
          for (const name of names) {
            const img = document.getElementById(`plot-${name}`);
            if (img.getAttribute("src")) { try { await img.decode(); } catch (e) { /* stays 0 */ } }
            const r = img.getBoundingClientRect();
            out[name] = { shown: img.closest("figure").offsetParent !== null && r.width > 0,
                          natural: [img.naturalWidth, img.naturalHeight], css: [r.width, r.height], alt: img.alt };
          }
          return out;
        }""", names)


# The big plot's picture drawn for its box as it is now (plot/picture-refit.js): a run's first picture
# can be asked while a notice still takes room above the plot, and is drawn again once the box has
# held still; under load that is after the run is "done".
FITS_ITS_BOX = """() => { const img = document.getElementById('plot-boundary'), r = img.getBoundingClientRect();
  return img.complete && img.naturalWidth > 0 && r.width > 0
    && Math.abs(img.naturalHeight / img.naturalWidth - r.height / r.width) < 0.01; }"""


def trained(page):
    train(page)
    wait_until(page, FITS_ITS_BOX, timeout_ms=60_000)


def assert_crisp(info, ratio=2.0):
    assert info["shown"], info
    (nw, nh), (cw, ch) = info["natural"], info["css"]
    assert nw >= 1.8 * cw, info
    # Sized to the box: the image is drawn for the width it is shown at, not scaled down.
    assert nw == pytest.approx(ratio * cw, abs=ratio + 1), info
    assert nh / nw == pytest.approx(ch / cw, abs=0.01), info  # shown undistorted


def upload(page, name, text):
    page.check("#source-csv")
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": "text/csv", "buffer": text.encode()}])
    expect(page.locator("#csv-info")).to_contain_text(f"{name}: ", timeout=RUN_TIMEOUT_MS)


def test_dpr2_screen_gets_images_twice_their_css_width(page2):
    assert page2.evaluate("devicePixelRatio") == 2
    trained(page2)
    info = images(page2, FOUR)
    for name in FOUR:
        assert_crisp(info[name])
    assert page2.is_hidden("#plots-many")  # the AND preset has two features


def test_four_features_show_projection_and_weights(page2):
    upload(page2, "iris4.csv", WIDE)
    trained(page2)
    with in_tab(page2, "plots"):  # the projection and weights sit behind the Plots tab; they follow the result
        expect(page2.locator("#plots-many")).to_be_visible(timeout=60_000)
        info = images(page2, ["boundary", "projection", "weights"])
    for name in ("boundary", "projection", "weights"):
        assert_crisp(info[name])
    assert info["projection"]["alt"].startswith("Scores w·x̃ of 40 points")
    assert info["weights"]["alt"].startswith("Weights of 4 features")
    # The weights chart is as tall as its four rows need (the bridge's rule), at 2x.
    assert info["weights"]["natural"][1] == 2 * 360
    # Their downloads are offered only now.
    with in_tab(page2, "share"):
        expect(page2.locator("#export-projection-png")).to_be_visible()
        expect(page2.locator("#export-weights-svg")).to_be_enabled()


def test_two_features_hide_them_again(page2):
    upload(page2, "two.csv", NARROW)
    train(page2)
    with in_tab(page2, "plots"):
        assert page2.is_hidden("#plots-many")
    with in_tab(page2, "share"):
        assert page2.is_hidden("#export-projection-png")
    assert_crisp(images(page2, ["boundary"])["boundary"])


def test_iris_on_all_features_opens_on_the_score_strip_that_moves_with_each_update(page2):
    """Binary iris on its four features: the main plot is every point's score w·x̃ (a 2-D slice
    put most versicolor points on the wrong side of a converged run), and the step-through
    moves the points to x̃·w of the update shown; the slice stays one choice away."""
    import json

    import numpy as np
    from sklearn.datasets import load_iris

    from linkkit import open_in_page
    from stepkit import scrub_to

    settled(page2)   # the page's own first run, when this test runs alone
    assert open_in_page(page2, page2.url.split("#")[0], "#v=1&preset=iris&feats=all") == "done"
    assert page2.get_attribute("#plot-boundary", "alt").startswith("Scores w·x̃ of 100 points")
    assert page2.text_content("#boundary-caption").startswith("Every point at its score w·x̃")
    X, y = load_iris(return_X_y=True)
    Z = np.column_stack([X[y < 2], np.ones(100)])            # setosa and versicolor, x̃ = (x, 1)
    for k in (1, 3):
        scrub_to(page2, k)
        page2.wait_for_selector(f'#stepper[data-step="{k}"][data-busy="false"]', state="attached",
                                timeout=RUN_TIMEOUT_MS)
        page2.wait_for_selector(f'#plot-boundary ~ .motion-view[data-pos="{k}"][data-strip]', state="attached",
                                timeout=RUN_TIMEOUT_MS)
        w = np.array(json.loads(page2.get_attribute("#stepper", "data-w")), dtype=float)
        px = np.array(json.loads(page2.get_attribute("#plot-boundary ~ .motion-view", "data-strip")))
        s = Z @ w
        # Drawn x is an increasing affine function of the score x̃·w (one axis, px rounded to 0.01).
        slope, icpt = np.polyfit(s, px, 1)
        assert slope > 0 and np.max(np.abs(px - (slope * s + icpt))) < 0.05, (k, w.tolist())
    with in_tab(page2, "setup"):
        page2.select_option("#main-plot", "slice")
    # retrained by itself; the link says the choice, the picture is the slice
    wait_until(page2, "location.hash.includes('main=slice') && document.body.dataset.runState === 'done'"
                      " && !document.getElementById('plot-boundary').alt.startsWith('Scores')")
    assert "a point's side here is not its prediction" in page2.text_content("#boundary-caption")
