"""How long a run can take, said before it starts, and its progress on a terminal.

The estimate is the page's run budget (site/js/run/budget.js, `estimate` without plots) from the
same params.json coefficients, measured in the page's Python (Pyodide): an upper bound there,
as every example is counted as a mistake in every epoch. CPython is usually faster; either way
a run estimated above `auto_run_seconds_max` is a long one, and the CLI and the estimators say
so before training, with the numbers it comes from. Its pace is 1 (the page's tab unloaded on the
machine the coefficients were measured on): the page multiplies its own estimate by this device's
pace now (run_pace.py), which says nothing about a terminal's time.
"""

import math
import sys
import time
import warnings

from . import settings
from .i18n import _, ngettext, count as _count

LIMITS = settings.LIMITS


class LongRunWarning(UserWarning):
    """An estimator's fit that the page's estimate calls long (see run_cost)."""


def seconds(rows, features, epochs, algorithm, *, feature_map="none", classes=2, test_fraction=0.0,
            kernel=None, theory=True):
    """The page's estimate (budget.js `estimate`, plots left out) in seconds for a run on
    rows × features raw features: x̃ has the feature map's width plus one. kernel: the kernel
    perceptron's (params.json's default when None); theory=False: without the kernel run's margin in
    feature space, which an estimator's fit never computes."""
    d = features * (features + 3) / 2 if feature_map == "poly2" else features
    L = LIMITS
    cost = settings.option("algorithm", algorithm)["cost"]  # the algorithm's cost model (params.json)
    if cost["model"] == "gram":
        if rows > L["kernel_max_points"]:
            return 0.0  # refused at once: no kernel matrix beyond this many rows
        pair = L["cost_us_per_kernel_pair"] + d * L["cost_us_per_kernel_value"]
        us = rows * rows * pair + rows * epochs * (L["cost_us_per_example"] + rows * L["cost_us_per_kernel_update"])
        us += kernel_theory_us(rows, kernel or settings.default("kernel")) if theory else 0.0
    elif cost["model"] == "classes":
        us = rows * epochs * (L["cost_us_per_example"] + classes * L["cost_us_per_class"]
                              + classes * (d + 1) * L["cost_us_per_class_value"])
    else:
        us = (rows * epochs * (L["cost_us_per_example"] + (d + 1) * L["cost_us_per_value"])
              * weights_factor(cost, rows, d, test_fraction) + epochs * cost.get("epoch_us", 0))
        if settings.option("algorithm", algorithm)["votes"]:
            us += vote_pairs(rows, epochs) * (L["cost_us_per_vote_pair"] + (d + 1) * L["cost_us_per_vote_value"])
    return us / 1e6


def kernel_theory_us(rows, kernel):
    """budget.js kernelTheoryCost: the margin in feature space for poly and RBF (~rows³, theory/kernel_bound.py),
    up to kernel_theory_max_points rows, stopped at margin_seconds."""
    if kernel == "linear" or rows > LIMITS["kernel_theory_max_points"]:
        return 0.0
    return min(rows ** 3 * LIMITS["cost_us_per_kernel_theory_cube"], LIMITS["margin_seconds"] * 1e6)


def weights_factor(cost, rows, features, test_fraction=0.0):
    """budget.js weightsFactor: pocket past `ratchet.work` training values runs Gallant's ratchet."""
    r = cost.get("ratchet")
    train_rows = math.floor(rows * (1 - test_fraction)) - 1
    return r["factor"] if r and train_rows * features > r["work"] else cost["factor"]


def most_votes(rows, epochs):
    """The most votes a voted run keeps: a mistake on every example, stopped after the epoch that
    passes votes_max (core/strategies.py Voted.limit), plus the current w."""
    return min(rows * epochs, LIMITS["votes_max"] + rows) + 1


def vote_pairs(rows, epochs, plots=False):
    """Point-vote pairs a voted run polls at most (budget.js voteCost): vote_points_per_row × rows
    points, and with plots the boundary's regions grid (bridge/figures.py sizes it by the votes)."""
    k = most_votes(rows, epochs)
    pairs = LIMITS["vote_points_per_row"] * rows * k
    if plots:
        pairs += min(200 ** 2 * k, max(LIMITS["vote_grid_work"], 60 ** 2 * k))
    return pairs


def duration_text(s):
    """Seconds as the page words them: s under 2 min, min under 2 h, else h (rounded up)."""
    if s < 120:
        return f"{math.ceil(s)} s"
    if s < 7200:
        return f"{math.ceil(s / 60)} min"
    return f"{math.ceil(s / 3600)} h"


def long_run_text(rows, features, epochs, algorithm, *, feature_map="none", classes=2, theory=True):
    """The sentence said before a long run, or None when the estimate is within the page's budget."""
    s = seconds(rows, features, epochs, algorithm, feature_map=feature_map, classes=classes, theory=theory)
    if s <= LIMITS["auto_run_seconds_max"]:
        return None
    size = " × ".join((ngettext("{n} row", "{n} rows", rows).format(n=_count(rows)),
                       ngettext("{n} feature", "{n} features", features).format(n=_count(features)),
                       ngettext("{n} epoch", "{n} epochs", epochs).format(n=_count(epochs))))
    model = settings.option("algorithm", algorithm)["cost"]["model"]
    if model == "classes":
        first = ngettext("A long run: the multiclass perceptron ({n} class) on {size}.",
                         "A long run: the multiclass perceptron ({n} classes) on {size}.", classes)
        first = first.format(n=_count(classes), size=size)
    elif model == "gram":
        first = _("A long run: the kernel perceptron on {size}.").format(size=size)
    else:
        first = _("A long run: {size}.").format(size=size)
    return first + " " + _(
        "The page estimates up to about {duration} for it in a browser tab (every example counted as a "
        "mistake in every epoch); here it is often faster, and a run that converges stops early."
    ).format(duration=duration_text(s))


def announce_fit(rows, features, epochs, algorithm, *, feature_map="none", classes=2, theory=False):
    """An estimator's fit: before a run the estimate calls long, a LongRunWarning, and a Progress
    to pass to training (it writes only on a terminal); None for a short run."""
    text = long_run_text(rows, features, epochs, algorithm, feature_map=feature_map, classes=classes, theory=theory)
    if text is None:
        return None
    warnings.warn(text, LongRunWarning, stacklevel=3)  # names the line that called fit
    return Progress(epochs)


class Progress:
    """progress(epoch, mistakes) for a run of `epochs` epochs: on a terminal, one line rewritten in
    place at most `per_second` times a second, with the time so far and an estimate of the rest;
    nothing when the stream is not a terminal (a log keeps no carriage returns)."""

    def __init__(self, epochs, stream=None, per_second=4, clock=time.monotonic):
        self.epochs, self.stream, self.clock = epochs, stream or sys.stderr, clock
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = clock()
        self.gap, self.last, self.width = 1 / per_second, None, 0

    def __call__(self, epoch, mistakes, *rest):
        if not self.on:
            return
        now = self.clock()
        if self.last is not None and now - self.last < self.gap and epoch < self.epochs:
            return
        self.last = now
        spent = now - self.start
        left = spent / epoch * (self.epochs - epoch) if epoch else 0
        line = ngettext("epoch {epoch} of at most {epochs}: {n} mistake in it; {spent} so far, about {left} more at this pace",
                        "epoch {epoch} of at most {epochs}: {n} mistakes in it; {spent} so far, about {left} more at this pace",
                        mistakes).format(epoch=_count(epoch), epochs=_count(self.epochs), n=_count(mistakes),
                                         spent=_clock(spent), left=_clock(left))
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def done(self):
        """End the progress line (the result is printed below it)."""
        if self.on and self.last is not None:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def _clock(s):
    s = int(round(s))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
