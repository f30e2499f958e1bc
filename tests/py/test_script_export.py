"""The run as code: the generated script, run by CPython, prints the bridge's weights bit for bit."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer, load_iris

from perceptron_lab import settings as schema
from perceptron_lab.bridge import handle
from perceptron_lab.bridge.script import script_request
from perceptron_lab.export.script import INLINE_CSV_CHARS, INLINE_POINTS

PY = Path(__file__).resolve().parents[2] / "py"
# Every primal variant of params.json (script_linear.py writes them all; its `estimator` fits it).
ALGORITHMS = [o["value"] for o in schema.param("algorithm")["options"] if o["family"] == "linear"]


def iris_csv():
    """Setosa against versicolor, the first two features: a small CSV with text labels."""
    d = load_iris()
    rows = [f"{a!r},{b!r},{d.target_names[t]}" for (a, b), t in zip(d.data[:100, :2].tolist(), d.target[:100])]
    return "sepal length,sepal width,species\n" + "\n".join(rows) + "\n"


def cancer_csv():
    """Breast cancer, 30 features, Windows line ends: larger than the inline limit."""
    d = load_breast_cancer()
    head = ",".join(n.replace(" ", "_") for n in d.feature_names) + ",diagnosis"
    rows = [",".join(repr(v) for v in r) + f",{'benign' if t else 'malignant'}" for r, t in zip(d.data.tolist(), d.target)]
    return head + "\r\n" + "\r\n".join(rows) + "\r\n"


def points(n, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * [1.7, 0.3]
    y = np.where(X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.3, size=n) > 0.1, 1, -1)
    return [[float(a), float(b), int(c)] for (a, b), c in zip(X, y)]


def run_scripts(jobs, tmp_path):
    """Write each job's files in its own folder, run every script in one CPython process
    (runpy, so __file__ is the script's own path); -> {name: printed text}."""
    dirs = []
    for name, files in jobs.items():
        d = tmp_path / name
        d.mkdir()
        for f in files:
            (d / f["name"]).write_text(f["text"], encoding="utf-8", newline="")
        dirs.append((name, str(d), files[0]["name"]))
    runner = ("import os, runpy, sys\n"
              "for name, d, script in " + repr(dirs) + ":\n"
              "    os.chdir(d); print('@@', name, flush=True)\n"
              "    runpy.run_path(os.path.join(d, script), run_name='__main__')\n")
    env = {**os.environ, "PYTHONPATH": str(PY), "MPLBACKEND": "Agg"}
    out = subprocess.run([sys.executable, "-c", runner], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    texts, current = {}, None
    for line in out.stdout.splitlines():
        if line.startswith("@@ "):
            current = line[3:]
            texts[current] = ""
        else:
            texts[current] += line + "\n"
    return texts


def printed_weights(text):
    lines = dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)
    bias = lines["bias"]
    return ast.literal_eval(lines["weights"]), (None if bias.startswith("off") else float(bias))


def page_weights(data, settings):
    r = handle({"cmd": "train", "data": data, "settings": {**settings, "plots": False}})
    assert r["ok"], r
    return r["weights"], r["bias"]


def notebook_as_script(text):
    nb = json.loads(text)
    assert nb["nbformat"] == 4 and all("id" in c for c in nb["cells"])
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


CASES = {
    "and": ({"kind": "preset", "name": "and"}, {}),
    "and-early-stop": ({"kind": "preset", "name": "and"}, {"early_stop": True, "epochs": 30}),
    "clouds-shuffled": ({"kind": "preset", "name": "clouds", "n": 60, "margin": 0.2, "spread": 1.5, "seed": 4},
                        {"order": "shuffle-each", "seed": 7, "eta": 0.1}),
    "iris-inline": ({"kind": "csv", "text": iris_csv(), "label": "species", "name": "iris.csv"},
                    {"test_fraction": 0.25, "seed": 3}),
    "cancer-beside": ({"kind": "csv", "text": cancer_csv(), "label": None, "name": "cancer.csv"},
                      {"normalize": True, "standardize": True, "epochs": 30, "order": "shuffle-once", "seed": 11}),
    "points-inline": ({"kind": "points", "points": points(25, 1)}, {"feature_map": "poly2"}),
    "points-beside": ({"kind": "points", "points": points(150, 2)}, {"bias": False, "epochs": 40}),
}


def test_cases_cover_inline_and_beside():
    assert len(CASES["iris-inline"][0]["text"]) <= INLINE_CSV_CHARS < len(CASES["cancer-beside"][0]["text"])
    assert len(CASES["points-inline"][0]["points"]) <= INLINE_POINTS < len(CASES["points-beside"][0]["points"])


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_script_prints_the_bridge_weights_exactly(algorithm, tmp_path):
    jobs, expected = {}, {}
    for case, (data, settings) in CASES.items():
        s = {**settings, "algorithm": algorithm}
        r = script_request({"cmd": "script", "data": data, "settings": s, "format": "py"})
        assert r["ok"] and r["filename"].endswith(".py") and r["files"][0]["text"] == r["text"]
        beside = "beside" in case
        assert (len(r["files"]) == 2) == beside
        if beside:
            assert r["files"][1]["name"] in r["text"] and r["files"][1]["name"].endswith(".csv")
        jobs[case] = r["files"]
        expected[case] = page_weights(data, s)
    texts = run_scripts(jobs, tmp_path)
    for case, (w, b) in expected.items():
        got_w, got_b = printed_weights(texts[case])
        assert got_w == w, case  # float equality: every bit
        assert [repr(v) for v in got_w] == [repr(v) for v in w]
        assert got_b == b, case
        assert (tmp_path / case / "boundary.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("algorithm", ["online", "voted"])
def test_notebook_code_cells_give_the_same_weights(algorithm, tmp_path):
    jobs, expected = {}, {}
    for case in ("and", "cancer-beside", "points-beside"):
        data, settings = CASES[case]
        s = {**settings, "algorithm": algorithm}
        r = script_request({"cmd": "script", "data": data, "settings": s, "format": "ipynb"})
        assert r["filename"].endswith(".ipynb")
        code = notebook_as_script(r["text"]).replace("\nfig\n", "\n").rstrip("fig").rstrip()
        jobs[case] = [{"name": "notebook.py", "text": code}] + r["files"][1:]
        expected[case] = page_weights(data, s)
    texts = run_scripts(jobs, tmp_path)
    for case, wb in expected.items():
        assert printed_weights(texts[case]) == wb


def test_hostile_strings_stay_strings(tmp_path):
    name = "x'''\"\"\"\n__import__('os').system('echo PWNED')\r\n#"
    text = "a,b,l\u2028abel\n0,0,'\n1,1,\"x\"\"\"\"y\"\n"
    data = {"kind": "csv", "text": text, "label": "l\u2028abel", "name": name}
    r = script_request({"cmd": "script", "data": data, "settings": {}, "format": "py"})
    compile(r["text"], "script.py", "exec")
    texts = run_scripts({"hostile": r["files"]}, tmp_path)
    assert "PWNED" not in texts["hostile"]
    assert printed_weights(texts["hostile"]) == page_weights(data, {})


@pytest.mark.parametrize("request_, field", [
    ({"data": {"kind": "preset", "name": "and"}, "format": "exe"}, "format"),
    ({"data": {"kind": "preset", "name": "and"}, "settings": {"eta": -1}}, "eta"),
    ({"data": {"kind": "preset", "name": "and", "n": "__import__('os')"}}, "n"),
    ({"data": {"kind": "preset", "name": "and"}, "settings": {"standardize": "yes"}}, "standardize"),
])
def test_bad_requests_are_refused_with_the_field(request_, field):
    from perceptron_lab.errors import SettingsError

    with pytest.raises(SettingsError) as e:
        script_request({"cmd": "script", **request_})
    assert e.value.field == field


def test_bad_points_are_refused():
    from perceptron_lab.errors import DataError

    with pytest.raises(DataError):
        script_request({"cmd": "script", "data": {"kind": "points", "points": [[0, "1e999", 1], [1, 1, -1]]}})


def test_cli_writes_the_same_script(tmp_path):
    """python -m perceptron_lab train ... --script OUT.py: running OUT.py prints the CLI's own weights."""
    csv = tmp_path / "cancer.csv"
    csv.write_text(cancer_csv(), encoding="utf-8", newline="")
    env = {**os.environ, "PYTHONPATH": str(PY)}
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    args = [sys.executable, "-m", "perceptron_lab", "train", str(csv), "--algorithm", "pocket", "--epochs", "20",
            "--order", "shuffle-each", "--seed", "5", "--test-fraction", "0.2", "--json",
            "--script", str(out_dir / "run.py")]
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    beside = sorted(f.name for f in out_dir.iterdir())
    assert beside == ["perceptron-cancer-csv.csv", "run.py"]  # the data is too large to inline
    assert (out_dir / "perceptron-cancer-csv.csv").read_bytes().decode("utf-8") == cancer_csv()
    texts = run_scripts({"cli": [{"name": "run.py", "text": (out_dir / "run.py").read_text()},
                                 {"name": "perceptron-cancer-csv.csv", "text": cancer_csv()}]}, tmp_path)
    assert printed_weights(texts["cli"]) == (r["weights"], r["bias"])
    bad = subprocess.run(args[:-1] + [str(out_dir / "run.txt")], capture_output=True, text=True, env=env, timeout=300)
    assert bad.returncode == 2 and bad.stderr == "perceptron-lab: --script must name a .py or .ipynb file\n"
    nb = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", "--preset", "xor", "--script",
                         str(out_dir / "xor.ipynb")], capture_output=True, text=True, env=env, timeout=300)
    assert nb.returncode == 0, nb.stderr
    assert json.loads((out_dir / "xor.ipynb").read_text())["nbformat"] == 4
