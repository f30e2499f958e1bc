"""What the link tests share: links, their cases, opening one in the page."""
from __future__ import annotations

import contextlib

from conftest import READY_TIMEOUT_MS, wait_ready_of
from pagekit import arm_run_end, extra_page, in_tab, settled
from pagekit import shown_result as result


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
    with in_tab(page, "share"):
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


def upload(page, name: str, text: str):
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": "text/csv", "buffer": text.encode()}])
    page.wait_for_selector(f"#csv-info:has-text('{name}:')", timeout=READY_TIMEOUT_MS)


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
    assert "js/lab.js" in out["scripts"], out["scripts"]  # the page's modules, bundled (tools/bundle.py)
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
