"""Download as Python / Notebook for the kernel and multiclass perceptrons: the scripts, run by
CPython, print the page's numbers exactly (α, η·α·y and the bias; W per class)."""

import ast
import json
import os
import subprocess
import sys

import pytest
from sklearn.datasets import load_iris

from perceptron_lab.bridge import handle
from perceptron_lab.bridge.script import script_request
from test_script_export import PY, notebook_as_script, points, run_scripts


def iris3_csv():
    """All three iris classes, four features (longer than the inline limit: a CSV beside the script)."""
    d = load_iris()
    head = ",".join(n.replace(" ", "_") for n in d.feature_names) + ",species"
    rows = [",".join(repr(v) for v in r) + f",{d.target_names[t]}" for r, t in zip(d.data.tolist(), d.target)]
    return head + "\n" + "\n".join(rows) + "\n"


def iris2_csv():
    d = load_iris()
    rows = [f"{a!r},{b!r},{d.target_names[t]}" for (a, b), t in zip(d.data[:100, :2].tolist(), d.target[:100])]
    return "sepal length,sepal width,species\n" + "\n".join(rows) + "\n"


KERNEL_CASES = {
    "and-rbf": ({"kind": "preset", "name": "and"}, {}),
    "xor-poly": ({"kind": "preset", "name": "xor"}, {"kernel": "poly", "degree": 2, "coef0": 1.0}),
    "xor-linear-cycles": ({"kind": "preset", "name": "xor"}, {"kernel": "linear"}),
    "iris-split": ({"kind": "csv", "text": iris2_csv(), "label": "species", "name": "iris.csv"},
                   {"test_fraction": 0.25, "seed": 3, "kernel": "rbf", "gamma": 0.5, "order": "shuffle-each"}),
    "points-beside": ({"kind": "points", "points": points(150, 2)},
                      {"bias": False, "normalize": True, "epochs": 20, "kernel": "poly", "degree": 3, "eta": 0.1}),
}
MULTICLASS_CASES = {
    "iris3-beside": ({"kind": "csv", "text": iris3_csv(), "label": "species", "name": "iris3.csv"},
                     {"test_fraction": 0.3, "seed": 5, "order": "shuffle-once"}),
    "wine-standardized": ({"kind": "preset", "name": "wine"},
                          {"standardize": True, "average": True, "epochs": 20, "test_fraction": 0.2, "seed": 2}),
    "circles-poly2": ({"kind": "preset", "name": "circles", "n": 80, "seed": 3},
                      {"feature_map": "poly2", "normalize": True, "eta": 0.25}),
    "xor-cycled-average": ({"kind": "preset", "name": "xor"}, {"average": True, "epochs": 7}),
    "points-inline": ({"kind": "points", "points": points(25, 1)}, {"bias": False, "early_stop": True}),
}


def printed(text):
    return {k: v for k, v in (line.split(": ", 1) for line in text.splitlines() if ": " in line)}


def page(data, s):
    r = handle({"cmd": "train", "data": data, "settings": {**s, "plots": False}})
    assert r["ok"], r
    return r


def check_kernel(out, r):
    assert ast.literal_eval(out["alpha"]) == r["alpha"]
    dual = ast.literal_eval(out["dual_coef"])
    assert [repr(v) for v in dual] == [repr(v) for v in r["dual_coef"]]  # every bit
    assert (out["bias"].startswith("off") and r["bias"] is None) or float(out["bias"]) == r["bias"]
    assert out["status"].split()[0] == r["status"]


def check_multiclass(out, r):
    W = ast.literal_eval(out["weights"])
    assert [[repr(v) for v in row] for row in W] == [[repr(v) for v in row] for row in r["weights"]]
    assert ast.literal_eval(out["classes"]) == [str(c) for c in r["classes"]]
    assert out["status"].split()[0] == r["status"]


@pytest.mark.parametrize("algorithm, cases, check", [("kernel", KERNEL_CASES, check_kernel),
                                                      ("multiclass", MULTICLASS_CASES, check_multiclass)])
def test_scripts_print_the_page_numbers_exactly(algorithm, cases, check, tmp_path):
    jobs, expected = {}, {}
    for case, (data, settings) in cases.items():
        s = {**settings, "algorithm": algorithm}
        r = script_request({"cmd": "script", "data": data, "settings": s, "format": "py"})
        assert r["ok"] and r["filename"].endswith(".py")
        compile(r["text"], "script.py", "exec")
        jobs[case] = r["files"]
        expected[case] = page(data, s)
    texts = run_scripts(jobs, tmp_path)
    for case, r in expected.items():
        check(printed(texts[case]), r)
        assert (tmp_path / case / "boundary.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("algorithm, case, check", [("kernel", "iris-split", check_kernel),
                                                    ("multiclass", "iris3-beside", check_multiclass)])
def test_notebooks_give_the_same_numbers(algorithm, case, check, tmp_path):
    data, settings = (KERNEL_CASES if algorithm == "kernel" else MULTICLASS_CASES)[case]
    s = {**settings, "algorithm": algorithm}
    r = script_request({"cmd": "script", "data": data, "settings": s, "format": "ipynb"})
    assert r["filename"].endswith(".ipynb")
    code = notebook_as_script(r["text"]).replace("\nfig\n", "\n").rstrip("fig").rstrip()
    texts = run_scripts({case: [{"name": "notebook.py", "text": code}] + r["files"][1:]}, tmp_path)
    check(printed(texts[case]), page(data, s))


def test_bridge_script_command_answers_for_kernel_and_multiclass():
    for algorithm in ("kernel", "multiclass"):
        r = handle({"cmd": "script", "data": {"kind": "preset", "name": "xor"},
                    "settings": {"algorithm": algorithm}, "format": "ipynb"})
        assert r["ok"], r  # was: KeyError 'kernel', "Something went wrong inside Perceptron Lab"
        assert json.loads(r["text"])["nbformat"] == 4


@pytest.mark.parametrize("algorithm", ["kernel", "multiclass"])
def test_cli_script_for_kernel_and_multiclass(algorithm, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PY), "MPLBACKEND": "Agg"}
    out = tmp_path / "run.py"
    args = [sys.executable, "-m", "perceptron_lab", "train", "--preset", "iris", "--algorithm", algorithm,
            "--epochs", "15", "--json", "--script", str(out)]
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    r = json.loads(p.stdout)
    texts = run_scripts({"cli": [{"name": "run.py", "text": out.read_text(encoding="utf-8")}]}, tmp_path)
    got = printed(texts["cli"])
    if algorithm == "kernel":
        assert ast.literal_eval(got["alpha"]) == r["alpha"]
    else:
        assert ast.literal_eval(got["weights"]) == r["weights"]
