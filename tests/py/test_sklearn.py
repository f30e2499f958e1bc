"""perceptron_lab.sklearn: the linear estimators (one per linear algorithm of params.json) pass
scikit-learn's check_estimator, binary only by the tag."""

import os
import subprocess
import sys

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils import get_tags
from sklearn.utils.estimator_checks import check_estimator

from perceptron_lab import DataError, estimators, settings
from perceptron_lab import sklearn as plsk

NAMES = [o["estimator"] for o in settings.param("algorithm")["options"] if o["family"] == "linear"]

# scikit-learn itself skips these when an optional library or switch is missing on this machine;
# every other check must run and pass. (SCIPY_ARRAY_API's check is run below in a subprocess.)
ENVIRONMENT_SKIPS = ("pandas is not installed", "SCIPY_ARRAY_API is not set", "polars is not installed")


@pytest.mark.parametrize("name", NAMES)
def test_check_estimator_passes(name):
    results = check_estimator(getattr(plsk, name)(), on_skip=None, on_fail=None)
    failed = [f"{r['check_name']}: {r['exception']!r}" for r in results if r["status"] in ("failed", "xfail")]
    assert not failed, "\n".join(failed)
    skipped = [(r["check_name"], str(r["exception"])) for r in results if r["status"] == "skipped"]
    assert all(any(reason in why for reason in ENVIRONMENT_SKIPS) for _, why in skipped), skipped
    passed = {r["check_name"] for r in results if r["status"] == "passed"}
    # The binary-only tag swaps multiclass data for two classes and adds this check.
    assert "check_classifier_not_supporting_multiclass" in passed
    assert {"check_classifiers_train", "check_estimators_pickle", "check_fit2d_1sample",
            "check_classifiers_one_label", "check_methods_sample_order_invariance",
            "check_n_features_in_after_fitting", "check_estimators_dtypes"} <= passed
    assert len(passed) >= 50


def test_array_api_check_with_dispatch_switched_on():
    code = """
import sys
from sklearn.utils.estimator_checks import check_array_api_input
from perceptron_lab import sklearn as plsk
for name in sys.argv[1:]:
    check_array_api_input(name, getattr(plsk, name)(), array_namespace="numpy", expect_only_array_outputs=False)
print("ok")
"""
    env = {**os.environ, "SCIPY_ARRAY_API": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code, *NAMES], capture_output=True, text=True, env=env)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


@pytest.mark.parametrize("name", NAMES)
def test_tag_says_binary_only(name):
    est = getattr(plsk, name)()
    tags = get_tags(est)
    assert tags.estimator_type == "classifier"
    assert tags.classifier_tags.multi_class is False
    X = np.arange(12.0).reshape(6, 2)
    with pytest.raises(ValueError, match="Only binary classification is supported") as err:
        est.fit(X, [0, 1, 2, 0, 1, 2])
    assert isinstance(err.value, DataError)
    with pytest.raises(ValueError, match="one class"):
        est.fit(X, [1] * 6)


@pytest.mark.parametrize("name", NAMES)
def test_same_answer_as_the_numpy_estimators(name):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(120, 3))
    y = np.where(X @ [1.0, -2.0, 0.5] + 0.2 + 0.5 * rng.normal(size=120) > 0, "yes", "no")
    params = dict(max_epochs=9, eta=0.5, order="shuffle-each", random_state=4, normalize=True)
    ours = getattr(estimators, name)(**params).fit(X, y)
    theirs = getattr(plsk, name)(**params).fit(X, y)
    assert isinstance(theirs, getattr(estimators, name))
    for attr in ("coef_", "intercept_", "classes_"):
        assert np.array_equal(getattr(ours, attr), getattr(theirs, attr))
    assert ours.n_iter_ == theirs.n_iter_ and ours.status_ == theirs.status_ and theirs.n_features_in_ == 3
    assert np.array_equal(ours.decision_function(X), theirs.decision_function(X))
    assert np.array_equal(ours.predict(X), theirs.predict(X))
    assert ours.score(X, y) == theirs.score(X, y)
    # partial_fit goes through the same training.
    a = getattr(estimators, name)().partial_fit(X, y, classes=["no", "yes"]).partial_fit(X, y)
    b = getattr(plsk, name)().partial_fit(X, y, classes=["no", "yes"]).partial_fit(X, y)
    assert np.array_equal(a.coef_, b.coef_) and np.array_equal(a.intercept_, b.intercept_)


def test_the_linear_classes_and_only_they():
    assert {"Perceptron", "BatchPerceptron", "AveragedPerceptron", "VotedPerceptron", "PocketPerceptron"} <= set(NAMES)
    assert plsk.__all__ == NAMES
    for name in NAMES:
        cls = getattr(plsk, name)
        assert cls.__module__ == "perceptron_lab.sklearn" and cls.__qualname__ == name  # pickle finds it
        assert cls.__doc__ == getattr(estimators, name).__doc__


def test_works_in_sklearn_tools():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(200, 2))
    y = (X[:, 0] - X[:, 1] > 0).astype(int)
    est = plsk.Perceptron(max_epochs=20)
    assert repr(est) == "Perceptron(max_epochs=20)"
    assert clone(est).get_params() == est.get_params()
    scores = cross_val_score(make_pipeline(StandardScaler(), plsk.AveragedPerceptron()), X, y, cv=4)
    assert scores.mean() > 0.95
    est.set_params(feature_map="poly2").fit(X, y)
    assert est.coef_.shape == (1, 5) and est.n_features_in_ == 2
