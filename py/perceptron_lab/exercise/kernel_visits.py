"""Every example the kernel perceptron visits, in order: its score, y·f(x), and its count α_i.

The kernel core's trace records only the updates. The exercise also needs the examples it got
right, so it asks the run for them: kernel_perceptron.train_kernel calls a visit recorder
(KernelVisitRecord) for every example it visits, right or wrong, with the run's own score and
its training scores after the visit; the counts α are the run's updates, counted as they come.

A visit is {t, epoch, index, x (raw input), y, a (= f(x) = η·Σ_j α_j y_j k̃(x_j, x)), ya,
mistake, alpha_before, alpha_after (α of this example), terms, terms_more}: terms are
[j, α_j, y_j, k̃(x_j, x)] for every example with α_j > 0 before the visit, in training order
(at most MAX_TERMS; terms_more counts the rest), so the page can show the kernel sum with numbers.
"""

import math

import numpy as np

from ..core import train
from ..core.kernels import check_kernel_settings
from ..data.dataset import train_test_split
from ..json_numbers import floats
from ..run_settings import train_keywords
from .visits import visits_answer

MAX_TERMS = 12
MAX_DRAW_POINTS = 500  # each visit lists the points its α gets wrong: n numbers per visit at most


class KernelVisitRecord:
    """A visit recorder for train_kernel: its first `limit` visits, scores times η; k̃(x_j, x) of the
    terms is filled in from the run's Gram matrix (finish). wrong: each visit also lists wrong_after,
    the training examples with y·f(x) <= 0 after it."""

    def __init__(self, X, y, eta, limit, wrong=False):
        self.X, self.y, self.eta, self.limit, self.wrong = X, y, eta, limit, wrong
        self.counts = np.zeros(len(y), dtype=np.int64)  # α so far: the run's updates, as reported
        self.visits = []

    def __call__(self, epoch, i, score, mistake, s):
        if len(self.visits) == self.limit:
            return
        yi, counts = int(self.y[i]), self.counts
        support = np.flatnonzero(counts)
        terms = [[int(j), int(counts[j]), int(self.y[j])] for j in support[:MAX_TERMS]]
        before = int(counts[i])
        counts[i] += mistake
        a = self.eta * score
        self.visits.append({"t": len(self.visits) + 1, "epoch": epoch, "index": i, "x": floats(self.X[i]), "y": yi,
                            "a": a, "ya": float(yi * a) + 0.0, "mistake": mistake,
                            "alpha_before": before, "alpha_after": int(counts[i]),
                            "terms": terms, "terms_more": max(0, len(support) - MAX_TERMS)})
        if self.wrong:
            self.visits[-1]["wrong_after"] = np.flatnonzero(self.y * s <= 0).tolist()

    def finish(self, K):
        """The visits, each term with k̃(x_j, x) of the visited x."""
        for v in self.visits:
            for term in v["terms"]:
                term.append(float(K[term[0], v["index"]]))
        return self.visits


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
    drawable = X.shape[1] == 2 and n <= MAX_DRAW_POINTS
    record = KernelVisitRecord(X, y, s["eta"], limit, wrong=drawable)
    run = train(X, y, **{**train_keywords(s), "max_epochs": epochs}, trace_cap=2, visitor=record)
    vs = record.finish(run.K)
    stopped = run.n_epochs < epochs or run.status in ("converged", "cycled")
    finished = epochs == s["epochs"] or stopped
    k = run.kernel
    return visits_answer(s, ds, vs, run, finished, X, y, drawable, algorithm="kernel", w_names=[],
                         kernel={"kernel": k.kernel, "degree": k.degree, "coef0": k.coef0, "gamma": k.gamma,
                                 "normalize": k.normalize, "text": kernel_text(k)})
