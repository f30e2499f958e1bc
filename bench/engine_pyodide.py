"""The online pass in Pyodide (Node, the page's runtime and numpy): this worktree's core/online_scan.py
beside the one of an earlier commit, on bench/engine.py's data, in one run.

    python bench/engine_pyodide.py [--against REV] [--wheel NUMPY_WHEEL] [--repeat N]

Each engine's OnlineScan makes up to 3 fixed-order epochs into a TraceBuffer (the estimator's record),
taking turns; figures are wall seconds (Pyodide has no process clock), the best of N turns, so read
them as the ratio this/REV and with the load average printed beside them. scikit-learn is not in the
page's runtime: the ratio to it comes from bench/engine.py. The numpy wheel is the build's own
(.cache/pyodide-<version>/, made by build.py) unless --wheel names one.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.common import CACHE  # noqa: E402

DRIVER = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s });
await py.loadPackage(%(wheel)s);
py.FS.mkdir("/wt"); py.FS.mount(py.FS.filesystems.NODEFS, { root: %(root)s }, "/wt");
py.FS.mkdir("/rev"); py.FS.mount(py.FS.filesystems.NODEFS, { root: %(rev_dir)s }, "/rev");
console.log(py.runPython(%(code)s));
"""

CODE = """
import sys, time, importlib.util
sys.path[:0] = ["/wt/py", "/wt/bench"]
import numpy as np
import engine
from perceptron_lab.core.features import prepare
from perceptron_lab.core import online_scan as this
from perceptron_lab.core.trace import TraceBuffer
spec = importlib.util.spec_from_file_location("perceptron_lab.core.online_scan_rev", "/rev/online_scan.py")
rev = importlib.util.module_from_spec(spec); spec.loader.exec_module(rev)
lines = []
for kind in ("separable", "noisy"):
    X, y = engine.data(kind)
    Z, s = prepare(X), np.where(y > 0, 1, -1).astype(np.int8)
    def run(mod):
        scan, w, record = mod.OnlineScan(Z, s, None), np.zeros(Z.shape[1]), TraceBuffer(Z.shape[1], 100_000)
        for e in range(3):
            w, mistakes = scan.epoch(w, e + 1, record)
            if not mistakes:
                break
        return w
    same = np.array_equal(run(rev), run(this))
    best = {"rev": float("inf"), "this": float("inf")}
    for _ in range(%(repeat)d if kind == "noisy" else 3 * %(repeat)d):
        for name, mod in (("rev", rev), ("this", this)):
            t = time.perf_counter(); run(mod); best[name] = min(best[name], time.perf_counter() - t)
    lines.append(f"  {kind:9s} %(rev)s {best['rev'] * 1e3:8.1f} ms   this {best['this'] * 1e3:8.1f} ms   "
                 f"this/%(rev)s {best['this'] / best['rev']:.3f}   same w: {'yes' if same else 'NO'}")
"\\n".join(lines)
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main", metavar="REV", help="the earlier commit (default main)")
    parser.add_argument("--wheel", type=Path, help="numpy's Pyodide wheel (default: the build's cache)")
    parser.add_argument("--repeat", type=int, default=3, help="turns on noisy data (separable: three times as many)")
    args = parser.parse_args(argv)
    wheel = args.wheel or next(iter(sorted(CACHE.glob("numpy-*.whl"))), None)
    if wheel is None or not wheel.exists():
        sys.exit(f"No numpy wheel for Pyodide: run build.py (it fills {CACHE}) or pass --wheel.")
    rev = subprocess.run(["git", "rev-parse", "--short", args.against], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    source = subprocess.run(["git", "show", f"{rev}:py/perceptron_lab/core/online_scan.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory(prefix="engine-pyodide-") as tmp:
        (Path(tmp) / "online_scan.py").write_text(source)
        pyodide = ROOT / "node_modules" / "pyodide"
        driver = Path(tmp) / "driver.mjs"
        driver.write_text(DRIVER % {
            "pyodide": json.dumps(str(pyodide / "pyodide.mjs")), "index": json.dumps(f"{pyodide}/"),
            "wheel": json.dumps(str(wheel.resolve())), "root": json.dumps(str(ROOT)), "rev_dir": json.dumps(tmp),
            "code": json.dumps(CODE % {"repeat": args.repeat, "rev": rev})})
        load = " ".join(f"{v:.2f}" for v in os.getloadavg())
        print(f"OnlineScan, 3 fixed-order epochs, Pyodide in Node, wall s, best of turns (load average {load})")
        out = subprocess.run(["node", str(driver)], capture_output=True, text=True)
        if out.returncode:
            sys.exit(out.stderr[-2000:])
        print("\n".join(line for line in out.stdout.splitlines() if line.startswith("  ")))
        print(f"  (load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())})")


if __name__ == "__main__":
    main()
