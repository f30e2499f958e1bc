"""What the one-screen tests share: the page's geometry, focus watching."""
from __future__ import annotations

import functools
import http.server
import threading

from conftest import wait_ready_of
from pagekit import at_rest, settled


# Where a box is on screen, and what the page would scroll.
GEOMETRY_JS = """() => {
  const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const d = document.documentElement;
  return { scrollY, scrollX, vw: innerWidth, vh: innerHeight, sw: d.scrollWidth, sh: d.scrollHeight,
           plot: box("plot-boundary"), train: box("train"), status: box("status"),
           play: box("step-play"), words: box("step-text"), tabs: box("tab-setup"), preset: box("preset"),
           panelScroll: document.getElementById("lab").scrollTop };
}"""

# Whether the control is what is drawn at its centre (not clipped by a scrolling panel, not covered).
ON_TOP_JS = """(id) => { const el = document.getElementById(id), r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit === el || el.contains(hit); }"""

# The top of the focused field in the window, sampled every frame from now on.
WATCH_FOCUS_JS = """(id) => {
  const el = document.getElementById(id);
  el.focus();
  window.__ys = new Set();
  const look = () => { window.__ys.add(Math.round(el.getBoundingClientRect().top * 10) / 10);
    if (document.activeElement !== el) window.__ys.add("focus lost");
    if (!window.__stopLook) requestAnimationFrame(look); };
  look();
}"""

# Every layout shift from now on (PerformanceObserver, the Layout Instability API).
CLS_JS = """() => {
  window.__cls = 0; window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      window.__shifts.push([e.value, e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?")]);
    }
  }).observe({ type: "layout-shift" });
}"""


def inside(box, g) -> bool:
    return box["w"] > 0 and box["h"] > 0 and box["x"] >= 0 and box["y"] >= 0 \
        and box["x"] + box["w"] <= g["vw"] + 0.5 and box["y"] + box["h"] <= g["vh"] + 0.5


def loaded_with_focus(page, field: str) -> list:
    """Focus `field` while Python loads and return the field's tops until the first result."""
    page.wait_for_selector(f"#{field}", state="visible")
    assert page.evaluate("document.body.dataset.pyState") != "ready"  # still loading
    page.evaluate(WATCH_FOCUS_JS, field)
    wait_ready_of(page)
    assert settled(page) == "done"
    at_rest(page)
    return page.evaluate("() => { window.__stopLook = true; return [...window.__ys]; }")


def _course_page(base_url, height, link="v=1&embed=1"):
    """A course page on another origin (localhost) with the lab framed at 700 × height."""
    import tempfile
    from pathlib import Path

    root = Path(tempfile.mkdtemp())
    (root / "index.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Week 3</title></head>"
        "<body style='margin:0;font-family:sans-serif'><div style='width:700px'><h1>Week 3</h1>"
        f"<iframe src='{base_url}#{link}' title='Perceptron Lab' width='100%' height='{height}' style='border:0' "
        "sandbox='allow-scripts allow-same-origin allow-downloads allow-popups allow-popups-to-escape-sandbox'>"
        "</iframe></div></body></html>")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a: None
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://localhost:{srv.server_address[1]}/"
    srv.shutdown()
