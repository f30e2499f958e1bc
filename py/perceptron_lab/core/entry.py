"""THE entry of every perceptron: train(X, y, algorithm=..., **keywords) -> its run.

One record per family (params.json's algorithm option names its family): what the family trains on
and which function trains it. The linear family (online, batch, averaged, voted, pocket, margin)
and the multiclass perceptron train on prepared vectors x̃; the kernel perceptron on the raw rows,
since its x̃ lives in the kernel's feature space (the bias is k̃ = k + 1, unit length is taken
there): so the bias and unit length reach it as keywords (fit_intercept, normalize) where the other
families have them in x̃ already. Every family's run counts its recorded updates one way
(trace.step: t = 1, 2, ..., trace.total of them) and reports how it went with the same names
(status, cycle, n_epochs, mistakes, n_updates, epoch_mistakes, epoch_accuracy, epoch_w_norm)."""

from dataclasses import dataclass
from typing import Callable

from .. import settings
from . import kernel_perceptron, loop, multiclass


@dataclass(frozen=True)
class Family:
    name: str
    trains_on: str  # "x̃": prepared vectors; "x": the raw rows (the family prepares its own)
    train: Callable


def _linear(Z, y, **keywords):
    return loop.train(Z, y, **keywords)


def _kernel(X, y, *, algorithm="kernel", **keywords):
    return kernel_perceptron.train_kernel(X, y, **keywords)


def _multiclass(Z, y, *, algorithm="multiclass", classes=None, **keywords):
    return multiclass.train_multiclass(Z, y, classes, **keywords)


FAMILIES = {f.name: f for f in (Family("linear", "x̃", _linear), Family("kernel", "x", _kernel),
                                Family("multiclass", "x̃", _multiclass))}


def family_of(algorithm):
    """The family record of an algorithm of params.json (an unknown one: the linear family's, whose
    settings check names the field)."""
    for o in settings.param("algorithm")["options"]:
        if o["value"] == algorithm:
            return FAMILIES[o["family"]]
    return FAMILIES["linear"]


def train(X, y, *, algorithm="online", **keywords):
    """Train any perceptron: X the family's input (x̃ for the linear and multiclass families, the raw
    rows for the kernel perceptron), y its labels (-1/+1; the multiclass: class indices, `classes`
    of them); keywords: the family's own (run_settings.train_keywords builds them from a request)."""
    return family_of(algorithm).train(X, y, algorithm=algorithm, **keywords)
