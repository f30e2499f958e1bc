"""The main plot of a binary run with more than two features is the score strip: every training
point at its score w·x̃, the threshold 0 between the classes, so the picture never contradicts
the numbers (a 2-D slice can put a correctly classified point on the wrong side). Its drawn
positions are checked against the literal perceptron of tests/py/reference.py."""

import numpy as np
import pytest
from sklearn.datasets import load_iris

from perceptron_lab.bridge import handle, session
from perceptron_lab.bridge import figures, frame_batches

from reference import online_visits


def iris_binary():
    """Versicolor (+1) against virginica (−1) on all four features: a 2-D slice misleads here."""
    X, y = load_iris(return_X_y=True)
    keep = y > 0
    return X[keep], np.where(y[keep] == 1, 1, -1)


def csv_data(X, y):
    names = [f"f{i}" for i in range(X.shape[1])]
    rows = [",".join([*names, "label"])] + [",".join([*(repr(float(v)) for v in x), str(int(t))]) for x, t in zip(X, y)]
    return {"kind": "csv", "text": "\n".join(rows), "label": "label", "name": "iris-vv"}


def train(X, y, **settings):
    r = handle({"cmd": "train", "data": csv_data(X, y),
                "settings": {"plot_kinds": ["boundary"], "epochs": 20, "plot_px": [600, 400], **settings}})
    assert r["ok"], r.get("error")
    return r


def drawn_scores(fig):
    """The data x of every drawn point, in y's order (rows: one per class)."""
    ax = fig.data_ax
    by_gid = {c.get_gid(): c for c in ax.collections}
    out = {}
    for gid in ("points-pos", "points-neg"):
        out[gid] = np.asarray(by_gid[gid].get_offsets())[:, 0]
    return out


def words_of(fig):
    from matplotlib.text import Text
    return " ".join(a.get_text() for a in fig.findobj(Text))


def reference_w(X, y, epochs=20):
    Z = np.column_stack([X, np.ones(len(X))])   # x̃ = (x, 1): the bias last
    visits = online_visits(Z, y, epochs=epochs)
    return Z, visits


def test_the_default_main_plot_of_four_features_is_the_score_strip_at_the_reference_scores():
    X, y = iris_binary()
    r = train(X, y)
    assert "boundary_geometry" not in r and r["main_plot"] == "scores"   # no 2-D data axes to click in
    fig, alt = figures.figure("boundary", session.current())
    assert alt == r["plot_alt"]["boundary"]
    assert "iris-vv: scores w·x̃" in words_of(fig)
    Z, visits = reference_w(X, y)
    s = Z @ visits[-1].w_after
    got = drawn_scores(fig)
    np.testing.assert_allclose(np.sort(got["points-pos"]), np.sort(s[y == 1]), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(np.sort(got["points-neg"]), np.sort(s[y == -1]), rtol=1e-9, atol=1e-9)
    # the rings are exactly the points on the wrong side of 0
    ring = [c for c in fig.data_ax.collections if c.get_gid() == "misclassified"][0]
    assert len(ring.get_offsets()) == int(np.sum(np.where(s >= 0, 1, -1) != y))


def test_the_slice_stays_choosable_and_says_what_it_cannot_show():
    X, y = iris_binary()
    r = train(X, y, main_plot="slice")
    assert "boundary_geometry" in r and r["main_plot"] == "slice"
    fig, _ = figures.figure("boundary", session.current())
    words = words_of(fig)
    assert "a slice, 2 of 4 features" in words
    assert "score w·x̃" not in words


def test_two_features_keep_the_plane():
    X, y = iris_binary()
    r = train(X[:, :2], y)
    assert "boundary_geometry" in r


def test_the_strip_moves_with_each_update_to_the_reference_scores():
    X, y = iris_binary()
    train(X, y)
    scene = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": [600, 400]}})
    assert scene["ok"], scene.get("error")
    sc = scene["scene"]
    assert "strip" in sc and len(sc["strip"]["rows"]) == len(y)
    Z, visits = reference_w(X, y)
    updates = [v.w_after for v in visits if v.mistake]
    total = scene["total"]
    assert total == len(updates)
    pick = sorted({0, 1, 2, total // 2, total})
    a = sc["axes"]
    (x0, x1) = sc["xlim"]
    for k in pick:
        fr = handle({"cmd": "frame", "batch": [k, k]})
        assert fr["ok"], fr.get("error")
        px = np.asarray(fr["frames"][0]["strip"])
        scores = x0 + (px - a["left"]) / a["width"] * (x1 - x0)     # CSS px back to the score axis
        want = Z @ (updates[k - 1] if k else np.zeros(Z.shape[1]))
        tol = (x1 - x0) / a["width"] * 0.02                          # the px are rounded to 0.01
        np.testing.assert_allclose(scores, want, atol=tol)
        wrong = np.flatnonzero(np.where(want >= 0, 1, -1) != y)
        assert fr["frames"][0]["wrong"] == wrong.tolist()


def test_multiclass_with_four_features_is_a_captioned_slice_not_a_projection():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "iris"},
                "settings": {"algorithm": "multiclass", "epochs": 5, "plot_kinds": ["boundary"]}})
    assert r["ok"], r.get("error")
    scene = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": [600, 400]}})
    assert scene["ok"] and "strip" not in scene["scene"]
    f = session.current()
    for fig in (f.boundary(size=dict(width_px=600, height_px=400)),
                frame_batches.motion_of(f).fig):
        assert "a slice, 2 of 4 features" in words_of(fig)
