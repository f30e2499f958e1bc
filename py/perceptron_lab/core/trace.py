"""The recorded updates of a run, in typed arrays and numpy rows (no Python object kept per update).

One meaning for every perceptron: up to `cap` updates are kept whole; past the cap every s-th
(s doubling) is kept, so the kept ones stay evenly spread over the whole run, kept row k is
update 1 + k·s, and the trace says it is subsampled.
TraceBuffer (primal) keeps w after every kept update. KeptUpdates (kernel, multiclass) keeps the
kept updates' numbers and, for every update, the example index (4 bytes) and, multiclass, the
rival class (2 bytes), from which α or W after any update is rebuilt exactly.
"""

from array import array
from dataclasses import dataclass, field

import numpy as np


@dataclass
class TraceEnvelope:
    """THE trace of every family: the run made `total` updates; the kept ones are numbered t = step
    (1, 1 + s, 1 + 2s, ...), each with its epoch and example index; subsampled says some were not
    kept. A family's trace adds its own columns (w and activation; score and α; classes and scores)."""

    step: np.ndarray
    epoch: np.ndarray
    index: np.ndarray
    total: int
    subsampled: bool


@dataclass
class Trace(TraceEnvelope):
    """The primal recorded updates: example index -1 for batch; its x̃ and y (NaN and 0 for batch;
    gathered from the training data when first asked), activation w·x̃ before the update, w after."""

    activation: np.ndarray
    w: np.ndarray
    w_units: np.ndarray = None  # w after each update in units of η (w = η·w_units), exact on whole numbers
    data: tuple = field(default=None, repr=False, compare=False)  # (Z, y): the training vectors x̃ and labels the indices name
    _xy: tuple = field(default=None, repr=False, compare=False)

    @property
    def x(self):
        return self._rows()[0]

    @property
    def y(self):
        return self._rows()[1]

    def _rows(self):
        """x̃ and y of every kept update: one gather (a trace of many updates is as large as its
        data), made when first asked: training itself never reads them."""
        if self._xy is None:
            Z, y = self.data
            online = self.index >= 0
            if online.all():
                self._xy = Z[self.index], y[self.index].astype(np.int8)
            else:
                x = np.full((len(self.index), Z.shape[1]), np.nan)
                x[online] = Z[self.index[online]]
                labels = np.zeros(len(self.index), dtype=np.int8)
                labels[online] = y[self.index[online]]
                self._xy = x, labels
        return self._xy


class Indices:
    """A record that keeps only the example index of each update (a replayed lap)."""

    def __init__(self):
        self.index = []

    def add_many(self, epoch, index, activation, w):
        self.index += index.tolist()


class KeptUpdates:
    """Every update's example index (and rival class), and the kept updates' values.

    kinds: one typed column per kept value ("q": whole numbers, "d": floats; 8 bytes each, at most
    `cap` rows); logged: the typed log columns of every update ("i": the example index, 4 bytes;
    "h": a class, 2 bytes), which the training rule appends to itself (log[c].append, one entry
    per column per update: the hot path makes no further call for them). Kept as TraceBuffer keeps:
    every update up to cap, then every s-th.
    """

    def __init__(self, cap, kinds, logged="i"):
        self.cap, self.total, self.stride, self.next = max(2, int(cap)), 0, 1, 1
        self.columns = tuple(array(k) for k in kinds)
        self.log = tuple(array(k) for k in logged)
        self.last, self.closed = None, False

    def add(self, *values):
        """One update (its log entries already appended) and its values, kept if its number is 1 mod s."""
        self.total = t = self.total + 1
        self.last = values  # close() ends the kept ones on the run's last update
        if t < self.next:
            return
        if len(self.columns[0]) == self.cap:  # full: keep every other row, from now on every 2s-th update
            self.columns = tuple(c[::2] for c in self.columns)
            self.stride *= 2
            r = (t - 1) % self.stride
            if r:
                self.next = t + self.stride - r
                return
        for column, v in zip(self.columns, values):
            column.append(v)
        self.next = t + self.stride

    @property
    def kept(self):
        return len(self.columns[0])

    def close(self):
        """The run is over: a thinned record whose grid missed its last update keeps that one too (the
        step-through ends on the run's answer, as TraceBuffer.finish does). -> self"""
        if not self.closed and self.last is not None and 1 + self.stride * (self.kept - 1) != self.total:
            for column, v in zip(self.columns, self.last):
                column.append(v)
            self.closed = True
        return self

    def steps(self):
        """The update number of each kept row (from 1): evenly spread, and the last update once closed."""
        grid = 1 + self.stride * np.arange(self.kept - self.closed, dtype=np.int64)
        return np.append(grid, self.total) if self.closed else grid

    def logged(self):
        """The log columns as numpy arrays (views on the typed arrays: no copy)."""
        return tuple(np.frombuffer(c, dtype=np.dtype(c.typecode)) if len(c) else np.zeros(0, np.dtype(c.typecode))
                     for c in self.log)


def thin(rows, cap):
    """Indices of at most cap of `rows` evenly kept rows, still evenly spaced (every r-th, from the first)."""
    r = -(-rows // max(1, cap))
    return slice(0, rows, max(1, r))


def epoch_bounds(epoch_mistakes):
    """Updates made before each epoch and after the last (one update per mistake: kernel, multiclass)."""
    return np.concatenate([[0], np.cumsum(epoch_mistakes, dtype=np.int64)])


class TraceBuffer:
    """Keeps every update up to `cap`; past it, every s-th with s doubling, so the kept ones stay evenly spread.

    Kept row k is update 1 + k·s (halving keeps rows 0, 2, 4, …, and s doubles with it), so the
    step needs no column. Updates come in batches (add_many): per batch a few numpy calls, none
    per update. The rows grow by doubling up to cap, so a short run on wide data stays small.
    """

    def __init__(self, d, cap):
        self.cap = max(2, int(cap))
        self.stride, self.total, self.k = 1, 0, 0
        self.last = None
        self.epoch, self.index, self.act = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0))
        self.w = np.zeros((0, d))
        self._grow(min(self.cap, 256))

    def _grow(self, rows):
        # In place (realloc): a large block is moved by remapping its pages, not copied row by row.
        for a in (self.epoch, self.index, self.act, self.w):
            a.resize((rows,) + a.shape[1:], refcheck=False)

    def add(self, epoch, index, activation, w):
        self.add_many(epoch, np.array([index]), np.array([activation], dtype=np.float64), np.asarray(w)[None])

    def add_many(self, epoch, index, activation, ws):
        """Updates total+1 … total+m of epoch `epoch`: example indices, activations, w after each (rows of ws)."""
        m, i = len(index), 0
        if m:  # the run's last update, whether kept or not: finish() ends the trace on it
            self.last = (epoch, int(index[-1]), float(activation[-1]), np.array(ws[-1], dtype=np.float64))
        while i < m:
            first = i + (-self.total) % self.stride  # the next kept: update number ≡ 1 (mod stride)
            if first >= m:
                break
            if self.k == self.cap:  # full: keep every other row, and from now on every 2s-th update
                half = (self.k + 1) // 2
                for a in (self.epoch, self.index, self.act, self.w):
                    a[:half] = a[0:self.k:2]
                self.k, self.stride = half, 2 * self.stride
                continue
            take = range(first, m, self.stride)[:self.cap - self.k]
            k, r = self.k, len(take)
            if k + r > len(self.index):
                self._grow(min(self.cap, max(2 * len(self.index), k + r)))
            sel = slice(take.start, take[-1] + 1, take.step)  # a slice: no index array per batch
            self.epoch[k:k + r] = epoch
            self.index[k:k + r] = index[sel]
            self.act[k:k + r] = activation[sel]
            self.w[k:k + r] = ws[sel]
            self.k = k + r
            self.total += take[-1] + 1 - i
            i = take[-1] + 1
        self.total += m - i

    def finish(self, Z, y, scale):
        """The Trace, with w and the activations scaled by η (the loop runs in units of η). A thinned
        trace whose grid missed the run's last update ends on it all the same: the step-through's last
        step is then the run's answer, not the update before it."""
        k = self.k
        step = 1 + self.stride * np.arange(k, dtype=np.int64)
        if self.total and (not k or step[-1] != self.total):
            epoch, index, act, w = self.last
            if k == len(self.index):
                self._grow(k + 1)
            self.epoch[k], self.index[k], self.act[k], self.w[k] = epoch, index, act, w
            k += 1
            step = np.append(step, self.total)
        w = self.w[:k]
        act = self.act[:k]
        # η = 1 (the default) leaves every number as it is: no copy of the rows to multiply by 1.
        trace = Trace(step=step,
                      epoch=self.epoch[:k].copy(), index=self.index[:k].copy(),
                      activation=act.copy() if scale == 1 else scale * act, w=w if scale == 1 else scale * w,
                      total=self.total, subsampled=self.stride > 1, w_units=w, data=(Z, y))
        return trace
