"""The exact sequential scan of the online family, fast: the next mistake is found with numpy.

Instead of a Python step per example it asks numpy for the next mistake in blocks, then
applies that single update. Block sizes adapt to the gaps between mistakes, so rare
mistakes cost a few numpy calls and frequent ones fall back to a per-example loop.
The loop works in units of η (η = 1), so an update is w ± x̃: exact on whole-number data.
"""

import numpy as np

_SCALAR_MAX = 8  # blocks this small are cheaper as plain per-example dot products
_BLOCK_MAX = 32768


def predict_sign(scores):
    """-1/+1 from activations, with 0 -> +1 (seed 003's step function)."""
    return np.where(np.asarray(scores) >= 0, 1, -1).astype(np.int8)


class Scanner:
    """Finds the next mistake y·(w·x̃) <= 0 in one visiting order, exactly as a per-example loop would.

    A block grows while no mistake turns up and shrinks to twice the last gap; blocks of a
    few examples run as plain dot products, where numpy's per-call cost would outweigh the work.
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

    def updated(self, w, j):
        """w + y·x̃ for the j-th example in this order, as a new array."""
        return w + self.Z[j] if self.positive[j] else w - self.Z[j]

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
