"""Train -> first picture and Train -> theory, through the bridge in CPython, with the requests
the page sends: train (the CSV, plot_kinds ["boundary"], theory: "later") -> the picture; then
theory -> R, γ, the bound and the verdict (site/js/main.js, run/theory.js). For n x d in
{1k, 10k, 100k} x {2, 20, 200} of separable CSV data (labels by a planted unit u, margin 0.1).

Printed per size: the CSV's size; its reading on upload (the page's inspect request, before
Train: the train request then finds the file read); training alone (core.loop.train on the
prepared vectors, the page's default settings); Train -> first picture (the train request:
run, boundary plot, the 5,000-update trace for the step-through, JSON both ways); Train ->
theory (+ the theory request); the old inline answer (train with the theory inside, what the
page waited for before its picture); and the target: picture <= 1.5 x training + 0.5 s.
Picture and training: the best of 3 (the machine is shared). Sizes over the page's CSV limit (20 MB) are skipped with that reason.

Then the kernel perceptron (RBF and poly, degree 3) on THEORY_MAX_POINTS (600) points in 2-D with
0 %, 10 % and 50 % of the labels flipped: training alone (the Gram matrix and the epochs,
core.kernel_perceptron.train_kernel), Train -> picture, Train -> theory (its margin in feature
space) and the old inline answer, against the same target.

Run: .venv/bin/python bench/first_picture.py [--quick] [--kernel]   (--quick: 1k and 10k only;
--kernel: the kernel rows only)
"""

import json
import sys
import time
from pathlib import Path

import numpy as np


sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tools/

from benchkit import loadavg  # noqa: E402
from perceptron_lab import settings  # noqa: E402
from perceptron_lab.bridge import handle_json, load_data, read_settings  # noqa: E402
from perceptron_lab.bridge.linear_fit import prep_options  # noqa: E402
from perceptron_lab.bridge.linear_theory import MARGIN_SECONDS  # noqa: E402
from perceptron_lab.core.features import prepare  # noqa: E402
from perceptron_lab.core import kernel_perceptron as kernel  # noqa: E402
from perceptron_lab.theory import kernel_bound  # noqa: E402
from perceptron_lab.core.loop import train  # noqa: E402
from perceptron_lab.data.dataset import train_test_split  # noqa: E402
from tools.planted_data import csv_text, planted  # noqa: E402

CSV_MAX = settings.LIMITS["csv_max_bytes"]
REPEAT = 3


def separable_csv(n, d, seed=0, margin=0.1):
    """n rows of d features in about [-1, 1], 3 decimals (as a student's file), label 0/1 by u*."""
    X, sign, _ = planted(seed, n, d, margin, decimals=3)
    return csv_text(X, sign, number="{:.3f}".format)


def call(request):
    t = time.perf_counter()
    answer = json.loads(handle_json(json.dumps(request)))
    if not answer.get("ok"):
        raise SystemExit(f"bridge error: {answer.get('error')}")
    return answer, time.perf_counter() - t


def training_alone(data):
    """Training as the train request does it, timed alone (no reading, theory, plot or JSON)."""
    ds = load_data(data)
    s = read_settings({})
    tr, _ = train_test_split(ds, s["test_fraction"], s["seed"])
    Z = prepare(tr.X, **prep_options(s, tr.X))
    t = time.perf_counter()
    run = train(Z, tr.y, algorithm=s["algorithm"], eta=s["eta"], max_epochs=s["epochs"], order=s["order"],
                seed=s["seed"], trace_cap=settings.LIMITS["trace_cap"], early_stop=s["early_stop"])
    return time.perf_counter() - t, run.n_epochs


def kernel_csv(n, flip, seed=0):
    """n planted 2-D points (margin 0.05), a fraction `flip` of their labels flipped."""
    X, sign, _ = planted(seed, n, 2, 0.05, decimals=3)
    sign[np.random.default_rng(seed + 1).permutation(n)[:int(flip * n)]] *= -1
    return csv_text(X, sign, number="{:.3f}".format)


def kernel_alone(data, settings_):
    """The kernel run as the train request does it (Gram matrix and epochs), timed alone."""
    ds = load_data(data)
    s = read_settings({"algorithm": "kernel", **settings_})
    tr, _ = train_test_split(ds, s["test_fraction"], s["seed"])
    t = time.perf_counter()
    run = kernel.train_kernel(tr.X, tr.y, kernel=s["kernel"], degree=s["degree"], coef0=s["coef0"], gamma=s["gamma"],
                              fit_intercept=s["bias"], normalize=s["normalize"], eta=s["eta"], max_epochs=s["epochs"],
                              order=s["order"], seed=s["seed"], trace_cap=settings.LIMITS["trace_cap"])
    return time.perf_counter() - t, run.n_epochs


def kernel_rows():
    n = kernel_bound.THEORY_MAX_POINTS
    print(f"\nkernel perceptron, {n} points in 2-D (the page's default epochs)")
    print(f"{'kernel':>12} {'flipped':>7} {'train s':>8} {'epochs':>6} {'picture s':>9} {'theory s':>9} "
          f"{'old s':>7} {'target s':>8}  verdict / reason")
    for name, extra in (("rbf", {}), ("poly", {"degree": 3})):
        for flip in (0.0, 0.1, 0.5):
            data = {"kind": "csv", "text": kernel_csv(n, flip), "name": f"bench_kernel_{flip}.csv"}
            settings_ = {"algorithm": "kernel", "kernel": name, **extra, "plot_kinds": ["boundary"]}
            t_pic = min(call({"cmd": "train", "data": data, "settings": settings_, "theory": "later"})[1]
                        for _ in range(REPEAT))
            theory, t_th = call({"cmd": "theory"})
            _, t_old = call({"cmd": "train", "data": data, "settings": settings_})
            fit_s, epochs = min(kernel_alone(data, {k: v for k, v in settings_.items() if k != "plot_kinds"})
                                for _ in range(REPEAT))
            target = 1.5 * fit_s + 0.5
            verdict = f"{theory['separable']} ({theory['separable_reason']})" + (
                f", γ={theory['gamma']:.3g}" if theory["gamma"] else "")
            ok = "ok" if t_pic <= target else "OVER"
            print(f"{name:>12} {100 * flip:6.0f}% {fit_s:8.2f} {epochs:6d} {t_pic:9.2f} {t_pic + t_th:9.2f} "
                  f"{t_old:7.2f} {target:8.2f}  {ok}; {verdict} [load {loadavg()}]")


def main():
    quick = "--quick" in sys.argv
    # The page's Python has drawn a plot before its first Train (the worker's warm-up): so here.
    call({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plot_kinds": ["boundary"]}})
    print(f"load average before: {loadavg()}   margin budget {MARGIN_SECONDS:g} s")
    if "--kernel" in sys.argv:
        kernel_rows()
        print(f"load average after: {loadavg()}")
        return
    print(f"{'n x d':>12} {'CSV MB':>7} {'read s':>7} {'train s':>8} {'epochs':>6} {'picture s':>9} "
          f"{'theory s':>9} {'old s':>7} {'target s':>8}  verdict / reason")
    for n in (1000, 10000) if quick else (1000, 10000, 100000):
        for d in (2, 20, 200):
            label = f"{n:,} x {d}"
            text = separable_csv(n, d)
            mb = len(text.encode()) / 1e6
            if len(text.encode()) > CSV_MAX:
                print(f"{label:>12} {mb:7.1f}  skipped: the CSV is over the page's {CSV_MAX / 1e6:.0f} MB limit, "
                      "so the page refuses it before any training")
                continue
            data = {"kind": "csv", "text": text, "name": f"bench_{n}x{d}.csv"}
            _, read = call({"cmd": "inspect", "data": data})
            settings_ = {"plot_kinds": ["boundary"]}
            # The machine is shared: picture and training are the best of REPEAT (the theory request,
            # up to its 10 s budget, and the old inline answer run once).
            t_pic = min(call({"cmd": "train", "data": data, "settings": settings_, "theory": "later"})[1]
                        for _ in range(REPEAT))
            theory, t_th = call({"cmd": "theory"})
            _, t_old = call({"cmd": "train", "data": data, "settings": settings_})
            fit_s, epochs = min(training_alone(data) for _ in range(REPEAT))
            target = 1.5 * fit_s + 0.5
            verdict = f"{theory['separable_reason']}" + (f", γ={theory['gamma']:.3g}" if theory["gamma"] else "")
            ok = "ok" if t_pic <= target else "OVER"
            print(f"{label:>12} {mb:7.1f} {read:7.2f} {fit_s:8.2f} {epochs:6d} {t_pic:9.2f} {t_pic + t_th:9.2f} "
                  f"{t_old:7.2f} {target:8.2f}  {ok}; {verdict}; picture/train alone {t_pic / fit_s:.1f}x "
                  f"[load {loadavg()}]")
    kernel_rows()
    print(f"load average after: {loadavg()}")


if __name__ == "__main__":
    main()
