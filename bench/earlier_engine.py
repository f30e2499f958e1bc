"""The package of an earlier commit, imported beside this one in the same process.

`load(rev)` extracts py/perceptron_lab of `rev` (git archive) into a temporary directory and imports
it under its own top-level name (perceptron_lab_<rev>), so both engines are timed in one run, turn
about, under the same load. The package imports itself relatively (`from . import`), so the new
name reaches every module it loads; nothing of this worktree's package is shared with it.
"""

import atexit
import importlib.util
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load(rev):
    """The package perceptron_lab as it was at commit `rev` (a module object)."""
    sha = subprocess.run(["git", "rev-parse", "--short", f"{rev}^{{commit}}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    tar = subprocess.run(["git", "archive", sha, "py/perceptron_lab"], cwd=ROOT, check=True,
                         capture_output=True).stdout
    where = Path(tempfile.mkdtemp(prefix=f"engine-{sha}-"))
    atexit.register(shutil.rmtree, where, True)
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(where, filter="data")
    name = f"perceptron_lab_{sha}"
    package = where / "py" / "perceptron_lab"
    spec = importlib.util.spec_from_file_location(name, package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    module.commit = sha
    return module


def estimator(package, name="Perceptron"):
    """The estimator class `name` of a loaded package (its estimators module moved over time)."""
    if hasattr(package, name):
        return getattr(package, name)
    return getattr(importlib.import_module(f"{package.__name__}.estimators"), name)
