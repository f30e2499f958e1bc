"""Issue 14 end to end: no link, file or setting a stranger can produce hangs the tab, shows
crash wording or writes markup into the page. Every page here is an extra_page, so it is also
checked for console errors, dialogs (alert from an injected handler) and foreign requests."""

from __future__ import annotations

import json
import re
import time

import numpy as np
from playwright.sync_api import expect

from conftest import wait_ready_of
from hostilekit import AFTER_RESTART_S, QUICK_S, train_and_quickly
from pagekit import RUN_TIMEOUT_MS, arm_run_end, click_train, extra_page, settled

COSTLY = "#v=1&source=preset&preset=overlap&n=5000&epochs=1000&algorithm=pocket&eta=0.5"


def test_a_costly_link_asks_before_it_runs_and_the_tab_stays_usable(browser, base_url):
    with extra_page(browser, base_url + COSTLY) as page:
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="asking"]', state="attached", timeout=RUN_TIMEOUT_MS)
        prompt = page.locator("#budget-prompt")
        expect(prompt).to_be_visible()
        text = prompt.inner_text()
        # 5 000 rows × 2 features × 1 000 epochs of pocket: the estimate in the prompt is the
        # schema's: rows·epochs·(12 µs + 3 values·0.3 µs)·3 = 193.5 s -> "4 min".
        assert "5,000 rows × 2 features × 1,000 epochs" in text and "about 4 min" in text, text
        assert page.locator("#results-body").is_hidden()  # nothing was started
        # The link's settings are in place, nothing was lost by not running.
        assert page.input_value("#epochs") == "1000" and page.input_value("#algorithm") == "pocket"
        # Run starts it (Cancel is offered and works), Not now leaves it.
        arm_run_end(page)
        page.click("#budget-run")
        expect(page.locator("#cancel")).to_be_visible()
        page.click("#cancel")
        cancelled = time.monotonic()
        assert page.evaluate("window.__runEnd") == "cancelled"
        assert "cancelled" in page.text_content("#message").lower()
        assert train_and_quickly(page, cancelled) < AFTER_RESTART_S


def test_a_cheap_link_runs_by_itself(browser, base_url):
    with extra_page(browser, base_url + "#v=1&source=preset&preset=and&epochs=100") as page:
        wait_ready_of(page)
        assert settled(page) == "done"
        assert page.locator("#budget-prompt").is_hidden()


def wide_csv(columns: int, rows: int = 6) -> str:
    rng = np.random.default_rng(3)
    head = ",".join(f"f{i}" for i in range(columns - 1)) + ",label"
    body = [",".join(f"{v:.2f}" for v in rng.normal(size=columns - 1)) + ("," + ("yes" if r % 2 else "no"))
            for r in range(rows)]
    return "\n".join([head, *body]) + "\n"


def test_a_wide_csv_builds_bounded_choosers_and_preview(browser, base_url):
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        text = wide_csv(5000)
        page.set_input_files("#csv-file", files=[{"name": "wide.csv", "mimeType": "text/csv",
                                                  "buffer": text.encode()}])
        expect(page.locator("#csv-info")).to_contain_text("wide.csv: 6 rows, 4999 features", timeout=RUN_TIMEOUT_MS)
        counts = page.evaluate("""() => ({
            label: document.querySelectorAll('#label-column option').length,
            plotx: document.querySelectorAll('#plot-x option').length,
            th: document.querySelectorAll('#csv-preview th').length,
            td: document.querySelectorAll('#csv-preview td').length,
            caption: document.querySelector('#csv-preview caption').textContent,
            label_value: document.getElementById('label-column').value })""")
        assert counts["label"] <= 201 and counts["plotx"] <= 201, counts  # + the "… more" line
        assert counts["th"] == 13 and counts["td"] == 6 * 13, counts  # 12 first + the label column
        assert "13 of 5,000 columns" in counts["caption"], counts
        assert counts["label_value"] == "4999"  # the last column stays the label
        # The search finds any column by name or number.
        page.fill("#label-column-search", "f4321")
        names = page.eval_on_selector_all("#label-column option", "os => os.map(o => o.textContent)")
        assert names == ["label", "f4321"], names
        page.fill("#plot-x-search", "4000")  # column 4000 = f3999, and names containing 4000
        assert "f3999" in page.eval_on_selector_all("#plot-x option", "os => os.map(o => o.textContent)")
        page.select_option("#plot-x", "3999")
        assert click_train(page) == "done", page.text_content("#message")
        assert train_and_quickly(page, time.monotonic()) < QUICK_S


HOSTILE_NAME = "<img src=x onerror=alert(1)>.csv"
HOSTILE_CSV = ('"<b id=hb>x1</b>","<img src=y onerror=alert(2)>",kind\n'
               + "".join(f"{a},{b},{'<i id=hi>pos</i>' if a + b > 1 else '<svg onload=alert(3)>'}\n"
                         for a, b in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 2), (0, 0.5)]))


def test_markup_in_a_file_name_headers_and_labels_stays_text(browser, base_url):
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        page.set_input_files("#csv-file", files=[{"name": HOSTILE_NAME, "mimeType": "text/csv",
                                                  "buffer": HOSTILE_CSV.encode()}])
        expect(page.locator("#csv-info")).to_contain_text(HOSTILE_NAME, timeout=RUN_TIMEOUT_MS)
        assert click_train(page) == "done", page.text_content("#message")
        page.wait_for_timeout(500)  # an injected onerror/onload would have fired by now
        injected = page.evaluate("""() => [
            document.querySelectorAll('#hb, #hi, svg[onload], [onerror], img[src="x"], img[src="y"]').length,
            [...document.querySelectorAll('*')].flatMap(e => [...e.attributes])
              .filter(a => a.name.startsWith('on')).map(a => a.name + '=' + a.value)]""")
        assert injected == [0, []], injected
        assert "<b id=hb>x1</b>" in page.inner_text("#csv-preview")
        assert "<svg onload=alert(3)>" in page.inner_text("#csv-info")
        # Alt texts, titles and download names carry the text as text (an attribute value).
        attrs = page.evaluate("""() => [...document.querySelectorAll('[alt], [title], [download]')]
            .map(e => (e.getAttribute('alt') || '') + (e.getAttribute('title') || '') + (e.getAttribute('download') || ''))""")
        assert not any("<img" in a and "onerror" not in a for a in attrs)
        assert train_and_quickly(page, time.monotonic()) < QUICK_S


LINK_CSV = ("a,b,c,label\n0.5,1.25,3,yes\n-1,0.5,2.5,no\n1.5,-0.25,1,yes\n-0.75,-1,0.125,no\n"
            "2,1,-1,yes\n-2,-1.5,0.5,no\n")


def open_hash(page, hash_: str) -> None:
    seq = page.evaluate("Number(document.body.dataset.linkSeq || 0)")
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_function("s => Number(document.body.dataset.linkSeq || 0) > s", arg=seq, timeout=RUN_TIMEOUT_MS)


def test_link_notices_name_the_real_cause(browser, base_url):
    with extra_page(browser, base_url) as page:
        wait_ready_of(page)
        settled(page)
        z = page.evaluate("""async (t) => encodeURIComponent(
            await (await import(new URL("js/state/share.js", document.baseURI).href)).deflate(t))""", LINK_CSV)
        notice = lambda: page.inner_text("#link-notice")  # noqa: E731
        # Plot features beyond the file's three: said, and features 1 and 2 plotted.
        open_hash(page, f"#v=1&source=csv&csv={z}&csvname=s.csv&plot=4,6&eta=0.5")
        assert "features to plot (5 and 7) are not two different features of the file's 3" in notice()
        assert page.input_value("#plot-x") == "0" and page.input_value("#plot-y") == "1"
        # A label column the file does not have: Python's reason, not "cut short".
        open_hash(page, f"#v=1&source=csv&csv={z}&csvname=s.csv&label=9&eta=0.25")
        text = notice()
        assert "was not accepted" in text and "cut short" not in text, text
        assert page.input_value("#eta") == "0.25"  # the settings stay
        # Data left out of the link, in a view without the data panel: no "upload it again".
        open_hash(page, "#v=1&source=csv&csvbig=1&csvname=big.csv&embed=1&hide=data")
        text = notice()
        assert "no file upload" in text and "upload it again" not in text, text
        settled(page)



def test_a_points_link_of_one_class_says_what_to_fix_once_python_is_ready(browser, base_url):
    """Nothing can train on points of one class: once Python was ready the page said nothing, and
    the place of the first result still said it waited for Python (for minutes, as if frozen)."""
    with extra_page(browser, base_url + "#v=1&source=points&pts=0,0,1;1,1,1;2,2,1") as page:
        wait_ready_of(page)
        want = "Place at least one point of each class (+1 and −1)."
        expect(page.locator("#results-empty")).to_have_text(f"Python is ready. {want}")
        expect(page.locator('.field-error[data-for="points"]', has_text=want).first).to_be_visible()
        assert page.evaluate("document.body.dataset.runState") == "idle"

# What a worker may do, reported by a module the test serves itself (same origin).
CSP_PROBE = """
let evalAllowed = true; try { (0, eval)("1"); } catch { evalAllowed = false; }
let foreign = "allowed";
try { await fetch(%s, {cache: "no-store"}); } catch { foreign = "blocked"; }
let wasm = true; try { await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); } catch { wasm = false; }
postMessage({evalAllowed, foreign, wasm});
"""

RUN_PROBE = """
async ({url, direct}) => {
  const { spawnWorker } = await import(new URL("js/python/pyclient.js", document.baseURI).href);
  const w = direct ? new Worker(url, {type: "module"}) : spawnWorker(url);
  const out = await new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); w.onerror = (e) => resolve({error: String(e.message)}); });
  w.terminate();
  return out;
}
"""


def test_the_worker_runs_under_the_pages_policy_without_any_csp_header(browser, base_url):
    """GitHub Pages sends no CSP header: here none is sent either (stripped), so only the
    page's <meta> policy exists. The app's workers (pyclient.spawnWorker, which also starts
    Python) inherit it: no eval, no connection to another origin, WebAssembly allowed."""
    other_origin = base_url.replace("127.0.0.1", "localhost")  # the same server, another origin
    with extra_page(browser, base_url, goto=False) as page:
        def strip_csp(route):
            resp = route.fetch()
            headers = {k: v for k, v in resp.headers.items() if k.lower() != "content-security-policy"}
            route.fulfill(response=resp, headers=headers)

        def probe_module(route):
            route.fulfill(status=200, content_type="text/javascript",
                          body=CSP_PROBE % json.dumps(other_origin + "index.html"))

        page.route("**/js/csp-probe.js", probe_module)
        page.route("**/*", strip_csp)
        page.route("**/js/csp-probe.js", probe_module)  # the last route added is tried first
        page.goto(base_url)
        assert page.evaluate("""async () => (await fetch(document.baseURI)).headers.get("content-security-policy")""") is None
        wait_ready_of(page)  # Python boots under the inherited policy: it needs no eval
        assert settled(page) == "done"
        probe_url = base_url + "js/csp-probe.js"
        inherited = page.evaluate(RUN_PROBE, {"url": probe_url, "direct": False})
        assert inherited == {"evalAllowed": False, "foreign": "blocked", "wasm": True}, inherited
        # Why the bootstrap: a worker started from its URL has no policy at all here.
        direct = page.evaluate(RUN_PROBE, {"url": probe_url, "direct": True})
        assert direct == {"evalAllowed": True, "foreign": "allowed", "wasm": True}, direct
        # The refusals the probe provoked on purpose are logged as console errors: only those go.
        page.lab_log.errors[:] = [e for e in page.lab_log.errors
                                  if "Content Security Policy" not in e and "localhost" not in e]
        # The page's own policy (Playwright's evaluate is exempt from it, so read it): no 'unsafe-eval'.
        meta = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
        assert "script-src 'self' 'wasm-unsafe-eval'" in meta and "'unsafe-eval'" not in meta, meta
        assert "connect-src 'self'" in meta and "worker-src 'self' blob:" in meta, meta
        assert train_and_quickly(page, time.monotonic()) < QUICK_S


def test_a_cheap_link_on_a_screen_where_its_plots_would_be_huge_asks_first(browser, base_url):
    """AND trains in milliseconds, but its plots are drawn for the box they are shown in times
    the pixel ratio: a wide window at pixel ratio 4 makes each plot tens of millions of
    pixels, so the link's run is asked for, and the question says the plots are why."""
    from conftest import attach_log, check_log

    context = browser.new_context(viewport={"width": 2400, "height": 1600}, device_scale_factor=4,
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    log = attach_log(context, page)
    try:
        page.goto(base_url + "#v=1&source=preset&preset=and&epochs=100")
        wait_ready_of(page)
        page.wait_for_selector('body[data-run-state="asking"]', state="attached", timeout=RUN_TIMEOUT_MS)
        text = page.inner_text("#budget-prompt")
        assert re.search(r"4 rows × 2 features × 100 epochs, drawn as up to 6 plots of [\d,]+ × [\d,]+ px "
                         r"\(the largest; the others smaller\) at pixel ratio 4 \(this screen's\)", text), text
        box = [int(v.replace(",", "")) for v in re.search(r"plots of ([\d,]+) × ([\d,]+) px", text).groups()]
        assert page.locator("#results-body").is_hidden()
        arm_run_end(page)
        page.click("#budget-run")
        assert page.evaluate("window.__runEnd") == "done", page.text_content("#message")
        # The size asked about is the boundary plot's box once the question has gone (the run's).
        assert box == page.evaluate("""async () => (await import(new URL("js/plot/plots.js", document.baseURI).href))
                                       .plotBox("boundary")""")
        assert train_and_quickly(page, time.monotonic()) < AFTER_RESTART_S  # big plots take a while
    finally:
        problems = check_log(log)
        context.close()
    assert not problems, problems
