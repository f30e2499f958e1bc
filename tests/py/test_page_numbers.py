"""The page's number fields (site/js/state/state.js validate, run in Node): decimal notation only,
a decimal comma read as the decimal point it stands for, an ambiguous "1,000" refused with
a message; never a value silently different from what was typed. Expected values are
written by hand from the text typed."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CASES = [  # (parameter, typed, the value meant, or None: refused)
    ("eta", "0,1", 0.1), ("eta", "0.1", 0.1), ("eta", ",5", 0.5), ("eta", "2,5e-1", 0.25),
    ("eta", " 3 ", 3.0), ("eta", "1e3", 1000.0),
    ("eta", "0x10", None), ("eta", "0b1", None), ("eta", "0o7", None), ("eta", "1_0", None),
    ("eta", "Infinity", None), ("eta", "NaN", None), ("eta", "1,000", None), ("eta", "1.2.3", None),
    ("eta", "1,2,3", None), ("eta", "", None), ("eta", "1 000", None),
    ("test_fraction", "0,25", 0.25), ("margin", "0,3", 0.3),
    ("epochs", "0x10", None), ("epochs", "1,5", None), ("epochs", "12", 12),
]

SCRIPT = r"""
import * as state from "./site/js/state/state.js";
const cases = JSON.parse(process.argv[1]);
console.log(JSON.stringify(cases.map(([name, raw]) => state.validate(name, raw))));
"""


@pytest.fixture(scope="module")
def answers():
    node = shutil.which("node")
    assert node, "Node is needed to run the page's validation"
    p = subprocess.run([node, "--input-type=module", "-e", SCRIPT, json.dumps([c[:2] for c in CASES])],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("i", range(len(CASES)), ids=[f"{n}={t!r}" for n, t, _ in CASES])
def test_typed_number(answers, i):
    name, typed, meant = CASES[i]
    got = answers[i]
    if meant is None:
        assert "error" in got and got["error"], got
    else:
        assert got == {"value": meant}


def test_an_ambiguous_thousands_comma_names_both_readings(answers):
    err = answers[[c[1] for c in CASES].index("1,000")]["error"]
    assert "1000" in err and "1.000" in err
