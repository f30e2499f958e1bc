"""Perceptron Lab: the perceptron of the lecture notes, every variant, with its theory computed."""

from .version import __version__  # noqa: F401

from .errors import DataError, SettingsError  # noqa: F401
from .estimators.linear import (  # noqa: F401  (numpy only; perceptron_lab.sklearn has the scikit-learn ones)
    AveragedPerceptron, BatchPerceptron, Perceptron, PocketPerceptron, VotedPerceptron,
)
from .estimators.kernel import KernelPerceptron  # noqa: F401  (numpy only)
from .estimators.multiclass import MulticlassPerceptron  # noqa: F401  (numpy only)
