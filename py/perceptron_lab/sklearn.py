"""The linear estimators of perceptron_lab.estimators (Perceptron, BatchPerceptron, ...: one per linear
algorithm of params.json) as scikit-learn estimators (needs scikit-learn).

Same names, parameters, training and attributes; scikit-learn's input validation
(validate_data, check_classification_targets) at the boundary, its get_params/set_params,
clone, repr and tags. Binary only, declared by the tag classifier_tags.multi_class = False.
They pass sklearn.utils.estimator_checks.check_estimator.
"""

import numpy as np
import sklearn  # noqa: F401 - this module is importable only where scikit-learn is installed
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets, type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from .estimators import linear as estimators
from .errors import DataError
from .i18n import _


class _SklearnPerceptron(ClassifierMixin, BaseEstimator):
    """scikit-learn's validation, parameters and tags over estimators._BasePerceptron's training."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False  # two classes: -1/+1
        return tags

    def _check_fitted(self):
        check_is_fitted(self, "run_")

    def _check_X(self, X, *, reset):
        return validate_data(self, X, reset=reset, dtype=np.float64)

    def _check_X_y(self, X, y, *, reset):
        X, y = validate_data(self, X, y, reset=reset, dtype=np.float64)
        check_classification_targets(y)
        y_type = type_of_target(y, input_name="y", raise_unknown=True)
        if y_type != "binary":
            raise DataError(_("Only binary classification is supported. The type of the target is {kind}.").format(
                kind=y_type))
        return X, y


def _sklearn_class(base):
    """base (a class of estimators.linear) with scikit-learn's validation, parameters and tags."""
    name = base.__name__
    return type(name, (_SklearnPerceptron, base), {"__doc__": base.__doc__, "__module__": __name__,
                                                  "__qualname__": name})


# The same names as estimators.linear.CLASSES (every linear algorithm of params.json), at module
# level so that pickle finds them here.
CLASSES = {name: _sklearn_class(base) for name, base in estimators.CLASSES.items()}
globals().update(CLASSES)
__all__ = list(CLASSES)
