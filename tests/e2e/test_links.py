"""Share links (#v=1&...): a link reproduces its run bit for bit in a NEW page, for every
algorithm, for placed points and for a small CSV (inline, compressed); a too-large CSV is
left out with a notice; hostile links (script in values, huge numbers, wrong types,
garbled or truncated data, unknown version, absurd length) leave the page working with
defaults and a visible notice, open no dialog and put no markup from the URL in the DOM.

New pages are made with pagekit.extra_page, which checks them like the module's page (no
console error, no non-local request, no dialog)."""
from __future__ import annotations

import contextlib
import json
import random
from urllib.parse import quote

import pytest

from conftest import READY_TIMEOUT_MS, wait_ready_of
from pagekit import arm_run_end, extra_page, settled, train
from pagekit import shown_result as result
from perceptron_lab.core import train as core_train
from perceptron_lab.data import preset
from perceptron_lab.core.features import prepare

ALGORITHMS = ["online", "batch", "averaged", "voted", "pocket"]
PARALLEL = 3  # fresh pages booting Python at once (the worker's boot watchdog is 30 s/stage)

SMALL_CSV = (
    "a,b,c,label\n"
    "0.5,1.25,3,yes\n-1,0.5,2.5,no\n1.5,-0.25,1,yes\n-0.75,-1,0.125,no\n"
    "2,1,-1,yes\n-2,-1.5,0.5,no\n0.25,2,1.75,yes\n-1.25,0.75,-0.5,no\n"
)


# ---------------------------------------------------------------- helpers

def copy_link(page) -> str:
    page.evaluate("document.getElementById('share-text').dataset.kind = ''")
    page.click("#copy-link")
    page.wait_for_selector("#share-text[data-kind='link']", state="attached")
    return page.input_value("#share-text")


def configure(page, **vals):
    """Set controls by id: selects, numbers, checkboxes (True/False)."""
    for cid, v in vals.items():
        sel = f"#{cid}"
        tag = page.evaluate(f"document.querySelector('{sel}').tagName + ':' + (document.querySelector('{sel}').type || '')")
        if tag.startswith("SELECT"):
            page.select_option(sel, str(v))
        elif tag.endswith("checkbox"):
            page.set_checked(sel, bool(v))
        else:
            page.fill(sel, str(v))
            page.dispatch_event(sel, "change")


def open_fresh(browser, links: list[str]) -> list[dict]:
    """Open each link in a NEW page (its own context), PARALLEL at a time; wait for the run."""
    out = []
    for i in range(0, len(links), PARALLEL):
        with contextlib.ExitStack() as stack:
            batch = [(link, stack.enter_context(extra_page(browser, link))) for link in links[i:i + PARALLEL]]
            for link, page in batch:
                wait_ready_of(page)
                state = settled(page)
                out.append({
                    "link": link, "state": state, "result": result(page),
                    "hash": page.evaluate("location.hash"),
                    "controls": page.evaluate("""() => Object.fromEntries(
                        ['preset', 'n', 'margin', 'spread', 'data-seed', 'algorithm', 'epochs', 'eta', 'order',
                         'seed', 'feature_map', 'test_fraction', 'points-text', 'plot-x', 'plot-y', 'label-column']
                        .map((id) => [id, document.getElementById(id) ? document.getElementById(id).value : null])
                        .concat([['bias', document.getElementById('bias').checked],
                                 ['normalize', document.getElementById('normalize').checked],
                                 ['source', document.querySelector('input[name=source]:checked').value]]))"""),
                    "notice": page.evaluate("document.getElementById('link-notice').hidden ? '' : "
                                            "document.getElementById('link-notice').textContent"),
                    "csv_info": page.text_content("#csv-info"),
                    "point_rows": page.locator("#points-rows tr").count(),
                })
    return out


def base_of(link: str) -> str:
    return link.split("#", 1)[0]


def params(link: str) -> dict:
    return dict(kv.split("=", 1) for kv in link.split("#", 1)[1].split("&"))


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


def upload(page, name: str, text: str):
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": "text/csv", "buffer": text.encode()}])
    page.wait_for_selector(f"#csv-info:has-text('{name}:')", timeout=READY_TIMEOUT_MS)


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


# ---------------------------------------------------------------- hostile links

def open_in_page(page, base: str, hash_: str) -> str:
    """Paste a link into the address bar of the open lab (same document: hashchange)."""
    seq = int(page.evaluate("document.body.dataset.linkSeq || '0'"))
    arm_run_end(page, require_start=True)  # every link opened in a page trains
    page.goto(base + hash_)
    page.wait_for_selector(f'body[data-link-seq="{seq + 1}"]', state="attached")
    return page.evaluate("window.__runEnd")


def notice(page) -> str:
    assert page.is_visible("#link-notice"), "the notice is shown"
    assert page.get_attribute("#link-notice", "role") == "status"
    return page.text_content("#link-notice")


def assert_no_markup_from_url(page, dialogs):
    out = page.evaluate("""() => ({
        pwned: document.querySelectorAll('#pwned, [onerror], [onload]:not(body)').length,
        scripts: [...document.scripts].map((s) => s.getAttribute('src') || ('inline ' + s.textContent)),
        html: document.documentElement.outerHTML,
    })""")
    assert out["pwned"] == 0
    assert "js/main.js" in out["scripts"], out["scripts"]
    assert all(s.startswith("js/") for s in out["scripts"]), out["scripts"]  # no inline script
    # Not even as text: a link's values are never echoed into the page.
    assert "pwned" not in out["html"] and "alert(" not in out["html"]
    assert not dialogs, dialogs


HOSTILE = {
    "script": ("#v=1&algorithm=<script id=pwned>alert(1)</script>&preset=<img id=pwned src=x onerror=alert(2)>",
               ["Algorithm", "Preset"]),
    "huge": ("#v=1&eta=1e999&epochs=99999999999&n=1e400&preset=clouds&seed=7", ["Learning rate", "Epochs", "Points n"]),
    "types": ("#v=1&bias=banana&normalize=yes&order=42&plot=a,b&hide=everything&embed=maybe",
              ["Bias", "Normalize", "Order", "Hidden panels", "Embed mode"]),
    "version": ("#v=99&algorithm=batch&eta=0.5", ["different version", "(v=99)"]),
    "version-text": ("#v=<b>2</b>&algorithm=batch", ["different version"]),
    "long": ("#v=1&eta=0.5&pad=" + "A" * 100_000, ["too long"]),
    "percent": ("#v=1&eta=%E0%A4%A&seed=3&%ZZ=1", ["could not be read"]),
    "csv-garbage": ("#v=1&source=csv&csv=!!!not*base64&csvname=<i id=pwned>x</i>", ["CSV data in this link could not be read"]),
    "csv-bomb-ish": ("#v=1&source=csv&csv=" + "A" * 5000, ["CSV data in this link could not be read"]),
    "points-garbage": ("#v=1&source=points&pts=1,2,3;<svg/onload=alert(1)>", ["points in this link could not be read"]),
}


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


# ---------------------------------------------------------------- the view: step and compare

def wait_hash(page, part: str, present: bool = True, timeout_ms: int = 10_000) -> str:
    """Wait (inside the page, frame by frame) until location.hash does / does not contain part."""
    return page.evaluate(
        """([part, present, ms]) => new Promise((resolve, reject) => {
             const t0 = performance.now();
             const look = () => {
               if (location.hash.includes(part) === present) resolve(location.hash);
               else if (performance.now() - t0 > ms) reject(new Error(`hash: ${location.hash}`));
               else requestAnimationFrame(look);
             };
             look();
           })""",
        [part, present, timeout_ms],
    )


def stepper_idle(page, k: int) -> dict:
    page.wait_for_selector(f'#stepper[data-step="{k}"][data-busy="false"]', state="attached",
                           timeout=READY_TIMEOUT_MS)
    return page.evaluate("""() => ({ w: JSON.parse(document.getElementById('stepper').dataset.w),
        range: document.getElementById('step-range').value,
        pos: document.getElementById('step-pos').textContent })""")


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
