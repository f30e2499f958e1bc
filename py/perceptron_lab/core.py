"""The one perceptron training loop; the variants of the notes are small strategies on it.

Conventions (seeds 000, 001, 003): w starts at 0; a mistake is y·(w·x̃) <= 0, so w = 0
errs on everything; an online update is w += eta·y·x̃; prediction at exactly 0 is +1.

The online family (online, averaged, voted, pocket) shares one exact sequential scan:
instead of a Python step per example it asks numpy for the next mistake in blocks,
then applies that single update. Block sizes adapt to the gaps between mistakes, so
rare mistakes cost a few numpy calls and frequent ones fall back to a per-example loop.
The batch perceptron (seed 003) is one gradient step per epoch on the perceptron criterion;
it counts y·a <= 0 as misclassified like the others (seed 003's step(0) = +1 would call a
positive point on the boundary right, and at theta = 0 leave the positives out of the first step).
"""

import gc
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from . import settings
from .errors import DataError, SettingsError

ALGORITHMS = ("online", "batch", "averaged", "voted", "pocket")
ORDERS = ("fixed", "shuffle-once", "shuffle-each")
MAX_EPOCHS = settings.param("epochs")["max"]

_SCALAR_MAX = 8  # blocks this small are cheaper as plain per-example dot products
_BLOCK_MAX = 32768
_POCKET_EXHAUSTIVE_WORK = 1_000_000  # n·d up to which pocket weighs every w
_VOTE_WORK_MAX = 5_000_000  # n·K above which per-epoch voted accuracy is skipped (memory)


def predict_sign(scores):
    """-1/+1 from activations, with 0 -> +1 (seed 003's step function)."""
    return np.where(np.asarray(scores) >= 0, 1, -1).astype(np.int8)


def _vote_scores(Z, W, c):
    """Σ_k c_k·sign(w_k·z) for every row z of Z, in chunks to bound memory."""
    out = np.zeros(len(Z))
    rows = max(1, 4_000_000 // max(1, min(len(W), 2048)))
    for r in range(0, len(Z), rows):
        for s in range(0, len(W), 2048):
            cs = c[s:s + 2048]
            # Σ c·sign = 2·Σ c·[w·z >= 0] − Σ c (0 counts as +1), exact for whole-number counts.
            out[r:r + rows] += 2 * ((Z[r:r + rows] @ W[s:s + 2048].T >= 0) @ cs) - cs.sum()
    return out


@dataclass
class Trace:
    """The recorded updates: step t, epoch, example index (-1 for batch), its x̃ and y
    (NaN and 0 for batch), activation w·x̃ before the update, w after."""

    step: np.ndarray
    epoch: np.ndarray
    index: np.ndarray
    activation: np.ndarray
    w: np.ndarray
    total: int
    subsampled: bool
    x: np.ndarray = None
    y: np.ndarray = None


class _TraceRecorder:
    """Keeps every update up to `cap`; past it, every s-th with s doubling, so the kept ones stay evenly spread."""

    def __init__(self, d, cap):
        self.d = d
        self.cap = max(2, int(cap))
        self.stride = 1
        self.total = 0
        self.rows = []  # (step, epoch, index, activation, w after); w arrays are never mutated in place

    def add(self, epoch, index, activation, w):
        self.total += 1
        if (self.total - 1) % self.stride:
            return
        if len(self.rows) == self.cap:
            del self.rows[1::2]
            self.stride *= 2
            if (self.total - 1) % self.stride:
                return
        self.rows.append((self.total, epoch, index, activation, w))

    def finish(self, Z, y):
        k, d = len(self.rows), self.d
        cols = list(zip(*self.rows)) if k else [()] * 5
        w = np.stack(cols[4]) if k else np.zeros((0, d))
        trace = Trace(
            step=np.fromiter(cols[0], np.int64, k), epoch=np.fromiter(cols[1], np.int64, k),
            index=np.fromiter(cols[2], np.int64, k), activation=np.fromiter(cols[3], np.float64, k),
            w=w, total=self.total, subsampled=self.stride > 1,
        )
        online = trace.index >= 0
        trace.x = np.full((k, d), np.nan)
        trace.x[online] = Z[trace.index[online]]
        trace.y = np.zeros(k, dtype=np.int8)
        trace.y[online] = y[trace.index[online]]
        return trace


# --- strategies: what each variant makes of the online path w_0 = 0, w_1, w_2, ... ----------
# t counts examples over all epochs (1-based); update() hears of the mistake on example t.


class _Last:
    """Online (Rosenblatt): the answer is the last w."""

    def __init__(self, Z, y):
        pass

    def update(self, w_old, w_new, t):
        pass

    def snapshot(self, w, t):
        """The answer after t examples."""
        return w

    def rebind(self, Z, y):
        """Training goes on with new data (partial_fit)."""


class _Averaged(_Last):
    """Mean of w after every example (seed 001's mu / examples seen), by the lazy-averaging trick.

    With updates delta_k made at example s_k, Σ_{s<=T} w_s = (T+1)·w_T − Σ_k s_k·delta_k,
    so only U = Σ_k s_k·delta_k needs keeping: the cost is per mistake, not per example.
    """

    def __init__(self, Z, y):
        self.U = np.zeros(Z.shape[1])

    def update(self, w_old, w_new, t):
        self.U += t * (w_new - w_old)

    def snapshot(self, w, t):
        return ((t + 1) * w - self.U) / t


class _Voted(_Last):
    """Freund & Schapire: every w_k votes with weight c_k, the number of examples it was current for."""

    def __init__(self, Z, y):
        self.W, self.c = [], []
        self.since = 1  # w_0 = 0 is current from example 1

    def update(self, w_old, w_new, t):
        if t > self.since:  # w_0 never lasting an example has no vote
            self.W.append(w_old)
            self.c.append(t - self.since)
        self.since = t

    def snapshot(self, w, t):
        return ("votes", len(self.W), t - self.since + 1)

    def votes(self, w, t):
        W = np.array(self.W + [w], dtype=np.float64).reshape(-1, len(w))
        return W, np.array(self.c + [t - self.since + 1], dtype=np.float64)


class _Pocket(_Last):
    """Gallant's pocket: keep the w with the best training accuracy seen so far.

    Every w on the path is weighed on the whole training set while that is cheap (n·d up to
    a million); beyond that, Gallant's ratchet: only a w whose run of correct predictions
    beats the pocket's is weighed. Either way a w replaces the pocket only if strictly better.
    """

    def __init__(self, Z, y):
        self.since = 0  # the current w has been right on every example after this one
        self.best = np.zeros(Z.shape[1])
        self.best_run = 0
        self.rebind(Z, y)

    def rebind(self, Z, y):
        # The pocket's accuracy is only comparable on the data now in hand.
        self.Z, self.y = Z, y
        self.exhaustive = Z.size <= _POCKET_EXHAUSTIVE_WORK
        self.best_acc = accuracy(Z, y, self.best)

    def _consider(self, w, run):
        if self.exhaustive or run > self.best_run:
            self.best_run = max(run, self.best_run)
            acc = accuracy(self.Z, self.y, w)
            if acc > self.best_acc:
                self.best, self.best_acc = w, acc

    def update(self, w_old, w_new, t):
        self._consider(w_old, t - self.since - 1)
        self.since = t

    def snapshot(self, w, t):
        self._consider(w, t - self.since)
        return self.best


_STRATEGIES = {"online": _Last, "averaged": _Averaged, "voted": _Voted, "pocket": _Pocket}


def accuracy(Z, y, w):
    """Fraction of rows of Z that sign(w·x̃) labels right."""
    return float(np.mean(predict_sign(Z @ w) == y))


# --- the run ---------------------------------------------------------------------------------


@dataclass
class Run:
    """Everything one training run produced; see docs/ARCHITECTURE.md."""

    algorithm: str
    eta: float
    order: str
    seed: int
    w: np.ndarray
    w_last: np.ndarray
    status: str
    cycle: dict | None
    limit: str | None
    n_epochs: int
    mistakes: int
    n_updates: int
    epoch_mistakes: list = field(default_factory=list)
    epoch_w_norm: list = field(default_factory=list)
    trace: Trace | None = None
    votes: tuple | None = None
    _Z: np.ndarray | None = field(default=None, repr=False)
    _y: np.ndarray | None = field(default=None, repr=False)
    _snapshots: list = field(default_factory=list, repr=False)
    _t: int = field(default=0, repr=False)
    _strategy: object = field(default=None, repr=False)

    def decision_function(self, Z):
        """Activations w·x̃ (voted: Σ_k c_k·sign(w_k·x̃))."""
        Z = np.asarray(Z, dtype=np.float64)
        if self.votes is not None:
            return _vote_scores(Z, *self.votes)
        return Z @ self.w

    def predict(self, Z):
        return predict_sign(self.decision_function(Z))

    @cached_property
    def epoch_accuracy(self):
        """Training accuracy of the answer at the end of each epoch (None where too costly to vote).

        Computed when first asked, in one pass over the data for all epochs, so training
        itself pays nothing for it.
        """
        Z, y, snaps = self._Z, self._y, self._snapshots
        if self.votes is None:
            W = np.array(snaps, dtype=np.float64).reshape(len(snaps), -1)
            out = np.zeros(len(W))
            for s in range(0, len(Z), 4096):
                out += (predict_sign(Z[s:s + 4096] @ W.T) == y[s:s + 4096, None]).sum(axis=0)
            return (out / len(Z)).tolist()
        # Epoch e votes with the finished w_0..w_{k-1} and the current w_k (count so far):
        # one sign matrix and a running sum over k serve every epoch at once.
        W, c = self.votes
        if len(Z) * len(W) > _VOTE_WORK_MAX:
            return [None] * len(snaps)
        P = predict_sign(Z @ W.T).astype(np.float64)
        done = np.zeros((len(Z), len(W) + 1))
        np.cumsum(P * c, axis=1, out=done[:, 1:])
        return [float(np.mean(predict_sign(done[:, k] + count * P[:, k]) == y)) for _, k, count in snaps]


def check_settings(algorithm, eta, max_epochs, order, seed):
    """Raise SettingsError naming the field for anything outside its range (params.json)."""
    if algorithm not in ALGORITHMS:
        raise SettingsError(f"Unknown algorithm {algorithm!r}: choose one of {', '.join(ALGORITHMS)}.",
                            field="algorithm")
    if order not in ORDERS:
        raise SettingsError(f"Unknown visiting order {order!r}: choose one of {', '.join(ORDERS)}.",
                            field="order")
    settings.check("eta", eta)
    settings.check("epochs", max_epochs)
    settings.check("seed", seed)


def train(Z, y, *, algorithm="online", eta=1.0, max_epochs=100, order="fixed", seed=0,
          trace_cap=100_000, progress=None, resume=None, max_votes=None):
    """Train on prepared vectors Z = x̃ (n, d) with labels y in {-1, +1}; returns a Run.

    max_votes: voted only: stop after the epoch in which more than this many weight vectors
    have been kept (every one of them is polled for every prediction; the notes call the voted
    perceptron "impractical because of storage issues"). Run.limit then says "votes".

    resume: an earlier Run of the same algorithm to continue from (its w, example count and
    averaging/voting/pocket state), as partial_fit needs; Z may then be new data of the same width.
    """
    check_settings(algorithm, eta, max_epochs, order, seed)
    # Overflow is caught below (non-finite w is an error), so numpy's warnings would only be noise.
    # The trace holds one small object per update; the cycle collector walking them again and
    # again costs more than the updates themselves on noisy data, and training makes no cycles.
    collecting = gc.isenabled()
    gc.disable()
    try:
        with np.errstate(over="ignore", invalid="ignore"):
            return _train(Z, y, algorithm, eta, max_epochs, order, seed, trace_cap, progress, resume, max_votes)
    finally:
        if collecting:
            gc.enable()


def _train(Z, y, algorithm, eta, max_epochs, order, seed, trace_cap, progress, resume, max_votes):
    Z = np.ascontiguousarray(Z, dtype=np.float64)
    y = np.asarray(y).astype(np.int8)
    n, d = Z.shape
    if not np.isfinite(Z).all():
        raise DataError("Every x̃ must be a vector of finite numbers.")
    rng = np.random.default_rng(seed)
    # Block & Levin: under a fixed cyclic order a repeated w at an epoch boundary repeats forever.
    detect_cycles = algorithm == "batch" or order != "shuffle-each"
    seen_w = {np.zeros(d).tobytes(): 0}
    rec = _TraceRecorder(d, trace_cap)
    w = np.zeros(d)
    strategy = None if algorithm == "batch" else _STRATEGIES[algorithm](Z, y)
    t = 0  # examples seen so far, over all epochs
    if resume is not None:
        if resume.algorithm != algorithm or resume.w_last.shape != (d,):
            raise SettingsError("Cannot continue a run of another algorithm or width.", field="algorithm")
        w, t = resume.w_last, resume._t
        strategy = resume._strategy
        if strategy is not None:
            strategy.rebind(Z, y)
        seen_w = {w.tobytes(): 0}
    # Plain online keeps no state of its own: skip its no-op hook on the hot path.
    update = None if type(strategy) in (type(None), _Last) else strategy.update
    status, cycle, limit = "max_epochs", None, None
    epoch_mistakes, epoch_w_norm, snapshots = [], [], []
    if algorithm == "batch":
        YZ = Z * y[:, None]  # z = y·x̃: the criterion's gradient is -Σ z over mistakes
    else:
        scan = _Scanner(Z, y, rng.permutation(n) if order == "shuffle-once" else None)

    for epoch in range(1, max_epochs + 1):
        if algorithm == "batch":
            bad = np.flatnonzero(YZ @ w <= 0)
            mistakes = len(bad)
            if mistakes:
                w = w + eta * YZ[bad].sum(axis=0)
                rec.add(epoch, -1, np.nan, w)
            snapshots.append(w)
        else:
            if order == "shuffle-each":
                scan = _Scanner(Z, y, rng.permutation(n))
            mistakes, p = 0, 0
            while True:
                j, a = scan.next_mistake(w, p)
                if j == n:
                    break
                w_new = scan.updated(w, j, eta)
                rec.add(epoch, scan.index(j), a, w_new)
                if update is not None:
                    update(w, w_new, t + j + 1)
                w, p = w_new, j + 1
                mistakes += 1
            t += n
            snapshots.append(strategy.snapshot(w, t))
        if not np.isfinite(w).all():
            # NaN activations would compare as "no mistake" and fake a convergence.
            raise SettingsError("The weights grew beyond floating point: lower η or rescale the data.",
                                field="eta")
        epoch_mistakes.append(mistakes)
        epoch_w_norm.append(float(np.linalg.norm(w)))
        if progress is not None:
            progress(epoch, mistakes)
        if mistakes == 0:
            status = "converged"
            break
        if detect_cycles:
            key = w.tobytes()
            if key in seen_w:
                status, cycle = "cycled", {"epoch": epoch, "period": epoch - seen_w[key]}
                break
            seen_w[key] = epoch
        if max_votes is not None and algorithm == "voted" and len(strategy.W) > max_votes:
            limit = "votes"
            break

    votes = strategy.votes(w, t) if algorithm == "voted" else None
    answer = w if strategy is None else strategy.snapshot(w, t)
    return Run(
        algorithm=algorithm, eta=float(eta), order=order, seed=int(seed),
        w=np.array(w if votes is not None else answer, dtype=np.float64), w_last=w, status=status,
        cycle=cycle, limit=limit, n_epochs=len(epoch_mistakes), mistakes=int(sum(epoch_mistakes)), n_updates=rec.total,
        epoch_mistakes=epoch_mistakes, epoch_w_norm=epoch_w_norm,
        trace=rec.finish(Z, y), votes=votes, _Z=Z, _y=y, _snapshots=snapshots, _t=t, _strategy=strategy,
    )


class _Scanner:
    """Finds the next mistake in one visiting order, exactly as a per-example loop would.

    Scans ahead in blocks with numpy; a block grows while no mistake turns up and shrinks
    to twice the last gap, and blocks of a few examples run as plain dot products, where
    numpy's per-call cost would outweigh the work.
    """

    def __init__(self, Z, y, perm):
        self.perm = perm
        self.Z = Z if perm is None else Z[perm]
        yo = y if perm is None else y[perm]
        self.y = yo.astype(np.float64)
        self.positive = (yo > 0).tolist()
        self.block = 64

    def index(self, j):
        return j if self.perm is None else int(self.perm[j])

    def updated(self, w, j, eta):
        """w + eta·y·x̃ for the j-th example in this order, as a new array.

        (eta·y)·x̃ = eta·(y·x̃) exactly as y = ±1, and with eta = 1 it is w ± x̃: one
        numpy call instead of two, which counts when mistakes are frequent.
        """
        if eta == 1.0:
            return w + self.Z[j] if self.positive[j] else w - self.Z[j]
        return w + self.Z[j] * (eta * self.y[j])

    def next_mistake(self, w, p):
        """(j, w·x̃_j) for the first j >= p with y_j·(w·x̃_j) <= 0, or (n, None)."""
        Z, n, block, start = self.Z, len(self.Z), self.block, p
        while p < n:
            q = min(n, p + block)
            if block <= _SCALAR_MAX:
                positive, dot = self.positive, np.dot
                for j in range(p, q):
                    a = dot(Z[j], w)
                    if (a <= 0) if positive[j] else (a >= 0):
                        self.block = max(1, 2 * (j - start))
                        return j, float(a)
            else:
                a = Z[p:q] @ w
                bad = np.flatnonzero(a * self.y[p:q] <= 0)
                if bad.size:
                    j = p + int(bad[0])
                    self.block = min(_BLOCK_MAX, max(1, 2 * (j - start)))
                    return j, float(a[bad[0]])
            p = q
            block = min(_BLOCK_MAX, 2 * block)
        self.block = block
        return n, None


