"""Perceptron Lab: the perceptron of the lecture notes, every variant, with its theory computed."""

from .version import __version__  # noqa: F401

from .errors import DataError, SettingsError  # noqa: F401


def __getattr__(name):
    """Perceptron, BatchPerceptron, ..., KernelPerceptron, MulticlassPerceptron: the class each algorithm
    of params.json names (numpy only; perceptron_lab.sklearn has the scikit-learn ones). Imported when
    first asked for: the page's Python never fits an estimator, and its app wheel leaves them out."""
    if name[:1].isupper():  # a class name; `from . import settings` asks here first for a submodule
        from .estimators import ESTIMATORS

        if name in ESTIMATORS:
            return ESTIMATORS[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    from .estimators import ESTIMATORS

    return sorted(set(globals()) | set(ESTIMATORS))
