"""scikit-learn-style estimators on numpy alone (perceptron_lab.sklearn: the scikit-learn ones)."""

from .kernel import KernelPerceptron  # noqa: F401
from .linear import (  # noqa: F401
    AveragedPerceptron, BatchPerceptron, NotFittedError, Perceptron, PocketPerceptron, VotedPerceptron,
)
from .multiclass import MulticlassPerceptron  # noqa: F401

__all__ = ["Perceptron", "BatchPerceptron", "AveragedPerceptron", "VotedPerceptron", "PocketPerceptron",
           "KernelPerceptron", "MulticlassPerceptron", "NotFittedError"]
