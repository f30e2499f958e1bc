"""A picture drawn again for its box (site/js/plot/picture-refit.js): when the plot's box has
changed since the run, the page asks for the boundary alone at the new box, and every family
draws it at that size (its PNG read back by Pillow), the run's other plots at plot_px."""

import base64
import io

import pytest
from PIL import Image

from perceptron_lab.bridge import handle


def png_size(data_url):
    return Image.open(io.BytesIO(base64.b64decode(data_url.split(",", 1)[1]))).size


RUNS = [  # (data, settings) of one run of each family
    ({"kind": "preset", "name": "and"}, {"algorithm": "online"}),
    ({"kind": "preset", "name": "circles"}, {"algorithm": "kernel", "kernel": "rbf"}),
    ({"kind": "preset", "name": "iris"}, {"algorithm": "multiclass"}),
]


@pytest.mark.parametrize("data, settings", RUNS, ids=["linear", "kernel", "multiclass"])
def test_the_boundary_is_drawn_again_at_the_box_it_is_asked_for(data, settings):
    r = handle({"cmd": "train", "data": data,
                "settings": {**settings, "plot_px": [855, 463], "dpr": 2, "plot_kinds": ["boundary"]}})
    assert r["ok"], r.get("error")
    assert png_size(r["plots"]["boundary"]) == (855 * 2, 463 * 2)
    again = handle({"cmd": "plots", "kinds": ["boundary", "mistakes"], "sizes": {"boundary": [855, 528]}})
    assert again["ok"], again.get("error")
    assert png_size(again["plots"]["boundary"]) == (855 * 2, 528 * 2)
    assert png_size(again["plots"]["mistakes"]) == (855 * 2, 463 * 2)  # not asked for at another box
    # Where the axes sit in the new picture (points placed on it, the keyboard's explorer); the
    # multiclass regions carry none (no points are placed on them).
    if settings["algorithm"] != "multiclass":
        assert again["boundary_geometry"]["image_height"] == pytest.approx(528 * 2, abs=0.5)
