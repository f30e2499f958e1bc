"""THE family's model on a run (run.model): the one part of a run that differs between families.

The envelope (run_envelope.RunEnvelope) says how any run went; the model is what it learned: one
w for the linear family (with voted's votes, its classifier), the counts α of the kernel perceptron
(in training order, over the run's training rows), the weight matrix W of the multiclass perceptron
(one row per class). Every model names its family and its columns: the arrays that are its answer,
by name, η times the run's units, as the run's JSON and files write them (`columns()`)."""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np


@dataclass(frozen=True)
class LinearModel:
    """w: the classifier's weights (voted: its last w; the classifier is `votes`); w_last: the last
    w of the path; votes: voted's (weights, counts c_k), else None."""

    w: np.ndarray
    w_last: np.ndarray
    votes: tuple | None = None

    family: ClassVar[str] = "linear"

    def columns(self):
        return {"w": self.w, "w_last": self.w_last}


@dataclass(frozen=True)
class DualModel:
    """alpha: how often each training row was a mistake (f(x) = η Σ_i α_i y_i k̃(x_i, x))."""

    alpha: np.ndarray

    family: ClassVar[str] = "kernel"

    def columns(self):
        return {"alpha": self.alpha}


@dataclass(frozen=True)
class MulticlassModel:
    """W: the answer (the last W, or with average the mean of W after every example); W_last: the
    last W of the path; average: which of the two the answer is."""

    W: np.ndarray
    W_last: np.ndarray
    average: bool

    family: ClassVar[str] = "multiclass"

    def columns(self):
        return {"W": self.W, "W_last": self.W_last}
