"""A number like 1.234 or 1,234 can be read 1000 times off: wherever the decimal separator (guessed
or chosen) decides it, the reading says so in a sentence of its own, not only in "Read as"; and
UTF-16 text without a byte order mark is read as UTF-16 (it was called "binary data")."""

import base64
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.data.csv_read import parse_csv

PY = Path(__file__).resolve().parents[2] / "py"


def inspect(text, **kw):
    r = handle({"cmd": "inspect", "data": {"kind": "csv", "text": text, "name": "t.csv", **kw}})
    assert r["ok"], r
    return r


@pytest.mark.parametrize("text, kw, value, words", [
    # Guessed decimal comma (5,1): 1.234 is read as thousands, 1234.
    ("a;b;y\n1.234;5,1;1\n2.345;6,2;-1\n", {}, 1234.0, ["'1.234' was read as 1234", "e.g. '5,1' in row 2",
                                                         "1000 times smaller"]),
    # Chosen decimal comma on a file of 3-decimal points: every value 1000 times too large.
    ("a;b;y\n1.234;5.678;1\n2.345;6.789;-1\n", {"decimal": ","}, 1234.0, ["the decimal comma was chosen"]),
    # Guessed decimal point (5.1): 1,234 is read as thousands.
    ("a;b;y\n1,234;5.1;1\n2,345;6.2;-1\n", {}, 1234.0, ["'1,234' was read as 1234", "choose the decimal comma"]),
    # A quoted 1,234 in a comma-separated file.
    ('a,b,y\n"1,234",5,1\n2,6,-1\n', {}, 1234.0, ["quoted cell of a comma-separated file"]),
    # Chosen decimal point where nothing else says so: 1.234 could be thousands, 1000 times larger.
    ("a;b;y\n1.234;5.678;1\n2.345;6.789;-1\n", {"decimal": "."}, 1.234, ["'1.234' was read as 1.234",
                                                                         "1000 times larger"]),
])
def test_a_reading_that_could_be_1000_times_off_is_said(text, kw, value, words):
    r = inspect(text, **kw)
    for w in words:
        assert w in r["read_as_warning"], r["read_as_warning"]
    ds = parse_csv(text, **kw)
    assert ds.X[0, 0] == value  # the sentence describes the very reading


@pytest.mark.parametrize("text, kw", [
    ("a;b;y\n1,234;5,1;1\n2,345;6,2;-1\n", {}),  # decimal comma, as the file's 5,1 says
    ("a;b;y\n1.234.567;5,1;1\n2,3;6,2;-1\n", {}),  # 1.234.567: unambiguous grouping
    ("a;b;y\n1.234;5.1;1\n2.345;6.2;-1\n", {"decimal": "."}),  # chosen, and 5.1 agrees
    ("a,b,y\n1.5,2,1\n3,4,-1\n", {}),
])
def test_no_warning_where_nothing_is_ambiguous(text, kw):
    assert "read_as_warning" not in inspect(text, **kw)


@pytest.mark.parametrize("codec, name", [("utf-16-le", "UTF-16 LE"), ("utf-16-be", "UTF-16 BE")])
def test_utf16_without_bom_is_read_as_utf16(codec, name):
    raw = "a,b,y\n1,2,1\n3,4,-1\n5.5,6,1\n".encode(codec)
    assert not raw.startswith((b"\xff\xfe", b"\xfe\xff"))
    r = handle({"cmd": "inspect", "data": {"kind": "csv", "base64": base64.b64encode(raw).decode(), "name": "u.csv"}})
    assert r["ok"], r  # was: "the file contains binary data, not CSV text"
    assert r["read_as"]["encoding"] == codec and name in r["read_as_text"]
    assert np.array_equal(parse_csv(raw).X, [[1, 2], [3, 4], [5.5, 6]])


def test_cli_says_it_and_can_choose(tmp_path):
    f = tmp_path / "amb.csv"
    f.write_text("a;b;y\n1.234;5,1;1\n2.345;6,2;-1\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(PY)}
    run = lambda *a: subprocess.run([sys.executable, "-m", "perceptron_lab", "train", str(f), "--json", *a],  # noqa: E731
                                    capture_output=True, text=True, env=env, timeout=120)
    p = run()
    assert p.returncode == 0 and p.stderr.startswith("perceptron-lab: note: '1.234' was read as 1234"), p.stderr
    p = run("--decimal", "point")  # the other choice: 5,1 is then refused, saying why
    assert p.returncode == 2 and "a decimal point was chosen for this file" in p.stderr, p.stderr
