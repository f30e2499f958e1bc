"""The snapshot maker's warm-up (worker_boot.warm_up): the page's first calls after a run, made
once before the memory snapshot, so that a restored worker has their imports and one-time costs paid."""
import json
import re
from pathlib import Path

import pytest

from perceptron_lab import bridge, worker_boot
from perceptron_lab.bridge import session

ROOT = Path(__file__).resolve().parents[2]


def test_warm_up_makes_the_pages_first_calls_and_forgets_the_run(monkeypatch):
    asked = []
    door = bridge.handle_json

    def seen(text, progress=None):
        asked.append(json.loads(text))
        return door(text, progress)

    monkeypatch.setattr(bridge, "handle_json", seen)
    worker_boot.warm_up()
    said = [(r["cmd"], "scene" if r.get("scene") else "batch" if "batch" in r else "") for r in asked]
    assert said == [("train", ""), ("theory", ""), ("frame", "scene"), ("frame", "batch"), ("plots", "")]
    assert asked[0]["data"] == {"kind": "preset", "name": "and"} and asked[0]["theory"] == "later"
    assert asked[3]["batch"][0] == 0
    with pytest.raises(session.NoSession):  # a restored worker must not answer for a run its page never made
        session.current()


def test_warm_up_draws_the_plots_the_page_asks_for_after_a_run():
    page = re.search(r"export const PLOTS = \[([^\]]*)\]", (ROOT / "site/js/plot/plots.js").read_text()).group(1)
    later = [k.strip().strip('"') for k in page.split(",") if k.strip().strip('"') != "boundary"]
    plots = worker_boot.warm_up_requests()[-1]
    assert plots["kinds"] == later and sorted(plots["sizes"]) == sorted(later)
