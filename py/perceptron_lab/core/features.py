"""From raw inputs x to the vectors x̃ the perceptron is trained on.

Order: standardize -> feature map -> bias column -> unit length. Standardizing
(prep.Standardization, the training split's mean and std) comes first so that every
later step sees features on one scale; the bias column stays exactly 1. Normalising
last makes every trained vector unit length (the one-sided setting of seed 002), and
since sign(w·x̃/‖x̃‖) = sign(w·x̃), it never changes a prediction, only the activation.
"""

import numpy as np

from ..errors import SettingsError
from ..i18n import _

FEATURE_MAPS = ("none", "poly2")


def poly2(X):
    """Degree-2 polynomial map: x, then x_i·x_j (i < j), then x_i² (XOR and circles become separable)."""
    X = np.asarray(X, dtype=np.float64)
    m = X.shape[1]
    cross = [X[:, i] * X[:, j] for i in range(m) for j in range(i + 1, m)]
    squares = [X[:, i] ** 2 for i in range(m)]
    return np.column_stack([X, *cross, *squares]) if m else X


def poly2_names(names):
    """Names of the poly2 features, in the order poly2 makes them."""
    m = len(names)
    cross = [f"{names[i]}·{names[j]}" for i in range(m) for j in range(i + 1, m)]
    return list(names) + cross + [f"{n}²" for n in names]


def check_feature_map(feature_map):
    if feature_map not in FEATURE_MAPS:
        raise SettingsError(
            _("Unknown feature map {feature_map}: choose one of {value}.").format(
                feature_map=repr(feature_map), value=', '.join(FEATURE_MAPS)),
            field="feature_map",
        )


def prepare(X, *, fit_intercept=True, normalize=False, feature_map="none", standardization=None):
    """x̃ for every row of X: standardized with the given statistics (prep.Standardization,
    or None), mapped, with a trailing 1 if fit_intercept, then unit length if normalize."""
    check_feature_map(feature_map)
    Z = np.asarray(X, dtype=np.float64)
    if standardization is not None:
        Z = standardization.transform(Z)
    if feature_map == "poly2":
        Z = poly2(Z)
    if fit_intercept:  # one preallocated copy: column_stack costs as much as an epoch of training
        out = np.empty((Z.shape[0], Z.shape[1] + 1))
        out[:, :-1] = Z
        out[:, -1] = 1.0
        Z = out
    if normalize:
        norms = np.linalg.norm(Z, axis=1, keepdims=True)
        # A zero vector has no direction; it stays 0 (and is a mistake for every w).
        Z = np.divide(Z, norms, out=np.zeros_like(Z), where=norms > 0)
    return np.ascontiguousarray(Z)


def feature_names(names, *, fit_intercept=True, feature_map="none"):
    """Names of the components of x̃ (the bias component is called 'bias')."""
    out = poly2_names(names) if feature_map == "poly2" else list(names)
    return out + (["bias"] if fit_intercept else [])
