"""Perceptron speed: the vectorised core vs a plain per-example loop vs scikit-learn.

Prints seconds and ratios; run with `python bench/engine.py` (`--issue7`: only the estimator
and pocket figures, in CPU time; set OPENBLAS_NUM_THREADS=1 on a shared machine). Targets (issue 2): the core at or
below 1.0x scikit-learn's time on separable data, and never slower than the plain loop on noisy data.
Issue 7: the public estimator's fit (validation included) at or below 1.2x scikit-learn's
Perceptron.fit on 100 000 x 20 separable data; pocket at or below 3x online on 50 000 x 10
noisy data over 100 epochs.
"""

import sys
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
from perceptron_lab.core import train  # noqa: E402
from perceptron_lab.core.features import prepare  # noqa: E402


def plain_loop(Z, y, epochs):
    w = np.zeros(Z.shape[1])
    for _ in range(epochs):
        for i in range(len(Z)):
            if y[i] * (Z[i] @ w) <= 0:
                w = w + y[i] * Z[i]
    return w


def best_of(f, repeat, clock=time.perf_counter):
    times = []
    for _ in range(repeat):
        t = clock()
        out = f()
        times.append(clock() - t)
    return min(times), out


def data(kind, n=100_000, d=20, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(3 * n, d))
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    s = X @ u
    if kind == "separable":
        keep = np.flatnonzero(np.abs(s) >= 0.5)[:n]  # a margin of 0.5 around u·x = 0
        X, s = X[keep], s[keep]
        y = np.where(s > 0, 1, -1)
    else:
        X, s = X[:n], s[:n]
        y = np.where(s > 0, 1, -1)
        y[rng.random(len(y)) < 0.1] *= -1
    return X, y


def main():
    from sklearn.linear_model import Perceptron

    epochs = 3
    for kind in ("separable", "noisy"):
        X, y = data(kind)
        Z = prepare(X)
        t_core, run = best_of(lambda: train(Z, y, max_epochs=epochs), 7)

        def sk(max_iter):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return Perceptron(penalty=None, tol=None, shuffle=False, eta0=1, max_iter=max_iter).fit(X, y)

        t_sk, model = best_of(lambda: sk(epochs), 7)
        # The core stops after an epoch without mistakes; scikit-learn (tol=None) runs them all.
        t_sk_same, _ = best_of(lambda: sk(run.n_epochs), 7)
        t_bare, _ = best_of(lambda: train(Z, y, max_epochs=epochs, trace_cap=2), 7)  # the loop without its trace
        t_plain, w_plain = best_of(lambda: plain_loop(Z, y, run.n_epochs), 1)
        same = np.array_equal(run.w_last, w_plain)
        print(f"{kind:9s} n={len(X)} d={X.shape[1]} epochs asked={epochs} run={run.n_epochs} "
              f"({run.status}) mistakes={run.mistakes}")
        print(f"  core {t_core*1e3:8.1f} ms   scikit-learn {t_sk*1e3:8.1f} ms ({epochs} epochs), "
              f"{t_sk_same*1e3:8.1f} ms ({run.n_epochs} epochs)   plain loop {t_plain*1e3:8.1f} ms")
        print(f"  core/scikit-learn = {t_core/t_sk:.2f}x ({t_core/t_sk_same:.2f}x at equal epochs)   "
              f"core/plain = {t_core/t_plain:.3f}x   same weights as plain loop: {same}")
        print(f"  recording every update (trace of {run.trace.total}) costs {1e3 * (t_core - t_bare):.1f} ms: "
              f"without it core/plain = {t_bare/t_plain:.3f}x")


def estimators_and_pocket():
    from sklearn.linear_model import Perceptron as SkPerceptron

    from perceptron_lab.estimators import Perceptron

    # CPU time of this process: on a shared machine wall time mostly measures the neighbours
    # (run with OPENBLAS_NUM_THREADS=1 so that CPU time is not inflated by idle BLAS threads).
    cpu = time.process_time
    X, y = data("separable")
    t_fit, est = best_of(lambda: Perceptron().fit(X, y), 15, cpu)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t_sk_default, _ = best_of(lambda: SkPerceptron().fit(X, y), 15, cpu)
        t_sk_same, _ = best_of(lambda: SkPerceptron(penalty=None, tol=None, shuffle=False, eta0=1,
                                                    max_iter=est.n_iter_).fit(X, y), 15, cpu)
    print(f"estimator fit n={len(X)} d={X.shape[1]} separable ({est.n_iter_} epochs, {est.status_})")
    print(f"  CPU time: Perceptron().fit {t_fit*1e3:8.1f} ms   scikit-learn Perceptron().fit {t_sk_default*1e3:8.1f} ms "
          f"-> {t_fit/t_sk_default:.2f}x   at equal epochs (tol=None, no shuffle) {t_sk_same*1e3:8.1f} ms "
          f"-> {t_fit/t_sk_same:.2f}x (target <= 1.2x)")

    X, y = data("noisy", n=50_000, d=10, seed=1)
    Z = prepare(X)
    t_on, on = best_of(lambda: train(Z, y, algorithm="online", max_epochs=100), 3, cpu)
    t_po, po = best_of(lambda: train(Z, y, algorithm="pocket", max_epochs=100), 3, cpu)
    print(f"pocket vs online n={len(X)} d={X.shape[1]} noisy, 100 epochs ({on.mistakes} mistakes, "
          f"pocket rule {po.pocket_rule})")
    print(f"  CPU time: online {t_on:7.2f} s   pocket {t_po:7.2f} s -> {t_po/t_on:.2f}x (target <= 3x)")


if __name__ == "__main__":
    if "--issue7" not in sys.argv:
        main()
    estimators_and_pocket()
    # Issue 12: the kernel and multiclass perceptrons at 1 000 and 5 000 points (bench/kernel_multiclass.py).
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import kernel_multiclass  # noqa: E402

    kernel_multiclass.main()
