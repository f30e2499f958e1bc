"""Runs inside Pyodide in Node (tools/node_check.mjs): installs the app's wheel as the page
does and draws the decision-boundary plot of the run the page makes by itself on a first
visit (AND data, default settings), through the same door the worker calls
(bridge.handle_json); then draws every plot kind (PNG and SVG) and fails on any font
or glyph missing from the trimmed matplotlib. Input: check_args = {"wheel": "/tmp/<app wheel>"}."""
import base64
import json

import micropip

await micropip.install("emfs:" + check_args["wheel"], deps=False)  # noqa: F704 (top-level await)

from perceptron_lab import bridge  # noqa: E402

# The page's first call (site/js/main.js): the default data and settings, boundary plot only.
REQUEST = {"cmd": "train", "data": {"kind": "preset", "name": "and"},
           "settings": {"plot_kinds": ["boundary"]}}
res = json.loads(bridge.handle_json(json.dumps(REQUEST)))
assert res["ok"], res
url = res["plots"]["boundary"]
prefix = "data:image/png;base64,"
assert url.startswith(prefix), url[:40]

# Every plot kind the app draws, PNG and SVG, on the trimmed fonts: any "findfont" or
# missing-glyph message (matplotlib logs the first, warns the second) fails the build.
import logging  # noqa: E402
import warnings  # noqa: E402
_font_msgs = []


class _Catch(logging.Handler):
    def emit(self, record):
        _font_msgs.append(record.getMessage())


logging.getLogger("matplotlib").addHandler(_Catch(level=logging.WARNING))
ALL = ["boundary", "mistakes", "accuracy", "proof", "projection", "weights", "cycle", "trajectory"]
LOOKS = [
    ({"kind": "preset", "name": "iris"}, {"plot_kinds": ALL, "eta": 0.5}),
    ({"kind": "preset", "name": "xor"}, {"plot_kinds": ALL}),
    ({"kind": "preset", "name": "circles"}, {"algorithm": "kernel", "plot_kinds": ALL[:3]}),
    ({"kind": "preset", "name": "digits"}, {"algorithm": "multiclass", "plot_kinds": ALL[:3]}),
]
drawn = 0
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for data, settings in LOOKS:
        r = json.loads(bridge.handle_json(json.dumps({"cmd": "train", "data": data, "settings": settings})))
        assert r["ok"], r
        kinds = [k for k, v in r["plots"].items() if v]  # e.g. no cycle for a run that converged
        drawn += len(kinds)
        for kind in kinds:
            e = json.loads(bridge.handle_json(json.dumps({"cmd": "export", "what": "plot", "plot": kind,
                                                          "format": "svg"})))
            assert e["ok"] and "<svg" in e["text"], (kind, str(e)[:200])
_font_msgs += [str(w.message) for w in caught]
bad = [m for m in _font_msgs if "font" in m.lower() or "glyph" in m.lower()]
assert not bad, bad
assert drawn >= 15, drawn
# The first picture must not depend on what was drawn since: draw it again, compare.
again = json.loads(bridge.handle_json(json.dumps(REQUEST)))
assert again["plots"]["boundary"] == url, "the first picture changed after other runs"

meta = {"request": REQUEST, "alt": (res.get("plot_alt") or {}).get("boundary") or "",
        "status": res.get("status"), "converged": res.get("converged")}
json.dumps({
    "files": {"first-picture.png": url[len(prefix):],
              "first-picture.json": base64.b64encode(json.dumps(meta, indent=1).encode()).decode()},
    "summary": f"first picture: {len(base64.b64decode(url[len(prefix):]))} bytes PNG; "
               f"{drawn} plots (PNG + SVG) drawn with no font or glyph missing",
})
