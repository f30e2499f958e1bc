"""The exact sequential pass of the online family, fast: the next mistake is found with numpy.

Instead of a Python step per example it asks numpy for a block's activations z·w (z = y·x̃, so
a mistake is z·w <= 0 and the update is w + z; negating a row is exact) in one matrix-vector
product, finds the first mistake among them, and makes that single update. Block sizes adapt
to the gaps between mistakes: rare mistakes cost a few numpy calls per epoch, frequent ones one
product per mistake, searched as Python floats. The loop works in units of η (η = 1), so an
update is w ± x̃: exact on whole-number data.

Exact means the updates of the per-example loop of the notes (tests/py/reference.py), whose
activation is the dot product z·w of one example: a block's product may round differently, so
it only rules examples out; an example within its rounding bound of 0 is decided by its own dot
product, which is also the activation recorded.

On noisy data the pass costs about one Python step and a few numpy calls per mistake
(bench/engine.py prints it against a loop making only the updates); the updates go to the
record in batches, so recording costs no numpy call per update.
"""

import numpy as np

from ..heartbeat import beat

_BLOCK_MIN = 8  # a row or eight cost one numpy call alike
_BATCH = 256  # updates handed to the record at once (and a heartbeat between batches)
_LIST_MAX = 256  # a block this small is searched in Python floats: cheaper than two more numpy calls
_BLOCK_MAX = 32768


def predict_sign(scores):
    """-1/+1 from activations, with 0 -> +1 (seed 003's step function)."""
    return np.where(np.asarray(scores) >= 0, 1, -1).astype(np.int8)


class Scanner:
    """One pass over the examples in one visiting order, making exactly the updates a
    per-example loop makes (a mistake is y·(w·x̃) <= 0, the update w + y·x̃).

    A block grows while no mistake turns up and shrinks to twice the last gap (at least
    _BLOCK_MIN rows: a row or eight cost one numpy call alike).
    """

    def __init__(self, Z, y, perm):
        self.perm = perm
        yo = y if perm is None else y[perm]
        # z = y·x̃ in visiting order: the rows a mistake is tested on and added.
        self.YZ = (Z if perm is None else Z[perm]) * yo.astype(np.float64)[:, None]
        self.y = yo.astype(np.float64)  # y per row: the activation x̃·w = y·(z·w)
        self.block = 64
        # A block's z·w comes from a matrix-vector product, which may round differently from the
        # per-example loop's dot product z·w; both are within γ_d·Σ|z_i·w_i| <= γ_d·|z|·|w| of the
        # exact sum (γ_d = d·u/(1 − d·u), u = 2^-53). So where the block's value exceeds
        # 2·γ_d·max|z|·|w| the example is right either way; at or below it the dot product decides.
        d, u = self.YZ.shape[1], 2.0 ** -53
        self.longest = float(np.sqrt(np.einsum("ij,ij->i", self.YZ, self.YZ).max(initial=0.0)))
        self.slack = 2.2 * d * u / (1 - d * u) * self.longest + 1e-300  # 2.2: room for the bounds' own rounding
        self.up = 1 + 4 * (d + 2) * u

    def norm(self, w):
        """|w|, rounded up (the bound the exactness test needs)."""
        return float(np.sqrt(np.ndarray.dot(w, w))) * self.up + 1e-300

    def epoch(self, w, number, record, t=0, update=None):
        """One pass from w; returns (w after it, mistakes). The updates go to
        record.add_many(number, positions, z·w before each, w after each) in batches (see
        recorded), and, when given, each to update(w_old, w_new, t + position) (position from 1);
        w is never changed in place."""
        YZ, dot, slack = self.YZ, np.ndarray.dot, self.slack
        n, block, p, start, mistakes = len(YZ), self.block, 0, 0, 0
        at, dots, ws = [], [], []  # this batch's updates: position, z·w before, w after
        norm = self.norm(w)
        while p < n:
            q = p + block if p + block < n else n
            a = dot(YZ[p:q], w)
            near = slack * norm  # a block's z·w above this is > 0 per example too
            j = n
            if block <= _LIST_MAX:  # one numpy call; the first z·w <= 0 found by Python on floats
                for i, v in enumerate(a.tolist(), p):
                    if v <= near:
                        z = YZ[i]
                        v = dot(z, w)  # the per-example loop's own number decides
                        if v <= 0:
                            j = i
                            break
            else:
                for k in np.flatnonzero(a <= near).tolist():
                    z = YZ[p + k]
                    v = dot(z, w)
                    if v <= 0:
                        j = p + k
                        break
            if j == n:  # no mistake in [p, q)
                p, block = q, min(_BLOCK_MAX, 2 * block)
                continue
            w_new = w + z
            at.append(j)
            dots.append(v)
            ws.append(w_new)
            if update is not None:
                update(w, w_new, t + j + 1)
            w = w_new
            gap = 2 * (j - start)
            block = _BLOCK_MIN if gap < _BLOCK_MIN else gap if gap < _BLOCK_MAX else _BLOCK_MAX
            p = start = j + 1
            mistakes += 1
            norm += self.longest  # |w + z| <= |w| + |z|, kept in Python floats
            if len(at) == _BATCH:
                self.recorded(record, number, at, dots, ws)
                at, dots, ws = [], [], []
                norm = self.norm(w)
                beat()  # an epoch of many mistakes can outlast the page's watchdog
        if at:
            self.recorded(record, number, at, dots, ws)
        self.block = block
        return w, mistakes

    def recorded(self, record, number, at, dots, ws):
        """Hands a batch of updates to the record: example indices, activations x̃·w = y·(z·w)."""
        at = np.array(at, dtype=np.int64)
        # + 0.0: the activation of a negative row at w·x̃ = 0 is 0, not −0.
        record.add_many(number, at if self.perm is None else self.perm[at], self.y[at] * np.array(dots) + 0.0, ws)


class Indices:
    """A record that keeps only the example index of each update (a replayed lap)."""

    def __init__(self):
        self.index = []

    def add_many(self, epoch, index, activation, w):
        self.index += index.tolist()
