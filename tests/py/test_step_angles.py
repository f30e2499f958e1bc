"""The step-through's angle sentence is true for the step shown: x̃ = 0 is not "w is 0", and a
collinear update or a turn below the shown digits never reads "grew from 0.0° to 0.0°"."""

import numpy as np

from perceptron_lab.bridge import handle, session
from perceptron_lab.bridge.frames import parallel, step_info
from perceptron_lab.texts.angles import angle_text


def steps(points, **settings):
    r = handle({"cmd": "train", "data": {"kind": "points", "points": points},
                "settings": {"plots": False, "epochs": 20, **settings}})
    assert r["ok"], r
    return [step_info(session.current(), k) for k in range(1, len(r["trace"]["index"]) + 1)]


def test_a_point_at_the_origin_with_the_bias_off():
    for info in steps([[0, 0, 1], [1, 1, 1], [-1, -2, -1]], bias=False):
        if not np.any(info["x"]):
            # was "w is 0 before and after" beside a table showing w = (1, 1)
            assert info["angle_text"].startswith("x̃ = 0 (this point sits at the origin")
            assert "w is 0" not in info["angle_text"]
            assert info["w_before"] == info["w"]


def test_collinear_updates_stay_and_tiny_turns_are_not_zero_to_zero():
    # Every x̃ on one line through the origin (bias off): w stays on it, each update only rescales w.
    seen = 0
    for info in steps([[1, 1, 1], [3, 3, 1], [-2, -2, -1], [0.1, 0.1, 1], [0.7, 0.7, -1]], bias=False):
        t = info["angle_text"]
        assert "from 0.0° to 0.0°" not in t and "from 180.0° to 180.0°" not in t, t
        if info["angle_before"] is not None and info["angle_after"] is not None:
            wb, x = np.array(info["w_before"]), np.array(info["x"])
            assert parallel(wb, x)
            if round(info["angle_before"]) == round(info["angle_after"]):
                assert "stayed" in t and "collinear" in t
                seen += 1
    assert seen
    # Not parallel, but a turn far below 0.1°: said as such, with its direction.
    t = angle_text(1, 0.04, 0.01, collinear=False)
    assert t.startswith("the angle to this positive example shrank by less than 0.1°") and "toward" in t
    assert angle_text(-1, 30.0, 60.0, collinear=False).endswith("grew from 30.0° to 60.0°: w turned away from it")


def test_parallel_is_exact():
    assert parallel(np.array([0.1, 0.2]), np.array([1.0, 2.0]))  # 0.2 is exactly twice 0.1 in binary
    assert not parallel(np.array([0.1, 0.3]), np.array([1.0, 3.0]))  # 0.3 is not three times 0.1
    assert not parallel(np.zeros(2), np.array([1.0, 3.0]))
