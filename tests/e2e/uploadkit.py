"""What the upload tests share: files, their bytes, reading one in the page."""
from __future__ import annotations

import json

from playwright.sync_api import expect

import datakit
from datakit import csv_data, make_csv
from perceptron_lab.bridge import handle

from pagekit import RUN_TIMEOUT_MS, click_train, shown_weights, status_shown


CSV_ERROR = '.field-error[data-for="csv-file"]'


GOOD = make_csv(40, ["petal length", "petal width"], ("setosa", "versicolor"), seed=1)
DROPPED = make_csv(25, ["u", "v"], ("3", "7"), seed=2, label_name="digit")
WIDE = make_csv(30, ["a", "b", "c", "d"], ("no", "yes"), seed=3, label_name="ok")


def engine(text: str, **settings) -> dict:
    return datakit.engine(csv_data(text), **settings)


def drawn_as(geom: dict) -> dict:
    """The plot settings the page drew with: its CSS box, pixel ratio and text scale (the view's
    limits follow the shape of the axes)."""
    k = geom["css_scale"]
    return {"plot_px": [round(geom["image_width"] / k), round(geom["image_height"] / k)], "dpr": k,
            "scale": geom["scale"]}


def inspect(text: str) -> dict:
    res = handle({"cmd": "inspect", "data": {"kind": "csv", "text": text, "label": None}})
    assert res["ok"], res
    return res


def upload(page, name: str, content: bytes | str, mime="text/csv") -> None:
    buf = content.encode("utf-8") if isinstance(content, str) else content
    page.set_input_files("#csv-file", files=[{"name": name, "mimeType": mime, "buffer": buf}])


def wait_loaded(page, name: str) -> None:
    """The page has read and checked the file: #csv-info describes it ("name: n rows, ...")."""
    expect(page.locator("#csv-info")).to_contain_text(f"{name}: ", timeout=RUN_TIMEOUT_MS)


def preview_table(page) -> dict:
    return page.evaluate(
        """() => {
          const t = document.querySelector("#csv-preview table");
          if (!t || document.getElementById("csv-preview").hidden) return null;
          return {
            head: [...t.tHead.rows[0].cells].map((c) => c.textContent),
            rows: [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)),
            caption: t.caption ? t.caption.textContent : "",
          };
        }"""
    )


def label_options(page) -> tuple[list[str], str]:
    opts = page.eval_on_selector_all("#label-column option", "os => os.map(o => o.textContent)")
    selected = page.eval_on_selector("#label-column", "s => s.options[s.selectedIndex].textContent")
    return opts, selected


def assert_trains_to(page, text: str, **settings) -> dict:
    assert click_train(page) == "done", page.inner_text("#message")
    exp = engine(text, **settings)
    assert shown_weights(page) == (exp["weights"], exp["bias"])
    assert json.loads(page.get_attribute("#labels", "data-value")) == exp["labels"]
    assert status_shown(page) == exp["status_text"]
    return exp


def watch_reading(page) -> None:
    """window.__reading: the requests the page sends to Python, and every text the reading
    progress shows (polled each animation frame and on each change)."""
    page.evaluate(
        """() => {
          const log = window.__reading = { calls: [], texts: [] };
          const c = window.__pyclient;
          if (!c.__plainCall) c.__plainCall = c.call;
          c.call = function (req) { log.calls.push(req.cmd); return c.__plainCall.call(this, req); };
          const note = () => {
            const t = document.getElementById("csv-reading-text")?.textContent;
            if (t && t !== log.texts[log.texts.length - 1]) log.texts.push(t);
          };
          new MutationObserver(note).observe(document.getElementById("csv-info"),
            { subtree: true, childList: true, characterData: true });
        }"""
    )


def big_csv(rows: int) -> bytes:
    """A file near the 20 MB limit: 11 features of 8 characters, labels a / b."""
    lines = ["," .join(f"x{j}" for j in range(11)) + ",y"]
    for i in range(rows):
        lines.append(",".join(f"{(i * (j + 3)) % 9973 / 97:08.4f}" for j in range(11)) + f",{'ab'[i % 2]}")
    return ("\n".join(lines) + "\n").encode()


BAD = [
    ("empty", b"", ["empty"]),
    ("non-numeric", b"x1,x2,y\n1,2,a\n3,oops,b\n", ["Row 3", "x2", "oops", "not a number"]),
    ("missing", b"x1,x2,y\n1,2,a\n,4,b\n", ["Row 3", "x1", "missing"]),
    ("ragged", b"x1,x2,y\n1,2,a\n3,4\n5,6,b\n", ["Row 3", "2 cells", "3"]),
    ("nan", b"x1,x2,y\n1,2,a\n3,NaN,b\n", ["Row 3", "x2", "NaN", "not allowed"]),
    ("one-class", b"x1,x2,y\n1,2,a\n3,4,a\n", ["only one class"]),
    ("three-classes", b"x1,x2,y\n1,2,a\n3,4,b\n5,6,c\n", ["3 different classes", "row 4"]),
    ("header-only", b"x1,x2,y\n", ["no data rows"]),
]


def iris_csv() -> str:
    """scikit-learn's iris as a CSV file with named classes (data nobody here wrote)."""
    from sklearn.datasets import load_iris

    d = load_iris()
    rows = [",".join(list(d.feature_names) + ["species"])]
    rows += [",".join([*(f"{v:g}" for v in x), d.target_names[t]]) for x, t in zip(d.data, d.target)]
    return "\n".join(rows) + "\n"
