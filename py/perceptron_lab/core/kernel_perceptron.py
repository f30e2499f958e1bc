"""The kernel perceptron: the online perceptron in dual form, f(x) = η·Σ_i α_i y_i k̃(x_i, x).

α_i counts the updates example i caused (w never appears), so the perceptron runs in the
feature space of a kernel k without ever building that space.

Conventions, matching core.train (seeds 000, 001, 003):
- Bias as a constant feature *in feature space*: φ̃(x) = (φ(x), 1), i.e. k̃(x, x') = k(x, x') + 1,
  exactly as features.prepare appends the 1 after the feature map. For the linear kernel
  k̃ is then x̃·x̃' and the run is the primal online perceptron on x̃ = (x, 1), with its
  mistakes except where a score lands within rounding of 0 (the two forms sum in different
  orders; exact on whole numbers). normalize scales every φ̃(x) to unit length
  (k̃(x,x')/√(k̃(x,x)·k̃(x',x'))), as features.prepare scales x̃, but rounds differently, so
  ties at 0 can then go the other way.
- A mistake is y·f(x) <= 0 (α = 0 errs on everything); the update is α_i += 1.
- η only rescales: from α = 0 every score is η times the η = 1 score, so the loop runs in units
  of η (exact on whole-number kernels) and every η makes the same mistakes and the same α;
  f, the bias, the norm of w and the trace's scores are reported times η.
- Orders fixed, shuffle-once, shuffle-each draw the same permutations as core.train for the
  same seed; an epoch without a mistake ends the run (converged).
- Cycling (the dual of Block & Levin): α never repeats (it only grows), but the path depends
  only on the scores s = (f(x_1), ..., f(x_n)) on the training set. If s repeats at an epoch
  boundary under an order that repeats, the run repeats forever. s repeats exactly when w does
  (w - w' = Σ c_i φ̃(x_i) orthogonal to every φ̃(x_j) has norm 0). Like the primal check it
  compares floating point values exactly, so rounding may hide a cycle (the run then stops at
  the epoch limit); on integer data it is exact.

The Gram matrix K̃ is computed once (n <= MAX_POINTS: n² float64 numbers, 200 MB at 5 000);
the scores are kept incrementally (a mistake at i adds y_i·K̃[i] to all of them, in units of η)
and the next mistake is found by the block scan every perceptron uses (scan.py).
"""

from dataclasses import dataclass, field

import numpy as np

from .model import DualModel
from .run_envelope import RunEnvelope
from . import loop as core
from . import cycle_proof
from ..errors import DataError
from .order import VisitingOrder
from .scan import BlockScan
from .loop import check_params, run_epochs
from .stopping import finite_input, EpochEnds, check_scaled
from .trace import KeptUpdates, TraceEnvelope, epoch_bounds
from .kernels import KERNEL_DEFAULTS, KERNELS, Kernel, check_kernel  # noqa: F401  (the kernel settings live there)
from ..i18n import _, number

MAX_POINTS = 5000  # the Gram matrix holds n² float64: 200 MB at this size


@dataclass
class DualTrace(TraceEnvelope):
    """The kept updates (every one up to the cap, then evenly spread over the run: kept row k is
    update step[k]): epoch, example index, its score f(x_i) before the update and α_i after it;
    updates: the example index of every update of the run, so α after any update is exact.
    total counts all; subsampled says some were not kept."""

    score: np.ndarray
    alpha: np.ndarray
    updates: np.ndarray = field(repr=False)
    bounds: np.ndarray = field(repr=False)  # updates made before each epoch (epoch e: bounds[e-1]:bounds[e])

    def alpha_at(self, t, n):
        """α after the first t updates of the run (0 <= t <= total)."""
        if not 0 <= t <= self.total:
            raise ValueError(f"step {t} is not among the run's {self.total} updates")
        # intp: bincount refuses int64 where intp is 32 bits (Pyodide is wasm32).
        return np.bincount(self.updates[:t].astype(np.intp), minlength=n).astype(np.int64)


@dataclass
class KernelRun(RunEnvelope):
    """One kernel perceptron run; its model (core.model.DualModel) holds α, in training order."""

    kernel: Kernel
    epoch_mistakes: list
    epoch_w_norm: list
    epoch_accuracy: list
    scores: np.ndarray  # f(x_i) on the training set at the end
    trace: DualTrace
    X: np.ndarray = field(repr=False)
    y: np.ndarray = field(repr=False)
    K: np.ndarray = field(repr=False)
    cycle_proved: bool | None = None  # a cycle (scores repeating in floats) with an exact certificate
    cycle_checked: bool = True  # False: no exact check could run on the repeat (observed, not proved)

    algorithm = "kernel"

    @property
    def n_updates(self):
        return self.trace.total

    @property
    def converged_epoch(self):
        """The epoch without mistakes that ended the run, or None."""
        return self.n_epochs if self.status == "converged" else None

    @property
    def support(self):
        """Indices of the training examples with α_i > 0 (the support vectors)."""
        return np.flatnonzero(self.model.alpha)

    @property
    def dual_coef(self):
        """η·α_i·y_i for the support vectors, in support order."""
        s = self.support
        return self.eta * self.model.alpha[s] * self.y[s].astype(np.float64)

    @property
    def bias(self):
        """The weight of the constant feature: Σ_i η α_i y_i φ̃(x_i)_bias (None without bias)."""
        if not self.kernel.fit_intercept:
            return None
        s = self.support
        return float(self.dual_coef @ self.kernel.constant(self.X[s]))

    def decision_function(self, X, *, step=None, chunk=2048):
        """f(x) = η Σ_i α_i y_i k̃(x_i, x) for every row of X (raw inputs, as trained on).

        step: use α after the first `step` updates of the run instead (for step-through)."""
        return self.eta * self._scores1(X, step, chunk)

    def _scores1(self, X, step=None, chunk=2048):
        """Σ_i α_i y_i k̃(x_i, x) in units of η: the signs training decides by, for every η."""
        X = np.asarray(X, dtype=np.float64)
        alpha = self.model.alpha if step is None else self.trace.alpha_at(step, len(self.model.alpha))
        s = np.flatnonzero(alpha)
        c = alpha[s] * self.y[s].astype(np.float64)
        out = np.zeros(len(X))
        for r in range(0, len(X), chunk):
            if len(s):
                K, cs, cx = self.kernel.parts(self.X[s], X[r:r + chunk])
                out[r:r + chunk] = c @ K + (c @ cs) * cx   # the bias apart (Kernel.parts)
        return out

    def predict(self, X):
        return core.predict_sign(self._scores1(X))


def gram(X, kernel):
    """K̃ of the training inputs, or DataError beyond MAX_POINTS."""
    if len(X) > MAX_POINTS:
        raise DataError(_("The kernel perceptron keeps an n×n Gram matrix, so it trains on at most {limit} "
                          "examples; this data has {n}. Use fewer points, or a primal algorithm (with the poly2 "
                          "feature map for curved boundaries).").format(
            limit=number(f"{MAX_POINTS:,}"), n=number(f"{len(X):,}")))
    return kernel(X, X)


def train_kernel(X, y, *, kernel=KERNEL_DEFAULTS["kernel"], degree=KERNEL_DEFAULTS["degree"],
                 coef0=KERNEL_DEFAULTS["coef0"], gamma=KERNEL_DEFAULTS["gamma"], fit_intercept=True,
                 normalize=False, eta=1.0, max_epochs=100, order="fixed", seed=0,
                 trace_cap=200_000, progress=None, K=None, visitor=None):
    """Train on raw inputs X (n, m) with labels y in {-1, +1}; returns a KernelRun.

    K: the Gram matrix of X under these kernel settings, when the caller already has it.
    progress(epoch, mistakes) is called after every epoch, as in core.train.
    visitor(epoch, index, score f(x_i)/η before, mistake, the training scores/η after): called for
    every example the run visits, right or wrong, in order (the exercise asks the run for its visits).
    """
    check_params(order=order, eta=eta, max_epochs=max_epochs, seed=seed)
    k = Kernel(kernel, degree, coef0, gamma, bool(fit_intercept), bool(normalize))
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.asarray(y)
    if X.ndim != 2 or len(X) == 0 or y.shape != (len(X),):
        raise DataError(_("X must be (n, m) with n >= 1 and y one label per row."))
    finite_input(X, "x")
    if y.dtype.kind not in "iuf" or not np.isin(y, (-1, 1)).all():
        raise DataError(_("Labels must be -1 or +1."))
    y = y.astype(np.int8)
    if K is None:
        K = gram(X, k)
    elif np.shape(K) != (len(X), len(X)):
        raise ValueError(f"K must be the ({len(X)}, {len(X)}) Gram matrix of X, not {np.shape(K)}.")
    return _train(X, y, k, K, float(eta), max_epochs, order, seed, trace_cap, progress, visitor)


class DualRule:
    """The kernel perceptron's rule for the block scan (scan.py): the state is the score vector s on
    the training set (in training order, units of η); a block's margins y_i·s_i are the per-example
    loop's own numbers (y = ±1), so nothing needs deciding again (near = 0). The update at i adds
    y_i·K̃[i] to s in place and counts α_i += 1."""

    width, by_rows = 1, 0
    near = near_step = 0.0

    def __init__(self, K, y):
        self.K, self.yf = K, y.astype(np.float64)
        self.positive = (y > 0).tolist()
        self.counts = [0] * len(y)  # α as Python ints while training: numpy element increments cost more

    def start(self, perm, number, record, visitor=None):
        """A pass in the order perm; record.add(number, index, score before, α_i after) per update;
        with a visitor, visitor(number, index, score before, mistake, the scores after) per visit
        (the scores are updated in place: read them at once)."""
        K, counts, positive, log = self.K, self.counts, self.positive, record.log[0].append
        yo = self.yf if perm is None else self.yf[perm]
        order = range(len(yo)) if perm is None else perm.tolist()
        if perm is None:
            self.margins = lambda s, p, q: s[p:q] * yo[p:q]
        else:
            self.margins = lambda s, p, q: s[perm[p:q]] * yo[p:q]

        def mistake(s, j, v):
            i = order[j]
            score = float(s[i])
            if not ((score <= 0) if positive[i] else (score >= 0)):
                return None
            if positive[i]:
                np.add(s, K[i], out=s)
            else:
                np.subtract(s, K[i], out=s)
            counts[i] += 1
            log(i)
            record.add(number, i, score, counts[i])
            return s

        if visitor is not None:  # every example, right or wrong: the scan asks mistake() for each
            decide = mistake

            def mistake(s, j, v):
                i = order[j]
                score = float(s[i])
                new = decide(s, j, v)
                visitor(number, i, score, new is not None, s)
                return new

        self.mistake = mistake

    def flush(self, s):
        pass


class DualStrategy:
    """The kernel perceptron as a strategy of the one epoch loop (core.loop.run_epochs) over the
    block scan with DualRule; its state is the score vector s."""

    def __init__(self, K, y, order, seed):
        n = len(y)
        self.y, self.yf = y, y.astype(np.float64)
        self.visiting = VisitingOrder(order, np.random.default_rng(seed), n)
        self.rule = DualRule(K, y)
        self.scan = BlockScan(self.rule, n)
        self.alpha = np.zeros(n, dtype=np.int64)
        self.epoch_w_norm, self.epoch_accuracy = [], []

    visitor = None  # a visit recorder (DualRule.start)

    def epoch(self, s, epoch, record):
        """One pass; record: KeptUpdates of (epoch, index, score before, α_i after), logging the index."""
        self.rule.start(self.visiting.next(len(s)), epoch, record, self.visitor)
        return self.scan.epoch(s, every=self.visitor is not None)

    def end_epoch(self, s):
        self.alpha = alpha = np.array(self.rule.counts, dtype=np.int64)
        # ‖w‖² = (αy)ᵀK̃(αy) = (αy)·s, in units of η
        self.epoch_w_norm.append(float(np.sqrt(max(0.0, float((alpha * self.yf) @ s)))))
        self.epoch_accuracy.append(float(np.mean(core.predict_sign(s) == self.y)))

    def limit(self):
        return None


def _train(X, y, k, K, eta, max_epochs, order, seed, trace_cap, progress, visitor):
    n = len(X)
    strategy = DualStrategy(K, y, order, seed)
    strategy.visitor = visitor
    s = np.zeros(n)
    ends = EpochEnds(s, detect_cycles=order != "shuffle-each")
    record = KeptUpdates(trace_cap, "qqdq")  # epoch, index, score, α_i after; every update's index
    s, epoch_mistakes, _ = run_epochs(strategy, s, record, ends, max_epochs, progress, what="scores", field="kernel")
    check_scaled(eta * s, "scores")
    rows = record.close().columns
    trace = DualTrace(step=record.steps(), epoch=np.array(rows[0], dtype=np.int64),
                      index=np.array(rows[1], dtype=np.int64), score=eta * np.array(rows[2], dtype=np.float64),
                      alpha=np.array(rows[3], dtype=np.int64), total=record.total, subsampled=record.stride > 1,
                      updates=record.logged()[0], bounds=epoch_bounds(epoch_mistakes))
    run = KernelRun(kernel=k, eta=eta, order=order, seed=int(seed), model=DualModel(strategy.alpha), status=ends.status,
                    cycle=ends.cycle, n_epochs=len(epoch_mistakes), mistakes=int(sum(epoch_mistakes)),
                    epoch_mistakes=epoch_mistakes, epoch_w_norm=[eta * v for v in strategy.epoch_w_norm],
                    epoch_accuracy=strategy.epoch_accuracy, scores=eta * s, trace=trace, X=X, y=y, K=K)
    if ends.cycle is not None:
        # Repeating float scores end the run; "not separable" needs the exact certificate.
        lap = cycle_proof.lap(trace.bounds, ends.cycle)
        proof = cycle_proof.kernel(run, np.bincount(trace.updates[lap].astype(np.intp), minlength=n))
        run.cycle_proved, run.cycle_checked = proof is True, proof is not None
    return run
