"""The recorded updates of a run, in typed arrays and numpy rows (no Python object kept per update).

TraceBuffer (primal): w after every kept update, so past the cap every s-th update is kept
evenly. FirstUpdates (kernel, multiclass): their frames rebuild α or W from every update up
to a step, so they keep the first `cap` updates whole.
"""

from array import array
from dataclasses import dataclass

import numpy as np


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
    w_units: np.ndarray = None  # w after each update in units of η (w = η·w_units), exact on whole numbers


class FirstUpdates:
    """The first `cap` updates, one typed column per recorded value ("q": whole numbers, "d":
    floats; 8 bytes each); total counts every update."""

    def __init__(self, cap, kinds):
        self.cap, self.total = cap, 0
        self.columns = tuple(array(k) for k in kinds)

    def add(self, *values):
        self.total += 1
        if self.total <= self.cap:
            for column, v in zip(self.columns, values):
                column.append(v)

    @property
    def kept(self):
        return len(self.columns[0])


class TraceBuffer:
    """Keeps every update up to `cap`; past it, every s-th with s doubling, so the kept ones stay evenly spread.

    Kept row k is update 1 + k·s (halving keeps rows 0, 2, 4, …, and s doubles with it), so the
    step needs no column. Epoch, index and activation go into typed arrays and w into a short list
    (an append per update, no numpy call: the loop never changes a w in place), copied into rows
    PENDING at a time; the rows grow by doubling up to cap, so a short run on wide data stays small.
    """

    PENDING = 1024

    def __init__(self, d, cap):
        self.cap = max(2, int(cap))
        self.stride, self.total = 1, 0
        self.epoch, self.index, self.act = array("q"), array("q"), array("d")
        self.w, self.stored, self.pending = np.zeros((min(self.cap, 256), d)), 0, []

    def add(self, epoch, index, activation, w):
        total = self.total = self.total + 1
        if self.stride > 1 and (total - 1) % self.stride:
            return
        if len(self.index) == self.cap:  # full: keep every other row, and from now on every 2s-th update
            self._flush()
            half = (self.cap + 1) // 2
            self.w[:half] = self.w[0::2]
            for column in (self.epoch, self.index, self.act):
                column[:] = column[0::2]
            self.stride *= 2
            self.stored = half
            if (total - 1) % self.stride:
                return
        self.epoch.append(epoch)
        self.index.append(index)
        self.act.append(activation)
        self.pending.append(w)
        if len(self.pending) == self.PENDING:
            self._flush()

    def _flush(self):
        k, m = self.stored, len(self.pending)
        if k + m > len(self.w):
            grown = np.zeros((min(self.cap, max(2 * len(self.w), k + m)), self.w.shape[1]))
            grown[:k] = self.w[:k]
            self.w = grown
        if m:
            self.w[k:k + m] = self.pending
        self.stored, self.pending = k + m, []

    def finish(self, Z, y, scale):
        """The Trace, with w and the activations scaled by η (the loop runs in units of η)."""
        self._flush()
        k = self.stored
        w = self.w[:k]
        trace = Trace(step=1 + self.stride * np.arange(k, dtype=np.int64),
                      epoch=np.array(self.epoch, dtype=np.int64), index=np.array(self.index, dtype=np.int64),
                      activation=scale * np.array(self.act, dtype=np.float64), w=scale * w, total=self.total,
                      subsampled=self.stride > 1, w_units=w)
        online = trace.index >= 0
        if online.all():  # one gather, no NaN rows to fill first
            trace.x, trace.y = Z[trace.index], y[trace.index].astype(np.int8)
            return trace
        trace.x = np.full((k, Z.shape[1]), np.nan)
        trace.x[online] = Z[trace.index[online]]
        trace.y = np.zeros(k, dtype=np.int8)
        trace.y[online] = y[trace.index[online]]
        return trace
