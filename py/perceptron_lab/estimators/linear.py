"""scikit-learn-style perceptron classifiers, on numpy alone (no scikit-learn import): one class
per linear algorithm of params.json (its `estimator` names it; CLASSES below), made from
_BasePerceptron with the algorithm fixed and the variant's summary (texts/variants.py) as docstring.

Every class is one call of core.train on the prepared vectors x̃ = features.prepare(X):
the two classes of y, sorted, become -1 (classes_[0]) and +1 (classes_[1]); w starts at 0;
a mistake is y·(w·x̃) <= 0; prediction at exactly 0 is classes_[1] (seed 003's step).
The fitted w is split as coef_ = w without its bias component, intercept_ = (bias,).
random_state seeds the visiting order (None means 0: every run is reproducible); partial_fit
runs one epoch from where the last call stopped, drawing the next order from the same random
stream, so k calls make the updates of fit(max_epochs=k)'s first k epochs; but fit stops at a
clean epoch or a cycle and partial_fit runs every epoch it is called for, so after a cycle of
two or more epochs (or, for averaged and voted, an early stop) their answers differ. early_stop=False (default): averaged and voted run
all max_epochs, as Algorithm 2; True stops every variant at the first epoch without mistakes.
standardize=True z-scores every feature with the mean and std of the X given to fit (the first
partial_fit), kept as standardization_ and applied to every later X; coef_ is then in
standardized units (standardization_.raw_weights gives the same boundary in the original ones).

perceptron_lab.sklearn has the same classes passing scikit-learn's check_estimator.
"""

import inspect

import numpy as np

from .. import run_cost, settings
from ..core import loop as core
from ..core import features
from ..errors import DataError, SettingsError
from ..data.prep import Standardization
from ..texts.variants import VARIANTS
from ..run_settings import engine_keywords, estimator_defaults
from .inputs import _as_labels, _as_matrix, _same, _two_classes  # noqa: F401  (base.py, kernel.py read them here)
from ..i18n import _

_PARAMS = ("max_epochs", "eta", "fit_intercept", "order", "random_state", "normalize", "feature_map",
           "early_stop", "standardize")
# core.check_settings names the web form's fields; say which estimator parameter that is.
_FIELD_PARAM = {"epochs": "max_epochs", "eta": "eta", "seed": "random_state", "order": "order",
                "feature_map": "feature_map", "early_stop": "early_stop"}


class NotFittedError(ValueError, AttributeError):
    """The estimator is used before fit (as scikit-learn's NotFittedError)."""


def _param_error(err, value):
    """The same SettingsError, its message naming the estimator parameter."""
    param = _FIELD_PARAM.get(err.field)
    if param is None:
        return err
    return SettingsError(_("{message} (parameter {param}={value})").format(
        message=err.message, param=param, value=repr(value)), field=err.field)


class _InputChecks:
    """The input checks every estimator shares: X finite 2-D, y as long as X."""

    def _check_X(self, X, *, reset):
        """X as a finite 2-D float64 array (n, m); reset: remember m, else require it."""
        X = _as_matrix(X)
        if reset:
            self.n_features_in_ = X.shape[1]
        elif X.shape[1] != self.n_features_in_:
            raise DataError(_("X has {n} features, but {estimator} was fitted with {fitted} features.").format(
                n=X.shape[1], estimator=type(self).__name__, fitted=self.n_features_in_))
        return X

    def _check_X_y(self, X, y, *, reset):
        X = self._check_X(X, reset=reset)
        y = _as_labels(y)
        if len(y) != len(X):
            raise DataError(_("X has {n} examples but y has {n2} labels: they must have the same length.").format(
                n=len(X), n2=len(y)))
        return X, y


class _BasePerceptron(_InputChecks):
    """w ← w + eta·y·x̃ on every mistake y·(w·x̃) <= 0; the variant is the class's `_algorithm`."""

    _algorithm = None  # params.json's algorithm value, fixed by _variant_class
    _own = ()  # the parameters only this algorithm has (params.json: estimator_param with a `when`)

    def __init__(self, *, max_epochs=100, eta=1.0, fit_intercept=True, order="fixed",
                 random_state=0, normalize=False, feature_map="none", early_stop=False, standardize=False):
        self.max_epochs = max_epochs
        self.eta = eta
        self.fit_intercept = fit_intercept
        self.order = order
        self.random_state = random_state
        self.normalize = normalize
        self.feature_map = feature_map
        self.early_stop = early_stop
        self.standardize = standardize

    # --- parameters ---------------------------------------------------------------------

    def get_params(self, deep=True):
        """The constructor parameters, as given."""
        return {name: getattr(self, name) for name in _PARAMS + self._own}

    def set_params(self, **params):
        """Set constructor parameters (checked at fit, as in scikit-learn); returns self."""
        for name, value in params.items():
            if name not in _PARAMS + self._own:
                raise SettingsError(
                    _("Invalid parameter {name} for {estimator}: valid parameters are {names}.").format(
                        name=repr(name), estimator=type(self).__name__, names=', '.join(_PARAMS + self._own)),
                        field=name)
            setattr(self, name, value)
        return self

    def __repr__(self):
        defaults = type(self)().get_params()
        changed = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items()
                            if not _same(v, defaults[k]))
        return f"{type(self).__name__}({changed})"

    def _seed(self):
        return 0 if self.random_state is None else self.random_state

    def _check_settings(self, max_epochs=None):
        """SettingsError naming the parameter for anything outside its range."""
        epochs = self.max_epochs if max_epochs is None else max_epochs
        values = {"epochs": self.max_epochs, "eta": self.eta, "seed": self.random_state,
                  "order": self.order, "feature_map": self.feature_map}
        try:
            core.check_settings(self._algorithm, self.eta, epochs, self.order, self._seed(), **self._own_values())
            features.check_feature_map(self.feature_map)
        except SettingsError as err:
            raise _param_error(err, values.get(err.field)) from None
        for name, field in (("fit_intercept", "bias"), ("normalize", "normalize"), ("early_stop", "early_stop"),
                            ("standardize", "standardize")):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise SettingsError(_("{name} must be True or False, not {value}.").format(
                    name=name, value=repr(getattr(self, name))),
                                    field=field)

    def _train_keywords(self):
        """core.train's keywords from this estimator's parameters (params.json's wires)."""
        return {**engine_keywords(self.get_params(), self._algorithm), "seed": self._seed(),
                "early_stop": bool(self.early_stop)}

    def _own_values(self):
        """This algorithm's own keywords of core.train (the margin perceptron's tau)."""
        return {name: getattr(self, name) for name in self._own}

    # --- validation at the boundary (the sklearn module overrides these hooks) ------------------

    def _check_fitted(self):
        if not hasattr(self, "run_"):
            raise NotFittedError(f"This {type(self).__name__} is not fitted yet: call fit or "
                                 "partial_fit before using it.")


    def _check_classes(self, y):
        """The two classes of y, sorted."""
        return _two_classes(y, "y")

    # --- training -------------------------------------------------------------------------------

    def _prepare(self, X):
        # standardization_: the z-score statistics of the X given to fit (or the first partial_fit)
        return features.prepare(X, fit_intercept=bool(self.fit_intercept), normalize=bool(self.normalize),
                                feature_map=self.feature_map, standardization=getattr(self, "standardization_", None))

    def _fit_standardization(self, X):
        self.standardization_ = Standardization.fit(X) if self.standardize else None

    def _signs(self, y):
        """-1 for classes_[0], +1 for classes_[1]."""
        return np.where(y == self.classes_[1], 1, -1).astype(np.int8)

    def _set_answer(self, run, n_iter):
        """coef_, intercept_ from run.model.w (voted: the last w), and the run's records."""
        w = run.model.w
        if self.fit_intercept:
            self.coef_, self.intercept_ = w[None, :-1].copy(), w[-1:].copy()
        else:
            self.coef_, self.intercept_ = w[None, :].copy(), np.zeros(1)
        self.run_ = run
        self.status_ = run.status
        self.n_iter_ = n_iter

    def fit(self, X, y):
        """Train from w = 0 for at most max_epochs epochs; returns self."""
        self._check_settings()
        X, y = self._check_X_y(X, y, reset=True)
        self.classes_ = self._check_classes(y)
        self._fit_standardization(X)
        progress = run_cost.announce_fit(X.shape[0], X.shape[1], self.max_epochs, self._algorithm,
                                         feature_map=self.feature_map)
        run = core.train(self._prepare(X), self._signs(y), algorithm=self._algorithm, **self._train_keywords(),
                         progress=progress)
        if progress is not None:
            progress.done()
        self._set_answer(run, run.n_epochs)
        return self

    def partial_fit(self, X, y, classes=None):
        """One epoch over (X, y) from the current w (classes: both labels, needed on the first call)."""
        self._check_settings(max_epochs=1)
        first = not hasattr(self, "run_")
        if first and classes is None:
            raise DataError(_("classes must be given on the first call to partial_fit: "
                            "pass both labels, e.g. classes=[0, 1]."))
        X, y = self._check_X_y(X, y, reset=first)
        if classes is not None:
            classes = self._check_classes(_as_labels(classes, name="classes"))
            if not first and not np.array_equal(classes, self.classes_):
                raise DataError(_("classes={given} differs from the classes of the earlier calls, {classes}.").format(
                    given=classes.tolist(), classes=self.classes_.tolist()))
            self.classes_ = classes
        if first:
            self._fit_standardization(X)
        unknown = ~np.isin(y, self.classes_)
        if unknown.any():
            raise DataError(_("y has the label {label}, which is not one of the classes {classes}.").format(
                label=repr(y[unknown][0]), classes=self.classes_.tolist()))
        run = core.train(self._prepare(X), self._signs(y), algorithm=self._algorithm,
                         **{**self._train_keywords(), "max_epochs": 1}, resume=None if first else self.run_)
        self._set_answer(run, 1)
        return self

    # --- prediction -----------------------------------------------------------------------------

    def decision_function(self, X):
        """w·x̃ for every row of X (voted: Σ_k c_k·sign(w_k·x̃))."""
        self._check_fitted()
        X = self._check_X(X, reset=False)
        return self.run_.decision_function(self._prepare(X))

    def predict(self, X):
        """classes_[1] where the decision function is >= 0, else classes_[0]."""
        self._check_fitted()
        positive = self.run_.predict(self._prepare(self._check_X(X, reset=False))) > 0  # training's own signs
        return self.classes_[positive.astype(np.intp)]

    def score(self, X, y):
        """Accuracy: the fraction of rows of X whose predicted label is y."""
        self._check_fitted()
        X, y = self._check_X_y(X, y, reset=False)
        return float(np.mean(self.predict(X) == y))


def _variant_class(option):
    """The estimator of one linear algorithm option of params.json: named by its `estimator`, its
    docstring the variant's summary (texts/variants.py), training with its algorithm."""
    name = option["estimator"]
    own = {k: v for k, v in estimator_defaults(option["value"]).items() if k not in _PARAMS}
    body = {"__doc__": VARIANTS[option["value"]].summary, "_algorithm": option["value"], "__module__": __name__,
            "__qualname__": name}
    if own:
        body["_own"], body["__init__"] = tuple(own), _init_with(own)
    return type(name, (_BasePerceptron,), body)


def _init_with(own):
    """An __init__ taking the common parameters and an algorithm's own ones (own: name -> default),
    its signature written out (scikit-learn's get_params and clone read the signature)."""
    def __init__(self, **params):
        unknown = set(params) - set(_PARAMS) - set(own)
        if unknown:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {sorted(unknown)[0]!r}")
        for name, default in own.items():
            setattr(self, name, params.pop(name, default))
        _BasePerceptron.__init__(self, **params)

    base = inspect.signature(_BasePerceptron.__init__)
    extra = [inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=v) for k, v in own.items()]
    __init__.__signature__ = base.replace(parameters=[*base.parameters.values(), *extra])
    return __init__


# Perceptron, BatchPerceptron, AveragedPerceptron, VotedPerceptron, PocketPerceptron: one class per
# linear algorithm of params.json, in its order. Module-level names, so pickle finds them here.
CLASSES = {o["estimator"]: _variant_class(o) for o in settings.param("algorithm")["options"]
           if o["family"] == "linear"}
globals().update(CLASSES)
__all__ = [*CLASSES, "NotFittedError"]
