"""Runs inside Pyodide in Node (tools/node_check.mjs, called by tools/runs_ahead.py): installs the
app's wheel as the page does and answers the runs computed ahead with its bridge
(tools/ahead_answers.py, whose source comes in check_args["source"]). Input: check_args =
{"wheel": "/tmp/<app wheel>", "source": "<tools/ahead_answers.py>"}."""
import base64
import json

import micropip

await micropip.install("emfs:" + check_args["wheel"], deps=False)  # noqa: F704 (top-level await)

from perceptron_lab import bridge  # noqa: E402
from perceptron_lab.settings import SCHEMA  # noqa: E402

_answers = {"__name__": "ahead_answers"}
exec(compile(check_args["source"], "tools/ahead_answers.py", "exec"), _answers)
_runs = _answers["all_runs"](bridge.handle_json, SCHEMA)
_lessons = _answers["lesson_answers"](bridge.handle_json, {r["id"] for r in _runs})
json.dumps({
    "files": {"runs-ahead.json": base64.b64encode(json.dumps({"runs": _runs, "lessons": _lessons}).encode()).decode()},
    "summary": f"runs computed ahead: {len(_runs)}; lesson answers: {len(_lessons)}",
})
