"""`check` on a link that carries a CSV file reads that file once, and never holds two readings at
once: a reading keeps every cell as text (about 70 bytes a cell), so at the size limits (an 8 MB CSV
in a 64 KiB link) a second reading alive beside the first took the traced peak from 174 to 289 MB
(bench/check_memory.py prints it). Counted where the reading is made (data/csv_read.read)."""

import base64
import zlib

import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.data import csv_read, request


def csv_link(rows, label=None):
    text = "a,b,y\n" + "".join(f"{i % 7 - 3},{i % 5 - 2},{'yes' if i % 2 else 'no'}\n" for i in range(rows))
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    z = base64.urlsafe_b64encode(c.compress(text.encode()) + c.flush()).decode().rstrip("=")
    chosen = "" if label is None else f"&label={label}"
    return f"https://t.example/#v=1&source=csv{chosen}&algorithm=online&epochs=1&view=exercise&exn=1&exs=0&exa=n&csv={z}"


@pytest.fixture
def readings(monkeypatch):
    seen = {"reads": 0, "alive_before": []}
    original = csv_read.read

    def counted(*a, **k):
        seen["reads"] += 1
        seen["alive_before"].append(request._kept is not None)  # the last file's reading still held?
        return original(*a, **k)

    monkeypatch.setattr(csv_read, "read", counted)
    request.forget_csv()
    yield seen
    request.forget_csv()


@pytest.mark.parametrize("label", [None, 2])
def test_a_csv_link_is_read_once_per_check(readings, label):
    r = handle({"cmd": "check", "link": csv_link(400, label)})
    assert r["ok"], r
    assert r["answered"] == 1 and r["exercise"]["algorithm"] == "online"
    assert readings["reads"] == 1


def test_the_last_file_is_let_go_before_the_next_is_read(readings):
    for rows in (300, 301, 302):  # three students' links, each its own file
        assert handle({"cmd": "check", "link": csv_link(rows)})["ok"]
    assert readings["reads"] == 3
    assert readings["alive_before"] == [False, False, False]
