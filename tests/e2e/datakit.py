"""Data the e2e modules make, and what CPython's bridge answers for the page's request: the
page's results are compared with these (the same package, run outside the browser)."""

from __future__ import annotations

import random

from pagekit import PAGE_SETTINGS
from perceptron_lab.bridge import handle

GENERATED = {"clouds", "overlap", "circles"}


def preset_data(name: str) -> dict:
    """The bridge DATA the page sends for a preset with its default generator settings."""
    data = {"kind": "preset", "name": name}
    if name in GENERATED:
        data.update(n=100, spread=1.0, seed=0)
    if name == "clouds":
        data["margin"] = 0.3
    return data


def make_csv(n: int, features: list[str], labels: tuple[str, str], seed: int, label_name="species") -> str:
    """A CSV with float features (many digits, so equal weights mean the same arithmetic)."""
    rng = random.Random(seed)
    lines = [",".join(features + [label_name])]
    for _ in range(n):
        k = rng.random() < 0.5
        xs = [round(rng.gauss(1.0 if k else -1.0, 1.3) + 0.1 * j, 9) for j in range(len(features))]
        lines.append(",".join([repr(x) for x in xs] + [labels[k]]))
    return "\n".join(lines) + "\n"


def csv_data(text: str, label=None) -> dict:
    return {"kind": "csv", "text": text, "label": label}


def engine(data: dict, **settings) -> dict:
    """What CPython's bridge answers for the page's train request (the page's defaults plus
    `settings`)."""
    res = handle({"cmd": "train", "data": data, "settings": {**PAGE_SETTINGS, **settings}})
    assert res["ok"], res
    return res
