"""Every example the online path visits, in order, with a, y·a and w before and after.

The core's trace records only the updates (the mistakes). An exercise also needs the examples the
perceptron got right, so it asks the run for them: core.train calls a visit recorder (VisitRecord)
for every example it visits, right or wrong, with the run's own activation and w. The per-example
variants (online, averaged, voted, pocket) all walk this same path; only their final answer
differs. The kernel perceptron's visits (counts α_i instead of w) are in kernel_visits.py.

The bridge's request {cmd: "visits", data, settings, limit} is bridge/visits.py.
"""

import math

import numpy as np

from .. import settings
from ..core import train
from ..core.loop import RUN_ON
from ..run_settings import train_keywords
from ..data.dataset import train_test_split
from ..data.prep import options
from ..json_numbers import floats
from ..core.features import feature_names, prepare

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
MAX_DRAW_POINTS = 5000
# The primal variants that update on one example at a time (params.json: per_example).
PER_EXAMPLE = tuple(o["value"] for o in settings.param("algorithm")["options"]
                    if o["family"] == "linear" and o["per_example"])


class VisitRecord:
    """A visit recorder for core.train: its first `limit` visits, in the page's numbers (times η)."""

    def __init__(self, Z, y, eta, limit, threshold=0.0):
        self.Z, self.y, self.eta, self.limit = Z, y, eta, limit
        self.threshold = threshold  # the rule's (core/rule.py): an update when y·a <= it
        self.visits, self.w = [], np.zeros(Z.shape[1])  # w before the next visit, in units of η

    def __call__(self, epoch, i, a, mistake, w):
        if len(self.visits) < self.limit:
            a, y = self.eta * a, int(self.y[i])
            self.visits.append({"t": len(self.visits) + 1, "epoch": epoch, "index": i, "x": floats(self.Z[i]),
                                "y": y, "a": a, "ya": float(y * a), "mistake": mistake, "threshold": self.threshold,
                                "w_before": floats(self.eta * self.w), "w_after": floats(self.eta * w)})
        self.w = w


def online_visits_request(ds, s, limit):
    """The visits answer for a per-example primal variant (ds: the binary data, s: read settings)."""
    train_ds, _ = train_test_split(ds, s["test_fraction"], s["seed"])
    prep = options(s, train_ds.X)
    Z, y = prepare(train_ds.X, **prep), train_ds.y
    n = len(Z)
    # The first epochs of a run do not depend on how many follow: train only those the visits need.
    epochs = min(s["epochs"], math.ceil(limit / n))
    record = VisitRecord(Z, y, s["eta"], limit)
    run = train(Z, y, **{**train_keywords(s), "max_epochs": epochs}, trace_cap=2, visitor=record)
    record.threshold = run.rule.threshold  # the rule's τ of y·a <= τ (0 but for the margin perceptron)
    vs = [{**v, "threshold": record.threshold} for v in record.visits]
    m = train_ds.X.shape[1]
    drawable = m == 2 and s["feature_map"] == "none" and n <= MAX_DRAW_POINTS
    # The page's run ends where this one did only if this one stopped by itself: averaged and voted
    # go on after a clean epoch (Algorithm 2) unless early_stop, so only the full budget ends them.
    runs_on = s["algorithm"] in RUN_ON and not s["early_stop"]
    stopped = run.n_epochs < epochs or (not runs_on and run.status in ("converged", "cycled"))
    finished = epochs == s["epochs"] or stopped
    return visits_answer(s, ds, vs, run, finished, train_ds.X, y, drawable, algorithm=s["algorithm"],
                         threshold=record.threshold,
                         w_names=feature_names(ds.feature_names, fit_intercept=s["bias"],
                                               feature_map=s["feature_map"]))


def visits_answer(s, ds, vs, run, finished, X, y, drawable, **fields):
    """The visits request's answer (online variants and kernel alike); `fields` adds or replaces."""
    n = len(y)
    return {
        "ok": True, "eta": s["eta"], "bias": s["bias"], "feature_names": list(ds.feature_names),
        "labels": ds.label_mapping_json(), "dataset": {"name": ds.name, "n_train": n}, "visits": vs,
        # The run ends within these visits: no later example will be visited.
        "run_ends": bool(finished and len(vs) == run.n_epochs * n),
        "status": run.status if finished else None,
        "points": [[float(a), float(b), int(c)] for (a, b), c in zip(np.asarray(X).tolist(), y)] if drawable else None,
        **fields,
    }
