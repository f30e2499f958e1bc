"""A curved boundary's view in a flat box (presenter mode's large type leaves the axes wide and low):
the kernel perceptron's regions fill the axes with the data instead of a blob in the middle of a
view widened for equal units, while a line and its w keep equal units (their right angle is the picture)."""
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.data import preset
from perceptron_lab.plots.boundary import CURVED_MAX_STRETCH

PROOF = [342, 214]


def scene(settings, box, name="circles"):
    assert handle({"cmd": "train", "data": {"kind": "preset", "name": name},
                   "settings": {**settings, "plots": False}})["ok"]
    s = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": box, "proof": PROOF}})
    assert s["ok"], s
    return s["scene"]


def units(sc):
    """Pixels per data unit across and up."""
    a, (x0, x1), (y0, y1) = sc["axes"], sc["xlim"], sc["ylim"]
    return a["width"] / (x1 - x0), a["height"] / (y1 - y0)


def test_the_kernel_regions_fill_a_flat_box_with_their_data():
    X = preset("circles").X
    span = X.max(axis=0) - X.min(axis=0)
    sc = scene({"algorithm": "kernel", "kernel": "rbf"}, [780, 420])
    x0, x1 = sc["xlim"]
    # The data with its 12 % padding each side, widened at most CURVED_MAX_STRETCH times (it was 3.8×).
    assert x1 - x0 <= CURVED_MAX_STRETCH * 1.24 * span[0] + 1e-9, (sc["xlim"], span)
    assert x0 <= X[:, 0].min() and x1 >= X[:, 0].max()


def test_a_square_box_keeps_equal_units_for_curves_too():
    sx, sy = units(scene({"algorithm": "kernel", "kernel": "rbf"}, [700, 700]))
    assert sx == pytest.approx(sy, rel=1e-4)  # the axes box is whole pixels


def test_a_line_keeps_equal_units_in_a_flat_box():
    sx, sy = units(scene({"algorithm": "online"}, [780, 420], name="and"))
    assert sx == pytest.approx(sy, rel=1e-4)  # the axes box is whole pixels
