"""What the loading box says to a screen reader while Python loads: #load is a polite status
(a test elsewhere reads it), but the stage list (✓ / ● marks per stage) and the download line
(MB of MB, many times a second) are not live: Orca spoke about 20 of those per load (heard
through Orca 43.1 + Chromium 156, where a descendant's aria-live="off" silences its changes).
Only the detail line speaks: one sentence per stage, then "Python is ready." or the error."""

from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr"}


class Live(HTMLParser):
    """For each element with an id under #load: the aria-live in force there."""

    def __init__(self):
        super().__init__()
        self.stack = []   # (tag, live in force, inside #load)
        self.live = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        live, inside = self.stack[-1][1:] if self.stack else (None, False)
        inside = inside or a.get("id") == "load"
        live = a.get("aria-live", live)
        if inside and a.get("id"):
            self.live[a["id"]] = (live, tag, a.get("role"))
        if tag not in VOID:
            self.stack.append((tag, live, inside))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def live_under_load():
    p = Live()
    p.feed((ROOT / "site" / "index.html").read_text(encoding="utf-8"))
    return p.live


def test_only_the_detail_line_of_the_loading_box_speaks():
    live = live_under_load()
    assert live["load"] == ("polite", "div", "status")
    assert live["load-detail"][0] == "polite"
    for quiet in ("load-bytes", "load-progress", "load-bytes-text"):
        assert live[quiet][0] == "off", (quiet, live[quiet])


def test_the_stage_list_is_not_live():
    p = (ROOT / "site" / "index.html").read_text(encoding="utf-8")
    start = p.index('<ol class="stages"')
    assert 'aria-live="off"' in p[start:p.index(">", start)]
