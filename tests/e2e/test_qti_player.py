"""The QTI 3.0 bank in a real QTI player: Cito's @citolab/qti-components (npm devDependency) renders
each item of a 20-variant bank in Chromium; the test answers as a student does (clicks the choice,
types the number) and reads the SCORE the player's own response processing computes: 1 for the
engine's answer, 0 for a wrong one, for every item. No lab page is booted (no Python in the page)."""
from __future__ import annotations

import http.server
import shutil
import threading
import zipfile
import io
from pathlib import Path

import pytest

from pagekit import extra_page
from perceptron_lab.quiz import qti3
from perceptron_lab.quiz.items import bank

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ROOT / "node_modules" / "@citolab" / "qti-components" / "cdn" / "index.js"
ITEMS = bank(20, seed=0)
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>QTI player</title>
<script type="module">
  import { getItemByUri } from "./qti-components.js";
  window.showItem = async (uri) => {
    const item = await getItemByUri(uri);
    document.getElementById("host").replaceChildren(item);
    await customElements.whenDefined("qti-assessment-item");
    await item.updateComplete;
    return item.identifier;
  };
  window.scoreOf = () => {
    const item = document.querySelector("qti-assessment-item");
    item.processResponse();
    return Number(item.getOutcome("SCORE").value);
  };
  window.playerReady = true;
</script></head><body><div id="host"></div></body></html>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("qti3")
    zipfile.ZipFile(io.BytesIO(qti3.package(ITEMS))).extractall(out)
    shutil.copy(PLAYER, out / "qti-components.js")
    (out / "index.html").write_text(PAGE, encoding="utf-8")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(out), **k)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/"
    srv.shutdown()


def wrong_number(a):
    return a["value"] + 2 * a["tolerance"] + 1


def answer(page, item, right):
    a = item["answer"]
    if a["type"] == "choice":
        k = a["correct"] if right else (a["correct"] + 1) % len(a["options"])
        page.locator(f'qti-simple-choice[identifier="C{k + 1}"]').click()
    else:
        v = a["value"] if right else wrong_number(a)
        page.locator("qti-text-entry-interaction input").fill(f"{v:.10g}")
        page.locator("qti-text-entry-interaction input").blur()


def test_the_player_scores_the_engine_s_answer_full_and_a_wrong_one_zero_for_every_item(browser, site):
    with extra_page(browser, site + "index.html") as page:
        page.wait_for_function("window.playerReady === true")
        scores = {}
        for item in ITEMS:
            for right in (True, False):
                assert page.evaluate("(u) => showItem(u)", f"items/{item['id']}.xml") == item["id"]
                # the picture, packaged beside the item, loads through the player's path rewriting
                page.wait_for_function("(() => { const i = document.querySelector('qti-item-body img');"
                                       " return i && i.complete && i.naturalWidth === 480; })()")
                answer(page, item, right)
                scores[item["id"], right] = page.evaluate("scoreOf()")
        assert {k: v for k, v in scores.items() if v != (1 if k[1] else 0)} == {}
        assert len(scores) == 2 * len(ITEMS) == 200
