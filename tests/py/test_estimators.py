"""perceptron_lab.estimators: the scikit-learn-style classes on numpy alone, against core.train."""

import inspect
import os
import pickle
import subprocess
import sys
import warnings

import numpy as np
import pytest

import perceptron_lab
from perceptron_lab import DataError, SettingsError, estimators, settings
from perceptron_lab.core import train
from perceptron_lab.estimators import (AveragedPerceptron, NotFittedError, Perceptron, PocketPerceptron,
                                       VotedPerceptron)
from perceptron_lab.core.features import prepare
from perceptron_lab.texts.variants import VARIANTS
import reference

OPTIONS = settings.param("algorithm")["options"]
# Every linear algorithm's class, the one params.json's `estimator` names.
ALGORITHM = {getattr(estimators, o["estimator"]): o["value"] for o in OPTIONS if o["family"] == "linear"}
ALL = list(ALGORITHM)

BOOL_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
AND_01 = np.array([0, 0, 0, 1])
XOR_01 = np.array([0, 1, 1, 0])


def noisy_data(seed, n=200, d=3, flip=0.2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X @ rng.normal(size=d) + 0.3 > 0, 1, -1)
    y[rng.random(n) < flip] *= -1
    return X, y


def test_import_is_light():
    code = ("import sys, perceptron_lab as pl; assert pl.VotedPerceptron is pl.estimators.VotedPerceptron; "
            "print(any(m.split('.')[0] in ('sklearn', 'matplotlib') for m in sys.modules))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "False"


def test_the_public_names():
    # The classes people import, each the one its algorithm's params.json entry names.
    named = {"Perceptron": "online", "BatchPerceptron": "batch", "AveragedPerceptron": "averaged",
             "VotedPerceptron": "voted", "PocketPerceptron": "pocket", "KernelPerceptron": "kernel",
             "MulticlassPerceptron": "multiclass"}
    assert named.items() <= {o["estimator"]: o["value"] for o in OPTIONS}.items()
    assert list(estimators.ESTIMATORS) == [o["estimator"] for o in OPTIONS]
    assert set(estimators.__all__) == set(estimators.ESTIMATORS) | {"NotFittedError"}
    for o in OPTIONS:
        cls = getattr(perceptron_lab, o["estimator"])
        assert cls is getattr(estimators, o["estimator"]) is estimators.ESTIMATORS[o["estimator"]]
        assert cls.__name__ == cls.__qualname__ == o["estimator"]
        assert getattr(sys.modules[cls.__module__], cls.__qualname__) is cls  # where pickle looks


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_a_linear_class_trains_its_algorithm_and_says_what_it_is(cls):
    est = cls(max_epochs=3).fit(BOOL_X, XOR_01)
    assert est.run_.algorithm == ALGORITHM[cls]
    assert cls.__doc__ == VARIANTS[ALGORITHM[cls]].summary and cls.__doc__.endswith(".")
    assert "max_epochs=100, eta=1.0" in str(inspect.signature(cls))  # help() shows the parameters
    assert repr(cls(eta=0.5, order="shuffle-each")) == f"{cls.__name__}(eta=0.5, order='shuffle-each')"


@pytest.mark.parametrize("o", OPTIONS, ids=lambda o: o["estimator"])
def test_a_fitted_estimator_pickles(o):
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [2, 2], [2, 0]], dtype=float)
    y = [0, 0, 0, 1, 1, 2] if o["classes"] == "every" else [0, 0, 0, 1, 1, 1]
    est = getattr(perceptron_lab, o["estimator"])(max_epochs=5).fit(X, y)
    back = pickle.loads(pickle.dumps(est))
    assert type(back) is type(est) and repr(back) == repr(est)
    assert np.array_equal(back.decision_function(X), est.decision_function(X))
    assert np.array_equal(back.predict(X), est.predict(X))


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_and_weights_equal_core_train(cls):
    est = cls().fit(BOOL_X, AND_01)
    run = train(prepare(BOOL_X), np.where(AND_01 == 1, 1, -1), algorithm=ALGORITHM[cls], max_epochs=100)
    assert np.array_equal(est.coef_, run.model.w[None, :-1])
    assert np.array_equal(est.intercept_, run.model.w[-1:])
    assert est.coef_.shape == (1, 2) and est.intercept_.shape == (1,)
    assert est.n_iter_ == run.n_epochs and est.status_ == run.status == "converged"
    assert est.n_features_in_ == 2
    assert est.run_.algorithm == ALGORITHM[cls]
    assert np.array_equal(est.predict(BOOL_X), np.where(run.predict(prepare(BOOL_X)) == 1, 1, 0))
    if cls is not VotedPerceptron:  # the vote still counts the early w's, which err on (1, 0)
        assert est.score(BOOL_X, AND_01) == 1.0


def test_online_and_by_hand():
    # AND, x̃ = (x1, x2, 1), fixed order, eta 1, w0 = 0, worked by hand: 8 epochs with mistakes,
    # the 9th clean, w = (3, 2, -4).
    est = Perceptron().fit(BOOL_X, AND_01)
    assert est.coef_.tolist() == [[3.0, 2.0]] and est.intercept_.tolist() == [-4.0]
    assert est.n_iter_ == 9 and est.status_ == "converged"
    assert est.run_.epoch_mistakes[-1] == 0
    assert len(est.run_.epoch_mistakes) == est.n_iter_
    assert est.run_.trace.w.shape[1] == 3


def test_without_intercept_and_with_options():
    X, y = noisy_data(0)
    est = Perceptron(fit_intercept=False, normalize=True, eta=0.5, max_epochs=7, order="shuffle-each",
                     random_state=3).fit(X, y)
    run = train(prepare(X, fit_intercept=False, normalize=True), y, eta=0.5, max_epochs=7,
                order="shuffle-each", seed=3)
    assert np.array_equal(est.coef_[0], run.model.w)
    assert np.array_equal(est.intercept_, [0.0])
    Z = prepare(X, fit_intercept=False, normalize=True)
    assert np.allclose(est.decision_function(X), Z @ run.model.w)


def test_string_labels_map_sorted_first_to_minus_one():
    y = np.array(["spam", "ham", "spam", "ham"])
    X = np.array([[2.0, 1.0], [-1.0, -2.0], [3.0, 0.5], [-2.0, -0.5]])
    est = Perceptron().fit(X, y)
    assert est.classes_.tolist() == ["ham", "spam"]
    assert np.array_equal(est._signs(y), [1, -1, 1, -1])
    assert est.predict(X).tolist() == y.tolist()
    assert est.predict(X).dtype == y.dtype
    assert est.score(X, y) == 1.0
    # Same run as core on the -1/+1 labels: 'ham' -> -1, 'spam' -> +1.
    run = train(prepare(X), np.where(y == "spam", 1, -1))
    assert np.array_equal(est.coef_[0], run.model.w[:-1])


@pytest.mark.parametrize("labels", [(-1, 1), (0, 1), (3, 10), (2.5, 7.0), (False, True)])
def test_numeric_labels_map_and_come_back(labels):
    lo, hi = labels
    y = np.where(AND_01 == 1, hi, lo)
    est = Perceptron().fit(BOOL_X, y.tolist())
    assert est.classes_.tolist() == [lo, hi]
    pred = est.predict(BOOL_X)
    assert pred.tolist() == y.tolist()
    run = train(prepare(BOOL_X), np.where(AND_01 == 1, 1, -1))
    assert np.array_equal(est.coef_[0], run.model.w[:-1])


def test_numbers_sort_numerically_not_as_text():
    est = Perceptron().fit(BOOL_X, [9, 9, 9, 10])
    assert est.classes_.tolist() == [9, 10]  # as text "10" < "9"; numerically 9 is -1
    assert np.array_equal(est.coef_[0], train(prepare(BOOL_X), np.where(AND_01 == 1, 1, -1)).model.w[:-1])


def test_prediction_at_zero_is_the_second_class():
    est = Perceptron(fit_intercept=False, max_epochs=1).fit([[1.0, 0.0], [-1.0, 0.0]], ["a", "b"])
    # One mistake on 'a' (-1): w = (-1, 0); the point (0, 5) scores exactly 0.
    assert est.decision_function([[0.0, 5.0]]).tolist() == [0.0]
    assert est.predict([[0.0, 5.0]]).tolist() == ["b"]


def test_get_set_params_round_trip():
    params = dict(max_epochs=7, eta=0.5, fit_intercept=False, order="shuffle-once", random_state=11,
                  normalize=True, feature_map="poly2", early_stop=True, standardize=True)
    est = AveragedPerceptron(**params)
    assert est.get_params() == params
    assert est.get_params(deep=False) == params
    other = AveragedPerceptron()
    assert other.set_params(**params) is other
    assert other.get_params() == params
    assert AveragedPerceptron(**other.get_params()).get_params() == params
    assert Perceptron().get_params() == dict(max_epochs=100, eta=1.0, fit_intercept=True, order="fixed",
                                             random_state=0, normalize=False, feature_map="none",
                                             early_stop=False, standardize=False)
    with pytest.raises(SettingsError, match="Invalid parameter 'alpha'"):
        other.set_params(alpha=1)
    assert repr(Perceptron(eta=0.5)) == "Perceptron(eta=0.5)"


def test_params_stored_unchanged_and_checked_only_at_fit():
    est = Perceptron(max_epochs=-3, eta="fast", order="random")  # no error here, as in scikit-learn
    assert est.max_epochs == -3 and est.eta == "fast" and est.order == "random"
    with pytest.raises(SettingsError) as err:
        est.fit(BOOL_X, AND_01)
    assert err.value.field == "order"
    cases = [({"max_epochs": 0}, "epochs", "max_epochs=0"), ({"eta": 0}, "eta", "eta=0"),
             ({"random_state": -1}, "seed", "random_state=-1"), ({"order": "x"}, "order", "order='x'"),
             ({"feature_map": "rbf"}, "feature_map", "feature_map='rbf'"),
             ({"fit_intercept": "yes"}, "bias", "fit_intercept"), ({"normalize": 1}, "normalize", "normalize")]
    for params, field, text in cases:
        with pytest.raises(SettingsError, match=text) as err:
            Perceptron(**params).fit(BOOL_X, AND_01)
        assert err.value.field == field
    fitted = Perceptron().fit(BOOL_X, AND_01)
    fitted.set_params(max_epochs=0)
    assert fitted.max_epochs == 0


@pytest.mark.parametrize("cls", [Perceptron, AveragedPerceptron, PocketPerceptron, VotedPerceptron])
def test_partial_fit_epoch_by_epoch_equals_fit(cls):
    X, y = noisy_data(1, n=150)
    labels = np.where(y == 1, "pos", "neg")
    est = cls()
    for epochs in range(1, 9):
        est.partial_fit(X, labels, classes=["neg", "pos"] if epochs == 1 else None)
        full = cls(max_epochs=epochs).fit(X, labels)
        assert full.status_ == "max_epochs"  # noisy: fit ran every epoch, as partial_fit did
        assert np.array_equal(est.coef_, full.coef_)
        assert np.array_equal(est.intercept_, full.intercept_)
        assert np.array_equal(est.predict(X), full.predict(X))
        assert est.n_iter_ == 1
        assert est.classes_.tolist() == ["neg", "pos"]


def test_partial_fit_continues_after_fit_and_on_new_batches():
    X, y = noisy_data(2, n=120)
    est = Perceptron(max_epochs=3).fit(X, y)
    est.partial_fit(X, y)
    assert np.array_equal(est.coef_, Perceptron(max_epochs=4).fit(X, y).coef_)
    # Mini-batches of one class are fine after the first call.
    est2 = Perceptron().partial_fit(X[:60], y[:60], classes=[-1, 1])
    est2.partial_fit(X[60:][y[60:] == 1], y[60:][y[60:] == 1])
    w = train(prepare(X[:60]), y[:60], max_epochs=1)
    w = train(prepare(X[60:][y[60:] == 1]), y[60:][y[60:] == 1], max_epochs=1, resume=w).model.w
    assert np.array_equal(np.append(est2.coef_[0], est2.intercept_), w)


def test_partial_fit_errors():
    with pytest.raises(DataError, match="classes must be given"):
        Perceptron().partial_fit(BOOL_X, AND_01)
    with pytest.raises(DataError, match="3 classes"):
        Perceptron().partial_fit(BOOL_X, AND_01, classes=[0, 1, 2])
    est = Perceptron().partial_fit(BOOL_X, AND_01, classes=[0, 1])
    with pytest.raises(DataError, match="not one of the classes"):
        est.partial_fit(BOOL_X, [0, 1, 2, 1])
    with pytest.raises(DataError, match="differs"):
        est.partial_fit(BOOL_X, AND_01, classes=[1, 2])
    with pytest.raises(DataError, match="3 features"):
        est.partial_fit(np.ones((4, 3)), AND_01)


def test_voted_prediction_matches_core_votes():
    X, y = noisy_data(3, n=200, d=2)
    est = VotedPerceptron(max_epochs=5).fit(X, y)
    Z = prepare(X)
    run = train(Z, y, algorithm="voted", max_epochs=5)
    W, c = run.model.votes
    assert np.array_equal(est.run_.model.votes[0], W) and np.array_equal(est.run_.model.votes[1], c)
    scores = sum(ck * np.where(Z @ wk >= 0, 1, -1) for wk, ck in zip(W, c))
    assert np.array_equal(est.decision_function(X), scores)
    assert np.array_equal(est.predict(X), np.where(scores >= 0, 1, -1))
    # coef_/intercept_ are the last w (prediction uses the votes, not them).
    assert np.array_equal(np.append(est.coef_[0], est.intercept_), W[-1])
    assert not np.array_equal(est.predict(X), np.where(Z @ W[-1] >= 0, 1, -1))


def test_poly2_xor_is_learned_perfectly():
    est = Perceptron(feature_map="poly2").fit(BOOL_X, XOR_01)
    assert est.status_ == "converged"
    assert est.score(BOOL_X, XOR_01) == 1.0
    assert est.coef_.shape == (1, 5)  # x1, x2, x1·x2, x1², x2²
    assert est.n_features_in_ == 2
    assert Perceptron().fit(BOOL_X, XOR_01).score(BOOL_X, XOR_01) < 1.0


@pytest.mark.parametrize("X, y, match", [
    (BOOL_X, [0, 1, 2, 1], "3 classes"),
    (BOOL_X, [1, 1, 1, 1], "only one class"),
    ([[0, 0], [0, np.nan], [1, 0], [1, 1]], AND_01, r"X\[1, 1\] is nan"),
    ([[0, 0], [0, np.inf], [1, 0], [1, 1]], AND_01, r"X\[1, 1\] is inf"),
    ([[0, 0], [0, 1, 2], [1, 0], [1, 1]], AND_01, "ragged"),
    ([0, 1, 0, 1], AND_01, "must be 2-D"),
    (BOOL_X, [0, 1, 0], "same length"),
    (BOOL_X, [0.0, np.nan, 0.0, 1.0], r"y\[1\] is nan"),
    (BOOL_X, [[0], [1], [0], [1]], "1-D"),
    ([["a", "b"], ["c", "d"]], [0, 1], "numbers"),
    (np.zeros((0, 2)), [], "no examples"),
    (np.zeros((2, 0)), [0, 1], "no features"),
    (BOOL_X, np.array([0, "a", 0, "a"], dtype=object), "mix numbers and text"),
    (BOOL_X, np.array([0, None, 0, 1], dtype=object), r"y\[1\] is None"),
])
def test_data_errors(X, y, match):
    with pytest.raises(DataError, match=match):
        Perceptron().fit(X, y)


def test_prediction_checks_fitted_and_width():
    with pytest.raises(NotFittedError):
        Perceptron().predict(BOOL_X)
    est = Perceptron().fit(BOOL_X, AND_01)
    with pytest.raises(DataError, match="3 features"):
        est.predict(np.ones((2, 3)))
    with pytest.raises(DataError, match="same length"):
        est.score(BOOL_X, [0, 1])


def test_pickle_round_trip():
    X, y = noisy_data(4)
    est = VotedPerceptron(max_epochs=4).fit(X, y)
    again = pickle.loads(pickle.dumps(est))
    assert np.array_equal(again.decision_function(X), est.decision_function(X))


@pytest.mark.parametrize("eta", [1.0, 1])
def test_online_equals_sklearn_perceptron_through_the_estimator(eta):
    from sklearn.linear_model import Perceptron as SkPerceptron

    for seed in range(3):
        X, y = noisy_data(seed, n=300, d=4)
        for epochs in (1, 5, 12):
            est = Perceptron(eta=eta, max_epochs=epochs).fit(X, y)
            assert est.status_ == "max_epochs"
            sk = SkPerceptron(penalty=None, tol=None, shuffle=False, eta0=eta, max_iter=epochs)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                sk.fit(X, y)
            assert np.array_equal(est.coef_, sk.coef_)
            assert np.array_equal(est.intercept_, sk.intercept_)
            assert np.array_equal(est.predict(X), sk.predict(X))


def test_fit_refuses_values_that_would_overflow():
    from perceptron_lab import DataError, Perceptron

    with pytest.raises(DataError) as e:
        Perceptron().fit([[0.0, 0.0], [1e200, 1.0]], [0, 1])
    assert "too large" in str(e.value) and e.value.row == 2


@pytest.mark.parametrize("order", ["shuffle-once", "shuffle-each"])
@pytest.mark.parametrize("cls", [Perceptron, AveragedPerceptron, PocketPerceptron, VotedPerceptron])
def test_partial_fit_with_shuffled_orders_equals_fit(cls, order):
    # Issue 7: shuffle-each reused the first permutation on every partial_fit call.
    X, y = noisy_data(2, n=120)
    est = cls(order=order, random_state=9)
    est.partial_fit(X, y, classes=[-1, 1]).partial_fit(X, y)
    full = cls(order=order, random_state=9, max_epochs=2).fit(X, y)
    assert np.array_equal(est.coef_, full.coef_) and np.array_equal(est.intercept_, full.intercept_)
    if order == "shuffle-each" and cls is Perceptron:
        # and it is not what reusing the first permutation would give
        g = np.random.default_rng(9)
        p = g.permutation(120)
        Z = np.hstack([X, np.ones((120, 1))])
        w = reference.online_visits(Z, y, epochs=2, orders=[p, p], stop_clean=False)[-1].w_after
        assert not np.array_equal(np.append(est.coef_[0], est.intercept_), w)
