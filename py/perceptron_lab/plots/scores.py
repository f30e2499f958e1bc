"""The model's scores on points (w·x̃ after the feature preparation, or a decision callable)
and the points it misclassifies, as every plot of a model computes them."""

from __future__ import annotations

import numpy as np


def prepared_scores(X, w, fit_intercept, normalize, feature_map):
    from ..core.features import prepare
    Z = prepare(X, fit_intercept=fit_intercept, normalize=normalize, feature_map=feature_map)
    w = np.asarray(w, dtype=float)
    if Z.shape[1] != w.shape[0]:
        raise ValueError(f"w has {w.shape[0]} components but x̃ has {Z.shape[1]}")
    return Z @ w


def scores(X, *, w, fit_intercept, normalize, feature_map, decision):
    if decision is not None:
        return np.asarray(decision(np.asarray(X, dtype=float)), dtype=float).reshape(-1)
    return prepared_scores(X, w, fit_intercept, normalize, feature_map)


def misclassified(X, y, *, w=None, fit_intercept=True, normalize=False, feature_map="none",
                  decision=None):
    """Boolean mask of the points whose prediction (score >= 0 -> +1, else -1) is not y."""
    s = scores(X, w=w, fit_intercept=fit_intercept, normalize=normalize,
               feature_map=feature_map, decision=decision)
    return np.where(s >= 0, 1, -1) != np.asarray(y).reshape(-1)


def check_xy(X, y):
    X = np.asarray(X, dtype=np.float64)
    if X.ndim == 1:
        X = X[:, None]
    y = np.asarray(y).reshape(-1)
    if X.ndim != 2 or X.shape[0] != y.shape[0]:
        raise ValueError("X must be (n, m) and y (n,)")
    if X.shape[1] < 1:
        raise ValueError("X needs at least one feature")
    return X, y
