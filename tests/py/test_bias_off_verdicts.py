"""With the bias off, "not linearly separable" is a verdict about lines through the origin only.
Data that a line off the origin separates (here x1 = 1.5) was told, with the bias off, "the data is
not linearly separable" with no word of the bias; only a point at the origin got the hint. The
oracle is an LP (HiGHS, oracle_truths.lp_separable) on x̃ with and without the bias column: every
text that says "not separable" for a bias-off run must say that the bias would let the line leave
the origin, where the data is separable with it."""

import numpy as np
import pytest

from perceptron_lab.bridge import handle

from oracle_truths import lp_separable, prepared

X = np.array([[1, 0], [2, 0], [1, 1], [2, 1]], dtype=float)
Y = np.array([1, -1, 1, -1])
CSV = "x1,x2,y\n" + "".join(f"{a:g},{b:g},{c}\n" for (a, b), c in zip(X, Y))


def test_the_data_is_separable_only_off_the_origin():
    assert lp_separable(prepared(X, {"bias": True}), Y) is True
    assert lp_separable(prepared(X, {"bias": False}), Y) is False


@pytest.mark.parametrize("settings, ending", [
    ({"algorithm": "online", "order": "fixed"}, "With the bias off the line must pass through the origin; turn the "
                                                "bias on."),
    ({"algorithm": "averaged", "order": "fixed"}, "With the bias off the line must pass through the origin; turn "
                                                  "the bias on."),
    ({"algorithm": "pocket", "order": "shuffle-each"}, "Turn the bias on (x̃ = (x, 1)) so the line need not pass "
                                                       "through the origin."),
])
def test_every_bias_off_not_separable_verdict_names_the_bias(settings, ending):
    r = handle({"cmd": "train", "data": {"kind": "csv", "text": CSV},
                "settings": {"plots": False, "bias": False, "epochs": 20, **settings}})
    assert r["separable"] is False
    assert "not linearly separable" in r["status_text"] and ending in r["status_text"], r["status_text"]
    assert r["separable_text"].startswith("Not linearly separable")
    assert r["separable_text"].endswith("Turning the bias on (x̃ = (x, 1)) lets the line move off the origin.")
    on = handle({"cmd": "train", "data": {"kind": "csv", "text": CSV},
                 "settings": {"plots": False, "bias": True, "epochs": 20, **settings}})
    assert on["separable"] is True and "not linearly separable" not in on["status_text"] + on["separable_text"]
