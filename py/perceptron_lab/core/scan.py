"""The adaptive block scan: one pass over the examples in visiting order, finding the next mistake
with numpy instead of a Python step per example. The kernel and multiclass perceptrons' epochs are
this scan over their own rule; the online family's is the same scan written out for one weight
vector (online_scan.py: a rule's call per mistake and its signed rows cost it on both kinds of data).

A block's margins (one numpy expression over many examples: z·w, y·f(x), or the true class's score
minus the best rival's) are computed at once; the first one at or below the rule's `near` is handed
to the rule, which decides it with the per-example loop's own number and, if it is a mistake, makes
the update. Block sizes adapt to the gaps between mistakes: rare mistakes cost a few numpy calls per
epoch, frequent ones one small block per mistake, searched as Python floats.

A rule is
    margins(state, p, q)   the margins of visiting positions p..q-1 (a numpy array)
    near, near_step        a block margin above near + k·near_step (k: mistakes since the last
                           flush) is right for certain (a product over a block may round differently
                           from the per-example loop's own number; 0 and 0 when exact)
    mistake(state, j, v)   the state after the update when position j (block margin v, None when
                           not computed) is a mistake by the per-example loop's own number, else None;
                           with a visit recorder it is asked for every position (epoch(every=True))
    by_rows                blocks of up to this many rows go row by row (mistake alone decides): for
                           rules whose block margins cost several numpy calls; 0: never
    flush(state)           every _BATCH mistakes and at the end of the pass (batched records)
    width                  numbers a block computes per row (a block holds at most _SCORES_MAX)
"""

import numpy as np

from ..heartbeat import beat

_BLOCK_START = 64
_BLOCK_MIN = 8  # a row or eight cost one numpy call alike
_BLOCK_MAX = 32768
_SCORES_MAX = 1 << 18  # numbers one block may compute (rows × the rule's width): 2 MB
_LIST_MAX = 256  # a block this small is searched in Python floats: cheaper than two more numpy calls
_BATCH = 256  # mistakes between flushes (records handed on at once) and heartbeats

U = 2.0 ** -53  # the unit roundoff of float64


def predict_sign(scores):
    """-1/+1 from activations, with 0 -> +1 (seed 003's step function)."""
    return np.where(np.asarray(scores) >= 0, 1, -1).astype(np.int8)


def dot_slack(rows):
    """(longest row norm, slack): two dot products of a row z with the same w, summed in different
    orders (a block's matrix product, the per-example loop's dot), are within γ_d·Σ|z_i·w_i| <=
    γ_d·|z|·|w| of the exact sum each (γ_d = d·u/(1 − d·u)), so they differ by less than slack·|w|."""
    d = rows.shape[1]
    longest = float(np.sqrt(np.einsum("ij,ij->i", rows, rows).max(initial=0.0)))
    return longest, 2.2 * d * U / (1 - d * U) * longest + 1e-300  # 2.2: room for the bounds' own rounding


def norm_up(a, d):
    """‖a‖ (Frobenius for a matrix), rounded up: the bound the slack is multiplied by."""
    return float(np.sqrt(np.vdot(a, a))) * (1 + 4 * (d + 2) * U) + 1e-300


class BlockScan:
    """Passes of one rule over n examples; the block size carries over from pass to pass."""

    def __init__(self, rule, n):
        self.rule, self.n, self.block = rule, n, _BLOCK_START
        self.block_max = max(_BLOCK_MIN, min(_BLOCK_MAX, _SCORES_MAX // max(1, rule.width)))

    def epoch(self, state, every=False):
        """One pass from state; returns (state after it, mistakes in it).

        A block grows while no mistake turns up and shrinks to twice the last gap between mistakes
        (at least _BLOCK_MIN rows). every: the rule's mistake() decides every example by itself (a
        visit recorder hears of each one)."""
        rule, n, top = self.rule, self.n, self.block_max
        margins, mistake, by_rows = rule.margins, rule.mistake, top if every else rule.by_rows
        block, p, start, mistakes = min(self.block, top), 0, 0, 0
        near, step = rule.near, rule.near_step
        while p < n:
            q = p + block if p + block < n else n
            new = None
            if block <= by_rows:  # a few rows, each decided by itself: cheaper than the block's margins
                for j in range(p, q):
                    new = mistake(state, j, None)
                    if new is not None:
                        break
            elif block <= _LIST_MAX:  # one numpy call; the first candidate found by Python on floats
                a = margins(state, p, q)
                for j, v in enumerate(a.tolist(), p):
                    if v <= near:
                        new = mistake(state, j, v)
                        if new is not None:
                            break
            else:
                a = margins(state, p, q)
                for k in np.flatnonzero(a <= near).tolist():
                    j = p + k
                    new = mistake(state, j, a[k])
                    if new is not None:
                        break
            if new is None:  # no mistake in [p, q)
                p, block = q, min(top, 2 * block)
                beat()  # a wide block (multiclass: rows × classes scores) takes a while
                continue
            state = new
            gap = 2 * (j - start)
            block = _BLOCK_MIN if gap < _BLOCK_MIN else gap if gap < top else top
            p = start = j + 1
            mistakes += 1
            near += step
            if not mistakes % _BATCH:
                rule.flush(state)
                near = rule.near
                beat()  # an epoch of many mistakes can outlast the page's watchdog
        rule.flush(state)
        self.block = block
        return state, mistakes
