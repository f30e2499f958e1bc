"""The package as PyPI would ship it: `python -m build` makes a wheel and an sdist from a clean copy
of the sources; each installs into a fresh venv (no site packages, its dependencies from the
package index like any user's) and runs `train` and `check` from outside the source tree, with the
real data sets read from inside the installed package."""

import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATASETS = ["iris.csv", "breast_cancer.csv", "wine.csv", "digits.csv.gz", "README.md"]
HAND = ("https://teacher.example/lab/#v=1&source=preset&preset=and&algorithm=online&view=exercise&exn=6&exs=6"
        "&exa=m0~0~-1_n_n_m1~1~0_m1~1~-1_m1~0~-2")


def _run(args, cwd, timeout=600):
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, f"{args}\n{p.stdout}\n{p.stderr}"
    return p.stdout


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """The wheel and sdist built from a copy of what a release holds (nothing left in the worktree)."""
    tmp = tmp_path_factory.mktemp("pkg")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "py", src / "py", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    # Run from tmp: in the repository's root, `python -m build` would find the site's build.py first.
    _run([sys.executable, "-m", "build", "--outdir", str(tmp / "dist"), str(src)], cwd=tmp)
    wheel = next((tmp / "dist").glob("perceptron_lab-*.whl"))
    sdist = next((tmp / "dist").glob("perceptron_lab-*.tar.gz"))
    return tmp, wheel, sdist


def _fresh_venv(where, dist):
    venv.EnvBuilder(with_pip=True, clear=True).create(where)
    py = where / "bin" / "python"
    _run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(dist)], cwd=where.parent)
    return py


def _smoke(py, cwd):
    out = _run([str(py), "-m", "perceptron_lab", "train", "--preset", "and"], cwd=cwd)
    # README's numbers: AND, online, eta 1 -> w = (3, 2), bias -4, 18 mistakes.
    assert "weights: x1 = 3, x2 = 2" in out and "bias: -4" in out and "mistakes: 18" in out, out
    out = _run([str(py), "-m", "perceptron_lab", "check", HAND], cwd=cwd)
    assert out == "link 1: genuine: 6 of 6 right (none wrong); AND, online\n"
    forged = subprocess.run([str(py), "-m", "perceptron_lab", "check", HAND.replace("exs=6", "exs=7")], cwd=cwd,
                            capture_output=True, text=True, timeout=120)
    assert forged.returncode == 1 and "it claims a score of 7 but its answers score 6: the score or its answers were changed" in forged.stdout
    # A real data set, read from the installed package; the console script too.
    exe = py.parent / "perceptron-lab"
    out = _run([str(exe), "train", "--preset", "iris", "--json"], cwd=cwd)
    assert '"status": "converged"' in out
    where = _run([str(py), "-c", "import perceptron_lab, pathlib; print(pathlib.Path(perceptron_lab.__file__).parent)"],
                 cwd=cwd).strip()
    assert Path(where).is_relative_to(py.parent.parent), where  # the installed copy, not the sources


def test_the_wheel_holds_the_data_sets_and_the_licenses(dists):
    _, wheel, _ = dists
    names = set(zipfile.ZipFile(wheel).namelist())
    for f in DATASETS:
        assert f"perceptron_lab/data/real/{f}" in names
    assert "perceptron_lab/params.json" in names
    assert any(n.endswith("licenses/LICENSE") for n in names)
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    for line in ("License-Expression: MIT AND CC-BY-4.0", "Requires-Python: >=3.11", "Classifier: Topic :: Education",
                 "Description-Content-Type: text/markdown", "Requires-Dist: numpy>=1.26"):
        assert line in meta
    assert "# Perceptron Lab" in meta  # the README is the long description


def test_the_sdist_holds_the_sources_data_sets_and_readme(dists):
    _, _, sdist = dists
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    for f in DATASETS:
        assert f"py/perceptron_lab/data/real/{f}" in names
    assert {"README.md", "LICENSE", "pyproject.toml", "py/perceptron_lab/cli.py"} <= names


def test_a_fresh_venv_with_the_wheel_trains_and_checks(dists):
    tmp, wheel, _ = dists
    _smoke(_fresh_venv(tmp / "venv-wheel", wheel), tmp)


def test_a_fresh_venv_with_the_sdist_trains_and_checks(dists):
    tmp, _, sdist = dists
    _smoke(_fresh_venv(tmp / "venv-sdist", sdist), tmp)
