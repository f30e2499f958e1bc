"""Plot speed: a new boundary plot, step-through frames (target >= 20 frames/s on 2-D
presets), the curves and the proof plot (redrawn on every frame during auto-play), at
device pixel ratio 1 and 2, and the hand-made layout against matplotlib's constrained layout.

Run with `python bench/plots.py`; prints milliseconds and frames per second, with the load
average. To compare with another checkout: PERCEPTRON_LAB_PY=/path/to/py python bench/plots.py
(sections the other code cannot do are skipped).
"""

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, os.environ.get("PERCEPTRON_LAB_PY") or str(Path(__file__).resolve().parents[1] / "py"))
from perceptron_lab import plots  # noqa: E402
from perceptron_lab.core import train  # noqa: E402
from perceptron_lab.data import preset  # noqa: E402
from perceptron_lab.core.features import prepare  # noqa: E402


def median_ms(f, n):
    times = []
    for k in range(n):
        t0 = time.perf_counter()
        f(k)
        times.append(time.perf_counter() - t0)
    return 1e3 * float(np.median(times))


def boundary(dpr_kw):
    for name, fmap in [("and", "none"), ("clouds", "none"), ("circles", "poly2")]:
        ds = preset(name, seed=0)
        run = train(prepare(ds.X, feature_map=fmap), ds.y, max_epochs=50)
        W, idx = run.trace.w, run.trace.index
        full = median_ms(lambda k: plots.render(plots.boundary_figure(
            ds.X, ds.y, w=W[-1], feature_map=fmap, label_names=ds.label_names, **dpr_kw)), 5)
        anim = plots.BoundaryAnimator(ds.X, ds.y, feature_map=fmap, label_names=ds.label_names, **dpr_kw)
        anim.frame(W[0])
        frame = median_ms(lambda k: anim.frame(W[k % len(W)], highlight=int(idx[k % len(W)])), 30)
        print(f"  {name:8s} {fmap:5s} new boundary plot + PNG {full:6.1f} ms   "
              f"step-through frame {frame:5.1f} ms = {1e3 / frame:5.0f} frames/s")


def curves(dpr_kw):
    t = np.arange(1.0, 201.0)
    m = list(range(20, 0, -1)) + [0]
    mis = median_ms(lambda k: plots.render(plots.mistakes_figure(m, bound=300.0, **dpr_kw)), 7)
    proof = median_ms(lambda k: plots.render(plots.proof_figure(
        t, 0.3 * t, 0.2 * t, np.sqrt(t), 1.2 * np.sqrt(t), bound=36.0, upto=1 + k % 200, **dpr_kw)), 7)
    print(f"  mistakes plot + PNG {mis:6.1f} ms   proof plot + PNG {proof:6.1f} ms = {1e3 / proof:4.0f} frames/s")
    if hasattr(plots, "ProofAnimator"):
        anim = plots.ProofAnimator(t, 0.3 * t, 0.2 * t, np.sqrt(t), 1.2 * np.sqrt(t), bound=36.0, **dpr_kw)
        frame = median_ms(lambda k: anim.frame(1 + k % 200), 30)
        print(f"  proof animator frame {frame:5.1f} ms = {1e3 / frame:4.0f} frames/s")


def layouts():
    """The same mistakes-like figure placed by fixed pixel margins and by constrained layout."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    def make(constrained):
        fig = Figure(figsize=(4.8, 3.6), dpi=100, layout="constrained" if constrained else None)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot() if constrained else fig.add_axes([0.14, 0.14, 0.83, 0.72])
        ax.bar(range(1, 21), range(20, 0, -1))
        ax.plot(range(1, 21), np.cumsum(range(20, 0, -1)))
        ax.legend(["mistakes in the epoch", "cumulative"], loc="lower left", bbox_to_anchor=(0, 1), ncol=2)
        ax.set_title("Mistakes per epoch", loc="left", pad=24)
        ax.set_xlabel("epoch")
        ax.set_ylabel("mistakes")
        plots.render(fig)
    fixed = median_ms(lambda k: make(False), 9)
    cons = median_ms(lambda k: make(True), 9)
    print(f"  fixed margins {fixed:6.1f} ms   constrained layout {cons:6.1f} ms ({cons / fixed:.2f}x)")


def main():
    print("load average (1, 5, 15 min): %.2f %.2f %.2f" % os.getloadavg())
    for dpr in (1, 2):
        kw = {} if dpr == 1 else {"dpr": dpr}
        print(f"device pixel ratio {dpr}:")
        try:
            boundary(kw)
            curves(kw)
        except TypeError as e:
            print(f"  skipped ({e})")
    print("layout:")
    layouts()
    print("load average (1, 5, 15 min): %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
