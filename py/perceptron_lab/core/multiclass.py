"""The multiclass perceptron: one weight vector per class, the highest score wins.

Conventions (the binary ones of core.train carried over):
- W is (n_classes, d) over the prepared x̃ (bias last), W = 0 at the start; classes are 0..K-1.
- Prediction: argmax_k W_k·x̃, ties to the lowest class index.
- A mistake is "the true class y does not win outright": some other class scores at least as
  much, max_{k≠y} W_k·x̃ >= W_y·x̃; its rival ŷ is the highest-scoring other class (ties to the
  lowest index). Update: W_y += η·x̃, W_ŷ -= η·x̃. Whenever the prediction is wrong, ŷ is the
  predicted class, so this is the standard rule; it also updates when y wins only by the
  tie-break, as the binary perceptron's y·(w·x̃) <= 0 does (W = 0 errs on everything).
- Two classes: W_1 = -W_0 throughout and v = W_1 - W_0 follows the binary perceptron on
  y = ±1 (class 1 = +1) with learning rate 2η: the same mistakes, v = 2·w. Predictions agree
  except at v·x̃ = 0, where the binary perceptron says class 1 and argmax says class 0.
- averaged: the answer is the mean of W after every example (core's lazy-averaging trick); it
  runs all max_epochs epochs unless early_stop, as Algorithm 2 does.
- Orders, epochs, convergence (an epoch without a mistake) and cycling (W repeats at an epoch
  boundary under an order that repeats, Block & Levin) as in core.train, with its permutations.
- Training runs in units of η and reports η·W: from W = 0, η only rescales the path.
"""

from dataclasses import dataclass, field

import numpy as np

from .model import MulticlassModel
from .run_envelope import RunEnvelope
from ..errors import DataError
from . import cycle_proof
from .order import VisitingOrder
from .scan import BlockScan, dot_slack, norm_up
from .loop import check_params, run_epochs
from .stopping import finite_input, EpochEnds, check_scaled
from .strategies import LazyMean
from .trace import KeptUpdates, TraceEnvelope, epoch_bounds
from ..i18n import _

MAX_CLASSES = 1000


@dataclass
class MulticlassTrace(TraceEnvelope):
    """The kept updates (every one up to the cap, then evenly spread over the run: kept row k is
    update step[k]): epoch, example index, its class and the rival class (the two rows of W that
    moved: + and -), both scores before the update. updates, rivals: the example index and rival of
    every update of the run (classes: the class of each training example), so W after any update is
    exact. total counts all updates; subsampled says some were not kept."""

    true: np.ndarray
    rival: np.ndarray
    score_true: np.ndarray
    score_rival: np.ndarray
    updates: np.ndarray = field(repr=False)
    rivals: np.ndarray = field(repr=False)
    classes: np.ndarray = field(repr=False)
    bounds: np.ndarray = field(repr=False)  # updates made before each epoch (epoch e: bounds[e-1]:bounds[e])

    def logged(self, part=slice(None)):
        """(example index, its class, the rival) of the updates in `part` (a slice of the log)."""
        index = self.updates[part].astype(np.intp)
        return index, self.classes[index], self.rivals[part].astype(np.intp)

    def add_updates(self, W, start, stop, Z):
        """W (units of η) plus updates start+1 .. stop, in place: the same sums in the same order as training."""
        # One unbuffered np.add.at over the interleaved rows (true +x̃, rival -x̃) adds in the
        # training's order, and w + (-x) is w - x exactly; chunks bound the memory.
        for c in range(start, stop, 50_000):
            idx, true, rival = self.logged(slice(c, min(stop, c + 50_000)))
            rows = np.column_stack([true, rival]).ravel()
            vals = np.stack([Z[idx], -Z[idx]], axis=1).reshape(-1, Z.shape[1])
            np.add.at(W, rows, vals)
        return W

    def weights_at(self, t, Z, n_classes, eta=1.0):
        """The online W after the first t updates of the run (0 <= t <= total), times η."""
        if not 0 <= t <= self.total:
            raise ValueError(f"step {t} is not among the run's {self.total} updates")
        return eta * self.add_updates(np.zeros((n_classes, Z.shape[1])), 0, t, Z)


@dataclass
class MulticlassRun(RunEnvelope):
    """One multiclass perceptron run; its model (core.model.MulticlassModel) holds W: the answer,
    the last W or the mean of W with average, one row per class."""

    converged_epoch: int | None  # the first epoch without a mistake
    early_stop: bool
    epoch_mistakes: list
    epoch_accuracy: list  # training accuracy of the answer after each epoch
    epoch_w_norm: list  # Frobenius norm of the online W after each epoch
    trace: MulticlassTrace
    cycle_proved: bool | None = None  # a cycle (W repeating in floats) with an exact certificate
    W_units: np.ndarray | None = field(default=None, repr=False)  # the answer in units of η: predictions

    algorithm = "multiclass"

    @property
    def n_updates(self):
        return self.trace.total

    def decision_function(self, Z):
        """Scores W_k·x̃, shape (n, n_classes)."""
        return np.asarray(Z, dtype=np.float64) @ self.model.W.T

    def predict(self, Z):
        """Class indices: argmax of the scores in units of η (training's own numbers: η·W rounds,
        and can make or break a tie), ties to the lowest index."""
        W = self.model.W if self.W_units is None else self.W_units
        return np.argmax(np.asarray(Z, dtype=np.float64) @ W.T, axis=1)


def confusion_matrix(y_true, y_pred, n_classes):
    """C[i, j] = number of examples of class i predicted as j (rows true, as scikit-learn)."""
    C = np.zeros((n_classes, n_classes), dtype=np.int64)
    np.add.at(C, (np.asarray(y_true), np.asarray(y_pred)), 1)
    return C


def per_class_accuracy(C):
    """For each class, the fraction of its examples predicted right (None for a class with none)."""
    C = np.asarray(C)
    rows = C.sum(axis=1)
    return [None if r == 0 else float(C[k, k] / r) for k, r in enumerate(rows.tolist())]


def train_multiclass(Z, y, n_classes=None, *, average=False, eta=1.0, max_epochs=100, order="fixed",
                     seed=0, trace_cap=200_000, progress=None, early_stop=False):
    """Train on prepared vectors Z = x̃ (n, d) with class indices y in 0..n_classes-1.

    The run ends at max_epochs, at a cycle, or after the first epoch without a mistake, where
    the last W can no longer change; the averaged answer still moves then, so with average it
    runs all max_epochs epochs (as Algorithm 2 and core.train's averaged) unless early_stop.
    """
    check_params(order=order, eta=eta, max_epochs=max_epochs, seed=seed, average=average, early_stop=early_stop)
    Z = np.ascontiguousarray(Z, dtype=np.float64)
    y = np.asarray(y)
    if Z.ndim != 2 or len(Z) == 0 or y.shape != (len(Z),):
        raise DataError(_("Z must be (n, d) with n >= 1 and y one class per row."))
    if y.dtype.kind not in "iu" or (y < 0).any():
        raise DataError(_("Classes must be whole numbers 0, 1, 2, ..."))
    if n_classes is None:
        n_classes = int(y.max()) + 1
    if not 2 <= n_classes <= MAX_CLASSES or y.max() >= n_classes:
        raise DataError(_("The multiclass perceptron needs 2 to {most} classes numbered from 0.").format(
            most=MAX_CLASSES))
    finite_input(Z)
    with np.errstate(over="ignore", invalid="ignore"):
        return _train(Z, y.astype(np.intp), int(n_classes), bool(average), float(eta), max_epochs,
                      order, seed, trace_cap, progress, bool(early_stop))


def _rival(s, a):
    """(rival, its score) for the score list s and true class a: the best other class, lowest on ties."""
    best, r = -np.inf, -1
    for k, v in enumerate(s):
        if k != a and v > best:
            best, r = v, k
    return r, best


class MulticlassRule:
    """The multiclass perceptron's rule for the block scan (scan.py): a block's margins are the true
    class's score minus the best rival's (one matrix product for the block); the per-example scores
    W·x̃ decide, as the per-example loop does, wherever a block's product could round the other way
    (each score within slack·‖W‖ of it, so a margin within twice that). The update is W_y += x̃,
    W_rival -= x̃, in place (units of η), with the lazy average when there is one."""

    by_rows = 8  # a block's margins take five numpy calls; one row's own scores one

    def __init__(self, Z, y, K, lazy):
        self.Z, self.y, self.lazy, self.width, self.d = Z, y, lazy, K, Z.shape[1]
        longest, slack = dot_slack(Z)
        self.slack = 2 * slack  # a margin is the difference of two scores
        self.near_step = self.slack * 2 * longest  # an update moves two rows of W by ‖x̃‖ each
        self.at = np.arange(1)

    def start(self, W, perm, number, record, t):
        """A pass from W in the order perm, after t examples; record.add(number, index, class, rival,
        both scores before) per update."""
        Zo, yo = (self.Z, self.y) if perm is None else (self.Z[perm], self.y[perm])
        ylist, lazy = yo.tolist(), self.lazy
        log_index, log_rival = (c.append for c in record.log)
        self.near = self.slack * norm_up(W, self.d)
        if len(self.at) < len(yo):
            self.at = np.arange(len(yo))
        rows = self.at

        def margins(W, p, q):
            S = Zo[p:q] @ W.T
            r, c = rows[:q - p], yo[p:q]
            own = S[r, c]
            S[r, c] = -np.inf
            return own - S.max(axis=1)

        def mistake(W, j, v):
            x = Zo[j]
            s = (W @ x).tolist()  # the per-example loop's own scores decide
            a = ylist[j]
            r, best = _rival(s, a)
            if not best >= s[a]:
                return None
            W[a] += x
            W[r] -= x
            if lazy is not None:
                lazy.add(t + j + 1, x, a)
                lazy.add(t + j + 1, -x, r)
            i = j if perm is None else int(perm[j])
            log_index(i)
            log_rival(r)
            record.add(number, i, a, r, s[a], best)
            return W

        self.margins, self.mistake = margins, mistake

    def flush(self, W):
        self.near = self.slack * norm_up(W, self.d)


class MulticlassStrategy:
    """The multiclass perceptron as a strategy of the one epoch loop (core.loop.run_epochs) over the
    block scan with MulticlassRule: its state is the weight matrix W (in units of η, W ± x̃ exact on
    whole-number data); with average it keeps the lazy average of W (strategies.LazyMean, as the
    primal averaged strategy does)."""

    def __init__(self, Z, y, K, average, order, seed):
        n, d = Z.shape
        self.Z, self.y, self.average = Z, y, average
        self.visiting = VisitingOrder(order, np.random.default_rng(seed), n)
        self.lazy = LazyMean((K, d)) if average else None
        self.rule = MulticlassRule(Z, y, K, self.lazy)
        self.scan = BlockScan(self.rule, n)
        self.t = 0
        self.epoch_accuracy, self.epoch_w_norm = [], []

    def epoch(self, W, epoch, record):
        """One pass; record: KeptUpdates of (epoch, index, class, rival, both scores before), logging
        the index and the rival."""
        n = len(self.Z)
        self.rule.start(W, self.visiting.next(n), epoch, record, self.t)
        W, mistakes = self.scan.epoch(W)
        self.t += n
        return W, mistakes

    def answer(self, W):
        """The last W, or with average the mean of W after every example."""
        return self.lazy.mean(W, self.t) if self.average else W

    def end_epoch(self, W):
        self.epoch_accuracy.append(float(np.mean(np.argmax(self.Z @ self.answer(W).T, axis=1) == self.y)))
        self.epoch_w_norm.append(float(np.linalg.norm(W)))

    def limit(self):
        return None


def _train(Z, y, K, average, eta, max_epochs, order, seed, trace_cap, progress, early_stop):
    # In units of η (W ± x̃, exact on whole-number data); η·W is reported. From W = 0, η only
    # rescales the path, so every η makes the same mistakes.
    n, d = Z.shape
    strategy = MulticlassStrategy(Z, y, K, average, order, seed)
    run_on = average and not early_stop  # the mean keeps moving after the last mistake (Algorithm 2)
    W = np.zeros((K, d))
    ends = EpochEnds(W, detect_cycles=order != "shuffle-each", run_on=run_on)
    record = KeptUpdates(trace_cap, "qqqqdd", "ih")  # epoch, index, class, rival, both scores; log: index, rival
    W, epoch_mistakes, _ = run_epochs(strategy, W, record, ends, max_epochs, progress)
    rows = record.close().columns
    ints = [np.array(c, dtype=np.int64) for c in rows[:4]]
    updates, rivals = record.logged()
    trace = MulticlassTrace(step=record.steps(), epoch=ints[0], index=ints[1], true=ints[2], rival=ints[3],
                            score_true=eta * np.array(rows[4], dtype=np.float64),
                            score_rival=eta * np.array(rows[5], dtype=np.float64), total=record.total,
                            subsampled=record.stride > 1, updates=updates, rivals=rivals, classes=y,
                            bounds=epoch_bounds(epoch_mistakes))
    units = strategy.answer(W)
    answer = check_scaled(eta * units, "weights")
    return MulticlassRun(model=MulticlassModel(answer, eta * W, average), eta=eta, order=order, seed=int(seed), W_units=units,
                         status=ends.status, cycle=ends.cycle, converged_epoch=ends.converged, early_stop=early_stop,
                         n_epochs=len(epoch_mistakes), mistakes=int(sum(epoch_mistakes)),
                         epoch_mistakes=epoch_mistakes, epoch_accuracy=strategy.epoch_accuracy,
                         epoch_w_norm=[eta * v for v in strategy.epoch_w_norm], trace=trace,
                         cycle_proved=None if ends.cycle is None else cycle_proof.multiclass(Z, K, trace, ends.cycle))
