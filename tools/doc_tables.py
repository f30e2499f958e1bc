"""The link-key table of docs/embedding.md, written from params.json (the one authority).

python tools/doc_tables.py rewrites the table between its two markers; tests/py/test_docs.py
fails when the file differs from what this writes, so the table cannot drift from the schema.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARAMS = ROOT / "py" / "perceptron_lab" / "params.json"
DOC = ROOT / "docs" / "embedding.md"
BEGIN = "<!-- link keys: written by tools/doc_tables.py from params.json; do not edit by hand -->"
END = "<!-- end of link keys -->"


def _code(v):
    return f"`{v}`"


def _values(p):
    t = p["type"]
    if t == "enum":
        return ", ".join(_code(o["value"]) for o in p["options"])
    if t == "bool":
        return "`1` (on), `0` (off)"
    if t in ("int", "float"):
        whole = "whole number" if t == "int" else "number"
        return f"{whole} {_code(p['min'])} … {_code(p['max'])}"
    if t == "pair":
        return "two feature numbers from 0, comma-separated (`0,1`)"
    if t == "flags":
        return "comma-separated flags (section 3)"
    if t == "names":
        return "class names, comma-separated"
    if t == "column":
        return "the column's number, from 0"
    raise ValueError(f"params.json type {t!r} has no description here")


def _default(p):
    d = p.get("default")
    if d is None or d == []:
        return ""
    if p["type"] == "bool":
        d = int(d)
    elif isinstance(d, list):
        d = ",".join(map(str, d))
    return f"; default {_code(d)}"


def _when(p):
    w = p.get("when")
    if not w:
        return ""
    return f" (when `{w['name']}` is {', '.join(_code(v) for v in w['in'])})"


def link_key_table(params):
    rows = ["| key | setting | values |", "|---|---|---|"]
    for p in params["params"]:
        if not p.get("url"):
            continue
        meaning = f"{p['label']}: {p['hint']}{_when(p)}".replace("|", "\\|")
        rows.append(f"| {_code(p['url'])} | {meaning} | {_values(p)}{_default(p)} |")
    return "\n".join(rows)


def render(doc_text, params):
    """doc_text with the table between the markers written from params."""
    head, sep, rest = doc_text.partition(BEGIN)
    _, sep2, tail = rest.partition(END)
    if not sep or not sep2:
        raise ValueError(f"{DOC.name} lacks the markers {BEGIN!r} … {END!r}")
    return f"{head}{BEGIN}\n{link_key_table(params)}\n{END}{tail}"


def main():
    params = json.loads(PARAMS.read_text(encoding="utf-8"))
    text = DOC.read_text(encoding="utf-8")
    new = render(text, params)
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"wrote the link-key table of {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
