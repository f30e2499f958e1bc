"""At w = 0 the boundary plot's picture and its note tell one story. Every point ties (w·x̃ = 0):
training's rule y·(w·x̃) ≤ 0 counts each as a mistake (seed 001), while the tie's prediction (+1,
what the shading shows) gets only the −1 points wrong, and those are the ones ringed. XOR's plot
rang 2 points "misclassified" beside a note saying all 4 count as mistakes and naming no prediction;
the note now says what the rings are and what the rule counts. The oracle is the literal rule on x̃."""

import numpy as np
import pytest

from perceptron_lab import plots
from perceptron_lab.bridge import handle

XOR_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_Y = np.array([-1, 1, 1, -1])


def note_and_rings(X, y, w, label_names):
    fig = plots.boundary_figure(X, y, w=w, label_names=label_names, width_px=600, height_px=400)
    note = " ".join(plots.find_artist(fig, "note").get_text().split())
    rings = {tuple(p) for p in np.asarray(plots.find_artist(fig, "misclassified").get_offsets()).tolist()}
    return note, rings, fig


def literal(X, y, w):
    """Per point: a mistake by the rule (y·(w·x̃) ≤ 0), and the tie-breaking prediction (≥ 0 → +1)."""
    Z = np.hstack([X, np.ones((len(X), 1))])
    a = Z @ np.asarray(w, dtype=float)
    return y * a <= 0, np.where(a >= 0, 1, -1)


@pytest.mark.parametrize("name,label_names", [("xor", {-1: "0", 1: "1"}), ("and", {-1: "0", 1: "1"})])
def test_at_w_zero_the_note_says_the_rings_are_the_ties_prediction_and_every_point_a_mistake(name, label_names):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": name}, "settings": {"algorithm": "online"}})
    X, y = (XOR_X, XOR_Y) if name == "xor" else (XOR_X, np.array([-1, -1, -1, 1]))
    w = [0.0, 0.0, 0.0]                       # XOR's last picture; every run's first
    if name == "xor":
        assert r["status"] == "cycled" and not any(r["w"])
    mistake, predicted = literal(X, y, w)
    assert mistake.all()                      # the rule: every point is a mistake at w = 0
    note, rings, fig = note_and_rings(X, y, w, label_names)
    assert rings == {tuple(p) for p in X[predicted != y].tolist()}   # the rings: the tie's prediction's errors
    assert 0 < len(rings) < len(X)
    assert "ties predict 1 (+1), ringed if wrong; all are mistakes (y·a ≤ 0)" in note
    assert fig.n_wrong == len(rings)


def test_at_w_zero_with_no_point_ringed_the_note_says_the_tie_is_right_for_every_point():
    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]])
    y = np.array([1, 1, 1])
    mistake, predicted = literal(X, y, [0.0, 0.0, 0.0])
    assert mistake.all() and (predicted == y).all()
    note, rings, _ = note_and_rings(X, y, [0.0, 0.0, 0.0], None)
    assert rings == set()
    assert "ties predict +1, none wrong; yet all are mistakes (y·a ≤ 0)" in note and "ringed" not in note
