"""The datasets: the Boolean presets as the notes' tables, the seeded generators, labels to -1/+1, the
train/test split, placed points."""
import json

import numpy as np
import pytest

from perceptron_lab.data import (
    PRESET_INFO,
    PRESET_PARAMS,
    PRESETS,
    Dataset,
    encode_labels,
    make_clouds,
    points_dataset,
    preset,
    train_test_split,
)
from perceptron_lab.errors import DataError, SettingsError


# seed 001: the truth tables, rows (x1, x2, y) with 0/1 outputs
AND_TABLE = [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 1)]
XOR_TABLE = [(0, 0, 0), (1, 0, 1), (0, 1, 1), (1, 1, 0)]
OR_TABLE = [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1)]
NAND_TABLE = [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 1, 0)]


def as_table(ds):
    """The dataset as a set of (x1, x2, 0/1 output) with the lecture's 0 -> -1, 1 -> +1."""
    return {(int(a), int(b), 1 if y == 1 else 0) for (a, b), y in zip(ds.X, ds.y)}


def step(a):
    return np.where(a >= 0, 1, -1)  # prediction at exactly 0 is +1


# --------------------------------------------------------------------------- Boolean presets


@pytest.mark.parametrize("name,table", [("and", AND_TABLE), ("or", OR_TABLE),
                                        ("nand", NAND_TABLE), ("xor", XOR_TABLE)])
def test_boolean_presets_equal_the_tables(name, table):
    ds = preset(name)
    assert ds.X.shape == (4, 2) and ds.X.dtype == np.float64
    assert ds.y.dtype == np.int8 and set(ds.y.tolist()) == {-1, 1}
    assert as_table(ds) == set(table)
    assert ds.feature_names == ["x1", "x2"]
    assert ds.label_names == {-1: "0", 1: "1"}
    assert ds.label_mapping_json() == {"-1": "0", "+1": "1"}
    assert ds.name == name.upper()


def test_and_weights_of_the_lecture_classify_and():
    """Seed 001's worked example on the preset as the package prepares it: x̃ = (x1, x2, 1)
    (the slide writes (1, x1, x2), so w̃ = (b, w1, w2) = (-30, 20, 20) becomes (20, 20, -30)),
    the activations the slide computes by hand, and sign(a) = the preset's label."""
    from perceptron_lab.core.features import prepare

    ds = preset("and")
    slide_a = {(1, 1): 10, (0, 1): -10, (0, 0): -30}  # the slide's three worked rows
    slide_a[(1, 0)] = -10  # the fourth by symmetry of the weights
    Z = prepare(ds.X)  # bias on, no map, no unit length: the defaults
    assert Z.tolist() == [[x1, x2, 1.0] for x1, x2 in ds.X.tolist()]
    a = Z @ np.array([20.0, 20.0, -30.0])
    for (x1, x2), ai, yi in zip(ds.X.tolist(), a, ds.y):
        assert ai == slide_a[(int(x1), int(x2))]
        assert yi == (1 if ai > 0 else -1)
    # unit length rescales each x̃, so the activations change but not one prediction
    assert np.array_equal(step(prepare(ds.X, normalize=True) @ [20.0, 20.0, -30.0]), ds.y)
    # without a bias no w classifies AND: (0, 0) has x̃ = 0, so a = 0 -> +1, but its label is -1
    assert prepare(ds.X, fit_intercept=False)[0].tolist() == [0.0, 0.0] and ds.y[0] == -1


def test_xor_is_not_separable_by_any_line_through_a_grid():
    ds = preset("xor")
    assert ds.y.tolist() == [-1, 1, 1, -1]  # (0,0), (0,1), (1,0), (1,1)
    # no (w1, w2, b) on a coarse grid separates it (it is the classic counterexample)
    grid = np.linspace(-3, 3, 13)
    for w1 in grid:
        for w2 in grid:
            for b in grid:
                assert not np.array_equal(step(w1 * ds.X[:, 0] + w2 * ds.X[:, 1] + b), ds.y)


def test_preset_name_case_insensitive_and_info():
    assert preset(" Breast_Cancer ").X.shape == (569, 30)
    assert preset("AND").name == "AND"
    assert set(PRESETS) == set(PRESET_INFO) == set(PRESET_PARAMS)
    assert all(isinstance(PRESET_INFO[p], str) and PRESET_INFO[p] for p in PRESETS)


# --------------------------------------------------------------------------- generators


@pytest.mark.parametrize("name", ["clouds", "overlap", "circles"])
def test_generators_deterministic_and_seed_dependent(name):
    a = preset(name, n=120, seed=7)
    b = preset(name, n=120, seed=7)
    c = preset(name, n=120, seed=8)
    assert a.X.tobytes() == b.X.tobytes() and a.y.tobytes() == b.y.tobytes()
    assert not np.array_equal(a.X, c.X)
    assert a.X.shape == (120, 2) and a.X.dtype == np.float64 and a.y.dtype == np.int8
    assert np.all(np.abs(a.X) <= 3.0)
    assert np.all(np.isfinite(a.X))
    assert np.sum(a.y == 1) == 60 and np.sum(a.y == -1) == 60
    assert a.feature_names == ["x1", "x2"]
    assert a.label_mapping_json() == {"-1": "-1", "+1": "+1"}


@pytest.mark.parametrize("n", [4, 5, 101])
@pytest.mark.parametrize("name", ["clouds", "overlap", "circles"])
def test_generators_n_and_both_classes(name, n):
    ds = preset(name, n=n, seed=1)
    assert ds.n == n
    assert set(ds.y.tolist()) == {-1, 1}


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("margin", [0.0, 0.1, 0.3, 1.0, 2.0])
@pytest.mark.parametrize("spread", [0.2, 1.0, 5.0])
def test_clouds_separable_with_the_requested_margin(seed, margin, spread):
    ds, u, b = make_clouds(150, margin, spread, seed, return_truth=True)
    assert np.isclose(np.linalg.norm(u), 1.0)
    signed = ds.y * (ds.X @ u + b)
    assert np.all(signed >= margin - 1e-12)
    assert np.all(signed > 0)
    assert np.all(np.abs(ds.X) <= 3.0)
    # same data as the preset
    p = preset("clouds", n=150, margin=margin, spread=spread, seed=seed)
    assert np.array_equal(p.X, ds.X) and np.array_equal(p.y, ds.y)


def test_circles_separable_with_poly2():
    for seed in range(5):
        ds = preset("circles", n=300, spread=1.0, seed=seed)
        r2 = ds.X[:, 0] ** 2 + ds.X[:, 1] ** 2
        # a linear rule on the poly2 feature x1² + x2² separates the classes
        assert np.all(ds.y * (r2 - 1.4 ** 2) > 0)
        # the inner disc sits around the origin, inside the ring: no single line can split them
        assert np.any(r2[ds.y == 1] > 0) and np.abs(ds.X[ds.y == -1].mean(axis=0)).max() < 0.3


def test_overlap_spread_is_the_std():
    narrow = preset("overlap", n=2000, spread=0.3, seed=2)
    wide = preset("overlap", n=2000, spread=1.0, seed=2)
    for ds, s in ((narrow, 0.3), (wide, 1.0)):
        for c in (-1, 1):
            std = ds.X[ds.y == c].std(axis=0).mean()
            assert 0.8 * s < std < 1.1 * s  # a bit under for s=1: points outside the box are redrawn
    # overlap: each class mean is closer than 3 std devs to the other's
    d = np.linalg.norm(wide.X[wide.y == 1].mean(0) - wide.X[wide.y == -1].mean(0))
    assert d < 3.0


@pytest.mark.parametrize("kwargs,field", [
    ({"n": 3}, "n"), ({"n": 5001}, "n"), ({"n": 10.5}, "n"), ({"n": "100"}, "n"), ({"n": True}, "n"),
    ({"margin": -0.1}, "margin"), ({"margin": 2.01}, "margin"), ({"margin": float("nan")}, "margin"),
    ({"spread": 0}, "spread"), ({"spread": 5.1}, "spread"), ({"spread": float("inf")}, "spread"),
    ({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"),
])
def test_preset_parameters_validated(kwargs, field):
    with pytest.raises(SettingsError) as e:
        preset("clouds", **kwargs)
    assert e.value.field == field
    assert e.value.message


def test_preset_boundaries_accepted_and_unknown_name():
    assert preset("clouds", n=4, margin=0, spread=5).n == 4
    assert preset("clouds", n=5000, margin=2.0, spread=0.01).n == 5000
    assert preset("circles", n=100.0).n == 100
    with pytest.raises(SettingsError) as e:
        preset("spiral")
    assert e.value.field == "name" and "spiral" in e.value.message and "clouds" in e.value.message


# --------------------------------------------------------------------------- labels


def test_encode_labels_numbers_sort_numerically():
    y, names = encode_labels([1, 0, 1, 0])
    assert y.tolist() == [1, -1, 1, -1] and y.dtype == np.int8
    assert names == {-1: 0, 1: 1}
    y, names = encode_labels(["10", "9", "10"])  # numbers in text: numerically, 9 < 10
    assert y.tolist() == [1, -1, 1] and names == {-1: "9", 1: "10"}
    y, names = encode_labels([-1, 1, 1])
    assert y.tolist() == [-1, 1, 1]
    y, names = encode_labels(np.array([2.5, -3.0]))
    assert y.tolist() == [1, -1] and names == {-1: -3.0, 1: 2.5}


def test_encode_labels_strings_sort_as_strings_and_equal_numbers_merge():
    y, names = encode_labels(["yes", "no", "yes"])
    assert y.tolist() == [1, -1, 1] and names == {-1: "no", 1: "yes"}
    y, names = encode_labels(["b", "10", "b"])  # mixed: as strings, "10" < "b"
    assert y.tolist() == [1, -1, 1]
    y, names = encode_labels(["1", "1.0", "0"])  # one class numerically
    assert y.tolist() == [1, 1, -1] and names == {-1: "0", 1: "1"}


def test_encode_labels_errors():
    with pytest.raises(DataError) as e:
        encode_labels(["a", "a"])
    assert "only one class" in e.value.message and "'a'" in e.value.message
    with pytest.raises(DataError) as e:
        encode_labels(list("abcdefg"))
    msg = e.value.message
    assert "7 different classes" in msg and "'a', 'b', 'c', 'd', 'e'" in msg and "2 more" in msg
    with pytest.raises(DataError) as e:
        encode_labels([0, 1, 2], rows=[2, 3, 4], column="y")
    assert e.value.row == 4 and e.value.column == "y" and "row 4" in e.value.message
    with pytest.raises(DataError):
        encode_labels([0, float("nan")])
    with pytest.raises(DataError):
        encode_labels([])


def test_dataset_mapping_json_is_json():
    ds = Dataset([[0.0], [1.0]], [-1, 1], ["x"], {-1: 0, 1: 1.0}, "t")
    assert json.loads(json.dumps(ds.label_mapping_json())) == {"-1": "0", "+1": "1"}
    assert ds.X.shape == (2, 1) and ds.y.dtype == np.int8
    with pytest.raises(ValueError):
        Dataset([[0.0], [1.0]], [0, 1], ["x"], {-1: 0, 1: 1}, "t")


# --------------------------------------------------------------------------- split


def test_split_zero_returns_the_dataset():
    ds = preset("clouds")
    tr, te = train_test_split(ds, 0.0, 0)
    assert tr is ds and te is None


def test_split_sizes_disjoint_ordered_and_seeded():
    ds = preset("clouds", n=200, seed=3)
    tr, te = train_test_split(ds, 0.25, seed=5)
    assert tr.n + te.n == 200 and te.n == 50
    assert np.sum(te.y == 1) == 25  # stratified
    # rows are a partition of the original rows, each part in the original order
    rows = {tuple(r): i for i, r in enumerate(ds.X)}
    i_tr = [rows[tuple(r)] for r in tr.X]
    i_te = [rows[tuple(r)] for r in te.X]
    assert sorted(i_tr + i_te) == list(range(200))
    assert i_tr == sorted(i_tr) and i_te == sorted(i_te)
    assert np.array_equal(tr.y, ds.y[i_tr])
    tr2, te2 = train_test_split(ds, 0.25, seed=5)
    assert np.array_equal(te.X, te2.X)
    _, te3 = train_test_split(ds, 0.25, seed=6)
    assert not np.array_equal(te.X, te3.X)
    assert tr.label_names == ds.label_names and tr.feature_names == ds.feature_names


def test_split_keeps_both_classes_and_at_least_one_test_example():
    ds = preset("and")  # 3 of class -1, 1 of class +1
    tr, te = train_test_split(ds, 0.9, seed=0)
    assert set(tr.y.tolist()) == {-1, 1} and te.n >= 1
    tr, te = train_test_split(ds, 0.01, seed=0)
    assert te.n == 1 and tr.n == 3 and set(tr.y.tolist()) == {-1, 1}


def test_split_impossible_and_bad_fraction():
    two = points_dataset([[0, 0, 0], [1, 1, 1]])
    with pytest.raises(DataError) as e:
        train_test_split(two, 0.5, seed=0)
    assert "test fraction" in e.value.message
    for bad in (-0.1, 0.95, float("nan"), "0.2"):
        with pytest.raises(SettingsError) as s:
            train_test_split(preset("or"), bad, seed=0)
        assert s.value.field == "test_fraction"


# --------------------------------------------------------------------------- points


def test_points_dataset():
    ds = points_dataset([[0.5, -1, 1], [2, 3.25, -1], [0, 0, 1]])
    assert ds.X.tolist() == [[0.5, -1.0], [2.0, 3.25], [0.0, 0.0]]
    assert ds.y.tolist() == [1, -1, 1]
    assert ds.label_names == {-1: -1, 1: 1}
    assert ds.label_mapping_json() == {"-1": "-1", "+1": "1"}
    ds = points_dataset([[0, 0, "red"], [1, 1, "blue"]])
    assert ds.y.tolist() == [1, -1] and ds.label_mapping_json() == {"-1": "blue", "+1": "red"}


@pytest.mark.parametrize("points,row,column", [
    ([[0, 0, 1]], None, None),
    ([], None, None),
    ([[0, 0, 1], [1, "a", 0]], 2, "x2"),
    ([[0, 0, 1], [float("nan"), 1, 0]], 2, "x1"),
    ([[0, 0, 1], [1, float("inf"), 0]], 2, "x2"),
    ([[0, 0, 1], [1, None, 0]], 2, "x2"),
    ([[0, 0, 1], [1, 1]], 2, None),
    ([[0, 0, 1], [1, 1, 1]], None, "label"),
    ([[0, 0, 1], [1, 1, 0], [2, 2, 2]], 3, "label"),
    ([[0, 0, 1], [1, 1, None]], 2, "label"),
])
def test_points_errors(points, row, column):
    with pytest.raises(DataError) as e:
        points_dataset(points)
    assert e.value.row == row and e.value.column == column
    if row is not None:
        assert str(row) in e.value.message
    if column is not None:
        assert column in e.value.message


def test_placed_points_too_large_are_refused():
    from perceptron_lab import DataError
    from perceptron_lab.data import points_dataset

    with pytest.raises(DataError) as e:
        points_dataset([[0, 0, 1], [1e300, 1, -1]])
    assert (e.value.row, e.value.column) == (2, "x1") and "too large" in e.value.message
