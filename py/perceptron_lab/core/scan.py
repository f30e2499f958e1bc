"""The exact sequential pass of the online family, fast: the next mistake is found with numpy.

Instead of a Python step per example it asks numpy for the next mistake in blocks, then
applies that single update. Block sizes adapt to the gaps between mistakes, so rare
mistakes cost a few numpy calls and frequent ones fall back to a per-example loop.
The loop works in units of η (η = 1), so an update is w ± x̃: exact on whole-number data.

On noisy data the pass is one Python step per mistake, so its cost is the number of Python
operations per update (bench/engine.py measures it against a loop doing only the updates):
the rows are kept as z = y·x̃ in visiting order, so the test is z·w <= 0 with no multiply by y
and the update is w + z (negating a row is exact, so z·w = y·(x̃·w) to the last bit), and a
block's first mistake is one comparison and one argmax.
"""

import numpy as np

from ..heartbeat import beat

_BLOCK_MIN = 8  # a row or eight cost one numpy call alike
_LIST_MAX = 256  # a block this small is searched in Python floats: cheaper than two more numpy calls
_BLOCK_MAX = 32768


def predict_sign(scores):
    """-1/+1 from activations, with 0 -> +1 (seed 003's step function)."""
    return np.where(np.asarray(scores) >= 0, 1, -1).astype(np.int8)


class Scanner:
    """One pass over the examples in one visiting order, making exactly the updates a
    per-example loop makes (a mistake is y·(w·x̃) <= 0, the update w + y·x̃).

    A block grows while no mistake turns up and shrinks to twice the last gap; blocks of a
    few examples run as plain dot products, where numpy's per-call cost would outweigh the work.
    """

    def __init__(self, Z, y, perm):
        self.perm = perm
        yo = y if perm is None else y[perm]
        # z = y·x̃ in visiting order: the rows a mistake is tested on and added.
        self.YZ = (Z if perm is None else Z[perm]) * yo.astype(np.float64)[:, None]
        self.sign = yo.astype(np.float64).tolist()  # y per row: the activation x̃·w = y·(z·w)
        self.order = None if perm is None else perm.tolist()
        self.block = 64

    def index(self, j):
        return j if self.order is None else self.order[j]

    def epoch(self, w, number, record, t=0, update=None):
        """One pass from w; returns (w after it, mistakes). Every update goes to
        record.add(number, example index, activation x̃·w before it, w after it) and, when given,
        to update(w_old, w_new, t + position) (position from 1); w is never changed in place."""
        YZ, sign, order, add = self.YZ, self.sign, self.order, record.add
        n, block, p, start, mistakes = len(YZ), self.block, 0, 0, 0
        dot = np.ndarray.dot
        while p < n:
            q = p + block if p + block < n else n
            a = dot(YZ[p:q], w)
            if block <= _LIST_MAX:  # one numpy call; the first z·w <= 0 found by Python on floats
                for j, v in enumerate(a.tolist(), p):
                    if v <= 0:
                        break
                else:
                    j = n
            else:
                k = int((a <= 0).argmax())
                v = float(a[k])
                j = p + k if v <= 0 else n
            if j == n:  # no mistake in [p, q)
                p, block = q, min(_BLOCK_MAX, 2 * block)
                continue
            row = YZ[j]
            w_new = w + row
            # + 0.0: the activation of a negative row at w·x̃ = 0 is 0, not −0.
            add(number, j if order is None else order[j], sign[j] * v + 0.0, w_new)
            if update is not None:
                update(w, w_new, t + j + 1)
            w = w_new
            gap = 2 * (j - start)
            block = _BLOCK_MIN if gap < _BLOCK_MIN else gap if gap < _BLOCK_MAX else _BLOCK_MAX
            p = start = j + 1
            mistakes += 1
            if not mistakes & 255:
                beat()  # an epoch of many mistakes can outlast the page's watchdog
        self.block = block
        return w, mistakes


class Indices:
    """A record that keeps only the example index of each update (a replayed lap)."""

    def __init__(self):
        self.index = []

    def add(self, epoch, index, activation, w):
        self.index.append(index)
