"""Far from the data a kernel run's score f(x) = Σ α_i y_i (k(x_i, x) + 1) is its bias terms' sum,
often exactly 0 (as many updates on each class), plus k's vanishing part: its sign there is k's.
The lab summed both in one product, so that sign was rounding dust, and the page drew a piece of
boundary in an empty corner of circles + RBF (seen in a 640 px frame). The oracle sums every term
by hand with math.fsum (exactly rounded) and the integer Σ α_i y_i apart; the lab's regions, as the
page gets them (float32 scores), must agree with it at every grid point the oracle decides clearly,
and the line drawn must be the one boundary between the fill's two colours.
"""

import base64
import math

import numpy as np
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.data import preset
from perceptron_lab.plots.scene import signed_f4


def oracle_f(Xs, coef, x, gamma):
    """Σ c_i exp(−γ‖x_i − x‖²) + Σ c_i by hand; and the largest term's size (how sure its sign is)."""
    terms = [c * math.exp(-gamma * math.fsum((a - b) ** 2 for a, b in zip(xi, x))) for xi, c in zip(Xs, coef)]
    return math.fsum(terms) + math.fsum(coef), max(abs(t) for t in terms)


def page_frame(size, gamma):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "circles"},
                "settings": {"algorithm": "kernel", "kernel": "rbf", "gamma": gamma, "plot_px": list(size), "dpr": 1,
                             "plot_kinds": ["boundary"]}})
    assert r["ok"], r
    scene = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": list(size)}})
    total, scene = scene["total"], scene["scene"]
    last = handle({"cmd": "frame", "batch": [total, total]})["frames"][0]
    n = scene["grid"]
    S = np.frombuffer(base64.b64decode(last["scores"]), dtype="<f4").reshape(n, n)
    return r, scene, S, last


@pytest.mark.parametrize("size,gamma", [((600, 400), 1.0), ((640, 420), 1.0), ((600, 400), 2.0)])
def test_the_regions_far_from_the_circles_have_the_sign_of_the_kernel_sum(size, gamma):
    r, scene, S, _ = page_frame(size, gamma)
    X = preset("circles").X[r["support"]].tolist()
    coef = r["dual_coef"]   # η α_i y_i at η = 1: whole numbers
    assert all(float(c).is_integer() for c in coef)
    n = scene["grid"]
    (x0, x1), (y0, y1) = scene["xlim"], scene["ylim"]
    decided = wrong = 0
    for i in range(n):          # row i at the bottom (y0) upwards, as the page reads it
        for j in range(n):
            f, scale = oracle_f(X, coef, (x0 + j * (x1 - x0) / (n - 1), y0 + i * (y1 - y0) / (n - 1)), gamma)
            if abs(f) <= 1e-9 * scale:
                continue        # too close to 0 for the oracle's own rounding to decide
            decided += 1
            wrong += (f >= 0) != (S[i, j] >= 0)
    assert decided > 0.9 * n * n
    assert wrong == 0, f"{wrong} of {decided} grid points drawn on the wrong side"


@pytest.mark.parametrize("gamma", [1.0, 50.0])
def test_the_circles_have_one_boundary_and_no_piece_in_a_corner(gamma):
    """γ 1: rounding dust of f in the corners; γ 50: f underflows to an exact 0 tie (the +1 side, as
    the fill has it) over most of the view, and the line went around those ties instead."""
    _, scene, S, last = page_frame((600, 400), gamma)
    assert len(last["contour"]) == 1


def test_a_negative_score_below_float32s_range_stays_negative_for_the_page():
    S = np.array([-1e-50, -1e-300, 1e-50, 0.0, -2.5, 3.0])
    got = signed_f4(S)
    assert got.dtype == np.dtype("<f4")
    assert list(got >= 0) == [False, False, True, True, False, True]
    assert got[4] == np.float32(-2.5) and got[5] == np.float32(3.0)
