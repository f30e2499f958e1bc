"""Every visited example (exercise) against a literal per-example loop; hand weights against hand-worked numbers."""

import math

import numpy as np
import pytest
from sklearn.datasets import load_iris

from perceptron_lab.bridge import handle
from perceptron_lab.data import preset, train_test_split
from perceptron_lab.errors import DataError, SettingsError
from perceptron_lab.core.features import prepare
from perceptron_lab.exercise.hand_weights import hand_request
from perceptron_lab.bridge.visits import visits_request
import reference


def literal(Z, y, *, order, seed, eta, epochs, limit):
    """The perceptron of the notes, one example at a time: every visit, right or wrong."""
    visits = reference.online_visits(Z, y, eta=eta, epochs=epochs, orders=reference.orders_of(order, len(Z), seed, epochs))
    return [(v.epoch, v.index, v.a, v.mistake, v.w_before.tolist(), v.w_after.tolist()) for v in visits[:limit]]


def iris_csv():
    d = load_iris()
    rows = [f"{a!r},{b!r},{d.target_names[t]}" for (a, b), t in zip(d.data[:100, :2].tolist(), d.target[:100])]
    return "sl,sw,species\n" + "\n".join(rows) + "\n"


CASES = [
    ({"kind": "preset", "name": "and"}, {"algorithm": "online"}, 40),
    ({"kind": "preset", "name": "xor"}, {"algorithm": "averaged"}, 40),
    ({"kind": "preset", "name": "clouds", "n": 30, "seed": 2}, {"algorithm": "pocket", "order": "shuffle-each", "seed": 5}, 300),
    ({"kind": "preset", "name": "overlap", "n": 20}, {"algorithm": "voted", "order": "shuffle-once", "seed": 9, "eta": 0.1}, 200),
    ({"kind": "csv", "text": iris_csv(), "label": "species"}, {"test_fraction": 0.2, "seed": 4, "normalize": True}, 500),
    ({"kind": "points", "points": [[0.5, 1.5, 1], [-1, 0.25, -1], [2, -1, 1], [0, 0, -1]]}, {"bias": False}, 60),
]


@pytest.mark.parametrize("data, settings, limit", CASES)
def test_visits_follow_the_literal_loop(data, settings, limit):
    r = visits_request({"cmd": "visits", "data": data, "settings": settings, "limit": limit})
    s = {"bias": True, "normalize": False, "order": "fixed", "seed": 0, "eta": 1.0, "test_fraction": 0.0, **settings}
    from perceptron_lab.bridge import load_data

    ds, _ = train_test_split(load_data(data), s["test_fraction"], s["seed"])
    Z = prepare(ds.X, fit_intercept=s["bias"], normalize=s["normalize"])
    ref = literal(Z, ds.y, order=s["order"], seed=s["seed"], eta=s["eta"], epochs=100, limit=limit)
    vs = r["visits"]
    assert r["ok"] and vs
    # The run may stop earlier than the literal loop (it detects cycles); where both go, they agree.
    assert len(vs) == len(ref) or r["status"] == "cycled"
    for v, (epoch, i, a, mistake, before, after) in zip(vs, ref):
        assert (v["epoch"], v["index"], v["mistake"]) == (epoch, i, mistake)
        assert v["a"] == pytest.approx(a, rel=1e-12, abs=1e-12) and v["ya"] == pytest.approx(ds.y[i] * a, abs=1e-12)
        assert v["w_before"] == pytest.approx(before, rel=1e-12, abs=1e-12)
        assert v["w_after"] == pytest.approx(after, rel=1e-12, abs=1e-12)
        assert v["x"] == Z[i].tolist() and v["y"] == ds.y[i]
    assert [v["t"] for v in vs] == list(range(1, len(vs) + 1))


def test_and_visits_by_hand():
    """AND, x̃ = (x1, x2, 1), w = 0: the first epoch worked by hand."""
    r = visits_request({"cmd": "visits", "data": {"kind": "preset", "name": "and"}, "settings": {}, "limit": 4})
    got = [(v["x"], v["y"], v["a"], v["mistake"], v["w_after"]) for v in r["visits"]]
    assert got == [
        ([0, 0, 1], -1, 0.0, True, [0, 0, -1]),    # a = 0: y·a = 0 <= 0, a mistake
        ([0, 1, 1], -1, -1.0, False, [0, 0, -1]),  # y·a = 1 > 0: right
        ([1, 0, 1], -1, -1.0, False, [0, 0, -1]),
        ([1, 1, 1], 1, -1.0, True, [1, 1, 0]),     # y·a = -1: w + x̃
    ]
    assert r["points"] == [[0, 0, -1], [0, 1, -1], [1, 0, -1], [1, 1, 1]]
    assert r["run_ends"] is False and r["status"] is None


def test_visits_say_when_the_run_ends():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "and"}, "settings": {"plots": False}})
    v = visits_request({"cmd": "visits", "data": {"kind": "preset", "name": "and"}, "settings": {}, "limit": 1000})
    assert v["run_ends"] and v["status"] == "converged" and len(v["visits"]) == 4 * r["epochs"]
    assert sum(x["mistake"] for x in v["visits"]) == r["mistakes"]
    assert v["visits"][-1]["w_after"] == r["w"]


@pytest.mark.parametrize("algorithm, early_stop, ends", [
    ("online", False, True), ("pocket", False, True), ("averaged", True, True),
    ("averaged", False, False), ("voted", False, False),  # Algorithm 2 runs on after the clean epoch 9
])
def test_visits_end_only_where_the_page_run_ends(algorithm, early_stop, ends):
    """AND converges in epoch 9 (36 visits); 40 visits train 10 epochs of the page's 100."""
    v = visits_request({"cmd": "visits", "data": {"kind": "preset", "name": "and"}, "limit": 40,
                        "settings": {"algorithm": algorithm, "early_stop": early_stop}})
    assert len(v["visits"]) == (36 if ends else 40)
    assert v["run_ends"] is ends and v["status"] == ("converged" if ends else None)


@pytest.mark.parametrize("request_, field", [
    ({"settings": {"algorithm": "batch"}}, "algorithm"),
    ({"limit": 0}, "limit"),
    ({"limit": 10**6}, "limit"),
    ({"limit": "5"}, "limit"),
    ({"settings": {"eta": "1; import os"}}, "eta"),
])
def test_visits_refuse_bad_requests(request_, field):
    with pytest.raises(SettingsError) as e:
        visits_request({"cmd": "visits", "data": {"kind": "preset", "name": "and"}, **request_})
    assert e.value.field == field


def test_hand_weights_of_the_notes_separate_and():
    r = hand_request({"cmd": "hand", "data": {"kind": "preset", "name": "and"}, "w": [20, 20, -30], "compare": True})
    h = r["hand"]
    # y·a: (0,0) -> 30, (0,1) -> 10, (1,0) -> 10, (1,1) -> 10 (seed 001's worked numbers).
    assert h["separates"] and h["n_wrong"] == 0
    assert h["margin"] == pytest.approx(10 / math.sqrt(20**2 + 20**2 + 30**2))
    assert h["distance"] == pytest.approx(10 / math.sqrt(20**2 + 20**2))
    p = r["perceptron"]
    assert p["separates"] and p["w"] == [3.0, 2.0, -4.0] and p["status"] == "converged"  # README's AND run
    assert p["margin"] == pytest.approx(1 / math.sqrt(29))  # y·a = 1 at (1,0) and (1,1); ‖w‖ = √29


def test_hand_weights_name_the_wrong_points():
    r = hand_request({"cmd": "hand", "data": {"kind": "preset", "name": "xor"}, "w": [1, 1, -0.5]})
    # XOR: (0,0)->-0.5 (y=-1, right), (0,1)->0.5 (y=+1, right), (1,0) right, (1,1)->1.5 (y=-1, wrong)
    assert r["hand"]["wrong"] == [3] and not r["hand"]["separates"] and r["perceptron"] is None
    assert r["hand"]["margin"] == pytest.approx(-1.5 / math.sqrt(2.25))


@pytest.mark.parametrize("w, field", [([1, 2], "w"), ([1, True, 0], "w2"), ([1, 2, float("nan")], "b"),
                                      ([1e13, 0, 0], "w1"), ("20,20,-30", "w")])
def test_hand_weights_refuse_bad_w(w, field):
    with pytest.raises(SettingsError) as e:
        hand_request({"cmd": "hand", "data": {"kind": "preset", "name": "and"}, "w": w})
    assert e.value.field == field


def test_hand_weights_need_two_features():
    with pytest.raises(DataError):
        hand_request({"cmd": "hand", "data": {"kind": "csv", "text": iris_csv().replace("sw,", "sw,c,").replace(
            ",setosa", ",1,setosa").replace(",versicolor", ",2,versicolor")}, "w": [1, 1, 1]})


@pytest.mark.parametrize("algorithm", ["online", "averaged", "voted", "pocket"])
def test_the_runs_visit_recorder_hears_every_visit_of_the_literal_loop(algorithm):
    """core.train's visitor: every visited example in order with the run's own activation and w
    (the literal loop's), and asking for the visits leaves the run's answer as it is."""
    from perceptron_lab.core import train

    ds = preset("overlap", n=40)
    Z = prepare(ds.X)
    heard = []
    run = train(Z, ds.y, algorithm=algorithm, order="shuffle-each", seed=3, max_epochs=7,
                visitor=lambda e, i, a, m, w: heard.append((e, i, a, m, w.tolist())))
    ref = literal(Z, ds.y, order="shuffle-each", seed=3, eta=1.0, epochs=7, limit=10**6)
    assert len(heard) == len(ref) == 7 * 40
    for (e, i, a, m, w), (epoch, j, b, mistake, _, after) in zip(heard, ref):
        assert (e, i, m) == (epoch, j, mistake)
        assert a == pytest.approx(b, rel=1e-12, abs=1e-12) and w == pytest.approx(after, rel=1e-12, abs=1e-12)
    plain = train(Z, ds.y, algorithm=algorithm, order="shuffle-each", seed=3, max_epochs=7)
    assert np.array_equal(run.model.w, plain.model.w) and run.epoch_mistakes == plain.epoch_mistakes
    with pytest.raises(SettingsError) as e:
        train(Z, ds.y, algorithm="batch", visitor=lambda *a: None)
    assert e.value.field == "algorithm"
