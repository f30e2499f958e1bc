"""One CSV loader, one cache: a file is read once per file and reading options, whatever asks for
it (the page's inspect, Train of a binary or the multiclass perceptron, a retrain, a switch of
algorithm, compare; a 20 MB file takes seconds to read in the page); the numbers are those of the
file itself (a reference parse with numpy)."""
import base64
import io

import numpy as np
import pytest

from perceptron_lab.bridge import door
from perceptron_lab.data import csv_read
from perceptron_lab.data import request as inputs

from reference import plain_online

CSV = "a,b,kind\n1.5,2,x\n-1,0.5,y\n2,-3,x\n0.25,1,y\n3,3,x\n-2,-1,y\n"
THREE = "a,b,kind\n1.5,2,x\n-1,0.5,y\n2,-3,x\n0.25,1,y\n3,3,z\n-2,-1,z\n"


@pytest.fixture
def reads(monkeypatch):
    """How often a file's table is read (csv_table) and its columns converted to numbers."""
    count = {"table": 0, "columns": 0}
    load, columns = csv_read._load, csv_read._columns

    def counted_load(*a, **k):
        count["table"] += 1
        return load(*a, **k)

    def counted_columns(*a, **k):
        count["columns"] += 1
        return columns(*a, **k)

    monkeypatch.setattr(csv_read, "_load", counted_load)
    monkeypatch.setattr(csv_read, "_columns", counted_columns)
    monkeypatch.setattr(inputs, "_kept", None)
    return count


def spec(label=None, text=CSV):
    s = {"kind": "csv", "base64": base64.b64encode(text.encode()).decode(), "name": "t.csv"}
    return s if label is None else {**s, "label": label}


def test_train_after_inspect_and_retrains_read_the_file_once(reads):
    assert door.handle({"cmd": "inspect", "data": spec()})["ok"]
    first = door.handle({"cmd": "train", "data": spec(), "settings": {"plots": False}})
    again = door.handle({"cmd": "train", "data": spec(), "settings": {"plots": False, "eta": 0.5}})
    assert door.handle({"cmd": "compare", "data": spec(), "settings": {}})["ok"]
    assert reads == {"table": 1, "columns": 1}
    # The numbers are the file's: a reference parse with numpy, -1 for the label sorting first (x).
    M = np.genfromtxt(io.StringIO(CSV), delimiter=",", skip_header=1, usecols=(0, 1))
    y = np.where(np.genfromtxt(io.StringIO(CSV), delimiter=",", skip_header=1, usecols=2, dtype=str) == "x", -1, 1)
    w, _, _ = plain_online(np.c_[M, np.ones(len(M))], y)  # the notes' online perceptron, bias last, η = 1
    assert first["w"] == pytest.approx(w.tolist(), abs=0) and again["w"] == pytest.approx((0.5 * w).tolist())


def test_a_multiclass_file_is_read_once_for_its_upload_and_both_kinds_of_training(reads):
    """The upload (a binary inspect refuses the third class, the page asks again for every class),
    a binary Train (refused, pointing to multiclass), the multiclass Train and a kernel Train."""
    binary = door.handle({"cmd": "inspect", "data": spec(text=THREE)})
    assert not binary["ok"] and "multiclass perceptron" in binary["error"]["message"]
    every = door.handle({"cmd": "inspect", "data": spec(text=THREE), "multiclass": True})
    assert every["labels"] == {"classes": ["x", "y", "z"]}
    online = door.handle({"cmd": "train", "data": spec(text=THREE), "settings": {"plots": False}})
    assert not online["ok"] and "multiclass perceptron" in online["error"]["message"]
    multi = door.handle({"cmd": "train", "data": spec(text=THREE),
                         "settings": {"plots": False, "algorithm": "multiclass"}})
    kernel = door.handle({"cmd": "train", "data": spec(text=THREE),
                          "settings": {"plots": False, "algorithm": "kernel"}})
    assert multi["ok"] and not kernel["ok"]
    assert reads == {"table": 1, "columns": 1}
    # every class's rows as the file has them (classes sorted: x, y, z)
    M = np.genfromtxt(io.StringIO(THREE), delimiter=",", skip_header=1, usecols=(0, 1))
    assert every["n"] == len(M) and multi["dataset"]["n"] == len(M)


def test_another_file_or_reading_reads_again(reads):
    door.handle({"cmd": "train", "data": spec(), "settings": {"plots": False}})
    door.handle({"cmd": "train", "data": spec(label="kind"), "settings": {"plots": False}})
    door.handle({"cmd": "train", "data": spec(text=CSV.replace("1.5", "1.25")), "settings": {"plots": False}})
    door.handle({"cmd": "train", "data": {**spec(), "decimal": ","}, "settings": {"plots": False}})
    assert reads["table"] == 4


def test_a_bad_cell_is_said_again_without_reading_again(reads):
    bad = CSV.replace("0.25", "abc")
    first = door.handle({"cmd": "train", "data": spec(text=bad), "settings": {"plots": False}})
    second = door.handle({"cmd": "train", "data": spec(text=bad),
                          "settings": {"plots": False, "algorithm": "multiclass"}})
    assert first["error"] == second["error"] and first["error"]["row"] == 5
    assert reads == {"table": 1, "columns": 1}


def test_a_run_cannot_change_the_kept_copy(reads):
    ds = inputs.load_data(spec())
    ds.X[:] = 0
    assert inputs.load_data(spec()).X[0].tolist() == [1.5, 2.0] and reads["table"] == 1
