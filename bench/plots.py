"""Plot speed: one boundary plot, and step-through frames (target >= 20 frames/s on 2-D presets).

Run with `python bench/plots.py`; prints milliseconds and frames per second.
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from perceptron_lab import plots  # noqa: E402
from perceptron_lab.core import train  # noqa: E402
from perceptron_lab.data import preset  # noqa: E402
from perceptron_lab.features import prepare  # noqa: E402


def median_ms(f, n):
    times = []
    for k in range(n):
        t0 = time.perf_counter()
        f(k)
        times.append(time.perf_counter() - t0)
    return 1e3 * float(np.median(times))


def main():
    for name, fmap in [("and", "none"), ("clouds", "none"), ("circles", "poly2")]:
        ds = preset(name, seed=0)
        run = train(prepare(ds.X, feature_map=fmap), ds.y, max_epochs=50)
        W, idx = run.trace.w, run.trace.index
        full = median_ms(lambda k: plots.render(plots.boundary_figure(
            ds.X, ds.y, w=W[-1], feature_map=fmap, label_names=ds.label_names)), 5)
        anim = plots.BoundaryAnimator(ds.X, ds.y, feature_map=fmap, label_names=ds.label_names)
        anim.frame(W[0])
        frame = median_ms(lambda k: anim.frame(W[k % len(W)], highlight=int(idx[k % len(W)])), 30)
        print(f"{name:8s} {fmap:5s} new boundary plot + PNG {full:6.1f} ms   "
              f"step-through frame {frame:5.1f} ms = {1e3 / frame:5.0f} frames/s")


if __name__ == "__main__":
    main()
