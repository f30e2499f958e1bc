"""KernelPerceptron, scikit-learn style on numpy alone: kernel_perceptron.train_kernel on the raw X
(two classes; classes_[0] -> -1, classes_[1] -> +1; prediction at f(x) = 0 is classes_[1], as in
linear.Perceptron)."""

import numpy as np

from .. import run_cost
from .. import core
from ..core import kernel_perceptron as kernelmod
from ..core.kernels import KERNEL_DEFAULTS
from ..core.loop import check_params
from ..errors import DataError
from ..run_settings import engine_keywords, estimator_defaults
from .base import _Estimator
from .linear import _two_classes
from ..i18n import _

__all__ = ["KernelPerceptron"]


class KernelPerceptron(_Estimator):
    """The kernel (dual) perceptron: f(x) = Σ_i dual_coef_i·k̃(support_vectors_i, x).

    k̃ = k + 1 with fit_intercept (the bias as a constant feature of the feature space);
    k is linear x·x', poly (x·x' + coef0)^degree or rbf exp(-gamma·‖x - x'‖²).
    dual_coef_ (1, n_SV) holds eta·α_i·y_i, support_ the indices with α_i > 0, intercept_ the
    weight of the constant feature (Σ dual_coef_ without normalize), as in scikit-learn's SVC.
    """

    _DEFAULTS = estimator_defaults("kernel")  # params.json's (the signature below writes them out for get_params)

    def __init__(self, *, kernel=KERNEL_DEFAULTS["kernel"], degree=KERNEL_DEFAULTS["degree"],
                 coef0=KERNEL_DEFAULTS["coef0"], gamma=KERNEL_DEFAULTS["gamma"], max_epochs=100, eta=1.0,
                 fit_intercept=True, order="fixed", random_state=0, normalize=False):
        super().__init__(kernel=kernel, degree=degree, coef0=coef0, gamma=gamma, max_epochs=max_epochs, eta=eta,
                         fit_intercept=fit_intercept, order=order, random_state=random_state, normalize=normalize)

    def fit(self, X, y):
        """Train from α = 0 for at most max_epochs epochs; returns self."""
        def check():
            check_params(order=self.order, eta=self.eta, max_epochs=self.max_epochs, seed=self._seed())
            kernelmod.check_kernel(self.kernel, self.degree, self.coef0, self.gamma)
        self._checked(check)
        X, y = self._check_X_y(X, y, reset=True)
        try:
            self.classes_ = _two_classes(y, "y")
        except DataError as err:
            if "only one class" in err.message or "mix" in err.message:
                raise
            raise DataError(_("{message} For more classes use MulticlassPerceptron.").format(
                message=err.message)) from None
        signs = np.where(y == self.classes_[1], 1, -1).astype(np.int8)
        progress = run_cost.announce_fit(X.shape[0], X.shape[1], self.max_epochs, "kernel")
        run = core.train(X, signs, algorithm="kernel", **{**engine_keywords(self.get_params(), "kernel"),
                                                           "seed": self._seed()}, progress=progress)
        if progress is not None:
            progress.done()
        self.run_ = run
        self.alpha_ = run.model.alpha.copy()
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
        self._check_fitted()
        return self.classes_[(self.run_.predict(self._check_X(X, reset=False)) > 0).astype(np.intp)]
