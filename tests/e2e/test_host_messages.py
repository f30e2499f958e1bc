"""The frame's height in every form a host reads: the example pages of docs/examples/ (a host that
reads lti.frameResize objects as Canvas does, one that parses only JSON strings, and a page sized
by iframe-resizer's own parent script, 4.4.5 from node_modules), served from ANOTHER origin with
the lab's address put in: each page's frame takes the lab's content height, which only the
message form that page understands can have told it."""
from __future__ import annotations

import http.server
import re
import shutil
import threading
from pathlib import Path

import pytest

from pagekit import extra_page

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
PLACEHOLDER = "https://example.github.io/perceptron-lab/"
RESIZER_CDN = "https://cdn.jsdelivr.net/npm/iframe-resizer@4.4.5/js/iframeResizer.min.js"
RECORDER = ("<script>window.__msgs = []; addEventListener('message', (e) => "
            "window.__msgs.push(`${typeof e.data} ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}`));</script>")


@pytest.fixture(scope="module")
def host(base_url, tmp_path_factory):
    root = tmp_path_factory.mktemp("hosts")
    origin = re.match(r"https?://[^/]+", base_url).group(0)
    for page in EXAMPLES.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert PLACEHOLDER in text
        text = text.replace(PLACEHOLDER, base_url).replace("https://example.github.io", origin)
        text = text.replace(RESIZER_CDN, "iframeResizer.min.js").replace("</body>", RECORDER + "</body>")
        (root / page.name).write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "node_modules" / "iframe-resizer" / "js" / "iframeResizer.min.js", root)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(root), **k)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://localhost:{srv.server_address[1]}/"
    srv.shutdown()


def _fits(page):
    """Wait until the frame is as tall as the lab's content (which grows as the lab loads)."""
    handle = page.wait_for_selector("#lab")
    frame = handle.content_frame()
    frame.wait_for_selector("body[data-py-state]", state="attached", timeout=60_000)
    last = None
    for _ in range(300):
        want = frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
        got = handle.bounding_box()["height"]
        if abs(got - want) <= 1 and want != 640:
            return got, want
        last = (got, want)
        page.wait_for_timeout(100)
    raise AssertionError(f"the frame never took the content height: (frame, content) = {last}")


@pytest.mark.parametrize("name,form", [
    ("lti-object.html", 'object {"subject":"lti.frameResize","height":'),
    ("lti-json-string.html", 'string {"subject":"lti.frameResize","height":'),
    ("iframe-resizer.html", "string [iFrameSizer]lab:"),
])
def test_each_example_host_fits_the_frame(browser, host, name, form):
    with extra_page(browser, host + name, viewport={"width": 480, "height": 800}) as page:
        got, want = _fits(page)
        assert want > 640  # the lab's content is taller than the snippet's 640 px: the frame grew
        msgs = page.evaluate("window.__msgs")
        heights = [int(m.split(":")[1] if "[iFrameSizer]" in m else m.split('"height":')[1].rstrip("}"))
                   for m in msgs if m.startswith(form)]
        assert heights and want in heights, (want, msgs[-10:])
