"""This device's pace now: how many times longer than on the machine the run budget's coefficients
were measured (params.json limits `cost_us_*`) a run takes here at this moment.

The coefficients bound a run in an unloaded tab of that machine. A loaded phone or a lecture-hall
laptop shared by many tabs runs the same operations several times slower, and a bound in the
reference machine's seconds then lets a long run start without asking. So before the page decides
on a run nobody clicked for, Python times a small fixed workload made of the operations the estimate
counts: the core's own online perceptron over noisy examples (the per-example step and its numpy
products), a kernel-sized product and a small symmetric eigendecomposition (the kernel run's theory).
Its time over `pace_reference_ms` (the same workload in an unloaded tab of the reference machine,
bench/budget_pace.py) is the pace, never below 1: a measurement that ran in a quiet moment must not
shrink a bound measured on a slower machine. The first piece is not timed: it warms numpy's and the
core's first calls, which an unloaded tab also pays only once.

The CLI and the estimators keep a pace of 1: their sentence is the page's estimate for a browser tab
(run_cost.long_run_text), not a time for this terminal.
"""

import time

import numpy as np

from . import settings
from .core import train

LIMITS = settings.LIMITS
PIECES = 8  # timed pieces after the untimed first: ~2.5 ms each unloaded, many scheduler slices in all
_ROWS, _EPOCHS, _GRAM_ROWS, _EIGEN_ROWS = 200, 6, 200, 60


def _data():
    """Fixed noisy examples x̃ = (x1, x2, 1) with labels no w separates (every epoch runs)."""
    rng = np.random.default_rng(36)
    X = rng.normal(size=(_ROWS, 2))
    y = np.where(rng.normal(size=_ROWS) > 0, 1, -1)
    return np.hstack([X, np.ones((_ROWS, 1))]), y


def piece(data):
    """One piece of the workload: what the estimate counts, at a fixed small size."""
    Z, y = data
    train(Z, y, algorithm="online", max_epochs=_EPOCHS, order="shuffle-each", seed=1)
    G = Z[:_GRAM_ROWS] @ Z[:_GRAM_ROWS].T
    np.exp(-0.5 * G)  # an RBF kernel's values over the products
    S = G[:_EIGEN_ROWS, :_EIGEN_ROWS] + np.eye(_EIGEN_ROWS)
    np.linalg.eigh(S)


def measure(clock=time.perf_counter, reference_ms=None):
    """-> {"ms": the timed pieces' milliseconds now, "reference_ms", "pace": max(1, ms / reference)}.
    clock: seconds (injected by the tests to stand for a slower device)."""
    reference = float(LIMITS["pace_reference_ms"] if reference_ms is None else reference_ms)
    data = _data()
    piece(data)
    t0 = clock()
    for _ in range(PIECES):
        piece(data)
    ms = (clock() - t0) * 1e3
    return {"ms": ms, "reference_ms": reference, "pace": max(1.0, ms / reference)}

