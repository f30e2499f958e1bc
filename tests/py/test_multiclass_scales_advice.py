"""A multiclass run that never stops on raw features far apart in scale (scikit-learn's wine: proline's
standard deviation is ~314, hue's ~0.23) is told to standardize, not that perhaps no W separates the
classes: standardized, the same rule separates wine (checked here against an independent multiclass
linear separator: scikit-learn's LinearSVC, Crammer-Singer, fitting every example). Iris's features
are on one scale: its advice stays."""
import numpy as np
from sklearn.datasets import load_iris, load_wine
from sklearn.svm import LinearSVC

from perceptron_lab.bridge.door import handle


def _csv(bunch):
    rows = "\n".join(",".join(map(str, [*x, int(t)])) for x, t in zip(bunch.data, bunch.target))
    return ",".join([*bunch.feature_names, "target"]) + "\n" + rows


def _status(bunch, **settings):
    r = handle({"cmd": "train", "data": {"kind": "csv", "text": _csv(bunch), "label": "target"},
                "settings": {"algorithm": "multiclass", "plots": False, **settings}})
    assert r["ok"], r
    return r["status_text"]


def test_wine_raw_is_told_to_standardize_and_standardized_it_separates():
    wine = load_wine()
    sd = wine.data.std(axis=0)
    assert sd.max() / sd.min() >= 100
    Zs = (wine.data - wine.data.mean(axis=0)) / sd
    svm = LinearSVC(multi_class="crammer_singer", C=1e4, max_iter=100_000).fit(Zs, wine.target)
    assert np.all(svm.predict(Zs) == wine.target)  # a W separates the classes
    raw = _status(wine)
    assert "Mistakes never stopped" in raw and "Try Standardize" in raw, raw
    assert f"standard deviations from {sd.min():.4g} to {sd.max():.3g}" in raw, raw
    assert "perhaps no W separates" not in raw
    assert _status(wine, standardize=True).startswith("Converged after")


def test_iris_features_on_one_scale_keep_the_advice_to_average():
    iris = load_iris()
    sd = iris.data.std(axis=0)
    assert sd.max() / sd.min() < 100
    text = _status(iris)
    assert "perhaps no W separates the classes. Try Average" in text and "Standardize" not in text, text
