"""The kernels of the kernel perceptron, and the table of their settings.

k̃(a, b) = k(a, b) + 1 with the bias (a constant feature appended to φ(x), as features.prepare
appends 1 after the feature map), divided by √(k̃(a,a)·k̃(b,b)) with normalize (φ̃ at unit length).
"""

from dataclasses import dataclass

import numpy as np

from .. import settings
from ..errors import SettingsError
from .stopping import finite
from ..i18n import _

KERNELS = ("linear", "poly", "rbf")
PRODUCT_MAX = 1 << 27  # multiply-adds per numpy product call: ~0.05 s in Pyodide


# The kernel settings are params.json's (default and range, as the page and the CLI have them);
# check() gives each default its type (coef0 and γ are floats).
KERNEL_DEFAULTS = {name: settings.check(name, settings.default(name)) for name in ("kernel", "degree", "coef0", "gamma")}


def check_kernel(kernel, degree, coef0, gamma):
    """SettingsError naming the field for a kernel setting out of params.json's range."""
    for name, value in (("kernel", kernel), ("degree", degree), ("coef0", coef0), ("gamma", gamma)):
        if name == "degree" and (isinstance(value, bool) or not isinstance(value, (int, np.integer))):
            raise SettingsError(settings.message(settings.param(name)), field=name)  # 2.0 is no degree here
        settings.check(name, value)


@dataclass(frozen=True)
class Kernel:
    """k̃(a, b) = k(a, b) (+ 1 with the bias), divided by √(k̃(a,a)·k̃(b,b)) with normalize.

    k: linear a·b, poly (a·b + coef0)^degree, rbf exp(-γ‖a - b‖²).
    """

    kernel: str = KERNEL_DEFAULTS["kernel"]
    degree: int = KERNEL_DEFAULTS["degree"]
    coef0: float = KERNEL_DEFAULTS["coef0"]
    gamma: float = KERNEL_DEFAULTS["gamma"]
    fit_intercept: bool = True
    normalize: bool = False

    def __post_init__(self):
        check_kernel(self.kernel, self.degree, self.coef0, self.gamma)

    def _raw(self, A, B):
        # In place throughout: at 5 000 points every temporary n×n array is another 200 MB.
        # The product goes in blocks of rows: one numpy call on 5 000 × 2 000 features would run
        # for half a minute in Pyodide without Python getting a word in, and the page's watchdog
        # hears from the worker only while Python runs (site/js/worker.js, bench/silence.py).
        K = np.empty((len(A), len(B)))
        rows = max(1, PRODUCT_MAX // max(1, len(B) * A.shape[1]))
        for r in range(0, len(A), rows):
            np.matmul(A[r:r + rows], B.T, out=K[r:r + rows])
        if self.kernel == "poly":
            K += self.coef0
            np.power(K, self.degree, out=K)
        elif self.kernel == "rbf":
            K *= -2.0
            K += np.einsum("ij,ij->i", A, A)[:, None]
            K += np.einsum("ij,ij->i", B, B)[None, :]
            np.maximum(K, 0.0, out=K)  # ‖a - b‖² computed this way can dip below 0 by rounding
            K *= -self.gamma
            np.exp(K, out=K)
        return K

    def diagonal(self, A):
        """k̃(a, a) for every row a, before normalising."""
        if self.kernel == "rbf":
            d = np.ones(len(A))
        else:
            d = np.einsum("ij,ij->i", A, A)
            if self.kernel == "poly":
                d = (d + self.coef0) ** self.degree
        return d + 1.0 if self.fit_intercept else d

    def __call__(self, A, B):
        """The (len(A), len(B)) matrix of k̃(a, b)."""
        A, B = np.asarray(A, dtype=np.float64), np.asarray(B, dtype=np.float64)
        with np.errstate(over="ignore", invalid="ignore"):
            K = self._raw(A, B)
            if self.fit_intercept:
                K += 1.0
            if self.normalize:
                # A zero φ̃(x) has no direction; it stays 0 (and is a mistake for every α), as in prepare.
                for axis, M in ((0, A), (1, B)):
                    norm = np.sqrt(self.diagonal(M))
                    inv = np.divide(1.0, norm, out=np.zeros_like(norm), where=norm > 0)
                    K *= inv[:, None] if axis == 0 else inv[None, :]
        return finite(K, "The kernel values overflow floating point: lower the degree or rescale the data.",
                      "degree" if self.kernel == "poly" else "kernel")

    def parts(self, A, B):
        """k̃(a, b) as K + ca·cb: K the kernel's own part (normalised as in __call__), ca and cb the
        constant feature of each row (constant()). A score summed over K̃ in one product rounds its
        bias terms' sum Σ α_i y_i together with k's: far from the data, where k vanishes and that sum
        cancels to 0 exactly, f was left as rounding dust of either sign (a boundary drawn in an
        empty corner). Summed apart, the integer sum stays exact and k's part keeps its sign."""
        A, B = np.asarray(A, dtype=np.float64), np.asarray(B, dtype=np.float64)
        with np.errstate(over="ignore", invalid="ignore"):
            K = self._raw(A, B)
            ca, cb = self.constant(A), self.constant(B)
            if self.normalize:
                for axis, M in ((0, A), (1, B)):
                    norm = np.sqrt(self.diagonal(M))
                    inv = np.divide(1.0, norm, out=np.zeros_like(norm), where=norm > 0)
                    K *= inv[:, None] if axis == 0 else inv[None, :]
                    if self.fit_intercept:  # a zero φ̃(x) stays 0, its constant too (as __call__ has it)
                        (ca if axis == 0 else cb)[:] = inv
        return finite(K, "The kernel values overflow floating point: lower the degree or rescale the data.",
                      "degree" if self.kernel == "poly" else "kernel"), ca, cb

    def constant(self, A):
        """The bias component of φ̃(a) for every row a: 1, or 1/‖φ̃(a)‖ with normalize; 0 without bias."""
        if not self.fit_intercept:
            return np.zeros(len(A))
        if not self.normalize:
            return np.ones(len(A))
        return 1 / np.sqrt(self.diagonal(np.asarray(A, dtype=np.float64)))


def check_kernel_settings(s):
    """The run settings s (params.json names) the kernel perceptron refuses: it takes x as it is."""
    if s["feature_map"] != "none":
        raise SettingsError(_("The kernel perceptron takes x as it is (the kernel is its feature map): set "
                            "Feature map to None."), field="feature_map")
    if s["standardize"]:
        raise SettingsError(_("The kernel perceptron takes x as it is: turn Standardize off (or rescale the "
                            "kernel with γ)."), field="standardize")
