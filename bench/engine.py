"""Perceptron speed: `Perceptron(max_epochs=3, order="fixed").fit` on separable and noisy data, beside
scikit-learn's Perceptron and beside the engine of earlier commits, in one run.

    python bench/engine.py [--against REV ...] [--repeat N] [--more]

One thread, as in Pyodide (BLAS and OpenMP set to 1 thread before numpy loads). Figures are CPU time
of this process, the best of N rounds in which every engine takes its turn (on a shared machine
wall time mostly measures the neighbours, and taking turns gives each engine the same moments).
- Data: 100 000 x 20, separable with a margin of 0.5, and the same kind with 10 % of the labels
  flipped (noisy: a mistake every ~4 examples). Every fit goes through the estimator (input checks,
  labels, x̃ with its bias column, training, the trace).
- scikit-learn's Perceptron(penalty=None, eta0=1, tol=None, shuffle=False, max_iter=the epochs this
  fit ran) is the same algorithm (w from 0, update at y·(w·x̃) <= 0, the bias a weight), so the
  weights must be equal; the table says whether they are, for this engine and each earlier one.
- --against REV: the package as it was at REV (bench/earlier_engine.py: git archive into a temporary
  directory, imported under its own name), e.g. --against 2a85e78 (the engine before the shared
  block scan). --more: also the per-update floor on noisy data, pocket against online, and the
  kernel and multiclass perceptrons (bench/kernel_multiclass.py).
Targets (issue 33): separable <= 1.2x scikit-learn and not slower than 2a85e78; noisy <= 10x scikit-learn.

What remains on noisy data (docs/ARCHITECTURE.md, "Engine speed"): scikit-learn makes every step in C;
this package stays numpy-only (Pyodide), and a mistake needs at least one numpy product to find it
and one addition to make it, each ~0.2-0.5 us of call overhead against ~20 ns of arithmetic.
"""

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import earlier_engine  # noqa: E402
from benchkit import loadavg  # noqa: E402
from perceptron_lab.core import train  # noqa: E402
from perceptron_lab.core.features import prepare  # noqa: E402
from perceptron_lab.core.online_scan import online_pass  # noqa: E402
from perceptron_lab.core.trace import Indices  # noqa: E402
from perceptron_lab.estimators import Perceptron  # noqa: E402

cpu = time.process_time
CASES = (("separable", 3), ("noisy", 3), ("noisy", 10))  # (data, max_epochs); separable converges in 2


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


def sklearn_same(X, y, epochs):
    """scikit-learn's Perceptron as the same algorithm: no penalty, η = 1, the data's order, exactly `epochs`."""
    from sklearn.linear_model import Perceptron as SkPerceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: tol=None runs max_iter epochs on purpose
        return SkPerceptron(penalty=None, eta0=1.0, tol=None, shuffle=False, max_iter=epochs).fit(X, y)


def fit_with(Estimator, epochs):
    def fit(X, y):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # LongRunWarning: the page's estimate, said on stderr
            return Estimator(max_epochs=epochs, order="fixed").fit(X, y)
    return fit


def same_weights(a, b):
    return np.array_equal(a.coef_, b.coef_) and np.array_equal(a.intercept_, b.intercept_)


def taking_turns(fits, X, y, rounds):
    """{name: best CPU seconds} of fits {name: f(X, y)}, every round each in turn; and each one's last fit."""
    best, last = {name: float("inf") for name in fits}, {}
    for _ in range(rounds):
        for name, fit in fits.items():
            t = cpu()
            last[name] = fit(X, y)
            best[name] = min(best[name], cpu() - t)
    return best, last


def side_by_side(against, repeat):
    engines = {"this": Perceptron}
    for rev in against:
        package = earlier_engine.load(rev)
        engines[package.commit] = earlier_engine.estimator(package)
    names = list(engines)
    print(f'Perceptron(max_epochs=E, order="fixed").fit, one thread, CPU s, best of {repeat} turns '
          f"(load average {loadavg()})")
    head = "".join(f"{n:>10s}" for n in names) + f"{'sklearn':>10s} |" + "".join(f"{n + '/sk':>13s}" for n in names)
    head += "".join(f"{'this/' + n:>15s}" for n in names[1:])
    print(f"  {'data':9s} {'E':>2s} {'ran':>3s} {'updates':>7s} {head}   weights = sklearn's")
    for kind, epochs in CASES:
        X, y = data(kind)
        ours = fit_with(Perceptron, epochs)(X, y)
        ran = ours.n_iter_
        fits = {name: fit_with(E, epochs) for name, E in engines.items()}
        fits["sklearn"] = lambda X, y: sklearn_same(X, y, ran)
        rounds = repeat if kind == "separable" else max(3, repeat // 3)  # noisy fits take 10-40x longer
        best, last = taking_turns(fits, X, y, rounds)
        sk = best["sklearn"]
        row = "".join(f"{best[n]:10.4f}" for n in names) + f"{sk:10.4f} |"
        row += "".join(f"{best[n] / sk:12.2f}x" for n in names)
        row += "".join(f"{best['this'] / best[n]:14.2f}x" for n in names[1:])
        equal = ", ".join(f"{n} {'yes' if same_weights(last[n], last['sklearn']) else 'NO'}" for n in names)
        print(f"  {kind:9s} {epochs:2d} {ran:3d} {ours.run_.n_updates:7d} {row}   {equal}")
    print(f"  (load average after: {loadavg()})")


# --- --more: the floor under the noisy figure, pocket, kernel and multiclass ----------------------------


def plain_loop(Z, y, epochs):
    """The perceptron as written in the notes, one numpy dot product per example."""
    w = np.zeros(Z.shape[1])
    for _ in range(epochs):
        for i in range(len(Z)):
            if y[i] * (Z[i] @ w) <= 0:
                w = w + y[i] * Z[i]
    return w


def updates_of(Z, y, epochs):
    """The example positions of every update of the first `epochs` fixed-order epochs, and z = y·x̃."""
    w, positions = np.zeros(Z.shape[1]), []
    for _ in range(epochs):
        record = Indices()
        w = online_pass(Z, y, None, w, record)
        positions += record.index
    return positions, Z * y[:, None].astype(np.float64)


def floor_loop(YZ, positions):
    """Only the updates, their mistakes known beforehand: the activation z·w and w + z, per update.
    Any Python loop that makes the updates one at a time pays at least this."""
    w, dot = np.zeros(YZ.shape[1]), np.ndarray.dot
    for j in positions:
        z = YZ[j]
        dot(z, w)
        w = w + z
    return w


def best_of(f, repeat):
    times, out = [], None
    for _ in range(repeat):
        t = cpu()
        out = f()
        times.append(cpu() - t)
    return min(times), out


def noisy_floor():
    X, y = data("noisy")
    Z, signs = prepare(X), np.where(y > 0, 1, -1).astype(np.int8)
    t_fit, est = best_of(lambda: fit_with(Perceptron, 3)(X, y), 3)
    t_sk, _ = best_of(lambda: sklearn_same(X, y, 3), 3)
    t_core, run = best_of(lambda: train(Z, signs, max_epochs=3), 3)
    positions, YZ = updates_of(Z, signs, 3)
    t_floor, _ = best_of(lambda: floor_loop(YZ, positions), 3)
    t_plain, _ = best_of(lambda: plain_loop(Z, signs, 3), 1)
    u = max(1, run.n_updates)
    print(f"noisy, 3 epochs, {run.n_updates} updates, per update (load average {loadavg()}): fit {1e6 * t_fit / u:.2f} us, "
          f"core.train {1e6 * t_core / u:.2f} us, floor (dot + addition per update, nothing else) "
          f"{1e6 * t_floor / u:.2f} us, scikit-learn {1e6 * t_sk / u:.3f} us; the plain per-example loop "
          f"{t_plain:.2f} s ({t_plain / t_fit:.1f}x fit)")


def pocket_vs_online():
    X, y = data("noisy", n=50_000, d=10, seed=1)
    Z = prepare(X)
    t_on, on = best_of(lambda: train(Z, y, algorithm="online", max_epochs=100), 3)
    t_po, po = best_of(lambda: train(Z, y, algorithm="pocket", max_epochs=100), 3)
    print(f"pocket vs online n={len(X)} d={X.shape[1]} noisy, 100 epochs ({on.mistakes} mistakes, "
          f"pocket rule {po.pocket_rule}; load average {loadavg()})")
    print(f"  CPU time: online {t_on:7.2f} s   pocket {t_po:7.2f} s -> {t_po/t_on:.2f}x (target <= 3x)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", action="append", default=[], metavar="REV",
                        help="also time the engine of this commit (repeatable)")
    parser.add_argument("--repeat", type=int, default=15, help="rounds on separable data (noisy: a third)")
    parser.add_argument("--more", action="store_true", help="also the noisy floor, pocket, kernel and multiclass")
    args = parser.parse_args(argv)
    side_by_side(args.against, args.repeat)
    if args.more:
        noisy_floor()
        pocket_vs_online()
        import kernel_multiclass

        kernel_multiclass.main()


if __name__ == "__main__":
    main()
