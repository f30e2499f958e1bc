"""Share links (#v=1&...): a link reproduces its run bit for bit in a NEW page, for every
algorithm, for placed points and for a small CSV (inline, compressed); a too-large CSV is
left out with a notice; hostile links (script in values, huge numbers, wrong types,
garbled or truncated data, unknown version, absurd length) leave the page working with
defaults and a visible notice, open no dialog and put no markup from the URL in the DOM.

New pages are made with pagekit.extra_page, which checks them like the module's page (no
console error, no non-local request, no dialog)."""
from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest

from conftest import READY_TIMEOUT_MS, wait_ready_of
from pagekit import extra_page, settled, train
from pagekit import shown_result as result
from perceptron_lab.core import train as core_train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare
from linkkit import (
    ALGORITHMS, HOSTILE, SMALL_CSV, assert_no_markup_from_url, configure, copy_link, notice, open_fresh,
    open_in_page, params, stepper_idle, upload, wait_hash)


@pytest.fixture(scope="module")
def dialogs(page):
    seen = []
    page.on("dialog", lambda d: (seen.append(d.message), d.dismiss()))
    return seen


@pytest.fixture(scope="module")
def default_result(page, wait_ready, dialogs):
    """The page trains the defaults (AND, online) by itself once Python is ready."""
    wait_ready(page)
    assert settled(page) == "done"
    return result(page)


# ---------------------------------------------------------------- links reproduce runs

def test_address_bar_holds_the_link_of_the_run(page, default_result):
    h = page.evaluate("location.hash")
    assert h.startswith("#v=1&source=preset&preset=and&")
    assert copy_link(page) == page.evaluate("location.href")
    # Parameters that do not apply (generator settings of AND) are left out.
    assert "margin=" not in h and "dseed=" not in h


def test_each_algorithm_link_reproduces_the_run(page, browser, default_result):
    runs = []
    for k, algo in enumerate(ALGORITHMS):
        configure(page, **{"preset": "clouds", "n": 60 + 10 * k, "margin": 0.15, "spread": 1.5,
                           "data-seed": 11 + k, "algorithm": algo, "epochs": 40, "eta": 0.5,
                           "order": "shuffle-each", "seed": 7, "normalize": k % 2 == 1,
                           "test_fraction": 0.25 if k == 3 else 0})
        res = train(page)
        link = copy_link(page)
        assert link == page.evaluate("location.href"), "the address bar is the link of the last run"
        p = params(link)
        assert p["algorithm"] == algo and p["eta"] == "0.5" and p["order"] == "shuffle-each"
        assert p["seed"] == "7" and p["dseed"] == str(11 + k) and p["v"] == "1"
        runs.append((link, res))
    assert len({r["weights"] for _, r in runs}) == len(ALGORITHMS), "the five runs differ"

    opened = open_fresh(browser, [link for link, _ in runs])
    for (link, res), got in zip(runs, opened):
        assert got["state"] == "done", got
        assert got["result"] == res, (link, got["result"], res)   # exact floats, as JSON
        assert got["notice"] == ""
        assert "#" + link.split("#", 1)[1] == got["hash"]       # and it links to itself
        c = got["controls"]
        assert c["algorithm"] == params(link)["algorithm"] and c["eta"] == "0.5" and c["seed"] == "7"
        assert c["order"] == "shuffle-each" and c["preset"] == "clouds"


def test_placed_points_link_reproduces_the_run(page, browser, default_result):
    pts = "0.5, 1, 1\n-1, -0.5, -1\n1.25, 0.3, 1\n-0.7, 0.9, -1\n0.123456789, -1.5, 1\n-1.75, 1.5, -1"
    page.check("#source-points")
    page.click("#points-text-details summary")
    page.fill("#points-text", pts)
    page.dispatch_event("#points-text", "change")
    configure(page, algorithm="averaged", eta=0.25, order="shuffle-once", seed=3, normalize=False)
    res = train(page)
    link = copy_link(page)
    p = params(link)
    assert p["source"] == "points" and p["pts"].startswith("0.5,1,1;-1,-0.5,-1;")
    assert "preset" not in p
    (got,) = open_fresh(browser, [link])
    assert got["result"] == res
    assert got["controls"]["source"] == "points"
    assert got["controls"]["points-text"] == pts
    assert got["point_rows"] == 6


def test_small_csv_link_carries_the_file_and_reproduces_the_run(page, browser, default_result):
    upload(page, "small.csv", SMALL_CSV)
    page.select_option("#plot-y", "2")
    page.dispatch_event("#plot-y", "change")
    configure(page, algorithm="voted", eta=2, order="fixed", seed=0, epochs=30, normalize=True)
    res = train(page)
    link = copy_link(page)
    p = params(link)
    assert p["source"] == "csv" and p["csvname"] == "small.csv" and p["label"] == "3" and p["plot"] == "0,2"
    assert len(p["csv"]) < 8000 and len(p["csv"]) < len(SMALL_CSV)  # compressed
    (got,) = open_fresh(browser, [link])
    assert got["result"] == res
    assert got["controls"]["source"] == "csv" and got["controls"]["plot-y"] == "2"
    assert got["csv_info"].startswith("small.csv: 8 rows, 3 features")


def test_large_csv_link_keeps_settings_and_asks_for_the_file(page, browser, default_result):
    rnd = random.Random(4)
    rows = ["x1,x2,x3,y"] + [f"{rnd.uniform(-9, 9):.6f},{rnd.uniform(-9, 9):.6f},{rnd.uniform(-9, 9):.6f},"
                             f"{rnd.choice('AB')}" for _ in range(3000)]
    upload(page, "big.csv", "\n".join(rows) + "\n")
    configure(page, algorithm="pocket", eta=0.5, seed=9, epochs=5)
    train(page)
    link = copy_link(page)
    assert "too large to put in a link" in page.text_content("#share-note")
    p = params(link)
    assert p["source"] == "csv" and "csv" not in p and p["algorithm"] == "pocket"
    assert p["csvbig"] == "1" and p["csvname"] == "big.csv"  # left out for its size, not lost
    assert len(link) < 2000
    with extra_page(browser, link) as fresh:
        fresh.wait_for_selector("#link-notice:not([hidden])")
        notice = fresh.text_content("#link-notice")
        assert "This link's data was a CSV file too large to put in a link: upload it again" in notice
        assert fresh.get_attribute("#link-notice", "role") == "status"
        assert fresh.input_value("#algorithm") == "pocket" and fresh.input_value("#eta") == "0.5"
        assert fresh.is_visible("#csv-box") and fresh.is_visible("#dropzone")
        wait_ready_of(fresh)
        assert fresh.evaluate("document.body.dataset.runState") in ("idle", "error")


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_link_leaves_a_working_page_with_defaults_and_a_notice(page, base_url, default_result, dialogs, case):
    hash_, words = HOSTILE[case]
    assert open_in_page(page, base_url, quote(hash_, safe="#&=,;:%")) == "done", page.text_content("#message")
    text = notice(page)
    for w in words:
        assert w in text, (w, text)
    assert_no_markup_from_url(page, dialogs)
    # Defaults where the link was bad (the data falls back to the default preset).
    assert page.input_value("#algorithm") == "online"
    assert page.evaluate("document.querySelector('input[name=source]:checked').value") == "preset"
    assert page.input_value("#epochs") == "100"
    assert page.is_checked("#bias") and not page.is_checked("#normalize")
    assert page.input_value("#order") == "fixed"
    assert page.evaluate("document.body.dataset.embed === undefined && document.body.dataset.hide === undefined")
    if case in ("script", "types", "version", "version-text", "long", "csv-garbage", "csv-bomb-ish", "points-garbage"):
        assert page.input_value("#eta") == "1"
        assert result(page) == default_result   # exactly the default run
    if case == "huge":
        assert page.input_value("#eta") == "1" and page.input_value("#n") == "100"
        assert page.input_value("#seed") == "7"  # the valid values of a link are kept
    if case == "percent":
        assert page.input_value("#seed") == "3"


def test_truncated_csv_link(page, base_url, default_result, dialogs):
    # A real CSV link cut short (e.g. by a chat program) reads as broken data, not as a crash.
    open_in_page(page, base_url, "#v=1&eta=1")  # a fresh start (any link)
    upload(page, "small.csv", SMALL_CSV)
    train(page)
    link = copy_link(page)
    z = params(link)["csv"]
    for cut in (z[: len(z) // 2], z[:-3], z[:7]):
        hash_ = f"#v=1&source=csv&csv={cut}&csvname=small.csv&label=3&eta=0.5"
        assert open_in_page(page, base_url, hash_) == "done"
        assert "CSV data in this link could not be read" in notice(page)
        assert page.input_value("#eta") == "0.5"   # the settings stay
        assert page.evaluate("document.querySelector('input[name=source]:checked').value") == "preset"
    assert_no_markup_from_url(page, dialogs)


def test_good_link_after_a_bad_one_clears_the_notice(page, base_url, default_result):
    open_in_page(page, base_url, "#v=1&eta=banana")
    assert "Learning rate" in notice(page)
    open_in_page(page, base_url, "#v=1&source=preset&preset=or&algorithm=batch&eta=0.5")
    assert not page.is_visible("#link-notice")
    assert page.input_value("#preset") == "or" and page.input_value("#algorithm") == "batch"


def test_hostile_link_in_a_fresh_page(browser, base_url):
    # The start path (a link opened in a new tab) checks values like the in-page path.
    hash_ = quote("#v=1&algorithm=<script id=pwned>alert(1)</script>&eta=1e999&bias=banana&seed=7&zzz=1",
                  safe="#&=")
    with extra_page(browser, base_url + hash_, goto=False) as fresh:
        dialogs = []
        fresh.on("dialog", lambda d: dialogs.append(d.message))
        fresh.goto(base_url + hash_)
        fresh.wait_for_selector("#link-notice:not([hidden])")
        text = fresh.text_content("#link-notice")
        for w in ["Algorithm", "Learning rate", "Bias"]:
            assert w in text
        wait_ready_of(fresh)
        assert settled(fresh) == "done"
        assert fresh.input_value("#algorithm") == "online" and fresh.input_value("#seed") == "7"
        assert_no_markup_from_url(fresh, dialogs)
        # After the run the address bar holds a clean link of what ran.
        h = fresh.evaluate("location.hash")
        assert "script" not in h and "zzz" not in h and "algorithm=online" in h


def test_links_hold_the_step_and_the_compare_view(browser, base_url):
    ds = preset("and")
    run = core_train(prepare(ds.X), ds.y, algorithm="online", order="fixed", max_epochs=100)
    assert len(run.trace.w) == 18
    step_link = base_url + "#v=1&source=preset&preset=and&algorithm=online&order=fixed&step=5"
    compare_link = base_url + "#v=1&source=preset&preset=and&step=3&view=compare"
    with extra_page(browser, step_link) as a, extra_page(browser, compare_link) as b:
        # step=5: once the run is done, the step-through shows update 5, as the engine made it.
        wait_ready_of(a)
        assert settled(a) == "done"
        got = stepper_idle(a, 5)
        assert got["w"] == run.trace.w[4].tolist() and got["range"] == "5" and got["pos"] == "5 / 18"
        assert not a.is_visible("#link-notice")
        assert "step=5" in wait_hash(a, "step=5")
        assert "view=" not in a.evaluate("location.hash")
        # The address bar and Copy link follow the stepper.
        a.click("#step-fwd")
        assert stepper_idle(a, 6)["w"] == run.trace.w[5].tolist()
        wait_hash(a, "step=6")
        assert "step=6" in copy_link(a) and "step=5" not in copy_link(a)
        # Nothing changed since the run: the note must not say otherwise (the run's settings
        # carry the plots' size, which no control holds).
        assert "changed since" not in a.text_content("#share-note")
        # Other settings than the run on screen: the copied link is still the run on screen
        # (its step too), and the note says plainly that the changes are not in it.
        a.select_option("#algorithm", "batch")
        changed = copy_link(a)
        assert "step=6" in changed and "algorithm=online" in changed
        assert "the data or settings changed since, and those changes are not in it" in a.text_content("#share-note")
        # A new run starts at step 0, and so does its link.
        train(a)
        stepper_idle(a, 0)
        wait_hash(a, "step=", present=False)

        # view=compare: the comparison runs and its five cards are shown; step=3 applies too.
        wait_ready_of(b)
        assert settled(b) == "done"
        b.wait_for_selector('#compare[data-state="done"]', state="attached", timeout=READY_TIMEOUT_MS)
        assert b.locator("#compare-cards .cmp-card").count() == 5
        assert b.is_visible("#compare-body")
        online = json.loads(b.get_attribute("#cmp-online .cmp-weights", "data-weights"))
        assert online == json.loads(b.get_attribute("#weights", "data-values"))
        assert stepper_idle(b, 3)["w"] == run.trace.w[2].tolist()
        h = wait_hash(b, "view=compare")
        assert "step=3" in h
        assert "view=compare" in copy_link(b)
        assert not b.is_visible("#link-notice")


def test_a_step_past_the_end_of_the_run_is_named(page, base_url, default_result):
    assert open_in_page(page, base_url, "#v=1&source=preset&preset=and&step=99") == "done"
    text = notice(page)
    assert "step 99" in text and "18 steps" in text, text
    stepper_idle(page, 0)
    assert "step=" not in wait_hash(page, "step=", present=False)
    assert open_in_page(page, base_url, "#v=1&source=preset&preset=and&step=-2") == "done"
    assert "Step-through position" in notice(page)
    stepper_idle(page, 0)


# ---------------------------------------------------------------- notices for odd links

def test_a_repeated_key_is_named_with_the_value_used(page, base_url, default_result):
    assert open_in_page(page, base_url, "#v=1&algorithm=voted&eta=0.5&algorithm=batch") == "done"
    text = notice(page)
    assert "Algorithm more than once" in text and "so Algorithm is Voted" in text, text
    assert page.input_value("#algorithm") == "voted" and page.input_value("#eta") == "0.5"
    # The same value twice is not ambiguous: no notice.
    assert open_in_page(page, base_url, "#v=1&algorithm=batch&algorithm=batch") == "done"
    assert not page.is_visible("#link-notice")
    assert page.input_value("#algorithm") == "batch"


def test_a_csv_link_without_its_data_asks_for_the_file(page, base_url, default_result):
    seq = int(page.evaluate("document.body.dataset.linkSeq || '0'"))
    page.goto(base_url + "#v=1&source=csv&algorithm=pocket&csvname=data.csv")
    page.wait_for_selector(f'body[data-link-seq="{seq + 1}"]', state="attached")
    text = notice(page)
    assert "This link names a CSV file but doesn't contain its data: upload it again." in text, text
    assert "too large" not in text
    assert page.is_visible("#csv-box") and page.input_value("#algorithm") == "pocket"
