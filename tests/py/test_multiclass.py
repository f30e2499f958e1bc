"""The multiclass perceptron against a literal per-example loop, the binary perceptron on two
classes, scikit-learn's metrics, and real data (iris, digits)."""

from dataclasses import replace

import numpy as np
import pytest

from perceptron_lab import DataError, MulticlassPerceptron, SettingsError
from perceptron_lab.core import train
from perceptron_lab.core.features import prepare
from perceptron_lab.core.multiclass import confusion_matrix, per_class_accuracy, train_multiclass
from reference import multiclass_run, orders_of

ORDERS = ["fixed", "shuffle-once", "shuffle-each"]



@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("eta", [1.0, 0.3])
def test_equals_the_literal_loop_on_random_data(order, eta):
    rng = np.random.default_rng(12)
    for K in (2, 3, 5):
        n, d = int(rng.integers(30, 300)), int(rng.integers(1, 5))
        X = rng.normal(size=(n, d))
        y = rng.integers(0, K, size=n)
        y[:K] = np.arange(K)  # every class present
        Z = prepare(X)
        run = train_multiclass(Z, y, K, eta=eta, order=order, seed=6, max_epochs=8)
        W, _, updates = multiclass_run(Z, y, K, orders_of(order, n, 6, run.n_epochs), eta)
        assert list(zip(run.trace.index.tolist(), run.trace.true.tolist(), run.trace.rival.tolist())) == updates
        if eta == 1.0:
            assert np.array_equal(run.model.W_last, W) and np.array_equal(run.model.W, W)
        else:  # the run adds x̃ and scales by η once; the literal loop adds η·x̃ each time
            np.testing.assert_allclose(run.model.W_last, W, rtol=1e-12, atol=1e-12)
        assert np.array_equal(run.trace.weights_at(run.trace.total, Z, K, eta), run.model.W_last)


def test_averaged_is_the_mean_of_w_after_every_example():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(200, 3))
    y = rng.integers(0, 4, size=200)
    Z = prepare(X)
    run = train_multiclass(Z, y, 4, average=True, max_epochs=6, order="shuffle-each", seed=1)
    W, mean, _ = multiclass_run(Z, y, 4, orders_of("shuffle-each", 200, 1, run.n_epochs))
    assert np.array_equal(run.model.W_last, W)
    np.testing.assert_allclose(run.model.W, mean, rtol=1e-10, atol=1e-10)


def blobs3(seed=0):
    rng = np.random.default_rng(seed)
    centers = np.array([[0.0, 4.0], [4.0, -2.0], [-4.0, -2.0]])
    y = np.repeat(np.arange(3), 60)
    return centers[y] + rng.uniform(-1, 1, size=(180, 2)), y


def test_averaged_runs_all_epochs_after_converging_unless_early_stop():
    X, y = blobs3()
    Z = prepare(X)
    on = train_multiclass(Z, y, 3, average=True, max_epochs=12)
    assert on.status == "converged" and on.n_epochs == 12 and on.converged_epoch < 12
    assert on.epoch_mistakes[on.converged_epoch - 1:] == [0] * (12 - on.converged_epoch + 1)
    _, mean, _ = multiclass_run(Z, y, 3, orders_of("fixed", len(Z), 0, 12), stop_when_clean=False)
    np.testing.assert_allclose(on.model.W, mean, rtol=1e-10, atol=1e-10)
    stop = train_multiclass(Z, y, 3, average=True, max_epochs=12, early_stop=True)
    assert stop.n_epochs == stop.converged_epoch == on.converged_epoch
    plain = train_multiclass(Z, y, 3, max_epochs=12)
    assert plain.n_epochs == plain.converged_epoch == on.converged_epoch


def test_eta_only_rescales():
    rng = np.random.default_rng(9)
    Z = prepare(rng.normal(size=(150, 3)))
    y = rng.integers(0, 3, size=150)
    one = train_multiclass(Z, y, 3, max_epochs=5, average=True)
    for eta in (0.1, 7.0):
        run = train_multiclass(Z, y, 3, max_epochs=5, average=True, eta=eta)
        assert run.trace.index.tolist() == one.trace.index.tolist()
        assert np.array_equal(run.model.W_last, eta * one.model.W_last) and np.array_equal(run.model.W, eta * one.model.W)


def test_first_example_is_always_a_mistake_and_ties_go_to_the_lowest_class():
    Z = prepare(np.array([[1.0, 2.0], [3.0, -1.0]]))
    run = train_multiclass(Z, np.array([0, 1]), 3, max_epochs=1)
    assert run.trace.index[0] == 0 and run.trace.true[0] == 0 and run.trace.rival[0] == 1
    assert run.trace.score_true[0] == run.trace.score_rival[0] == 0.0
    fresh = train_multiclass(Z, np.array([0, 1]), 3, max_epochs=1)
    fresh.W_units = np.zeros((3, 3))  # predictions come from W in units of η
    fresh.model = replace(fresh.model, W=fresh.W_units)
    assert fresh.predict(Z).tolist() == [0, 0]
    fresh.W_units = np.array([[0.0, 0, 0], [0, 0, 1], [0, 0, 1]])
    fresh.model = replace(fresh.model, W=fresh.W_units)
    assert fresh.predict(Z).tolist() == [1, 1]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("average", [False, True])
def test_two_classes_are_the_binary_perceptron_at_twice_eta(order, average):
    # Relation: W_1 = -W_0 and W_1 - W_0 = 2·w of the binary perceptron on y = ±1 (class 1 = +1),
    # with the same mistakes; the averaged answers satisfy the same relation.
    rng = np.random.default_rng(4)
    X = rng.normal(size=(300, 3))
    cls = np.where(X @ np.array([1.0, -2.0, 0.5]) + rng.normal(scale=0.7, size=300) > 0, 1, 0)
    Z = prepare(X)
    multi = train_multiclass(Z, cls, 2, average=average, order=order, seed=8, max_epochs=20)
    binary = train(Z, np.where(cls == 1, 1, -1), algorithm="averaged" if average else "online",
                   order=order, seed=8, max_epochs=20)
    assert multi.trace.index.tolist() == binary.trace.index.tolist()
    assert multi.epoch_mistakes == binary.epoch_mistakes
    assert np.array_equal(multi.model.W_last[1], -multi.model.W_last[0])
    assert np.array_equal(multi.model.W_last[1] - multi.model.W_last[0], 2 * binary.model.w_last)
    np.testing.assert_allclose(multi.model.W[1] - multi.model.W[0], 2 * binary.model.w, rtol=1e-10, atol=1e-10)
    Xt = prepare(rng.normal(size=(500, 3)))
    assert np.array_equal(multi.predict(Xt), (binary.predict(Xt) == 1).astype(int))


def test_two_classes_differ_from_the_binary_prediction_only_at_a_tie():
    Z = prepare(np.array([[1.0, 0.0], [-1.0, 0.0]]))
    multi = train_multiclass(Z, np.array([1, 0]), 2, max_epochs=10)
    binary = train(Z, np.array([1, -1]), max_epochs=10)
    on_boundary = np.array([[0.0, 5.0, 0.0]])  # v·x̃ = 0: w = (1, 0, 0)
    assert binary.decision_function(on_boundary)[0] == 0.0
    assert binary.predict(on_boundary)[0] == 1  # binary: 0 counts as +1 = class 1
    assert multi.predict(on_boundary)[0] == 0  # argmax tie: the lowest class


def test_xor_as_two_classes_cycles_like_the_binary_perceptron():
    Z = prepare(np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float))
    run = train_multiclass(Z, np.array([0, 1, 1, 0]), 2, max_epochs=50)
    assert run.status == "cycled" and run.cycle == {"epoch": 1, "period": 1}


def test_separable_three_classes_converge_with_no_training_error():
    X, y = blobs3()
    run = train_multiclass(prepare(X), y, 3, order="shuffle-each", seed=2)
    assert run.status == "converged" and run.epoch_mistakes[-1] == 0
    assert np.array_equal(run.predict(prepare(X)), y)
    assert run.epoch_accuracy[-1] == 1.0


def test_confusion_matrix_and_per_class_accuracy_match_scikit_learn():
    from sklearn.metrics import confusion_matrix as sk_cm, recall_score

    rng = np.random.default_rng(1)
    t, p = rng.integers(0, 4, 300), rng.integers(0, 4, 300)
    C = confusion_matrix(t, p, 4)
    assert np.array_equal(C, sk_cm(t, p, labels=range(4)))
    np.testing.assert_allclose(per_class_accuracy(C), recall_score(t, p, average=None))
    assert per_class_accuracy(confusion_matrix([0, 0], [0, 1], 3)) == [0.5, None, None]


def test_iris_three_classes():
    from sklearn.datasets import load_iris

    iris = load_iris()
    est = MulticlassPerceptron(average=True, max_epochs=500).fit(iris.data, iris.target_names[iris.target])
    assert est.classes_.tolist() == ["setosa", "versicolor", "virginica"]
    assert est.coef_.shape == (3, 4) and est.intercept_.shape == (3,)
    assert est.score(iris.data, iris.target_names[iris.target]) >= 0.95
    C = est.confusion_matrix(iris.data, iris.target_names[iris.target])
    assert C.sum() == 150 and C[0, 0] == 50  # setosa is linearly separable from the rest


def test_digits_train_to_a_sensible_accuracy():
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    d = load_digits()
    Xtr, Xte, ytr, yte = train_test_split(d.data, d.target, test_size=0.3, random_state=0, stratify=d.target)
    for average in (False, True):
        est = MulticlassPerceptron(average=average, max_epochs=30, order="shuffle-each").fit(Xtr, ytr)
        assert est.coef_.shape == (10, 64)
        assert est.score(Xtr, ytr) >= 0.97
        assert est.score(Xte, yte) >= 0.93
        np.testing.assert_allclose(est.decision_function(Xte), Xte @ est.coef_.T + est.intercept_)


def test_estimator_errors():
    X = np.arange(8.0).reshape(4, 2)
    with pytest.raises(DataError, match="only one class"):
        MulticlassPerceptron().fit(X, [1, 1, 1, 1])
    with pytest.raises(SettingsError, match="parameter average='yes'"):
        MulticlassPerceptron(average="yes").fit(X, [0, 1, 2, 0])
    with pytest.raises(SettingsError, match="parameter max_epochs=0"):
        MulticlassPerceptron(max_epochs=0).fit(X, [0, 1, 2, 0])
    est = MulticlassPerceptron().fit(X, [0, 1, 2, 0])
    with pytest.raises(DataError, match="not one of the classes"):
        est.confusion_matrix(X, [0, 1, 2, 7])
    with pytest.raises(DataError, match="Classes must be whole numbers"):
        train_multiclass(prepare(X), np.array([0.0, 1, 2, 0]))


def test_summary_is_json_with_one_row_per_class_bias_last():
    import json

    from perceptron_lab.bridge.run_summary import multiclass_summary as summary

    X, y = blobs3(1)
    Z = prepare(X)
    run = train_multiclass(Z, y, 3, max_epochs=20)
    s = json.loads(json.dumps(summary(run, Z, y, ["a", "b", "c"])))
    assert s["classes"] == ["a", "b", "c"]
    assert np.array_equal(np.array(s["weights"]), run.model.W) and len(s["weights"][0]) == 3  # x1, x2, bias
    assert s["confusion"] == np.diag([60, 60, 60]).tolist() and s["per_class_accuracy"] == [1.0] * 3
    assert s["trace"]["index"] == run.trace.index.tolist() and s["updates"] == run.trace.total


def test_weights_at_a_step_are_the_weights_of_the_shorter_run():
    rng = np.random.default_rng(5)
    Z = prepare(rng.normal(size=(120, 3)))
    y = rng.integers(0, 4, size=120)
    full = train_multiclass(Z, y, 4, max_epochs=6, order="shuffle-each", seed=3, eta=0.5)
    for epochs in (1, 3):
        short = train_multiclass(Z, y, 4, max_epochs=epochs, order="shuffle-each", seed=3, eta=0.5)
        assert np.array_equal(full.trace.weights_at(short.trace.total, Z, 4, 0.5), short.model.W_last)
    assert np.array_equal(full.trace.weights_at(0, Z, 4), np.zeros((4, 4)))


def test_trace_cap_subsamples_evenly_and_w_at_every_kept_update_is_exact():
    """Past the cap the kept updates spread evenly over the whole run and the trace says so; W after
    each kept update is the literal loop's W after that many updates (whole-number data: exact)."""
    rng = np.random.default_rng(21)
    Z = prepare(rng.integers(-5, 6, size=(90, 2)).astype(float))
    y = rng.integers(0, 3, size=90)
    run = train_multiclass(Z, y, 3, max_epochs=12, order="shuffle-each", seed=4, trace_cap=10)
    _, _, updates = multiclass_run(Z, y, 3, orders_of("shuffle-each", 90, 4, run.n_epochs))
    tr = run.trace
    assert tr.subsampled and tr.total == len(updates) > 10
    assert 5 <= len(tr.step) <= 11 and len(set(np.diff(tr.step[:-1]).tolist())) == 1 and tr.step[-1] == tr.total
    assert tr.step[-1] > tr.total // 2
    assert list(zip(tr.index.tolist(), tr.true.tolist(), tr.rival.tolist())) == [updates[t - 1] for t in tr.step]
    for t in [0, *tr.step.tolist(), tr.total]:
        W = np.zeros((3, 3))
        for i, a, r in updates[:t]:
            W[a] += Z[i]
            W[r] -= Z[i]
        assert np.array_equal(tr.weights_at(t, Z, 3), W), t
    assert np.array_equal(tr.weights_at(tr.total, Z, 3), run.model.W_last)
