"""scikit-learn-style estimators on numpy alone (perceptron_lab.sklearn: the scikit-learn ones)."""

from .kernel_multiclass import KernelPerceptron, MulticlassPerceptron  # noqa: F401
from .linear import (  # noqa: F401
    AveragedPerceptron, BatchPerceptron, NotFittedError, Perceptron, PocketPerceptron, VotedPerceptron,
)

__all__ = ["Perceptron", "BatchPerceptron", "AveragedPerceptron", "VotedPerceptron", "PocketPerceptron",
           "KernelPerceptron", "MulticlassPerceptron", "NotFittedError"]
