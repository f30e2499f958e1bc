"""Every example the kernel perceptron visits, in order: its score, y·f(x), and its count α_i.

The kernel core records only the updates. The exercise also needs the examples it got right,
so this walks kernel.train_kernel's visiting order (the same seeded permutations as core.train,
core/order.py, asked from the run) and keeps the training scores the way the core does: in units of η, a
mistake at i adds y_i·K̃[i] to all of them (the same numpy additions in the same order, so the
same floating point numbers). Where the core updated, the score and the new α_i are read from
its trace and checked against this walk: the engine's trace is the truth.

A visit is {t, epoch, index, x (raw input), y, a (= f(x) = η·Σ_j α_j y_j k̃(x_j, x)), ya,
mistake, alpha_before, alpha_after (α of this example), terms, terms_more}: terms are
[j, α_j, y_j, k̃(x_j, x)] for every example with α_j > 0 before the visit, in training order
(at most MAX_TERMS; terms_more counts the rest), so the page can show the kernel sum with numbers.
"""

import math

import numpy as np

from ..core import kernel_perceptron as kernelmod
from ..core.kernels import check_kernel_settings
from ..data.dataset import train_test_split
from ..core.run_json import floats
from .visits import visits_answer

MAX_TERMS = 12
MAX_DRAW_POINTS = 500  # each visit lists the points its α gets wrong: n numbers per visit at most


def kernel_visits(X, y, run, *, limit, wrong=False):
    """The first `limit` visits of a kernel run (its trace must hold every update).

    wrong: each visit also lists wrong_after, the training examples with y·f(x) <= 0 after it."""
    tr, K, eta = run.trace, run.K, run.eta
    if tr.truncated:
        raise ValueError("visits need every update of the run")
    n = len(X)
    s = np.zeros(n)
    counts = [0] * n
    out, k = [], 0
    for epoch, perm in enumerate(run.visit_orders(), start=1):
        for i in perm.tolist():
            if len(out) == limit:
                return out
            yi = int(y[i])
            score = float(s[i])
            mistake = (score <= 0) if yi > 0 else (score >= 0)
            engine = k < len(tr.index) and tr.epoch[k] == epoch and tr.index[k] == i
            if mistake != engine:
                raise RuntimeError(f"the kernel walk left the engine's trace at epoch {epoch}, example {i + 1}")
            terms = [[j, counts[j], int(y[j]), float(K[j, i])] for j in range(n) if counts[j]]
            before = counts[i]
            if mistake:
                if float(tr.score[k]) != eta * score or int(tr.alpha[k]) != before + 1:
                    raise RuntimeError(f"the kernel walk disagrees with the engine at update {k + 1}")
                if yi > 0:
                    np.add(s, K[i], out=s)
                else:
                    np.subtract(s, K[i], out=s)
                counts[i] += 1
                k += 1
            a = eta * score
            out.append({"t": len(out) + 1, "epoch": epoch, "index": i, "x": floats(X[i]), "y": yi,
                        "a": a, "ya": float(yi * a) + 0.0, "mistake": bool(mistake),
                        "alpha_before": before, "alpha_after": counts[i],
                        "terms": terms[:MAX_TERMS], "terms_more": max(0, len(terms) - MAX_TERMS)})
            if wrong:
                out[-1]["wrong_after"] = np.flatnonzero(y * s <= 0).tolist()
    return out


def kernel_text(k):
    """k̃(x, x′) in the page's words, for the exercise's worked arithmetic."""
    base = {"linear": "x·x′", "poly": f"(x·x′ + {k.coef0:g})^{k.degree}", "rbf": f"exp(−{k.gamma:g}‖x − x′‖²)"}[k.kernel]
    text = f"{base} + 1" if k.fit_intercept else base
    return f"({text}) / √(k̃(x, x)·k̃(x′, x′))" if k.normalize else text


def kernel_visits_request(ds, s, limit):
    """The bridge answer for the kernel perceptron (ds: the binary data, s: read settings)."""
    check_kernel_settings(s)
    train_ds, _ = train_test_split(ds, s["test_fraction"], s["seed"])
    X, y = train_ds.X, train_ds.y
    n = len(X)
    # The first epochs do not depend on how many follow: train only those the visits need.
    epochs = min(s["epochs"], math.ceil(limit / n))
    run = kernelmod.train_kernel(X, y, kernel=s["kernel"], degree=s["degree"], coef0=s["coef0"], gamma=s["gamma"],
                                 fit_intercept=s["bias"], normalize=s["normalize"], eta=s["eta"],
                                 max_epochs=epochs, order=s["order"], seed=s["seed"], trace_cap=epochs * n + 2)
    drawable = X.shape[1] == 2 and n <= MAX_DRAW_POINTS
    vs = kernel_visits(X, y, run, limit=limit, wrong=drawable)
    stopped = run.n_epochs < epochs or run.status in ("converged", "cycled")
    finished = epochs == s["epochs"] or stopped
    k = run.kernel
    return visits_answer(s, ds, vs, run, finished, X, y, drawable, algorithm="kernel", w_names=[],
                         kernel={"kernel": k.kernel, "degree": k.degree, "coef0": k.coef0, "gamma": k.gamma,
                                 "normalize": k.normalize, "text": kernel_text(k)})
