"""Separability decided where it can be: raw features of very different scales leave the margin
solver undecided (γ/R ≈ 1e-8), but a separator found on the z-scored features, checked on the raw
rows, proves it. The oracle: an LP (HiGHS) finds w with y·(w·x̃) >= 1 on the raw data, and the
lab's u is checked in exact rationals on every raw row."""

from fractions import Fraction

import numpy as np
from scipy.optimize import linprog

from perceptron_lab.bridge import handle
from perceptron_lab.core.features import prepare
from perceptron_lab.data import preset
from perceptron_lab.theory import max_margin
from perceptron_lab.theory.rescaled import rescaled_separator


def lp_separable(Z, y):
    lp = linprog(np.zeros(Z.shape[1]), A_ub=-(y[:, None] * Z), b_ub=-np.ones(len(y)),
                 bounds=[(None, None)] * Z.shape[1], method="highs")
    return {0: True, 2: False}.get(lp.status)


def exact_min_margin(Z, y, u):
    """min_i y_i·(u·x̃_i) in exact rationals."""
    U = [Fraction(float(v)) for v in u]
    return min(int(t) * sum(Fraction(float(a)) * b for a, b in zip(z, U)) for z, t in zip(Z, y))


def test_raw_breast_cancer_with_pocket_is_decided_separable():
    ds = preset("breast-cancer")
    Z = prepare(ds.X)
    assert lp_separable(Z, ds.y) is True  # the oracle
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"},
                "settings": {"algorithm": "pocket", "plots": False}})
    assert r["ok"] and r["status"] == "max_epochs"
    assert r["separable"] is True and "could not be decided" not in r["separable_text"] + r["status_text"]
    assert r["separable_reason"] == "rescaled margin"
    u = np.asarray(r["u"])
    exact = exact_min_margin(Z, ds.y, u)
    assert exact > 0  # u separates every raw row, exactly
    # γ is u's margin (to rounding) and no more than the solver's upper bound on the maximum
    assert abs(r["gamma"] - float(exact) / np.linalg.norm(u)) <= 1e-9 * r["gamma"]
    assert r["gamma"] <= r["gamma_upper"] and r["bound"] >= r["mistakes"] / 1e9


def test_columns_ten_decades_apart_are_decided_by_the_rescaled_separator():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(300, 3))
    y = np.where(X @ np.array([1.0, -2.0, 0.5]) + 0.3 > 0, 1, -1)
    keep = np.abs(X @ np.array([1.0, -2.0, 0.5]) + 0.3) > 0.05
    X, y = X[keep] * np.array([1e9, 1e-4, 1.0]) + np.array([1e10, 0.0, 0.0]), y[keep]
    Z = prepare(X)
    assert lp_separable(Z, y) is True
    assert max_margin(Z, y).separable is None  # the case: the solver alone cannot tell
    u, gamma = rescaled_separator(Z, y)
    assert exact_min_margin(Z, y, u) > 0 and gamma > 0
