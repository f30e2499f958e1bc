"""The variants of the notes as strategies on one epoch interface.

Every strategy works in units of η (the loop trains with η = 1; core scales the answer by η),
so from w = 0 every η gives the same mistakes and exactly η times the weights.

    epoch(w, number, record) -> (w after the epoch, mistakes in it)
    begin_run(), end_epoch(w)  per run / per epoch bookkeeping (snapshots, norms of w)
    answer(w)                 the classifier's weights (voted: its last w)
    snapshot(w)               what epoch_accuracies needs to score the classifier of this epoch
    epoch_accuracies(snaps, Z, y, w)  training accuracy per epoch (w: the last w)
    limit()                   a reason to stop besides convergence and MaxIter, or None
    rebind(Z, y)              training goes on with new data (partial_fit)

The online family (online, averaged, voted, pocket) shares one exact sequential pass
(_Sequential: online_scan.OnlineScan); averaged, voted and pocket only listen to its updates.
"""

import numpy as np

from .order import VisitingOrder
from .online_scan import OnlineScan
from .rule import BATCH, PERCEPTRON, margin_rule
from .scan import predict_sign
from ..heartbeat import beat

POCKET_EXHAUSTIVE_WORK = 50_000  # n·d up to which pocket weighs every w on the path
VOTE_WORK_MAX = 5_000_000  # n·K above which per-epoch voted accuracy is skipped (memory)


def accuracy(Z, y, w):
    """Fraction of rows of Z that sign(w·x̃) labels right."""
    return float(np.mean(predict_sign(Z @ w) == y))


def vote_scores(Z, W, c):
    """Σ_k c_k·sign(w_k·z) for every row z of Z, in chunks to bound memory."""
    out = np.zeros(len(Z))
    rows = max(1, 4_000_000 // max(1, min(len(W), 2048)))
    for r in range(0, len(Z), rows):
        for s in range(0, len(W), 2048):
            cs = c[s:s + 2048]
            # Σ c·sign = 2·Σ c·[w·z >= 0] − Σ c (0 counts as +1), exact for whole-number counts.
            out[r:r + rows] += 2 * ((Z[r:r + rows] @ W[s:s + 2048].T >= 0) @ cs) - cs.sum()
            beat()
    return out


class LazyMean:
    """The mean of the weights after every example, paid per mistake (the lazy-averaging trick):
    with updates Δ_k made at example s_k, Σ_{s<=T} w_s = (T+1)·w_T − Σ_k s_k·Δ_k, so only
    U = Σ_k s_k·Δ_k is kept. Shared by the averaged perceptron (w) and the averaged multiclass
    perceptron (one row of W at a time)."""

    def __init__(self, shape):
        self.U = np.zeros(shape)

    def add(self, t, delta, row=None):
        """The update Δ = delta made at example t (to one row of W, or to all of w)."""
        if row is None:
            self.U += t * delta
        else:
            self.U[row] += t * delta

    def mean(self, w, T):
        """The mean of the weights after each of the T examples so far; w: the weights now."""
        return ((T + 1) * w - self.U) / T


class _Linear:
    """Scores one weight vector per epoch (everything but voted)."""

    runs_on = False  # True: the answer keeps moving after the last mistake, so MaxIter (Algorithm 2)
    update_rule = PERCEPTRON  # when it updates, and the theory that follows (core/rule.py)
    options = ()  # the keywords of core.train it takes besides the data, order and random stream

    def begin_run(self):
        """A (resumed) run starts: what end_epoch keeps is per run."""
        self.snapshots, self.norms = [], []

    def end_epoch(self, w):
        self.snapshots.append(self.snapshot(w))
        self.norms.append(float(np.linalg.norm(w)))

    def snapshot(self, w):
        return self.answer(w)

    def epoch_accuracies(self, snaps, Z, y, w):
        W = np.array(snaps, dtype=np.float64).reshape(len(snaps), -1)
        out = np.zeros(len(W))
        for s in range(0, len(Z), 4096):
            out += (predict_sign(Z[s:s + 4096] @ W.T) == y[s:s + 4096, None]).sum(axis=0)
            beat()
        return (out / len(Z)).tolist()

    def limit(self):
        return None


class Batch(_Linear):
    """Seed 003: one gradient step per epoch on the perceptron criterion, w += Σ_{y·a <= 0} y·x̃."""

    sequential = False
    update_rule = BATCH

    def __init__(self, Z, y, order=None, rng=None):
        self.rebind(Z, y)

    def rebind(self, Z, y):
        self.YZ = Z * y[:, None]  # z = y·x̃: the criterion's gradient is −Σ z over mistakes

    def epoch(self, w, number, record):
        bad = np.flatnonzero(self.YZ @ w <= 0)
        if len(bad):
            w = w + self.YZ[bad].sum(axis=0)
            record.add(number, -1, np.nan, w)
        return w, len(bad)

    def answer(self, w):
        return w


class _Sequential(_Linear):
    """Algorithm 1's pass over the data in the chosen order; t counts examples over all epochs."""

    sequential = True
    eta = 1.0  # the run's η: only a rule with a threshold above 0 needs it (rule.threshold_in_units)

    def __init__(self, Z, y, order, rng):
        self.order, self.visiting, self.t = order, VisitingOrder(order, rng), 0
        self.clean = False  # the last epoch made no mistake, so every later one makes none too
        self.rebind(Z, y)

    def rebind(self, Z, y):
        self.Z, self.y, self.clean = Z, y, False
        self.visiting.resize(len(Z))
        self.scan = OnlineScan(Z, y, self.visiting.once, self.update_rule.threshold_in_units(self.eta))

    def epoch(self, w, number, record):
        n = len(self.Z)
        if self.clean and self.visitor is None:  # w stays, so the pass is known without making it
            self.t += n
            return w, 0
        if self.order == "shuffle-each":
            self.scan.visit(self.visiting.next(n))
        w, mistakes = self.scan.epoch(w, number, record, self.t, self.update, self.visitor)
        self.t += n
        self.clean = mistakes == 0
        return w, mistakes

    update = None  # hook: update(w_old, w_new, t) hears of the mistake on example t
    visitor = None  # a visit recorder: visitor(epoch, index, activation, mistake, w after) per visited example

    def answer(self, w):
        return w


class Online(_Sequential):
    """Rosenblatt: the answer is the last w."""


class Margin(Online):
    """The margin perceptron: Rosenblatt's update whenever y·(w·x̃) <= τ, so also on a correctly
    classified example that lies within τ of the boundary; it stops when every example has y·(w·x̃) > τ."""

    options = ("tau", "eta")

    def __init__(self, Z, y, order, rng, tau=0.0, eta=1.0):
        self.update_rule, self.eta = margin_rule(tau), float(eta)
        super().__init__(Z, y, order, rng)


class Averaged(_Sequential):
    """Algorithm 2: the mean of w after every example, μ/T, by the lazy-averaging trick.

    With updates delta_k made at example s_k, Σ_{s<=T} w_s = (T+1)·w_T − Σ_k s_k·delta_k,
    so only U = Σ_k s_k·delta_k needs keeping: the cost is per mistake, not per example.
    """

    runs_on = True

    def __init__(self, Z, y, order, rng):
        super().__init__(Z, y, order, rng)
        self.lazy = LazyMean(Z.shape[1])

    def update(self, w_old, w_new, t):
        self.lazy.add(t, w_new - w_old)

    def answer(self, w):
        return self.lazy.mean(w, self.t)


class Voted(_Sequential):
    """Every w_k votes with weight c_k, the number of examples after which it was the current w.

    That is Freund & Schapire's count (1 for the example whose update made w_k, plus one per
    example it then survived; w_0 = 0 only counts what it survived), so Σ c_k = T and
    Σ c_k·w_k / Σ c_k is exactly the averaged perceptron's answer. max_votes caps the kept
    vectors: every one is polled for every prediction (the notes' "storage issues").
    """

    runs_on = True
    options = ("max_votes",)

    def __init__(self, Z, y, order, rng, max_votes=None):
        super().__init__(Z, y, order, rng)
        self.W, self.c = [], []
        self.since = 1  # w_0 = 0 is current from example 1
        self.max_votes = max_votes

    def update(self, w_old, w_new, t):
        if t > self.since:  # w_0 failing on the first example has no vote
            self.W.append(w_old)
            self.c.append(t - self.since)
        self.since = t

    def votes(self, w):
        """(W, c): every kept w_k (rows) and its count, the current w last."""
        W = np.array(self.W + [w], dtype=np.float64).reshape(-1, len(w))
        return W, np.array(self.c + [self.t - self.since + 1], dtype=np.float64)

    def limit(self):
        return "votes" if self.max_votes is not None and len(self.W) > self.max_votes else None

    def snapshot(self, w):
        return len(self.W), self.t - self.since + 1  # the finished votes and the current count

    def epoch_accuracies(self, snaps, Z, y, w):
        # Epoch e votes with the finished w_0..w_{k-1} and the current w_k (count so far):
        # one sign matrix and a running sum over k serve every epoch at once.
        W, c = self.votes(w)
        if len(Z) * len(W) > VOTE_WORK_MAX:
            return [None] * len(snaps)
        P = predict_sign(Z @ W.T).astype(np.float64)
        done = np.zeros((len(Z), len(W) + 1))
        np.cumsum(P * c, axis=1, out=done[:, 1:])
        return [float(np.mean(predict_sign(done[:, k] + count * P[:, k]) == y)) for k, count in snaps]


class Pocket(_Sequential):
    """Gallant's pocket: keep the w with the best training accuracy seen so far.

    rule "every": every w on the path is weighed on the whole training set (n·d up to
    POCKET_EXHAUSTIVE_WORK). rule "ratchet": only a w whose run of correct predictions is the
    longest so far is weighed (Gallant's ratchet), so the cost is per record, not per mistake.
    Either way a w replaces the pocket only if its training accuracy is strictly higher; after a
    clean epoch the pocket holds that epoch's w, which has no training point on its line.
    """

    def __init__(self, Z, y, order, rng):
        self.best = np.zeros(Z.shape[1])
        self.best_run = 0
        self.since = 0  # the current w has been right on every example after this one
        super().__init__(Z, y, order, rng)

    def rebind(self, Z, y):
        super().rebind(Z, y)
        # The pocket's accuracy is only comparable on the data now in hand.
        self.rule = "every" if Z.size <= POCKET_EXHAUSTIVE_WORK else "ratchet"
        self.best_acc = accuracy(Z, y, self.best)

    def _consider(self, w, run):
        if self.rule == "every" or run > self.best_run:
            self.best_run = max(run, self.best_run)
            acc = accuracy(self.Z, self.y, w)
            if acc > self.best_acc:
                self.best, self.best_acc = w, acc

    def update(self, w_old, w_new, t):
        self._consider(w_old, t - self.since - 1)
        self.since = t

    def answer(self, w):
        self._consider(w, self.t - self.since)
        if self.clean:
            # A clean epoch: w has y·(w·x̃) > 0 on every example. An earlier w of equal accuracy
            # may have a point exactly on its line (counted right by prediction at 0 = +1, a
            # mistake by the update rule): the separating w is kept instead.
            self.best, self.best_acc = w, accuracy(self.Z, self.y, w)
        return self.best


STRATEGIES = {"online": Online, "batch": Batch, "averaged": Averaged, "voted": Voted, "pocket": Pocket,
              "margin": Margin}
