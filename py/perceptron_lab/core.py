"""The one perceptron training loop; the variants of the notes are small strategies on it.

Conventions (seeds 000, 001, 003): w starts at 0; a mistake is y·(w·x̃) <= 0, so w = 0
errs on everything; an online update is w += eta·y·x̃; prediction at exactly 0 is +1.

The online family (online, averaged, voted, pocket) shares one exact sequential scan:
instead of a Python step per example it asks numpy for the next mistake in blocks,
then applies that single update. Block sizes adapt to the gaps between mistakes, so
rare mistakes cost a few numpy calls and frequent ones fall back to a per-example loop.
The batch perceptron (seed 003) is one gradient step per epoch on the perceptron criterion.
"""

from dataclasses import dataclass, field

import numpy as np

from .errors import SettingsError

ALGORITHMS = ("online", "batch", "averaged", "voted", "pocket")
ORDERS = ("fixed", "shuffle-once", "shuffle-each")
MAX_EPOCHS = 100_000

_SCALAR_MAX = 8  # blocks this small are cheaper as plain per-example dot products
_BLOCK_MAX = 8192
_VOTE_WORK_MAX = 20_000_000  # n·K above which per-epoch voted accuracy is skipped


def predict_sign(scores):
    """-1/+1 from activations, with 0 -> +1 (seed 003's step function)."""
    return np.where(np.asarray(scores) >= 0, 1, -1).astype(np.int8)


def _vote_scores(Z, W, c):
    """Σ_k c_k·sign(w_k·z) for every row z of Z, in chunks to bound memory."""
    out = np.zeros(len(Z))
    for s in range(0, len(W), 2048):
        out += predict_sign(Z @ W[s:s + 2048].T) @ c[s:s + 2048]
    return out


@dataclass
class Trace:
    """The recorded updates: step t, epoch, example index (-1 for batch), activation w·x̃ before, w after."""

    step: np.ndarray
    epoch: np.ndarray
    index: np.ndarray
    activation: np.ndarray
    w: np.ndarray
    total: int
    subsampled: bool


class _TraceRecorder:
    """Keeps every update up to `cap`; past it, every s-th with s doubling, so the kept ones stay evenly spread."""

    def __init__(self, d, cap):
        self.cap = max(2, int(cap))
        self.stride = 1
        self.k = 0
        self.total = 0
        self.ints = np.zeros((self.cap, 3), dtype=np.int64)  # step, epoch, index
        self.act = np.zeros(self.cap)
        self.w = np.zeros((self.cap, d))

    def add(self, epoch, index, activation, w):
        self.total += 1
        if (self.total - 1) % self.stride:
            return
        if self.k == self.cap:
            keep = slice(0, self.cap, 2)
            half = len(range(*keep.indices(self.cap)))
            self.ints[:half] = self.ints[keep]
            self.act[:half] = self.act[keep]
            self.w[:half] = self.w[keep]
            self.k = half
            self.stride *= 2
            if (self.total - 1) % self.stride:
                return
        self.ints[self.k] = (self.total, epoch, index)
        self.act[self.k] = activation
        self.w[self.k] = w
        self.k += 1

    def finish(self):
        k = self.k
        return Trace(
            step=self.ints[:k, 0].copy(), epoch=self.ints[:k, 1].copy(), index=self.ints[:k, 2].copy(),
            activation=self.act[:k].copy(), w=self.w[:k].copy(), total=self.total, subsampled=self.stride > 1,
        )


# --- strategies: what each variant does with the online path w_1, w_2, ... -------------------


class _Last:
    """Online (Rosenblatt): the answer is the last w."""

    def __init__(self, Z, y):
        pass

    def seen(self, k, w):
        """k examples in a row were predicted right by w."""

    def update(self, w_old, w_new):
        """The example just seen was a mistake: w_old became w_new (that example counts for w_new)."""

    def answer(self, w):
        return w

    def accuracy(self, Z, y, w):
        return float(np.mean(predict_sign(Z @ self.answer(w)) == y))


class _Averaged(_Last):
    """Mean of w after every example (seed 001's mu / examples seen), by the lazy-averaging trick.

    With updates delta_k made at example s_k, Σ_{s<=T} w_s = (T+1)·w_T − Σ_k s_k·delta_k,
    so only U = Σ_k s_k·delta_k needs keeping: the cost is per mistake, not per example.
    """

    def __init__(self, Z, y):
        self.T = 0
        self.U = np.zeros(Z.shape[1])

    def seen(self, k, w):
        self.T += k

    def update(self, w_old, w_new):
        self.T += 1
        self.U += self.T * (w_new - w_old)

    def answer(self, w):
        if self.T == 0:
            return w.copy()
        return ((self.T + 1) * w - self.U) / self.T


class _Voted(_Last):
    """Freund & Schapire: every w_k votes with weight c_k, the number of examples it survived."""

    def __init__(self, Z, y):
        self.W, self.c = [], []
        self.count = 0

    def seen(self, k, w):
        self.count += k

    def update(self, w_old, w_new):
        if self.count:
            self.W.append(w_old.copy())
            self.c.append(self.count)
        self.count = 1

    def votes(self, w):
        W = self.W + ([w.copy()] if self.count else [])
        c = self.c + ([self.count] if self.count else [])
        d = len(w)
        return np.array(W, dtype=np.float64).reshape(-1, d), np.array(c, dtype=np.float64)

    def accuracy(self, Z, y, w):
        W, c = self.votes(w)
        if len(Z) * len(W) > _VOTE_WORK_MAX:
            return None
        return float(np.mean(predict_sign(_vote_scores(Z, W, c)) == y))


class _Pocket(_Last):
    """Gallant's pocket with ratchet: a w whose run of correct predictions beats the pocket's
    is weighed on the whole training set and kept only if its accuracy is strictly better."""

    def __init__(self, Z, y):
        self.Z, self.y = Z, y
        self.run = 0
        self.best = np.zeros(Z.shape[1])
        self.best_run = 0
        self.best_acc = self._acc(self.best)

    def _acc(self, w):
        return float(np.mean(predict_sign(self.Z @ w) == self.y))

    def _consider(self, w):
        if self.run > self.best_run:
            self.best_run = self.run
            acc = self._acc(w)
            if acc > self.best_acc:
                self.best, self.best_acc = w.copy(), acc

    def seen(self, k, w):
        self.run += k

    def update(self, w_old, w_new):
        self._consider(w_old)
        self.run = 0

    def end_epoch(self, w):
        self._consider(w)

    def answer(self, w):
        return self.best


_STRATEGIES = {"online": _Last, "averaged": _Averaged, "voted": _Voted, "pocket": _Pocket}


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
    n_epochs: int
    mistakes: int
    n_updates: int
    epoch_mistakes: list = field(default_factory=list)
    epoch_accuracy: list = field(default_factory=list)
    epoch_w_norm: list = field(default_factory=list)
    trace: Trace | None = None
    votes: tuple | None = None

    def decision_function(self, Z):
        """Activations w·x̃ (voted: Σ_k c_k·sign(w_k·x̃))."""
        Z = np.asarray(Z, dtype=np.float64)
        if self.votes is not None:
            return _vote_scores(Z, *self.votes)
        return Z @ self.w

    def predict(self, Z):
        return predict_sign(self.decision_function(Z))


def check_settings(algorithm, eta, max_epochs, order, seed):
    """Raise SettingsError naming the field for anything outside its range."""
    if algorithm not in ALGORITHMS:
        raise SettingsError(f"Unknown algorithm {algorithm!r}: choose one of {', '.join(ALGORITHMS)}.",
                            field="algorithm")
    if order not in ORDERS:
        raise SettingsError(f"Unknown visiting order {order!r}: choose one of {', '.join(ORDERS)}.",
                            field="order")
    if isinstance(eta, bool) or not isinstance(eta, (int, float, np.floating, np.integer)) \
            or not np.isfinite(eta) or eta <= 0:
        raise SettingsError("The learning rate η must be a number greater than 0.", field="eta")
    if isinstance(max_epochs, bool) or not isinstance(max_epochs, (int, np.integer)) \
            or not 1 <= max_epochs <= MAX_EPOCHS:
        raise SettingsError(f"Epochs must be a whole number from 1 to {MAX_EPOCHS}.", field="epochs")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**32:
        raise SettingsError("The seed must be a whole number from 0 to 4294967295.", field="seed")


def train(Z, y, *, algorithm="online", eta=1.0, max_epochs=100, order="fixed", seed=0,
          trace_cap=100_000, progress=None):
    """Train on prepared vectors Z = x̃ (n, d) with labels y in {-1, +1}; returns a Run."""
    check_settings(algorithm, eta, max_epochs, order, seed)
    Z = np.ascontiguousarray(Z, dtype=np.float64)
    y = np.asarray(y).astype(np.int8)
    n, d = Z.shape
    YZ = Z * y[:, None]  # z = y·x̃: a mistake is z·w <= 0, the update is w += eta·z (seed 002's one-sided form)
    rng = np.random.default_rng(seed)
    perm = rng.permutation(n) if order == "shuffle-once" else np.arange(n)
    # Block & Levin: under a fixed cyclic order a repeated w at an epoch boundary repeats forever.
    detect_cycles = algorithm == "batch" or order != "shuffle-each"
    seen_w = {np.zeros(d).tobytes(): 0}
    rec = _TraceRecorder(d, trace_cap)
    w = np.zeros(d)
    strategy = None if algorithm == "batch" else _STRATEGIES[algorithm](Z, y)
    status, cycle = "max_epochs", None
    epoch_mistakes, epoch_accuracy, epoch_w_norm = [], [], []
    block = 64

    for epoch in range(1, max_epochs + 1):
        if algorithm == "batch":
            bad = np.flatnonzero(YZ @ w <= 0)
            mistakes = len(bad)
            if mistakes:
                w = w + eta * YZ[bad].sum(axis=0)
                rec.add(epoch, -1, np.nan, w)
            epoch_accuracy.append(float(np.mean(predict_sign(Z @ w) == y)))
        else:
            if order == "shuffle-each":
                perm = rng.permutation(n)
            YZo = YZ[perm]
            mistakes, p = 0, 0
            while p < n:
                j, block = _next_mistake(YZo, w, p, block)
                strategy.seen(j - p, w)
                if j == n:
                    break
                i = perm[j]
                w_new = w + eta * YZo[j]
                rec.add(epoch, i, float(Z[i] @ w), w_new)
                strategy.update(w, w_new)
                w, p = w_new, j + 1
                mistakes += 1
            if hasattr(strategy, "end_epoch"):
                strategy.end_epoch(w)
            epoch_accuracy.append(strategy.accuracy(Z, y, w))
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

    answer = w if strategy is None else strategy.answer(w)
    return Run(
        algorithm=algorithm, eta=float(eta), order=order, seed=int(seed),
        w=np.array(answer, dtype=np.float64), w_last=w, status=status, cycle=cycle,
        n_epochs=len(epoch_mistakes), mistakes=int(sum(epoch_mistakes)), n_updates=rec.total,
        epoch_mistakes=epoch_mistakes, epoch_accuracy=epoch_accuracy, epoch_w_norm=epoch_w_norm,
        trace=rec.finish(), votes=strategy.votes(w) if algorithm == "voted" else None,
    )


def _next_mistake(YZo, w, p, block):
    """First j >= p with YZo[j]·w <= 0 (len(YZo) if none), and the block size to use next."""
    n = len(YZo)
    start = p
    while p < n:
        if block <= _SCALAR_MAX:
            q = min(n, p + block)
            for j in range(p, q):
                if YZo[j] @ w <= 0:
                    return j, max(1, 2 * (j - start))
            p = q
        else:
            q = min(n, p + block)
            bad = np.flatnonzero(YZo[p:q] @ w <= 0)
            if bad.size:
                j = p + int(bad[0])
                return j, min(_BLOCK_MAX, max(1, 2 * (j - start)))
            p = q
        block = min(_BLOCK_MAX, 2 * block)
    return n, block
