"""The status line is focusable (it scrolls when a verdict is long). Focused, Orca speaks its
name (its text) and then the paragraph's own text on the line: with the "Status:" label as the
paragraph's own text and the verdict in a child, Orca said "Status: Converged … Status: "
(heard through Orca 43.1 + Chromium 156). With label and verdict inside one child that Chromium
exposes as an object, the paragraph has no text of its own and Orca says the line once."""

from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXPOSED = {"strong", "em", "mark", "code"}  # inline elements Chromium keeps as objects of their own


class StatusLine(HTMLParser):
    """The children and own text of <p class="status-line" tabindex="0">."""

    def __init__(self):
        super().__init__()
        self.depth = 0          # inside the status line: its element depth
        self.children, self.own_text, self.ids = [], "", []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if not self.depth and tag == "p" and "status-line" in (a.get("class") or "").split() and a.get("tabindex") == "0":
            self.depth = 1
            return
        if self.depth:
            if self.depth == 1:
                self.children.append(tag)
            if a.get("id"):
                self.ids.append(a["id"])
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth == 1:
            self.own_text += data


def test_the_focusable_status_line_has_no_text_of_its_own():
    p = StatusLine()
    p.feed((ROOT / "site" / "index.html").read_text(encoding="utf-8"))
    assert p.children, "the page has a focusable status line"
    assert p.own_text.strip() == "", p.own_text
    assert len(p.children) == 1 and p.children[0] in EXPOSED, p.children
    assert "status" in p.ids  # the verdict (run/status-line.js) is inside it
