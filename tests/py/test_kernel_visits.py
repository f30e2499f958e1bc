"""The kernel perceptron's visits (exercise) against a literal dual loop on scikit-learn's kernels,
and the linear kernel against the primal visits, mistake for mistake."""

import numpy as np
import pytest
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel

from perceptron_lab.bridge import load_data
from perceptron_lab.data import train_test_split
from perceptron_lab.errors import SettingsError
from perceptron_lab.bridge.visits import visits_request
from reference import kernel_visit_log


def gram(X, kernel, *, degree=2, coef0=1.0, gamma=1.0, bias=True, normalize=False):
    """k̃ = k + 1 (bias), over √(k̃(x,x)·k̃(x',x')) (normalize): scikit-learn's kernels, not ours."""
    K = {"linear": lambda: X @ X.T, "poly": lambda: polynomial_kernel(X, degree=degree, gamma=1.0, coef0=coef0),
         "rbf": lambda: rbf_kernel(X, gamma=gamma)}[kernel]()
    if bias:
        K = K + 1.0
    if normalize:
        d = np.sqrt(np.diag(K))
        K = K / np.outer(d, d)
    return K


CASES = [
    ({"kind": "preset", "name": "xor"}, {"kernel": "poly"}, 60),
    ({"kind": "preset", "name": "xor"}, {"kernel": "rbf", "gamma": 2.0, "eta": 0.5}, 60),
    ({"kind": "preset", "name": "circles", "n": 24, "seed": 3}, {"kernel": "rbf", "order": "shuffle-each", "seed": 7}, 150),
    ({"kind": "preset", "name": "clouds", "n": 20, "seed": 1}, {"kernel": "poly", "degree": 3, "coef0": 0.5,
                                                                "order": "shuffle-once", "seed": 2, "normalize": True}, 120),
    ({"kind": "points", "points": [[0.5, 1.5, 1], [-1, 0.25, -1], [2, -1, 1], [0, 0, -1], [1, 1, -1]]},
     {"kernel": "rbf", "bias": False, "test_fraction": 0.2, "seed": 1}, 40),
]


@pytest.mark.parametrize("data, settings, limit", CASES)
def test_kernel_visits_follow_the_literal_dual_loop(data, settings, limit):
    settings = {"algorithm": "kernel", **settings}
    r = visits_request({"cmd": "visits", "data": data, "settings": settings, "limit": limit})
    s = {"kernel": "rbf", "degree": 2, "coef0": 1.0, "gamma": 1.0, "bias": True, "normalize": False,
         "order": "fixed", "seed": 0, "eta": 1.0, "test_fraction": 0.0, **settings}
    ds, _ = train_test_split(load_data(data), s["test_fraction"], s["seed"])
    K = gram(ds.X, s["kernel"], degree=s["degree"], coef0=s["coef0"], gamma=s["gamma"], bias=s["bias"],
             normalize=s["normalize"])
    ref = kernel_visit_log(K, ds.y, order=s["order"], seed=s["seed"], eta=s["eta"], epochs=100, limit=limit)
    vs = r["visits"]
    assert r["ok"] and r["algorithm"] == "kernel" and vs
    assert len(vs) == len(ref) or r["status"] == "cycled"
    assert sum(v["mistake"] for v in vs) > 0
    for v, want in zip(vs, ref):
        assert (v["epoch"], v["index"], v["mistake"]) == (want["epoch"], want["index"], want["mistake"])
        assert (v["alpha_before"], v["alpha_after"]) == (want["alpha_before"], want["alpha_after"])
        assert v["a"] == pytest.approx(want["a"], rel=1e-9, abs=1e-9)
        assert v["ya"] == pytest.approx(ds.y[v["index"]] * want["a"], rel=1e-9, abs=1e-9)
        assert [t[:3] for t in v["terms"]] == [t[:3] for t in want["terms"]][:12]
        assert [t[3] for t in v["terms"]] == pytest.approx([t[3] for t in want["terms"]][:12], rel=1e-12)
        assert v["terms_more"] == max(0, len(want["terms"]) - 12)
        assert v["wrong_after"] == want["wrong_after"]
        assert v["x"] == ds.X[v["index"]].tolist() and v["y"] == ds.y[v["index"]]
    assert [v["t"] for v in vs] == list(range(1, len(vs) + 1))
    assert r["points"] == [[a, b, int(c)] for (a, b), c in zip(ds.X.tolist(), ds.y)]


def test_xor_poly_by_hand():
    """XOR, k̃ = (x·x′ + 1)² + 1, α = 0: k̃((0,0), ·) = 2, k̃((0,1), (0,1)) = 5, k̃((0,1), (1,1)) = 5."""
    r = visits_request({"cmd": "visits", "data": {"kind": "preset", "name": "xor"},
                        "settings": {"algorithm": "kernel", "kernel": "poly"}, "limit": 4})
    got = [(v["index"], v["y"], v["a"], v["mistake"], v["alpha_after"], v["terms"]) for v in r["visits"]]
    assert got == [
        (0, -1, 0.0, True, 1, []),                                        # f = 0: a mistake
        (1, 1, -2.0, True, 1, [[0, 1, -1, 2.0]]),                         # f = 1·(−1)·2
        (2, 1, 0.0, True, 1, [[0, 1, -1, 2.0], [1, 1, 1, 2.0]]),          # f = −2 + 2
        (3, -1, 8.0, True, 1, [[0, 1, -1, 2.0], [1, 1, 1, 5.0], [2, 1, 1, 5.0]]),  # f = −2 + 5 + 5
    ]
    assert r["kernel"]["text"] == "(x·x′ + 1)^2 + 1"


@pytest.mark.parametrize("order, seed", [("fixed", 0), ("shuffle-each", 3)])
def test_the_linear_kernel_visits_as_the_online_perceptron(order, seed):
    data = {"kind": "preset", "name": "clouds", "n": 30, "seed": 4}
    common = {"order": order, "seed": seed, "eta": 0.25}
    dual = visits_request({"cmd": "visits", "data": data, "limit": 200,
                           "settings": {"algorithm": "kernel", "kernel": "linear", **common}})["visits"]
    primal = visits_request({"cmd": "visits", "data": data, "limit": 200,
                             "settings": {"algorithm": "online", **common}})["visits"]
    assert len(dual) == len(primal)
    for d, p in zip(dual, primal):
        assert (d["index"], d["mistake"]) == (p["index"], p["mistake"])
        assert d["a"] == pytest.approx(p["a"], rel=1e-9, abs=1e-9)


@pytest.mark.parametrize("settings, field", [
    ({"algorithm": "multiclass"}, "algorithm"),
    ({"algorithm": "kernel", "feature_map": "poly2"}, "feature_map"),
    ({"algorithm": "kernel", "standardize": True}, "standardize"),
    ({"algorithm": "kernel", "kernel": "sigmoid"}, "kernel"),
])
def test_kernel_visits_refuse_what_the_kernel_run_refuses(settings, field):
    with pytest.raises(SettingsError) as e:
        visits_request({"cmd": "visits", "data": {"kind": "preset", "name": "xor"}, "settings": settings})
    assert e.value.field == field
