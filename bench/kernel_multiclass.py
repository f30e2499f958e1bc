"""Kernel and multiclass perceptron speed at 1 000 and 5 000 training points.

Prints seconds (best of a few runs) with the load average; run with `python bench/kernel_multiclass.py`.
Kernel: the Gram matrix and the training loop separately, on circles (separable with rbf and
poly 2, so the run converges) and on overlapping clouds (never converges: every epoch is full
of mistakes, the worst case of the incremental scan), against a per-example Python loop over
the same Gram matrix. Multiclass: 10 classes in 64 dimensions (digits-sized), separable-ish
blobs and the same with 10 % of the labels flipped, against a literal per-example loop.
The plain loops record nothing; the library's runs also keep the trace of every update.
"""

import os
import sys
import time
from pathlib import Path

# Pyodide's numpy runs on one thread; one BLAS thread here too keeps the figures comparable
# (and stops threads from fighting over a shared machine's cores).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from perceptron_lab.core import kernel_perceptron as km  # noqa: E402
from perceptron_lab.data import preset  # noqa: E402
from perceptron_lab.core.features import prepare  # noqa: E402
from perceptron_lab.core.multiclass import train_multiclass  # noqa: E402


def best_of(f, repeat):
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def plain_dual(K, y, epochs):
    """Per-example loop on the same Gram matrix and incremental scores."""
    s = np.zeros(len(y))
    for _ in range(epochs):
        m = 0
        for i in range(len(y)):
            if y[i] * s[i] <= 0:
                s += y[i] * K[i]
                m += 1
        if m == 0:
            break
    return s


def plain_multiclass(Z, y, K, epochs):
    W = np.zeros((K, Z.shape[1]))
    for _ in range(epochs):
        m = 0
        for i in range(len(Z)):
            s = W @ Z[i]
            own = s[y[i]]
            s[y[i]] = -np.inf
            r = int(np.argmax(s))
            if s[r] >= own:
                W[y[i]] += Z[i]
                W[r] -= Z[i]
                m += 1
        if m == 0:
            break
    return W


def blobs(n, noise, seed=0):
    rng = np.random.default_rng(seed)
    centers = rng.normal(scale=3.0, size=(10, 64))
    y = rng.integers(0, 10, size=n)
    X = centers[y] + rng.normal(size=(n, 64))
    flip = rng.random(n) < noise
    y[flip] = rng.integers(0, 10, size=int(flip.sum()))
    return X, y


def main():
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())} ({os.cpu_count()} cpus)")
    epochs = 20
    for n in (1000, 5000):
        repeat = 3 if n == 1000 else 1
        for data in ("circles", "overlap"):
            ds = preset(data, n=n)
            for name, kw in (("linear", {}), ("poly", {"degree": 2}), ("rbf", {"gamma": 1.0})):
                k = km.Kernel(name, **kw)
                t_gram, K = best_of(lambda: km.gram(ds.X, k), repeat)
                t_run, run = best_of(lambda: km.train_kernel(ds.X, ds.y, kernel=name, max_epochs=epochs, K=K, **kw),
                                     repeat)
                t_plain, _ = best_of(lambda: plain_dual(K, ds.y.astype(float), run.n_epochs), 1)
                print(f"kernel  n={n:5d} {data:8s} {name:6s} gram {t_gram*1e3:7.1f} ms  train {t_run*1e3:8.1f} ms "
                      f"({run.status}, {run.n_epochs} epochs, {run.mistakes} mistakes)  plain loop "
                      f"{t_plain*1e3:8.1f} ms  ratio {t_run/t_plain:.2f}")
        for noise in (0.0, 0.1):
            X, y = blobs(n, noise)
            Z = prepare(X)
            for average in (False, True):
                t_run, run = best_of(lambda: train_multiclass(Z, y, 10, average=average, max_epochs=epochs), repeat)
                t_plain, _ = best_of(lambda: plain_multiclass(Z, y, 10, run.n_epochs), 1)
                print(f"multi   n={n:5d} noise={noise:.1f} average={str(average):5s} train {t_run*1e3:8.1f} ms "
                      f"({run.status}, {run.n_epochs} epochs, {run.mistakes} mistakes)  plain loop "
                      f"{t_plain*1e3:8.1f} ms  ratio {t_run/t_plain:.2f}")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
