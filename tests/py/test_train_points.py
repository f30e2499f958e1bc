"""The train answer's `points` (what the page's keyboard explorer and live region name the
examples by): the training rows in the two plotted features with their −1/+1 labels, in the
order the trace's `index` counts them."""
import numpy as np

from perceptron_lab.bridge import handle
from perceptron_lab.data import preset


def train(data, **settings):
    r = handle({"cmd": "train", "data": data, "settings": {"plots": False, **settings}})
    assert r["ok"], r
    return r


def test_and_points_are_seed_001s_table():
    ds = preset("and")
    r = train({"kind": "preset", "name": "and"})
    assert r["points"] == [[*map(float, x), int(y)] for x, y in zip(ds.X, ds.y)]
    # The trace's index counts these rows: update 1 corrects (0, 0), labelled −1.
    assert r["points"][r["trace"]["index"][0]] == [0.0, 0.0, -1]


def test_points_are_the_training_split_when_some_are_held_out():
    r = train({"kind": "preset", "name": "clouds", "n": 40}, test_fraction=0.25)
    pts = np.array(r["points"])
    assert len(pts) == r["dataset"]["n_train"] == 30
    # Every update's example is a mistake of the w before it on that very row.
    w = np.zeros(3)
    for i, w_after in zip(r["trace"]["index"], r["trace"]["w"]):
        x = np.array([pts[i][0], pts[i][1], 1.0])
        assert pts[i][2] * (w @ x) <= 0
        w = np.array(w_after)


def test_no_points_beyond_two_features():
    csv = "a,b,c,y\n0,0,1,0\n1,1,0,1\n0,1,1,1\n"
    assert train({"kind": "csv", "text": csv})["points"] is None
