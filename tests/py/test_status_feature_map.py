"""A run that converged on mapped features says where the data is separable: XOR is not linearly
separable in its own plane (the preset says so beside it), but its poly2 features are. The check is
independent of the page: a hard-margin separator found by scikit-learn's linear SVM on the poly2
features written out here, and none on the raw XOR points."""
import numpy as np
from sklearn.svm import LinearSVC

from perceptron_lab import i18n
from perceptron_lab.bridge.door import handle

XOR = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float), np.array([-1, 1, 1, -1])


def _separable(Z, y):
    clf = LinearSVC(C=1e6, loss="hinge", max_iter=200_000, tol=1e-10).fit(Z, y)
    return bool(np.all(clf.predict(Z) == y))


def _status(**settings):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": settings.pop("preset")},
                "settings": {"plots": False, **settings}})
    assert r["ok"], r
    return r["status_text"]


def test_xor_with_poly2_is_said_separable_in_its_features_not_in_its_plane():
    X, y = XOR
    poly2 = np.column_stack([X[:, 0], X[:, 1], X[:, 0] * X[:, 1], X[:, 0] ** 2, X[:, 1] ** 2])
    assert _separable(poly2, y) and not _separable(X, y)
    text = _status(preset="xor", feature_map="poly2")
    assert text.startswith("Converged after")
    assert "Separable in the poly2 features (x1, x2, x1·x2, x1², x2²)" in text
    assert "in the plane of the data itself the boundary is a curve" in text


def test_a_run_without_a_map_says_nothing_of_features():
    text = _status(preset="and")
    assert text.startswith("Converged after") and "features" not in text


def test_the_sentence_is_in_the_catalogs():
    try:
        r = handle({"cmd": "train", "data": {"kind": "preset", "name": "xor"},
                    "settings": {"plots": False, "feature_map": "poly2"}, "lang": "de"})
    finally:
        i18n.use_language("en")  # the page's language stays for its later requests: not the next test's
    assert "Trennbar in den poly2-Merkmalen" in r["status_text"]
