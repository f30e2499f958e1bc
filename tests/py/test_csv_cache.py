"""A CSV file is read once per file and reading options: Train after the page's inspect, a
retrain and compare reuse it (a 20 MB file takes seconds to read in the page); the numbers are
those of the file itself (a reference parse with numpy)."""
import base64
import io

import numpy as np
import pytest

from perceptron_lab.data import csv_read
from perceptron_lab.bridge import door
from perceptron_lab.data import request as inputs

CSV = "a,b,kind\n1.5,2,x\n-1,0.5,y\n2,-3,x\n0.25,1,y\n3,3,x\n-2,-1,y\n"


@pytest.fixture
def reads(monkeypatch):
    count = {"parse": 0, "inspect": 0}
    parse, inspect = csv_read.parse_csv, csv_read.inspect_csv

    def counted_parse(*a, **k):
        count["parse"] += 1
        return parse(*a, **k)

    def counted_inspect(*a, **k):
        count["inspect"] += 1
        return inspect(*a, **k)

    monkeypatch.setattr(csv_read, "parse_csv", counted_parse)
    monkeypatch.setattr(csv_read, "inspect_csv", counted_inspect)
    monkeypatch.setattr(inputs, "_last_csv", None)
    return count


def spec(label=None, text=CSV):
    s = {"kind": "csv", "base64": base64.b64encode(text.encode()).decode(), "name": "t.csv"}
    return s if label is None else {**s, "label": label}


def test_train_after_inspect_and_retrains_read_the_file_once(reads):
    assert door.handle({"cmd": "inspect", "data": spec()})["ok"]
    first = door.handle({"cmd": "train", "data": spec(), "settings": {"plots": False}})
    again = door.handle({"cmd": "train", "data": spec(), "settings": {"plots": False, "eta": 0.5}})
    assert door.handle({"cmd": "compare", "data": spec(), "settings": {}})["ok"]
    assert reads == {"parse": 0, "inspect": 1}
    # The numbers are the file's: a reference parse with numpy, -1 for the label sorting first (x).
    M = np.genfromtxt(io.StringIO(CSV), delimiter=",", skip_header=1, usecols=(0, 1))
    y = np.where(np.genfromtxt(io.StringIO(CSV), delimiter=",", skip_header=1, usecols=2, dtype=str) == "x", -1, 1)
    w = np.zeros(3)
    for _ in range(100):  # the online perceptron of the notes, bias last, fixed order, η = 1
        wrong = 0
        for x, t in zip(np.c_[M, np.ones(len(M))], y):
            if t * (w @ x) <= 0:
                w, wrong = w + t * x, wrong + 1
        if not wrong:
            break
    assert first["w"] == pytest.approx(w.tolist(), abs=0) and again["w"] == pytest.approx((0.5 * w).tolist())


def test_another_file_or_reading_reads_again(reads):
    door.handle({"cmd": "train", "data": spec(), "settings": {"plots": False}})
    door.handle({"cmd": "train", "data": spec(label="kind"), "settings": {"plots": False}})
    door.handle({"cmd": "train", "data": spec(text=CSV.replace("1.5", "1.25")), "settings": {"plots": False}})
    assert reads["parse"] == 3


def test_a_run_cannot_change_the_kept_copy(reads):
    ds = inputs.load_data(spec())
    ds.X[:] = 0
    assert inputs.load_data(spec()).X[0].tolist() == [1.5, 2.0] and reads["parse"] == 1
