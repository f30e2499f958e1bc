"""The real data sets: equal to scikit-learn's bundled copies, their classes and features of choice,
shipped in both wheels, the page's choices."""
import numpy as np
import pytest

from perceptron_lab.data import preset
from perceptron_lab.errors import SettingsError

from sklearn import datasets as skd  # noqa: E402

from perceptron_lab.data import REAL_PRESETS, MulticlassDataset  # noqa: E402


# name: (loader, n, m, class counts in sorted class order, label of the sorted classes)
REAL = {
    "iris": (skd.load_iris, 150, 4, {"setosa": 50, "versicolor": 50, "virginica": 50}),
    "breast-cancer": (skd.load_breast_cancer, 569, 30, {"benign": 357, "malignant": 212}),
    "wine": (skd.load_wine, 178, 13, {"class_0": 59, "class_1": 71, "class_2": 48}),
    "digits": (skd.load_digits, 1797, 64, {str(d): c for d, c in
                                           zip(range(10), [178, 182, 177, 183, 181, 182, 181, 179, 174, 180])}),
}


def sk_names(bunch):
    """The class name of every row, as scikit-learn has it (digits: the digit)."""
    names = [str(n) for n in bunch.target_names]
    return [names[int(t)] for t in bunch.target]


@pytest.mark.parametrize("name", REAL_PRESETS)
def test_real_presets_equal_scikit_learns_bundled_copies(name):
    loader, n, m, counts = REAL[name]
    ref = loader()
    ds = preset(name, multiclass=True)
    assert isinstance(ds, MulticlassDataset)
    assert ds.X.shape == (n, m) and ds.X.dtype == np.float64
    assert np.array_equal(ds.X, ref.data)  # every value, bit for bit, in the same row order
    assert ds.feature_names == list(ref.feature_names)
    assert ds.class_names_json() == list(counts)  # sorted: numerically for digits, else as text
    assert [ds.class_names_json()[c] for c in ds.y] == sk_names(ref)
    assert {c: int(np.sum(ds.y == i)) for i, c in enumerate(ds.class_names_json())} == counts


@pytest.mark.parametrize("name", REAL_PRESETS)
def test_real_presets_binary_default_is_the_first_two_classes(name):
    loader, n, m, counts = REAL[name]
    ref = loader()
    first, second = list(counts)[:2]
    ds = preset(name)
    keep = [c in (first, second) for c in sk_names(ref)]
    assert np.array_equal(ds.X, ref.data[keep])
    assert ds.label_mapping_json() == {"-1": first, "+1": second}
    assert ds.y.tolist() == [1 if c == second else -1 for c, k in zip(sk_names(ref), keep) if k]
    assert ds.feature_names == list(ref.feature_names)


def test_iris_two_classes_of_choice_and_any_features():
    ref = skd.load_iris()
    ds = preset("iris", classes=["virginica", "versicolor"], features=["petal length (cm)", 3])
    keep = ref.target > 0
    assert np.array_equal(ds.X, ref.data[keep][:, [2, 3]])
    assert ds.feature_names == ["petal length (cm)", "petal width (cm)"]
    assert ds.label_mapping_json() == {"-1": "versicolor", "+1": "virginica"}  # sorted, whatever the order asked
    assert ds.y.tolist() == [1 if t == 2 else -1 for t in ref.target[keep]]
    assert ds.name == "iris (versicolor vs virginica)"
    three = preset("iris", multiclass=True, features=[0, 1])
    assert three.X.shape == (150, 2) and three.class_names_json() == ["setosa", "versicolor", "virginica"]
    digits = preset("digits", classes=[3, 8])
    assert digits.label_mapping_json() == {"-1": "3", "+1": "8"} and digits.n == 183 + 174


@pytest.mark.parametrize("kwargs,field,words", [
    ({"classes": ["setosa", "rose"]}, "classes", "no class 'rose'"),
    ({"classes": ["setosa"]}, "classes", "two different classes"),
    ({"classes": ["setosa", "setosa"]}, "classes", "two different classes"),
    ({"classes": ["setosa", "versicolor", "virginica"]}, "classes", "two different classes"),
    ({"features": ["petal colour"]}, "features", "no feature 'petal colour'"),
    ({"features": [4]}, "features", "numbers 0 to 3"),
    ({"features": []}, "features", "at least one feature"),
])
def test_real_preset_choices_are_checked(kwargs, field, words):
    with pytest.raises(SettingsError) as e:
        preset("iris", **kwargs)
    assert e.value.field == field and words in e.value.message


def test_choices_for_a_generated_preset_are_refused_and_multiclass_wraps_binary_presets():
    with pytest.raises(SettingsError) as e:
        preset("xor", classes=["0", "1"])
    assert e.value.field == "classes" and "iris" in e.value.message
    m = preset("xor", multiclass=True)
    assert m.y.tolist() == [0, 1, 1, 0] and m.classes == ["0", "1"]


def test_real_dataset_files_ship_in_both_wheels(tmp_path):
    """build.py's app wheel takes every file under py/perceptron_lab; pyproject's package-data
    must name them for pip's wheel."""
    import fnmatch
    import importlib.util
    import tomllib
    import zipfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = sorted(p.relative_to(root / "py" / "perceptron_lab").as_posix()
                   for p in (root / "py" / "perceptron_lab" / "data" / "real").iterdir()
                   if p.is_file() and p.suffix != ".py")
    assert {"data/real/iris.csv", "data/real/breast_cancer.csv", "data/real/wine.csv",
            "data/real/digits.csv.gz", "data/real/README.md"} <= set(files)
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for f in files:
        assert any(fnmatch.fnmatch(f, g) for g in globs["perceptron_lab"]), f
    spec = importlib.util.spec_from_file_location("build_under_test", root / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    wheel = build.build_app_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    for f in files:
        assert f"perceptron_lab/{f}" in names
    assert "perceptron_lab/data/real/__init__.py" in names


def test_describe_lists_the_choices_a_page_offers():
    from perceptron_lab.data.real import describe

    d = describe("iris")
    assert d["classes"] == ["setosa", "versicolor", "virginica"] and d["n"] == 150
    assert d["features"] == list(skd.load_iris().feature_names) and "Fisher" in d["info"]
    assert describe("digits")["classes"] == [str(k) for k in range(10)]


def test_the_suggested_plot_features_skip_blank_pixels_only():
    from perceptron_lab.data import real as datasets

    # Digits: pixel_0_0 and pixel_0_1 are blank in every image; the two pixels whose ink varies
    # most (by hand: variances 42.7 and 41.5) are row 5, columns 2 and 3.
    d = datasets.describe("digits")
    assert d["features"][0] == "pixel_0_0" and d["plot"] == [5 * 8 + 2, 5 * 8 + 3]
    assert [d["features"][i] for i in d["plot"]] == ["pixel_5_2", "pixel_5_3"]
    for name in ("iris", "wine", "breast-cancer"):  # their first two features vary: kept
        assert datasets.describe(name)["plot"] is None


@pytest.mark.parametrize("lang", ["de", "es"])
def test_each_data_sets_sentence_is_said_in_the_pages_language_with_its_numbers(lang):
    from perceptron_lab import i18n
    from perceptron_lab.data import real

    english = {name: real.describe(name)["info"] for name in real.REAL}
    try:
        i18n.use_language(lang)
        said = {name: real.describe(name)["info"] for name in real.REAL}
    finally:
        i18n.use_language("en")
    for name, text in said.items():
        assert text != english[name], (lang, name)
        # The counts stay (in the language's marks): 150 flowers, 569 tumours, 178 wines, 1 797 images.
        assert {"iris": "150", "breast-cancer": "569", "wine": "178", "digits": "1 797"}[name] in text, text
