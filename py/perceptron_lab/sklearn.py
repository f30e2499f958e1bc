"""The estimators of perceptron_lab.estimators as scikit-learn estimators (needs scikit-learn).

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

__all__ = ["Perceptron", "BatchPerceptron", "AveragedPerceptron", "VotedPerceptron", "PocketPerceptron"]


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
            raise DataError(f"Only binary classification is supported. The type of the target is {y_type}.")
        return X, y


class Perceptron(_SklearnPerceptron, estimators.Perceptron):
    __doc__ = estimators.Perceptron.__doc__


class BatchPerceptron(_SklearnPerceptron, estimators.BatchPerceptron):
    __doc__ = estimators.BatchPerceptron.__doc__


class AveragedPerceptron(_SklearnPerceptron, estimators.AveragedPerceptron):
    __doc__ = estimators.AveragedPerceptron.__doc__


class VotedPerceptron(_SklearnPerceptron, estimators.VotedPerceptron):
    __doc__ = estimators.VotedPerceptron.__doc__


class PocketPerceptron(_SklearnPerceptron, estimators.PocketPerceptron):
    __doc__ = estimators.PocketPerceptron.__doc__
