"""What the kernel and multiclass estimators share (kernel.py, multiclass.py), on numpy alone.

Same parameter handling as linear.py: parameters are stored as given and checked at fit,
errors name the parameter; random_state seeds the visiting order (None means 0).
"""

import numpy as np

from ..errors import SettingsError
from ..run_settings import wired
from .linear import NotFittedError, _InputChecks, _same
from ..i18n import _

# The web form's field names (SettingsError.field) -> the estimator parameter (params.json's wires).
_FIELD_PARAM = {p["name"]: next(iter(v.values())) if isinstance(v, dict) else v
                for p in wired("estimator_param") for v in [p["estimator_param"]]}


class _Estimator(_InputChecks):
    """Parameters from the class's _DEFAULTS table; fit and the rest in the subclasses."""

    _DEFAULTS = {}  # the subclass's: params.json's estimator parameters of its algorithm (run_settings)

    def __init__(self, **params):
        for name in self._DEFAULTS:
            setattr(self, name, params[name])

    def get_params(self, deep=True):
        return {name: getattr(self, name) for name in self._DEFAULTS}

    def set_params(self, **params):
        for name, value in params.items():
            if name not in self._DEFAULTS:
                raise SettingsError(_("Invalid parameter {name} for {estimator}: valid parameters are {names}.").format(
                    name=repr(name), estimator=type(self).__name__, names=', '.join(self._DEFAULTS)), field=name)
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
            raise SettingsError(_("{message} (parameter {param}={value})").format(
                message=err.message, param=param, value=repr(getattr(self, param))),
                                field=err.field) from None
        for name in ("fit_intercept", "normalize"):
            if not isinstance(getattr(self, name), (bool, np.bool_)):
                raise SettingsError(_("{name} must be True or False, not {value}.").format(
                    name=name, value=repr(getattr(self, name))), field=name)

    def _check_fitted(self):
        if not hasattr(self, "run_"):
            raise NotFittedError(f"This {type(self).__name__} is not fitted yet: call fit before using it.")


    def score(self, X, y):
        """Accuracy: the fraction of rows of X whose predicted label is y."""
        self._check_fitted()
        X, y = self._check_X_y(X, y, reset=False)
        return float(np.mean(self.predict(X) == y))
