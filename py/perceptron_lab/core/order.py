"""The visiting order of an epoch loop: fixed, one seeded permutation, or a new one every epoch.

One module for every perceptron (primal, kernel, multiclass): the same seed gives the same
permutations everywhere. The order object keeps the generator's state from before its first
draw, so a finished run can say which examples it visited in which order (replay: the same
draws again): the step-through asks the run instead of re-deriving its order. (The exercise
asks the run itself for its visits while it trains: a visit recorder, core.train's visitor.)
"""

import copy

import numpy as np

from .. import settings

ORDERS = tuple(settings.options("order"))  # params.json: fixed, shuffle-once, shuffle-each


class VisitingOrder:
    """perm(n) per epoch: None (the training order) or a permutation of range(n)."""

    def __init__(self, order, rng, n=None):
        self.order, self.rng, self.once = order, rng, None
        self.start = copy.deepcopy(rng.bit_generator.state)
        if n is not None:
            self.resize(n)

    def resize(self, n):
        """shuffle-once draws its one permutation for data of n examples (again if n changes:
        partial_fit on data of another size)."""
        if self.order == "shuffle-once" and (self.once is None or len(self.once) != n):
            self.once = self.rng.permutation(n)

    def next(self, n):
        """The permutation of the next epoch (None: the examples in training order)."""
        if self.order == "shuffle-each":
            return self.rng.permutation(n)
        return self.once

    def replay(self, n, epochs):
        """The example indices of each of the first `epochs` epochs, as this order visited them."""
        bit_generator = type(self.rng.bit_generator)()
        bit_generator.state = copy.deepcopy(self.start)
        again = VisitingOrder(self.order, np.random.Generator(bit_generator), n)
        for _ in range(epochs):
            perm = again.next(n)
            yield np.arange(n) if perm is None else perm
