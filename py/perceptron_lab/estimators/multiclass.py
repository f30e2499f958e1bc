"""MulticlassPerceptron, scikit-learn style on numpy alone: multiclass.train_multiclass on
x̃ = features.prepare(X) (two or more classes; classes_ sorted, argmax ties to the lowest class)."""

import numpy as np

from .. import core, run_cost
from ..core import features
from ..core import multiclass
from ..core.loop import check_params
from ..data.prep import Standardization
from ..errors import DataError, SettingsError
from ..run_settings import engine_keywords, estimator_defaults
from .base import _Estimator
from ..i18n import _

__all__ = ["MulticlassPerceptron"]


class MulticlassPerceptron(_Estimator):
    """One weight vector per class: predict argmax_k coef_[k]·x + intercept_[k] (ties to the lowest class).

    On a mistake (the true class does not score strictly highest) the true row moves +eta·x̃ and the
    highest other row -eta·x̃. average=True answers with the mean W over every example seen and
    runs all max_epochs epochs unless early_stop (then it stops at the first epoch without a mistake).
    standardize=True z-scores every feature with the mean and std of the X given to fit
    (standardization_), as the page's Standardize does; coef_ is then in standardized units.
    """

    _DEFAULTS = estimator_defaults("multiclass")  # params.json's (the signature below writes them out for get_params)

    def __init__(self, *, average=False, max_epochs=100, eta=1.0, fit_intercept=True, order="fixed",
                 random_state=0, normalize=False, feature_map="none", early_stop=False, standardize=False):
        super().__init__(average=average, max_epochs=max_epochs, eta=eta, fit_intercept=fit_intercept, order=order,
                         random_state=random_state, normalize=normalize, feature_map=feature_map,
                         early_stop=early_stop, standardize=standardize)

    def fit(self, X, y):
        """Train from W = 0 for at most max_epochs epochs; returns self."""
        def check():
            check_params(order=self.order, eta=self.eta, max_epochs=self.max_epochs, seed=self._seed())
            features.check_feature_map(self.feature_map)
            for name in ("average", "early_stop", "standardize"):
                if not isinstance(getattr(self, name), (bool, np.bool_)):
                    raise SettingsError(_("{name} must be True or False.").format(name=name), field=name)
        self._checked(check)
        X, y = self._check_X_y(X, y, reset=True)
        try:
            self.classes_, index = np.unique(y, return_inverse=True)
        except TypeError:
            raise DataError(_("The labels in y mix numbers and text: use one kind.")) from None
        if len(self.classes_) < 2:
            raise DataError(_("y has only one class ({value}): a classifier needs at least two.").format(
                value=repr(self.classes_[0])))
        progress = run_cost.announce_fit(X.shape[0], X.shape[1], self.max_epochs, "multiclass",
                                         feature_map=self.feature_map, classes=len(self.classes_))
        self.standardization_ = Standardization.fit(X) if self.standardize else None
        run = core.train(self._prepare(X), index.ravel(), algorithm="multiclass", classes=len(self.classes_),
                         **{**engine_keywords(self.get_params(), "multiclass"), "seed": self._seed()},
                         progress=progress)
        if progress is not None:
            progress.done()
        W = run.model.W
        if self.fit_intercept:
            self.coef_, self.intercept_ = W[:, :-1].copy(), W[:, -1].copy()
        else:
            self.coef_, self.intercept_ = W.copy(), np.zeros(len(W))
        self.run_ = run
        self.status_ = run.status
        self.n_iter_ = run.n_epochs
        return self

    def _prepare(self, X):
        return features.prepare(X, fit_intercept=bool(self.fit_intercept), normalize=bool(self.normalize),
                                feature_map=self.feature_map, standardization=self.standardization_)

    def decision_function(self, X):
        """The score of every class, shape (n_samples, n_classes)."""
        self._check_fitted()
        return self.run_.decision_function(self._prepare(self._check_X(X, reset=False)))

    def predict(self, X):
        """The class of highest score (ties to the lowest in classes_), scored as training scores."""
        self._check_fitted()
        return self.classes_[self.run_.predict(self._prepare(self._check_X(X, reset=False)))]

    def confusion_matrix(self, X, y):
        """C[i, j]: examples of classes_[i] predicted as classes_[j]; labels outside classes_ are an error."""
        self._check_fitted()
        X, y = self._check_X_y(X, y, reset=False)
        known = np.isin(y, self.classes_)
        if not known.all():
            raise DataError(_("y has the label {label}, which is not one of the classes {classes}.").format(
                label=repr(y[~known][0]), classes=self.classes_.tolist()))
        return multiclass.confusion_matrix(np.searchsorted(self.classes_, y),
                                           np.searchsorted(self.classes_, self.predict(X)), len(self.classes_))
