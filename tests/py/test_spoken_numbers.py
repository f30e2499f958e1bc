"""The boundary plot's alt (Python) and the page's sentence about the same line (site/js,
run in Node) write each number the same way: a screen reader reads them one after the other,
and "3.0·x1" then "3·x1" sounds like two answers. The page's formatter is the reference."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from perceptron_lab import plots
from perceptron_lab.plots.spoken_numbers import spoken_number

ROOT = Path(__file__).resolve().parents[2]

VALUES = [3, -4, 20, -30, 0, 1.5, 4 / 3, 0.125, -0.1, 2.675, 0.5, 1e-4, 0.00012345, 7.25e-5, 2.5e-7,
          0.99995, 1.00005, 12345, 99999.5, 123456, 1e6, 1234567, -2.5e9]
LINES = [[3, 2, -4], [20, 20, -30], [0.25, -1.5, 0.1], [1.4, -0.35, 2.2], [-1, 0.5, 0]]

SCRIPT = r"""
import { fmt } from "./site/js/page/format.js";
import { lineSentence } from "./site/js/access/run-description.js";
const [values, lines] = JSON.parse(process.argv[1]);
const res = { points: [[0, 0, -1]], settings: { bias: true, feature_map: "none" }, feature_names: ["x1", "x2"] };
console.log(JSON.stringify({ numbers: values.map((v) => fmt(v, 4)), lines: lines.map((w) => lineSentence(res, w)) }));
"""


@pytest.fixture(scope="module")
def page():
    node = shutil.which("node")
    assert node, "Node is needed to run the page's formatter"
    p = subprocess.run([node, "--input-type=module", "-e", SCRIPT, json.dumps([VALUES, LINES])],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_a_number_is_written_as_the_page_writes_it(page):
    assert [spoken_number(v) for v in VALUES] == page["numbers"]


def test_the_boundary_alt_gives_the_line_as_the_page_says_it(page):
    for w, sentence in zip(LINES, page["lines"]):
        alt = plots.describe_boundary(w, ["x1", "x2"], True, "none", 0, 4)
        equation = alt.removeprefix("Decision boundary ").split(";")[0]
        # The page writes "a·x1 + b·x2 + c = 0" with every term, the alt leaves zero terms out.
        assert sentence.startswith("The line: "), sentence
        said = sentence.removeprefix("The line: ").split(" = 0")[0] + " = 0"
        assert equation == said.replace(" + 0 = 0", " = 0"), (alt, sentence)


def test_and_s_line_is_said_with_whole_numbers():
    alt = plots.describe_boundary([3.0, 2.0, -4.0], ["x1", "x2"], True, "none", 0, 4)
    assert alt == "Decision boundary 3·x1 + 2·x2 − 4 = 0; 0 of 4 points misclassified."
