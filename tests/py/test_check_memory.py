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


def test_a_file_that_repeats_itself_holds_each_distinct_cell_text_once():
    # A link's file must repeat itself to inflate to megabytes; each cell a str of its own was
    # ~55 bytes, against an 8-byte slot for a shared one (traced peak 174 -> 94 MB at the size limits).
    rows = [f"{i % 4 * 0.25:.2f},{i % 3 - 1.5:.2f},{'yes' if i % 2 else 'no'}" for i in range(5000)]
    t = csv_read.read("a,b,y\n" + "\n".join(rows) + "\n").table
    assert t.records[0][1][0] == t.records[4][1][0] == "0.00" and t.records[0][1][0] is t.records[4][1][0]
    assert t.records[1][1][2] is t.records[4999][1][2]  # "yes", far past the sample
    assert csv_read.read("a,b,y\n" + "\n".join(rows) + "\n").dataset().X.shape == (5000, 2)


def test_a_file_whose_cells_do_not_repeat_is_read_as_before():
    rows = [f"{i * 0.001:.3f},{i * 0.002:.3f},{'yes' if i % 2 else 'no'}" for i in range(5000)]
    ds = csv_read.read("a,b,y\n" + "\n".join(rows) + "\n").dataset()
    assert ds.X[4321].tolist() == [4.321, 8.642] and ds.y.tolist().count(1) == 2500
