"""The recorded updates of a run, in preallocated buffers (no Python object per update).

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

    The arrays grow by doubling up to cap rows, so a short run on wide data stays small.
    """

    def __init__(self, d, cap):
        self.cap = max(2, int(cap))
        self.stride, self.total, self.k = 1, 0, 0
        self._alloc(min(self.cap, 256), d)

    def _alloc(self, rows, d):
        old = getattr(self, "w", None)
        step, epoch, index, act, w = (np.zeros(rows, np.int64), np.zeros(rows, np.int64),
                                      np.zeros(rows, np.int64), np.zeros(rows), np.zeros((rows, d)))
        if old is not None:
            k = self.k
            step[:k], epoch[:k], index[:k], act[:k], w[:k] = (self.step[:k], self.epoch[:k], self.index[:k],
                                                              self.act[:k], self.w[:k])
        self.step, self.epoch, self.index, self.act, self.w = step, epoch, index, act, w

    def add(self, epoch, index, activation, w):
        self.total += 1
        if (self.total - 1) % self.stride:
            return
        k = self.k
        if k == len(self.step):
            if k < self.cap:
                self._alloc(min(self.cap, 2 * k), self.w.shape[1])
            else:  # full: keep every other row, and from now on every 2s-th update
                half = (k + 1) // 2
                for a in (self.step, self.epoch, self.index, self.act, self.w):
                    a[:half] = a[0::2]
                self.k = k = half
                self.stride *= 2
                if (self.total - 1) % self.stride:
                    return
        self.step[k], self.epoch[k], self.index[k], self.act[k] = self.total, epoch, index, activation
        self.w[k] = w
        self.k = k + 1

    def finish(self, Z, y, scale):
        """The Trace, with w and the activations scaled by η (the loop runs in units of η)."""
        k = self.k
        trace = Trace(step=self.step[:k].copy(), epoch=self.epoch[:k].copy(), index=self.index[:k].copy(),
                      activation=scale * self.act[:k], w=scale * self.w[:k], total=self.total,
                      subsampled=self.stride > 1, w_units=self.w[:k].copy())
        online = trace.index >= 0
        trace.x = np.full((k, Z.shape[1]), np.nan)
        trace.x[online] = Z[trace.index[online]]
        trace.y = np.zeros(k, dtype=np.int8)
        trace.y[online] = y[trace.index[online]]
        return trace
