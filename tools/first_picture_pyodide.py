"""Runs inside Pyodide in Node (tools/node_check.mjs): installs the app's wheel as the page
does and draws the decision-boundary plot of the run the page makes by itself on a first
visit (AND data, default settings), through the same door the worker calls
(bridge.handle_json). Input: check_args = {"wheel": "/tmp/<app wheel>"}."""
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
meta = {"request": REQUEST, "alt": (res.get("plot_alt") or {}).get("boundary") or "",
        "status": res.get("status"), "converged": res.get("converged")}
json.dumps({
    "files": {"first-picture.png": url[len(prefix):],
              "first-picture.json": base64.b64encode(json.dumps(meta, indent=1).encode()).decode()},
    "summary": f"first picture: {len(base64.b64decode(url[len(prefix):]))} bytes PNG",
})
