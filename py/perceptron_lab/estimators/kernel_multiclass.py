"""scikit-learn-style estimators past the linear binary perceptron, on numpy alone.

KernelPerceptron: kernel.train_kernel on the raw X (two classes; classes_[0] -> -1,
classes_[1] -> +1; prediction at f(x) = 0 is classes_[1], as in estimators.Perceptron).
MulticlassPerceptron: multiclass.train_multiclass on x̃ = features.prepare(X) (two or more
classes; classes_ sorted, argmax ties to the lowest class).
Same parameter handling as estimators.py: parameters are stored as given and checked at fit,
errors name the parameter; random_state seeds the visiting order (None means 0).
"""

import numpy as np

from ..core import features
from ..core import kernel_perceptron as kernelmod
from ..core import multiclass
from ..core.loop import check_settings
from .linear import NotFittedError, _InputChecks, _same, _two_classes
from ..errors import DataError, SettingsError

__all__ = ["KernelPerceptron", "MulticlassPerceptron"]

# The web form's field names (SettingsError.field) -> the estimator parameter.
_FIELD_PARAM = {"epochs": "max_epochs", "eta": "eta", "seed": "random_state", "order": "order",
                "feature_map": "feature_map", "kernel": "kernel", "degree": "degree", "coef0": "coef0",
                "gamma": "gamma", "average": "average", "early_stop": "early_stop"}
_COMMON = {"max_epochs": 100, "eta": 1.0, "fit_intercept": True, "order": "fixed", "random_state": 0,
           "normalize": False}


class _Estimator(_InputChecks):
    """Parameters from the class's _DEFAULTS table; fit and the rest in the subclasses."""

    _DEFAULTS = dict(_COMMON)

    def __init__(self, **params):
        for name in self._DEFAULTS:
            setattr(self, name, params[name])

    def get_params(self, deep=True):
        return {name: getattr(self, name) for name in self._DEFAULTS}

    def set_params(self, **params):
        for name, value in params.items():
            if name not in self._DEFAULTS:
                raise SettingsError(f"Invalid parameter {name!r} for {type(self).__name__}: valid parameters "
                                    f"are {', '.join(self._DEFAULTS)}.", field=name)
            setattr(self, name, value)
        return self

    def __repr__(self):
        changed = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items() if not _same(v, self._DEFAULTS[k]))
        return f"{type(self).__name__}({changed})"

    def _seed(self):
        return 0 if self.random_state is None else self.random_state

    def _checked(self, check):
        """Run check(); a SettingsError comes back naming the estimator parameter and its value."""
        try:
            check()
        except SettingsError as err:
            param = _FIELD_PARAM.get(err.field)
            if param is None:
                raise
            raise SettingsError(f"{err.message} (parameter {param}={getattr(self, param)!r})",
                                field=err.field) from None
        for name in ("fit_intercept", "normalize"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise SettingsError(f"{name} must be True or False, not {getattr(self, name)!r}.", field=name)

    def _check_fitted(self):
        if not hasattr(self, "run_"):
            raise NotFittedError(f"This {type(self).__name__} is not fitted yet: call fit before using it.")


    def score(self, X, y):
        """Accuracy: the fraction of rows of X whose predicted label is y."""
        self._check_fitted()
        X, y = self._check_X_y(X, y, reset=False)
        return float(np.mean(self.predict(X) == y))


class KernelPerceptron(_Estimator):
    """The kernel (dual) perceptron: f(x) = Σ_i dual_coef_i·k̃(support_vectors_i, x).

    k̃ = k + 1 with fit_intercept (the bias as a constant feature of the feature space);
    k is linear x·x', poly (x·x' + coef0)^degree or rbf exp(-gamma·‖x - x'‖²).
    dual_coef_ (1, n_SV) holds eta·α_i·y_i, support_ the indices with α_i > 0, intercept_ the
    weight of the constant feature (Σ dual_coef_ without normalize), as in scikit-learn's SVC.
    """

    _DEFAULTS = {**_COMMON, "kernel": "rbf", "degree": 2, "coef0": 1.0, "gamma": 1.0}

    def __init__(self, *, kernel="rbf", degree=2, coef0=1.0, gamma=1.0, max_epochs=100, eta=1.0,
                 fit_intercept=True, order="fixed", random_state=0, normalize=False):
        super().__init__(kernel=kernel, degree=degree, coef0=coef0, gamma=gamma, max_epochs=max_epochs, eta=eta,
                         fit_intercept=fit_intercept, order=order, random_state=random_state, normalize=normalize)

    def fit(self, X, y):
        """Train from α = 0 for at most max_epochs epochs; returns self."""
        def check():
            check_settings("online", self.eta, self.max_epochs, self.order, self._seed())
            kernelmod.check_kernel(self.kernel, self.degree, self.coef0, self.gamma)
        self._checked(check)
        X, y = self._check_X_y(X, y, reset=True)
        try:
            self.classes_ = _two_classes(y, "y")
        except DataError as err:
            if "only one class" in err.message or "mix" in err.message:
                raise
            raise DataError(f"{err.message} For more classes use MulticlassPerceptron.") from None
        signs = np.where(y == self.classes_[1], 1, -1).astype(np.int8)
        run = kernelmod.train_kernel(X, signs, kernel=self.kernel, degree=self.degree, coef0=self.coef0,
                                     gamma=self.gamma, fit_intercept=bool(self.fit_intercept),
                                     normalize=bool(self.normalize), eta=self.eta, max_epochs=self.max_epochs,
                                     order=self.order, seed=self._seed())
        self.run_ = run
        self.alpha_ = run.alpha.copy()
        self.support_ = run.support
        self.support_vectors_ = X[run.support].copy()
        self.dual_coef_ = run.dual_coef[None, :]
        self.intercept_ = np.array([run.bias if run.bias is not None else 0.0])
        self.status_ = run.status
        self.n_iter_ = run.n_epochs
        return self

    def decision_function(self, X):
        """f(x) for every row of X."""
        self._check_fitted()
        return self.run_.decision_function(self._check_X(X, reset=False))

    def predict(self, X):
        """classes_[1] where f(x) >= 0, else classes_[0]."""
        return self.classes_[(self.decision_function(X) >= 0).astype(np.intp)]


class MulticlassPerceptron(_Estimator):
    """One weight vector per class: predict argmax_k coef_[k]·x + intercept_[k] (ties to the lowest class).

    On a mistake (the true class does not score strictly highest) the true row moves +eta·x̃ and the
    highest other row -eta·x̃. average=True answers with the mean W over every example seen and
    runs all max_epochs epochs unless early_stop (then it stops at the first epoch without a mistake).
    """

    _DEFAULTS = {**_COMMON, "average": False, "early_stop": False, "feature_map": "none"}

    def __init__(self, *, average=False, max_epochs=100, eta=1.0, fit_intercept=True, order="fixed",
                 random_state=0, normalize=False, feature_map="none", early_stop=False):
        super().__init__(average=average, max_epochs=max_epochs, eta=eta, fit_intercept=fit_intercept, order=order,
                         random_state=random_state, normalize=normalize, feature_map=feature_map,
                         early_stop=early_stop)

    def fit(self, X, y):
        """Train from W = 0 for at most max_epochs epochs; returns self."""
        def check():
            check_settings("online", self.eta, self.max_epochs, self.order, self._seed())
            features.check_feature_map(self.feature_map)
            for name in ("average", "early_stop"):
                if not isinstance(getattr(self, name), (bool, np.bool_)):
                    raise SettingsError(f"{name} must be True or False.", field=name)
        self._checked(check)
        X, y = self._check_X_y(X, y, reset=True)
        try:
            self.classes_, index = np.unique(y, return_inverse=True)
        except TypeError:
            raise DataError("The labels in y mix numbers and text: use one kind.") from None
        if len(self.classes_) < 2:
            raise DataError(f"y has only one class ({self.classes_[0]!r}): a classifier needs at least two.")
        run = multiclass.train_multiclass(self._prepare(X), index.ravel(), len(self.classes_),
                                          average=bool(self.average), eta=self.eta, max_epochs=self.max_epochs,
                                          order=self.order, seed=self._seed(), early_stop=bool(self.early_stop))
        W = run.W
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
                                feature_map=self.feature_map)

    def decision_function(self, X):
        """The score of every class, shape (n_samples, n_classes)."""
        self._check_fitted()
        return self.run_.decision_function(self._prepare(self._check_X(X, reset=False)))

    def predict(self, X):
        """The class of highest score (ties to the lowest in classes_)."""
        return self.classes_[np.argmax(self.decision_function(X), axis=1)]

    def confusion_matrix(self, X, y):
        """C[i, j]: examples of classes_[i] predicted as classes_[j]; labels outside classes_ are an error."""
        self._check_fitted()
        X, y = self._check_X_y(X, y, reset=False)
        known = np.isin(y, self.classes_)
        if not known.all():
            raise DataError(f"y has the label {y[~known][0]!r}, which is not one of the classes "
                            f"{self.classes_.tolist()}.")
        return multiclass.confusion_matrix(np.searchsorted(self.classes_, y),
                                           np.searchsorted(self.classes_, self.predict(X)), len(self.classes_))
