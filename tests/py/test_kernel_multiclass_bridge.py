"""The kernel and multiclass perceptrons through the bridge (train, frame, export, plots) and the
CLI, against literal implementations written here from the definitions and against scikit-learn."""

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import load_digits, load_iris
from sklearn.metrics import confusion_matrix as sk_confusion

from perceptron_lab import data, plots
from perceptron_lab.bridge import handle
from perceptron_lab.bridge.kernel_fit import KernelFit
from perceptron_lab.bridge.multiclass_fit import fit_multiclass
from perceptron_lab.data import MulticlassDataset
from perceptron_lab.data.request import read_settings
import reference

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {"plots": False, "order": "fixed"}


def literal_dual(X, y, k, epochs=100):
    """The kernel perceptron from its definition: f(x) = Σ α_j y_j (k(x_j, x) + 1); mistake y·f <= 0."""
    K = [[k(a, b) + 1.0 for b in X] for a in X]
    return reference.plain_kernel(K, y, epochs=epochs).tolist()


def literal_multiclass(Z, y, K, epochs):
    """One vector per class, argmax with ties to the lowest index; on "y does not win outright",
    W[y] += x̃ and W[rival] -= x̃ (rival: the best other class, lowest index on ties)."""
    return reference.plain_multiclass(Z, y, K, epochs)


def train(preset, **s):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": preset, "n": 40, "seed": 5},
                "settings": {**SETTINGS, **s}})
    assert r["ok"], r
    return r


@pytest.mark.parametrize("kern,extra,k", [
    ("rbf", {"gamma": 0.5}, lambda a, b: np.exp(-0.5 * np.sum((a - b) ** 2))),
    ("poly", {"degree": 2, "coef0": 1.0}, lambda a, b: (a @ b + 1.0) ** 2),
])
def test_kernel_train_is_the_literal_dual_perceptron_and_solves_circles(kern, extra, k):
    r = train("circles", algorithm="kernel", kernel=kern, **extra)
    ds = data.preset("circles", n=40, seed=5)
    assert r["alpha"] == literal_dual(ds.X, ds.y.astype(float), k)
    assert r["status"] == "converged" and r["train_accuracy"] == 1.0
    assert r["support"] == [i for i, a in enumerate(r["alpha"]) if a > 0]
    assert r["support_count"] == len(r["support"])
    assert f"{len(r['support'])} support vectors" in r["classifier_text"]


def test_xor_converges_with_rbf_and_poly2_but_cycles_online():
    assert train("xor", algorithm="kernel", kernel="rbf")["status"] == "converged"
    assert train("xor", algorithm="kernel", kernel="poly", degree=2)["status"] == "converged"
    assert train("xor", algorithm="online")["status"] == "cycled"


def test_linear_kernel_through_the_bridge_is_the_online_run():
    on = train("clouds", algorithm="online", order="shuffle-each", seed=4)
    ke = train("clouds", algorithm="kernel", kernel="linear", order="shuffle-each", seed=4)
    assert ke["mistakes"] == on["mistakes"] and ke["epochs"] == on["epochs"]
    ds = data.preset("clouds", n=40, seed=5)
    Z = np.column_stack([ds.X, np.ones(len(ds.X))])
    w = (np.array(ke["alpha"]) * ds.y) @ Z  # w = Σ α_i y_i x̃_i
    assert np.allclose(w, on["w"], rtol=0, atol=1e-12)


def test_kernel_bound_is_novikoff_in_feature_space():
    r = train("xor", algorithm="kernel", kernel="poly", degree=2)
    # R² = max k̃(x, x) = max (x·x + 1)² + 1 = 10 on XOR's corners.
    assert r["R"] == pytest.approx(np.sqrt(10.0), rel=1e-12)
    assert r["bound"] == pytest.approx((r["R"] / r["gamma"]) ** 2)
    assert r["mistakes"] <= r["bound"] and "within the bound" in r["bound_text"]


def test_kernel_frame_names_the_growing_alpha_and_its_score():
    r = train("xor", algorithm="kernel", kernel="rbf")
    tr = r["trace"]
    for k in range(1, len(tr["index"]) + 1):
        f = handle({"cmd": "frame", "step": k})
        assert f["ok"], f
        i = tr["index"][k - 1]
        assert f["index"] == i and f["alpha_after"] == tr["alpha"][k - 1]
        assert f["y"] * f["score"] <= 0  # every recorded update was a mistake
        assert f"Example {i + 1} " in f["step_text"] and f["image"].startswith("data:image/png;base64,")
    assert handle({"cmd": "frame", "step": len(tr["index"]) + 1})["ok"] is False


def test_kernel_plot_rings_every_support_vector_by_alpha():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "circles", "n": 40, "seed": 5},
                "settings": {"algorithm": "kernel", "kernel": "rbf", "plot_kinds": ["boundary"]}})
    from perceptron_lab.bridge import session
    fit = session.current()  # the session holds the run: draw it again to inspect the artists
    assert isinstance(fit, KernelFit)
    fig = fit.boundary(size={"width_px": 480, "height_px": 360})
    rings = plots.find_artist(fig, "support-vectors")
    sizes = rings.get_sizes()
    assert len(rings.get_offsets()) == len(r["support"])
    alpha = np.array(r["alpha"])[r["support"]]
    assert np.all(np.diff(sizes[np.argsort(alpha, kind="stable")]) >= 0)  # bigger α, bigger ring
    assert r["plots"]["boundary"].startswith("data:image/png;base64,")


def test_binary_data_as_two_classes_matches_the_binary_perceptron():
    """Two classes: W_1 = −W_0 and W_1 − W_0 = 2w (the binary run with η; multiclass.py's relation)."""
    on = train("clouds", algorithm="online")
    mc = train("clouds", algorithm="multiclass")
    W = np.array(mc["weights"])
    assert mc["classes"] == ["-1", "+1"] and mc["mistakes"] == on["mistakes"]
    assert np.allclose(W[1] - W[0], 2 * np.array(on["w"]), rtol=0, atol=1e-12)


def iris_fit(**s):
    X, y = load_iris(return_X_y=True)
    cd = MulticlassDataset(X, y, ["sl", "sw", "pl", "pw"], ["setosa", "versicolor", "virginica"], "iris")
    settings = read_settings({"algorithm": "multiclass", "epochs": 30, **s})
    return cd, fit_multiclass(cd, settings)


def test_multiclass_on_iris_is_the_literal_rule_and_its_confusion_is_sklearns():
    cd, f = iris_fit()
    Z = np.column_stack([cd.X, np.ones(len(cd.X))])
    W = literal_multiclass(Z, cd.y, 3, 30)
    assert np.array_equal(f.run.model.W, W)
    pred = np.argmax(Z @ W.T, axis=1)
    r = f.answer()
    assert r["confusion"] == sk_confusion(cd.y, pred, labels=[0, 1, 2]).tolist()
    assert r["per_class_accuracy"] == [float(np.mean(pred[cd.y == c] == c)) for c in range(3)]
    assert r["classes"] == cd.classes and len(r["weights"]) == 3 and len(r["weights"][0]) == 5


def test_multiclass_split_keeps_every_class_and_reports_test_confusion():
    cd, f = iris_fit(test_fraction=0.2, seed=9)
    assert sorted(np.bincount(f.test_ds.y).tolist()) == [10, 10, 10]
    assert np.array(f.test_confusion).sum() == 30
    assert f.test_accuracy == np.trace(np.array(f.test_confusion)) / 30


def test_multiclass_frame_names_the_two_rows_that_move():
    r = train("clouds", algorithm="multiclass")
    tr = r["trace"]
    f = handle({"cmd": "frame", "step": 2})
    assert f["ok"], f
    assert (f["true"], f["rival"]) == (tr["true"][1], tr["rival"][1])
    assert f["score_rival"] >= f["score_true"]
    assert f"W[{f['true_class']}] += η·x̃ and W[{f['rival_class']}] −= η·x̃" in f["step_text"]


def test_multiclass_predictions_export_is_argmax():
    r = train("clouds", algorithm="multiclass", test_fraction=0.25)
    e = handle({"cmd": "export", "what": "predictions"})
    rows = list(csv.DictReader(io.StringIO(e["text"])))
    ds = data.preset("clouds", n=40, seed=5)
    W = np.array(r["weights"])
    want = np.argmax(np.column_stack([ds.X, np.ones(len(ds.X))]) @ W.T, axis=1)
    assert [row["prediction"] for row in rows] == [r["classes"][k] for k in want]
    m = json.loads(handle({"cmd": "export", "what": "model"})["text"])
    assert m["weights"] == r["weights"] and m["classes"] == r["classes"]


def test_digits_plots_draw_each_class_and_the_mistakes():
    X, y = load_digits(return_X_y=True)
    cd = MulticlassDataset(X, y, [f"p{i}" for i in range(64)], [str(d) for d in range(10)], "digits")
    s = read_settings({"algorithm": "multiclass", "epochs": 2, "plot_px": [480, 360]})
    f = fit_multiclass(cd, s)
    out = f.plots([], with_train=True)
    assert set(out["plots"]) == {"confusion", "class_weights", "gallery"}
    wrong = int(np.sum(f.run.predict(f.Z) != cd.y))
    assert out["plot_alt"]["gallery"].startswith(f"{wrong} training images are misclassified")
    fig, _ = f.figure("class_weights")
    for c in range(10):
        img = plots.find_artist(fig, f"weights-{c}").get_array()
        assert np.array_equal(np.asarray(img), f.run.model.W[c, :64].reshape(8, 8))


def test_kernel_settings_errors_name_their_field():
    bad = handle({"cmd": "train", "data": {"kind": "preset", "name": "xor"},
                  "settings": {"algorithm": "kernel", "kernel": "poly", "degree": 11}})
    assert bad["ok"] is False and bad["error"]["field"] == "degree"
    fm = handle({"cmd": "train", "data": {"kind": "preset", "name": "xor"},
                 "settings": {"algorithm": "kernel", "feature_map": "poly2"}})
    assert fm["ok"] is False and fm["error"]["field"] == "feature_map"


def cli(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "perceptron_lab", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_cli_kernel_json_has_alpha_and_support():
    p = cli("train", "--preset", "xor", "--algorithm", "kernel", "--kernel", "poly", "--degree", "2",
            "--coef0", "1", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    ds = data.preset("xor")
    assert r["alpha"] == literal_dual(ds.X, ds.y.astype(float), lambda a, b: (a @ b + 1.0) ** 2)
    assert r["support"] == [i for i, a in enumerate(r["alpha"]) if a] and r["status"] == "converged"


def test_cli_multiclass_json_has_classes_and_weight_rows():
    p = cli("train", "--preset", "clouds", "--algorithm", "multiclass", "--average", "--epochs", "7", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["classes"] == ["-1", "+1"] and r["average"] is True and r["epochs"] == 7
    assert np.array(r["weights"]).shape == (2, 3)  # one row per class, bias last


def test_cli_bad_kernel_setting_exits_2_naming_the_option():
    p = cli("train", "--preset", "xor", "--algorithm", "kernel", "--gamma", "0")
    assert p.returncode == 2 and "(option --gamma)" in p.stderr and p.stdout == ""


def test_compare_can_include_the_kernel_run():
    spec = {"kind": "preset", "name": "circles", "n": 40, "seed": 5}
    s = {"kernel": "poly", "degree": 2, "plots": False}
    r = handle({"cmd": "compare", "data": spec, "settings": s, "with_kernel": True})
    assert r["ok"], r
    assert r["algorithms"][-1] == "kernel" and len(r["variants"]) == 6
    k = r["variants"][-1]
    alone = handle({"cmd": "train", "data": spec, "settings": {**s, "algorithm": "kernel"}})
    assert (k["status"], k["mistakes"], k["support_count"]) == (alone["status"], alone["mistakes"],
                                                                  len(alone["support"]))
    assert k["status"] == "converged" and r["variants"][0]["status"] != "converged"  # circles: a curve is needed
    plain = handle({"cmd": "compare", "data": spec, "settings": s})
    assert plain["algorithms"] == ["online", "averaged", "voted", "pocket", "batch"]


def test_more_than_two_labels_train_with_multiclass_and_point_there_otherwise():
    text = "a,b,y\n1,2,x\n2,3,y\n3,1,z\n0,0,x\n4,4,z\n"
    bad = handle({"cmd": "train", "data": {"kind": "csv", "text": text}, "settings": {"algorithm": "online"}})
    assert bad["ok"] is False and "multiclass" in bad["error"]["message"].lower()
    ok = handle({"cmd": "train", "data": {"kind": "csv", "text": text},
                 "settings": {"algorithm": "multiclass", "plots": False}})
    assert ok["ok"], ok
    assert ok["classes"] == ["x", "y", "z"] and np.array(ok["confusion"]).sum() == 5


def test_iris_preset_with_all_three_classes():
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "iris"},
                "settings": {"algorithm": "multiclass", "epochs": 30, "plots": False}})
    assert r["ok"], r
    X, y = load_iris(return_X_y=True)
    W = literal_multiclass(np.column_stack([X, np.ones(len(X))]), y, 3, 30)
    assert np.array_equal(np.array(r["weights"]), W) and len(r["classes"]) == 3


def test_one_split_for_every_algorithm():
    """Issue 19: 20 points with test fraction 0.01 hold the same one example out for every
    algorithm (multiclass refused it before: its own split held none out)."""
    import numpy as np

    from perceptron_lab.data import preset, train_test_split
    from perceptron_lab.data.classes import from_binary, split

    ds = preset("clouds", n=20)
    tr, te = train_test_split(ds, 0.01, seed=0)
    ctr, cte = split(from_binary(ds), 0.01, 0)
    assert te.n == 1 and len(cte.y) == 1
    assert np.array_equal(te.X, cte.X) and np.array_equal(tr.X, ctr.X)
    from perceptron_lab import settings

    for algorithm in settings.options("algorithm"):  # every algorithm of params.json, the same rule
        r = handle({"cmd": "train", "data": {"kind": "preset", "name": "clouds", "n": 20},
                    "settings": {"algorithm": algorithm, "test_fraction": 0.01, "plots": False}})
        assert r["ok"] and r["dataset"]["n_test"] == 1 and r["dataset"]["n_train"] == 19, algorithm
