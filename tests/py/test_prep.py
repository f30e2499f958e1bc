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
from perceptron_lab.features import prepare
from perceptron_lab.prep import Standardization


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


def test_for_plot_gives_the_plots_the_same_boundary_in_raw_units():
    from perceptron_lab.prep import for_plot, options

    rng = np.random.default_rng(3)
    X = rng.normal([5.0, 300.0, -1.0], [1.0, 50.0, 0.1], size=(80, 3))
    w = np.array([0.4, -1.2, 2.0, 0.5])
    plain = options({"bias": True, "normalize": False, "feature_map": "none", "standardize": False}, X)
    assert plain["standardization"] is None
    assert for_plot(w, plain) == (w, {k: v for k, v in plain.items() if k != "standardization"}, None)
    for normalize in (False, True):
        prep = options({"bias": True, "normalize": normalize, "feature_map": "none", "standardize": True}, X)
        wp, pp, decide = for_plot(w, prep)
        assert decide is None and "standardization" not in pp and pp["fit_intercept"] is True
        # the plots' own preparation of raw X with wp: the same sign everywhere as the model's
        assert np.array_equal(np.sign(prepare(X, **pp) @ wp), np.sign(prepare(X, **prep) @ w))
    prep = options({"bias": True, "normalize": False, "feature_map": "poly2", "standardize": True}, X)
    wp, pp, decide = for_plot(np.ones(10), prep, decide=len)
    assert wp is None and decide is len and pp["feature_map"] == "poly2"


def test_estimators_standardize_reach_the_target_and_equal_scikit_learns_scaler_pipeline():
    from sklearn.linear_model import Perceptron as SkPerceptron
    from sklearn.pipeline import make_pipeline

    from perceptron_lab import AveragedPerceptron, Perceptron

    X, y = load_breast_cancer(return_X_y=True)
    est = AveragedPerceptron(standardize=True, order="shuffle-each", max_epochs=100).fit(X, y)
    assert est.score(X, y) >= 0.97
    assert est.standardization_ == Standardization.fit(X)
    assert AveragedPerceptron(order="shuffle-each", max_epochs=100).fit(X, y).score(X, y) < 0.95
    # scikit-learn's StandardScaler + Perceptron (plain rule: eta0 1, no penalty, fixed order) on the
    # same data learns the same weights: an independent implementation of both steps
    ours = Perceptron(standardize=True, max_epochs=20).fit(X, y)
    ref = make_pipeline(StandardScaler(), SkPerceptron(max_iter=20, tol=None, shuffle=False, eta0=1.0,
                                                       alpha=0.0)).fit(X, y)
    assert np.allclose(ours.coef_, ref[-1].coef_, rtol=1e-9, atol=1e-9)
    assert np.allclose(ours.intercept_, ref[-1].intercept_)
    assert np.array_equal(ours.predict(X), ref.predict(X))
    # partial_fit keeps the first call's statistics for every later call
    pf = Perceptron(standardize=True).partial_fit(X[:300], y[:300], classes=[0, 1]).partial_fit(X[300:], y[300:])
    assert pf.standardization_ == Standardization.fit(X[:300])
    assert "standardize" in Perceptron().get_params() and Perceptron(standardize=True).standardize is True
    with pytest.raises(Exception) as e:
        Perceptron(standardize="yes").fit(X, y)
    assert "standardize must be True or False" in str(e.value)


def _run_with_split(ds, s):
    from perceptron_lab.data import train_test_split
    from perceptron_lab.prep import options

    train_ds, _ = train_test_split(ds, s["test_fraction"], s["seed"])
    prep = options(s, train_ds.X)
    return train(prepare(train_ds.X, **prep), train_ds.y, algorithm=s["algorithm"], max_epochs=s["epochs"],
                 order=s["order"], seed=s["seed"]), train_ds


S = {"algorithm": "online", "epochs": 30, "order": "fixed", "seed": 3, "bias": True, "normalize": False,
     "feature_map": "none", "standardize": True, "test_fraction": 0.25}


def test_predictions_csv_has_score_labels_and_split_in_utf8_with_bom():
    import csv
    import io

    from perceptron_lab import export
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
        a = sum(run.w[j] * (x[j] - mean[j]) / std[j] for j in range(2)) + run.w[2]
        assert math.isclose(float(row[4]), a, rel_tol=1e-9, abs_tol=1e-9)
        assert row[3] == ("pos" if a >= 0 else "'=neg") and row[2] == ("pos" if y == 1 else "'=neg")
        assert row[5] == ("test" if held else "train")
    assert sum(r[5] == "test" for r in rows[1:]) == int(mask.sum()) == 10


def test_model_json_holds_the_statistics_and_predicts_the_same_labels():
    from perceptron_lab import export
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
