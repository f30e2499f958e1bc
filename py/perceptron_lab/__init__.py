"""Perceptron Lab: the perceptron of the lecture notes, every variant, with its theory computed."""

from .version import __version__  # noqa: F401

from .errors import DataError, SettingsError  # noqa: F401
from .estimators import ESTIMATORS as _ESTIMATORS

# Perceptron, BatchPerceptron, ..., KernelPerceptron, MulticlassPerceptron: the class each algorithm
# of params.json names (numpy only; perceptron_lab.sklearn has the scikit-learn ones).
globals().update(_ESTIMATORS)
