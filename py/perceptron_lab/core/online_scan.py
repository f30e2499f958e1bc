"""The online family's pass (online, averaged, voted, pocket): the block scan of scan.py, written
out for one weight vector, because its two extremes cost differently.

Exact means the updates and activations of the notes' per-example loop (tests/py/reference.py).
A block's margins z·w (z = y·x̃) come from one matrix-vector product, which may round differently
from that loop's dot product by less than near = slack·|w| (scan.dot_slack): a margin above near
is right for certain, one at or below -near a mistake for certain, one between is decided by the
example's own dot product. The activations the trace records are the loop's own numbers, computed
for a batch of updates at once by np.vecdot, which calls the very dot routine of `Z[i] @ w`.

- Separable data (few mistakes, long blocks): a pass costs a few products over all rows, so it adds
  no pass of its own over the data: in the data's order, long blocks read x̃ unsigned and multiply
  their margins by y, and the signed rows z are made only where short blocks need them (`_sign`).
  (A shuffled order copies the rows anyway: they are signed as they are copied.)
- Noisy data (a mistake every few examples): a pass costs per mistake one product over a short
  block, one addition and a few Python steps, in one loop with no call per mistake (no rule
  interface, no own dot product where the block's margin already decides).
"""

import numpy as np

from ..heartbeat import beat
from .scan import dot_slack, norm_up

_BLOCK_START = 64
_BLOCK_MIN = 8  # a row or eight cost one numpy call alike
_BLOCK_MAX = 32768
_LIST_MAX = 256  # a block this small is searched as Python floats: cheaper than two more numpy calls
_BATCH = 1024  # updates between flushes to the record (and heartbeats)
_SIGN_CHUNK = 4096  # rows signed at a time

_vecdot = getattr(np, "vecdot", None)  # numpy >= 2.0; else one dot product per update


def own_dots(X, W):
    """X[k]·W[k] for every k, each by numpy's dot routine for two vectors (the loop's `Z[i] @ w`):
    np.vecdot runs that routine row by row, so the numbers are the loop's, bit for bit."""
    if _vecdot is not None:
        return _vecdot(X, W)
    dot = np.ndarray.dot
    return np.array([dot(x, v) for x, v in zip(X, W)], dtype=np.float64).reshape(len(X))


def _margins():
    """Per block length m up to _LIST_MAX: an array of length m and a memoryview of it, both made
    when a block of m rows first needs them (None before): a short block's product writes into the
    array of its length and the pass reads it through the view as Python floats, so no array and no
    list is made per block."""
    return [None] * (_LIST_MAX + 1), [None] * (_LIST_MAX + 1)


def _first_mistake(a, rows, w, k, near, far, thr):
    """The first of the block margins a[k:] that is a mistake by the per-example loop's own number
    (one above near is none, one at or below far is one), or -1."""
    dot = np.ndarray.dot
    for j in range(k, len(a)):
        v = a[j]
        if v <= near and (v <= far or dot(rows[j], w) <= thr):
            return j
    return -1


class OnlineScan:
    """Passes of the online perceptron over (Z, y) in a visiting order; the block size carries over."""

    def __init__(self, Z, y, perm, threshold=0.0):
        self.Z, self.y, self.n, self.d = Z, y, len(Z), Z.shape[1]
        self.threshold = threshold  # the rule's (core/rule.py), in units of η: update when y·(w·x̃) <= it
        self.longest, self.slack = dot_slack(Z)  # |z| = |x̃|
        self.block = _BLOCK_START
        self.visit(perm)
        self._margins = _margins()

    def visit(self, perm):
        """The examples in the order perm from now on (None: the training order)."""
        self.perm = perm
        yo = self.y if perm is None else self.y[perm]
        self.yo = yo.astype(np.float64)
        if perm is None:  # x̃ as it is; z = y·x̃ made as needed, rows [0, signed)
            self.X, self.YZ, self.signed = self.Z, np.empty_like(self.Z), 0
        else:  # a copy in visiting order, signed in place (negation: exact)
            self.X, self.YZ, self.signed = None, self.Z[perm], self.n
            self.YZ *= self.yo[:, None]

    def __getstate__(self):  # a pickled run: the rows in visiting order are made again when loaded
        return {k: v for k, v in self.__dict__.items() if k not in ("X", "YZ", "signed", "yo", "_margins")}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.visit(self.perm)
        self._margins = _margins()

    def _sign(self, q):
        """Makes z = y·x̃ for the rows up to q (at least _SIGN_CHUNK more); returns how many are made."""
        s = self.signed
        m = min(self.n, max(q, s + _SIGN_CHUNK))
        if m <= s:  # all made (a block past the last row)
            return s
        np.multiply(self.X[s:m], self.yo[s:m, None], out=self.YZ[s:m])  # negation: exact
        self.signed = m
        return m

    def _rows(self, pos, z):
        """x̃ of the visiting positions pos, and z = y·x̃ written into z: the pass's own rows' numbers."""
        if self.X is None:
            np.take(self.YZ, pos, axis=0, out=z, mode="clip")  # pos is in range: no buffered check
            return z * self.yo[pos, None]
        x = np.take(self.X, pos, axis=0)
        np.multiply(x, self.yo[pos, None], out=z)
        return x

    def epoch(self, w, number, record, t=0, update=None, visitor=None):
        """One pass from w; returns (w after it, mistakes in it). Updates go to record.add_many
        (number, example indices, activations x̃·w before, w after) in batches and, when given, each
        to update(w_old, w_new, t + position) (positions from 1); with a visitor, every example to
        visitor(number, index, activation w·x̃, mistake, w after)."""
        if visitor is not None:
            return self._every(w, number, record, t, update, visitor)
        X, yo, n, dot = self.X, self.yo, self.n, np.ndarray.dot
        YZ, signed = self.YZ, self.signed
        top, short, least, batch = _BLOCK_MAX, _LIST_MAX, _BLOCK_MIN, _BATCH
        half_top, half_least = top // 2, least // 2
        thr = self.threshold
        slack = self._near(w)
        near, far = thr + slack, thr - slack  # margins within rounding of the threshold: decided by their own dot
        block, p, mistakes, flush_at = self.block, 0, 0, batch
        first, at = w, []  # this batch: w before it, the positions of its updates
        if update is None:  # added to in place (w + z and w += z round alike); first and the caller's w stay
            w = w.copy()
        put_at, (outs, views) = at.append, self._margins
        while p < n:
            q = p + block  # past n: the slices end at n
            if block <= short:  # one product; the first candidate found by Python on floats
                if q > signed:
                    if q > n:
                        q = n
                    signed = self._sign(q)
                rows = YZ[p:q]
                a = views[q - p]
                if a is None:
                    outs[q - p] = np.empty(q - p)
                    a = views[q - p] = memoryview(outs[q - p])
                dot(rows, w, outs[q - p])  # a: these margins, as Python floats
                k = 0
                for v in a:
                    if v <= near:
                        break
                    k += 1
                else:
                    p = q
                    block += block  # at most 2·_LIST_MAX <= _BLOCK_MAX
                    beat()
                    continue
                z = rows[k]
                if v > far and not dot(z, w) <= thr:  # within rounding of it, and right by its own number
                    k = _first_mistake(a, rows, w, k + 1, near, far, thr)
                    if k < 0:
                        p = q
                        block += block
                        beat()
                        continue
                    z = rows[k]
            else:  # long
                if q > n:
                    q = n
                if q <= signed:
                    a = dot(YZ[p:q], w)
                else:  # rows not signed yet: x̃·w times y
                    a = dot(X[p:q], w)
                    a *= yo[p:q]
                for k in np.flatnonzero(a <= near).tolist():
                    z = YZ[p + k] if p + k < signed else X[p + k] * yo[p + k]  # the same numbers
                    if a[k] <= far or dot(z, w) <= thr:
                        break
                else:
                    p = q
                    block = top if block > half_top else 2 * block
                    beat()
                    continue
            if update is None:
                w += z  # w is this pass's own array (below): no new array per mistake
            else:
                old, w = w, w + z
                update(old, w, t + p + k + 1)
            put_at(p + k)
            p += k + 1
            # The next block: twice the rows this one needed (a mistake every few rows: a short block each).
            block = k + k + 2 if k >= half_least else least
            if block > top:
                block = top
            mistakes += 1
            if mistakes == flush_at:
                self._flush(number, record, first, at)
                first, flush_at, slack = (w.copy() if update is None else w), flush_at + batch, self._near(w)
                near, far = thr + slack, thr - slack
                beat()  # an epoch of many mistakes can outlast the page's watchdog
        self._flush(number, record, first, at)
        self.block, self.signed = block, signed
        return w, mistakes

    def _near(self, w):
        """A bound on how far a block's margin z·w' may lie from the per-example loop's own number,
        for every w' up to _BATCH updates after w (|w'| <= |w| + _BATCH·longest: |w + z| <= |w| + |z|)."""
        return self.slack * (norm_up(w, self.d) + _BATCH * self.longest * (1 + 2 ** -40))

    def _every(self, w, number, record, t, update, visitor):
        """The pass for a visit recorder: every example decided, and heard of, by its own dot product."""
        if self.signed < self.n:
            self._sign(self.n)
        YZ, yo, perm, dot = self.YZ, self.yo, self.perm, np.ndarray.dot
        first, at, mistakes = w, [], 0
        for j in range(self.n):
            z = YZ[j]
            v = float(dot(z, w))  # visitors hear Python numbers
            mistake = v <= self.threshold
            if mistake:
                old, w = w, w + z
                at.append(j)
                mistakes += 1
                if update is not None:
                    update(old, w, t + j + 1)
            # + 0.0: the activation of a negative row at w·x̃ = 0 is 0, not −0 (as _flush).
            visitor(number, j if perm is None else int(perm[j]), float(yo[j] * v) + 0.0, mistake, w)
            if len(at) == _BATCH:
                self._flush(number, record, first, at)
                first = w
        self._flush(number, record, first, at)
        return w, mistakes

    def _flush(self, number, record, first, at):
        """Hands a batch of updates (their positions) to the record: example indices, activations
        x̃·w before each (the per-example loop's own dot products), w after each; empties `at`.

        The w's are made again here, not kept by the pass: w after update k is first + z_1 + ... + z_k,
        added one at a time, which is what np.add.accumulate does down each component (the pass's own
        additions; z = y·x̃ by the same multiplication as the pass's rows).
        The activations: x̃·w by np.vecdot of the unsigned rows (for a shuffled order, y·z: negation
        is exact)."""
        if not at:
            return
        m = len(at)
        pos = np.fromiter(at, np.intp, m)  # np.take wants intp (32 bits in Pyodide)
        path = np.empty((m + 1, self.d))  # row k: w after update k (0: first)
        path[0] = first
        x = self._rows(pos, path[1:])
        np.add.accumulate(path, axis=0, out=path)
        act = own_dots(x, path[:-1])
        act += 0.0  # the activation of a negative row at w·x̃ = 0 is 0, not −0
        record.add_many(number, pos if self.perm is None else self.perm[pos], act, path[1:])
        del at[:]


def online_pass(Z, y, perm, w, record, threshold=0.0):
    """One pass of the online perceptron (or its margin rule's threshold, units of η) from w in the
    order perm (the run's own arithmetic, as a lap is replayed); returns w after it."""
    return OnlineScan(Z, y, perm, threshold).epoch(w, 0, record)[0]
