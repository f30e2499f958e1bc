"""scikit-learn-style estimators on numpy alone (perceptron_lab.sklearn: the scikit-learn ones).

Every algorithm option of params.json names its class (`estimator`); ESTIMATORS holds them by
name, in the table's order. The linear family's classes are made from the table (linear.py),
the kernel and multiclass families' are written out (kernel.py, multiclass.py).
"""

from .. import settings
from . import kernel, linear, multiclass
from .linear import NotFittedError

_MODULES = (linear, kernel, multiclass)  # each exports its classes (__all__)

# Perceptron, BatchPerceptron, AveragedPerceptron, VotedPerceptron, PocketPerceptron, MarginPerceptron,
# KernelPerceptron, MulticlassPerceptron (the package exports the same names).
ESTIMATORS = {o["estimator"]: next(getattr(m, o["estimator"]) for m in _MODULES if o["estimator"] in m.__all__)
              for o in settings.param("algorithm")["options"]}
globals().update(ESTIMATORS)

__all__ = [*ESTIMATORS, "NotFittedError"]
