"""Standardization (prep.Standardization) and the order of the preparations (features.prepare)."""

import json
import math
import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import load_breast_cancer
from sklearn.preprocessing import StandardScaler

from perceptron_lab.core import train
from perceptron_lab.core.features import prepare
from perceptron_lab.data.prep import Standardization


def test_statistics_equal_the_definition_and_scikit_learn():
    rng = np.random.default_rng(0)
    X = rng.normal([0.05, 2500.0, -3.0], [0.01, 400.0, 2.0], size=(200, 3))
    s = Standardization.fit(X)
    for j in range(3):  # the definition: population mean and standard deviation
        col = X[:, j].tolist()
        assert math.isclose(s.mean[j], statistics.fmean(col), rel_tol=1e-12)
        assert math.isclose(s.std[j], statistics.pstdev(col), rel_tol=1e-12)
    ref = StandardScaler().fit(X)
    assert np.allclose(s.transform(X), ref.transform(X), rtol=1e-10, atol=1e-12)
    Z = s.transform(X)
    assert np.allclose(Z.mean(axis=0), 0, atol=1e-12) and np.allclose(Z.std(axis=0), 1, rtol=1e-12)


def test_constant_columns_stay_at_zero_with_a_notice():
    X = np.array([[1.0, 7.0, 0.1], [2.0, 7.0, 0.1], [4.0, 7.0, 0.1]])
    s = Standardization.fit(X)
    assert s.constant.tolist() == [False, True, True]
    Z = s.transform(np.array([[3.0, 9.0, -5.0]]))  # a test row that differs in the constant columns
    assert Z[0, 1] == 0.0 and Z[0, 2] == 0.0
    assert s.notice(["a", "b", "c"]) == ("'b', 'c' are constant in the training data, so standardizing "
                                         "leaves them at 0 (no effect on the model).")
    assert Standardization.fit(X[:, :1]).notice(["a"]) is None
    assert "'b' is constant" in Standardization.fit(X[:, :2]).notice(["a", "b"])
    # scikit-learn agrees on which columns are constant (scale 1)
    assert np.array_equal(StandardScaler().fit(X).scale_ == 1.0, s.constant)


def test_json_round_trip_is_exact():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(50, 4)) * [1e-3, 1.0, 1e4, 3.3]
    X[:, 3] = 0.7  # constant
    s = Standardization.fit(X)
    back = Standardization.from_json(json.loads(json.dumps(s.to_json())))
    assert back == s
    assert back.transform(X).tobytes() == s.transform(X).tobytes()
    for bad in ({"mean": [0.0], "std": [0.0]}, {"mean": [0.0, 1.0], "std": [1.0]},
                {"mean": [float("nan")], "std": [1.0]}):
        with pytest.raises(ValueError):
            Standardization.from_json(bad)


def literal_poly2(z):
    m = len(z)
    return list(z) + [z[i] * z[j] for i in range(m) for j in range(i + 1, m)] + [v * v for v in z]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4).flatmap(lambda m: st.lists(
    st.lists(st.floats(-1e3, 1e3), min_size=m, max_size=m), min_size=3, max_size=12)),
    st.booleans(), st.booleans(), st.sampled_from(["none", "poly2"]))
def test_order_is_standardize_map_bias_unit_length(rows, bias, normalize, fmap):
    X = np.array(rows)
    s = Standardization.fit(X)
    got = prepare(X, fit_intercept=bias, normalize=normalize, feature_map=fmap, standardization=s)
    for x, g in zip(X, got):
        z = [0.0 if c else (v - mu) / sd for v, mu, sd, c in zip(x, s.mean, s.std, s.constant)]
        v = literal_poly2(z) if fmap == "poly2" else z
        if bias:
            v = v + [1.0]
        if normalize:
            norm = math.sqrt(sum(t * t for t in v))
            v = [t / norm for t in v] if norm > 0 else [0.0] * len(v)
        assert np.allclose(g, v, rtol=1e-9, atol=1e-12)


def test_raw_weights_draw_the_same_boundary_in_original_units():
    rng = np.random.default_rng(2)
    X = rng.normal([10.0, -200.0], [0.5, 40.0], size=(300, 2))
    s = Standardization.fit(X)
    w = np.array([1.5, -0.7, 0.3])
    wr = s.raw_weights(w)
    a_std = prepare(X, standardization=s) @ w
    a_raw = np.column_stack([X, np.ones(len(X))]) @ wr
    assert np.allclose(a_std, a_raw, rtol=1e-9, atol=1e-9)
    # without a bias the standardized boundary still has an offset in raw units
    wr0 = s.raw_weights(w[:2], fit_intercept=False)
    assert np.allclose(prepare(X, fit_intercept=False, standardization=s) @ w[:2],
                       np.column_stack([X, np.ones(len(X))]) @ wr0)


def test_breast_cancer_averaged_reaches_97_percent_only_when_standardized():
    X, y01 = load_breast_cancer(return_X_y=True)  # 569 x 30, features from 0.05 to 2 500
    y = np.where(y01 == 1, 1, -1).astype(np.int8)
    s = Standardization.fit(X)
    run = train(prepare(X, standardization=s), y, algorithm="averaged", max_epochs=100,
                order="shuffle-each", seed=0)
    assert np.mean(run.predict(prepare(X, standardization=s)) == y) >= 0.97
    raw = train(prepare(X), y, algorithm="averaged", max_epochs=100, order="shuffle-each", seed=0)
    assert np.mean(raw.predict(prepare(X)) == y) < 0.95  # the reason for standardizing


@pytest.mark.parametrize("fmap", ["none", "poly2"])
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("normalize", [False, True])
def test_for_plot_gives_the_plots_the_same_boundary_in_raw_units(fmap, bias, normalize):
    from perceptron_lab.data.prep import for_plot, options

    rng = np.random.default_rng(3)
    X = rng.normal([5.0, 300.0, -1.0], [1.0, 50.0, 0.1], size=(80, 3))
    X[:, 2] = -1.0  # a constant column is left at 0
    s = {"bias": bias, "normalize": normalize, "feature_map": fmap}
    d = (9 if fmap == "poly2" else 3) + bias
    w = rng.normal(size=d)
    plain = options({**s, "standardize": False}, X)
    assert plain["standardization"] is None and for_plot(w, plain)[0] is w
    prep = options({**s, "standardize": True}, X)
    wp, pp = for_plot(w, prep)
    assert "standardization" not in pp and pp["fit_intercept"] is True and pp["feature_map"] == fmap
    # the plots' own preparation of raw X with wp gives the model's activation (up to unit length)
    a_raw = prepare(X, **{**pp, "normalize": False}) @ wp
    a_std = prepare(X, **{**prep, "normalize": False}) @ w
    assert np.allclose(a_raw, a_std, rtol=1e-8, atol=1e-8)
    assert np.array_equal(np.sign(prepare(X, **pp) @ wp), np.sign(prepare(X, **prep) @ w))


def _run_with_split(ds, s):
    from perceptron_lab.data import train_test_split
    from perceptron_lab.data.prep import options

    train_ds, _ = train_test_split(ds, s["test_fraction"], s["seed"])
    prep = options(s, train_ds.X)
    return train(prepare(train_ds.X, **prep), train_ds.y, algorithm=s["algorithm"], max_epochs=s["epochs"],
                 order=s["order"], seed=s["seed"]), train_ds


S = {"algorithm": "online", "epochs": 30, "order": "fixed", "seed": 3, "bias": True, "normalize": False,
     "feature_map": "none", "standardize": True, "test_fraction": 0.25}


def test_predictions_csv_has_score_labels_and_split_in_utf8_with_bom():
    import csv
    import io

    from perceptron_lab.export import run_files as export
    from perceptron_lab.data import Dataset, test_mask

    rng = np.random.default_rng(4)
    X = rng.normal([0.0, 1000.0], [1.0, 300.0], size=(40, 2))
    labels = np.where(X[:, 0] + (X[:, 1] - 1000) / 300 > 0, 1, -1)
    ds = Dataset(X, labels, ["x₁", "=x₂"], {-1: "=neg", 1: "pos"}, "t")
    run, train_ds = _run_with_split(ds, S)
    text = export.predictions_csv(run, ds, S)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert rows[0] == ["x₁", "'=x₂", "label", "predicted", "score w·x̃", "split"]  # formulas neutralised
    mask = test_mask(ds, 0.25, 3)
    mean = [statistics.fmean(train_ds.X[:, j]) for j in range(2)]  # the training split's, by definition
    std = [statistics.pstdev(train_ds.X[:, j].tolist()) for j in range(2)]
    for row, x, y, held in zip(rows[1:], X, labels, mask):
        a = sum(run.model.w[j] * (x[j] - mean[j]) / std[j] for j in range(2)) + run.model.w[2]
        assert math.isclose(float(row[4]), a, rel_tol=1e-9, abs_tol=1e-9)
        assert row[3] == ("pos" if a >= 0 else "'=neg") and row[2] == ("pos" if y == 1 else "'=neg")
        assert row[5] == ("test" if held else "train")
    assert sum(r[5] == "test" for r in rows[1:]) == int(mask.sum()) == 10


def test_model_json_holds_the_statistics_and_predicts_the_same_labels():
    from perceptron_lab.export import run_files as export
    from perceptron_lab.data import preset

    ds = preset("breast-cancer")
    run, train_ds = _run_with_split(ds, S)
    model = json.loads(export.model_json(run, ds, S, {"R": None, "gamma": None, "bound": None, "separable": None}))
    st = Standardization.from_json(model["standardization"])
    assert st == Standardization.fit(train_ds.X)
    # someone with only the model file and numpy: the run's own predictions, every one
    Z = np.column_stack([st.transform(ds.X), np.ones(ds.n)])
    assert np.array_equal(np.where(Z @ np.array(model["w"]) >= 0, 1, -1), run.predict(prepare(ds.X, standardization=st)))
    plain = json.loads(export.model_json(run, ds, {**S, "standardize": False}, {"R": None, "gamma": None,
                                                                                "bound": None, "separable": None}))
    assert plain["standardization"] is None


# --------------------------------------------------------------------------- through the bridge and the CLI


def test_bridge_standardize_breast_cancer_reproduces_through_model_and_settings():
    from perceptron_lab.bridge import handle

    settings = {"algorithm": "averaged", "epochs": 100, "order": "shuffle-each", "standardize": True,
                "test_fraction": 0.2, "plots": False}
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"}, "settings": settings})
    assert r["ok"], r
    assert r["train_accuracy"] >= 0.97 and r["settings"]["standardize"] is True
    raw = handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"},
                  "settings": {**settings, "standardize": False}})
    assert raw["train_accuracy"] < r["train_accuracy"]
    model = json.loads(handle({"cmd": "export", "what": "model"})["text"])  # the last run: raw
    assert model["standardization"] is None
    handle({"cmd": "train", "data": {"kind": "preset", "name": "breast-cancer"}, "settings": settings})
    model = json.loads(handle({"cmd": "export", "what": "model"})["text"])
    assert model["w"] == r["w"]  # same settings (a link's), same weights
    st = Standardization.from_json(model["standardization"])
    from perceptron_lab.data import preset, train_test_split

    train_ds, _ = train_test_split(preset("breast-cancer"), 0.2, 0)
    assert st == Standardization.fit(train_ds.X)
    Z = np.column_stack([st.transform(train_ds.X), np.ones(train_ds.n)])
    acc = np.mean(np.where(Z @ np.array(model["w"]) >= 0, 1, -1) == train_ds.y)
    assert acc == r["train_accuracy"]  # the model file alone gives the run's accuracy


def test_bridge_standardize_draws_in_raw_units_and_steps_through():
    from perceptron_lab.bridge import handle

    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "iris", "classes": ["versicolor", "virginica"],
                                         "features": [2, 3]},
                "settings": {"standardize": True, "epochs": 5, "plot_kinds": ["boundary"]}})
    assert r["ok"], r
    assert r["feature_names"] == ["petal length (cm)", "petal width (cm)"]
    assert r["labels"] == {"-1": "versicolor", "+1": "virginica"}
    assert r["plots"]["boundary"].startswith("data:image/png") and r["standardization"]["notice"] is None
    g = r["boundary_geometry"]
    assert g["xlim"][0] < 3.0 and g["xlim"][1] > 7.0  # the axes are in centimetres, not z-scores
    f = handle({"cmd": "frame", "step": 1})
    assert f["ok"] and f["image"].startswith("data:image/png")
    poly = handle({"cmd": "train", "data": {"kind": "preset", "name": "iris", "features": [0, 1]},
                   "settings": {"standardize": True, "feature_map": "poly2", "epochs": 5, "plot_kinds": ["boundary"]}})
    assert poly["ok"] and poly["plots"]["boundary"]


def test_cli_preset_standardize_and_a_windows_1252_file(tmp_path, capsys):
    from perceptron_lab.cli import main

    assert main(["train", "--preset", "breast-cancer", "--standardize", "--algorithm", "averaged",
                 "--order", "shuffle-each", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["train_accuracy"] >= 0.97
    f = tmp_path / "mesures.csv"
    f.write_bytes("température;pression;classe\n20,5;1013,2;chaud\n-3,25;998;froid\n18;1002,5;chaud\n"
                  .encode("cp1252"))
    assert main(["train", str(f), "--json", "--plot", str(tmp_path / "b.png")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["feature_names"] == ["température", "pression"]
    assert (tmp_path / "b.png").read_bytes().startswith(b"\x89PNG")
