"""Progress while a large CSV is read (the page shows it next to the upload), and how many
times a file is parsed per request."""

import base64

import pytest

from perceptron_lab.data import csv_read
from perceptron_lab.bridge import handle
from perceptron_lab.data.csv_read import parse_csv


@pytest.fixture
def every_call(monkeypatch):
    """No time throttle: every report the reader makes reaches the listener."""
    monkeypatch.setattr(csv_read._Progress, "INTERVAL", 0.0)


def _table(rows, width):
    head = ",".join(f"x{j}" for j in range(width - 1)) + ",y\n"
    return head + "".join(",".join(str((i * 7 + j) % 11) for j in range(width - 1)) + f",{i % 2}\n"
                          for i in range(rows))


def test_rows_then_columns_are_reported_in_order_up_to_their_totals(every_call):
    calls = []
    ds = parse_csv(_table(25_000, 10), progress=lambda done, total, phase: calls.append((done, total, phase)))
    assert ds.n == 25_000 and ds.m == 9
    # 10 columns: a report every 100 000 / 10 = 10 000 records; record k is line k (line 1
    # the header), and the file's 25 001 lines end with a newline.
    assert calls == [(10_000, 25_001, "rows"), (20_000, 25_001, "rows"), (25_001, 25_001, "rows"),
                     *[(k, 9, "columns") for k in range(1, 10)]]


def test_a_wide_file_reports_as_often_as_a_long_one(every_call):
    calls = []
    parse_csv(_table(40, 5_001), progress=lambda *c: calls.append(c))
    rows = [c for c in calls if c[2] == "rows"]
    # 5 001 columns: every 100 000 // 5 001 = 19 records.
    assert rows == [(19, 41, "rows"), (38, 41, "rows"), (41, 41, "rows")]
    assert calls[-1] == (5_000, 5_000, "columns")


def test_reports_are_throttled_in_time_but_each_phase_ends_with_its_total():
    calls = []
    parse_csv(_table(30_000, 10), progress=lambda *c: calls.append(c))
    # INTERVAL 0.1 s: the first report, then the phase ends (this file reads in well under a
    # second here, so not every 10 000 rows can be reported).
    assert calls[0][2] == "rows" and (30_001, 30_001, "rows") in calls and calls[-1] == (9, 9, "columns")
    assert len(calls) < 3 + 9


def test_an_unreadable_file_reports_no_end():
    calls = []
    with pytest.raises(csv_read.DataError):
        parse_csv("a,b,y\n1,2,0\n1,2\n", progress=lambda *c: calls.append(c))
    assert all(phase == "rows" for *_, phase in calls)


def _count_loads(monkeypatch):
    seen = []
    real = csv_read._load

    def counted(*a, **k):
        seen.append(1)
        return real(*a, **k)

    monkeypatch.setattr(csv_read, "_load", counted)
    return seen


def test_inspect_parses_the_file_once_and_a_label_change_once_more(monkeypatch, every_call):
    """The page's label chooser sends one inspect with the same bytes: one parse each,
    preview and dataset from the same reading, with progress through the bridge."""
    parses = _count_loads(monkeypatch)
    raw = ("g,x1,x2,y\n" + "".join(f"{10 + 10 * (i % 2)},{i},{i % 5},{i % 3 == 0:d}\n" for i in range(200))).encode()
    data = {"kind": "csv", "base64": base64.b64encode(raw).decode(), "name": "t.csv"}
    reports = []
    r = handle({"cmd": "inspect", "data": data}, progress=lambda *c: reports.append(c))
    assert r["ok"], r
    assert r["label_column"] == "y" and len(parses) == 1
    assert reports[-1] == (3, 3, "columns") and (201, 201, "rows") in reports
    r = handle({"cmd": "inspect", "data": {**data, "label": 0}})
    assert r["ok"] and r["label_column"] == "g" and r["labels"] == {"-1": "10", "+1": "20"} and r["feature_names"] == ["x1", "x2", "y"]
    assert len(parses) == 2


def test_the_read_as_options_of_the_table_are_what_the_reader_takes():
    """params.json's csv_delimiter / csv_decimal / csv_encoding (the page's selects and the
    link keys delim, decimal, enc): every option is a choice the reader makes, and back."""
    from perceptron_lab import settings
    from perceptron_lab.data import csv_text as csvtext
    from perceptron_lab.data.csv_layout import DELIMITERS, check_delimiter
    from perceptron_lab.data.csv_numbers import check_decimal

    for name, check, made in (("csv_delimiter", check_delimiter, set(DELIMITERS)),
                              ("csv_decimal", check_decimal, {".", ","}),
                              ("csv_encoding", csvtext.check_encoding, set(csvtext.ENCODINGS))):
        p = settings.param(name)
        assert p["default"] == "auto" and p["group"] == "data" and p["when"] == {"name": "source", "in": ["csv"]}
        assert check("auto") is None
        assert {check(v) for v in settings.options(name) if v != "auto"} == made
    data = {"kind": "csv", "text": "a;b;y\n1,250;2,500;x\n3,750;1,125;z\n"}
    refused = handle({"cmd": "inspect", "data": data})
    assert not refused["ok"] and "Choose the decimal separator" in refused["error"]["message"]
    as_comma = handle({"cmd": "inspect", "data": {**data, "decimal": "comma", "delimiter": "semicolon"}})
    as_point = handle({"cmd": "inspect", "data": {**data, "decimal": "point"}})
    assert as_comma["read_as"] == {"delimiter": ";", "decimal": ",", "encoding": None}
    assert as_point["read_as_text"] == "read as: semicolon-separated, decimal point, thousands separators"
