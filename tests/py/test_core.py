"""The engine against its definitions: AND and XOR by hand, the block scan equal to the literal loop,
scikit-learn's Perceptron and averaged SGD, every variant's rule, Novikoff's bound."""
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from perceptron_lab.core import train, predict_sign
from perceptron_lab.core.features import prepare
from reference import plain_averaged, plain_online
from corekit import AND_Y, BOOL_X, noisy_data


XOR_Y = np.array([-1, 1, 1, -1])


def separable_data(rng, n, d, margin):
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    X = rng.uniform(-1, 1, size=(n, d))
    s = X @ u + 0.1
    keep = np.abs(s) >= margin
    return X[keep], np.where(s[keep] > 0, 1, -1)


def assert_same_as_plain(Z, y, run, epochs):
    w, mistakes, updates = plain_online(Z, y, epochs=epochs)
    assert np.array_equal(run.model.w_last, w)
    assert run.epoch_mistakes == mistakes
    assert run.trace.total == len(updates)
    assert list(run.trace.index) == [i for _, i, _ in updates]
    assert list(run.trace.epoch) == [e for e, _, _ in updates]
    assert np.array_equal(run.trace.w, np.array([u for _, _, u in updates]).reshape(-1, Z.shape[1]))


def test_and_online_by_hand():
    # Seed 001, Algorithm 1 on AND with x̃ = (x1, x2, 1), worked by hand for the first epoch:
    # (0,0): a=0 -> mistake, w=(0,0,-1); (0,1): a=-1 ok; (1,0): a=-1 ok; (1,1): a=-1, y=+1 -> w=(1,1,0).
    run = train(prepare(BOOL_X), AND_Y)
    assert list(run.trace.w[0]) == [0, 0, -1]
    assert list(run.trace.w[1]) == [1, 1, 0]
    assert list(run.trace.activation[:2]) == [0.0, -1.0]
    assert run.epoch_mistakes[0] == 2
    assert run.status == "converged"
    assert run.epoch_mistakes[-1] == 0
    assert np.array_equal(run.predict(prepare(BOOL_X)), AND_Y)


def test_xor_cycles_at_epoch_one():
    # (0,0,1)-: w=(0,0,-1); (0,1,1)+: a=-1 -> (0,1,0); (1,0,1)+: a=0 -> (1,1,1); (1,1,1)-: a=3 -> (0,0,0).
    run = train(prepare(BOOL_X), XOR_Y, max_epochs=50)
    assert run.status == "cycled"
    assert run.cycle == {"epoch": 1, "period": 1}
    assert run.n_updates == 4


@pytest.mark.parametrize("algorithm", ["online", "batch", "averaged", "voted", "pocket"])
def test_xor_never_converges_and_poly2_does(algorithm):
    run = train(prepare(BOOL_X), XOR_Y, algorithm=algorithm, max_epochs=200)
    assert run.status in ("cycled", "max_epochs")
    assert run.status == "cycled"
    mapped = train(prepare(BOOL_X, feature_map="poly2"), XOR_Y, algorithm=algorithm, max_epochs=200)
    assert mapped.status == "converged"
    if algorithm in ("online", "batch", "pocket"):  # a vote or an average of early w may still err
        assert np.array_equal(mapped.predict(prepare(BOOL_X, feature_map="poly2")), XOR_Y)


def test_and_weights_from_the_notes_classify_and():
    w = np.array([20.0, 20.0, -30.0])  # a = 20x1 + 20x2 - 30
    assert np.array_equal(predict_sign(prepare(BOOL_X) @ w), AND_Y)


def test_prediction_at_zero_is_plus_one():
    assert list(predict_sign(np.array([0.0, -0.0, -1e-300, 1e-300]))) == [1, 1, -1, 1]


@pytest.mark.parametrize("kind", ["separable", "noisy", "xor"])
@pytest.mark.parametrize("order", ["fixed", "shuffle-once", "shuffle-each"])
def test_vectorised_scan_equals_plain_loop(kind, order):
    rng = np.random.default_rng(7)
    if kind == "separable":
        X, y = separable_data(rng, 3000, 5, 0.05)
    elif kind == "noisy":
        X, y = noisy_data(rng, 2000, 4)
    else:
        X, y = np.tile(BOOL_X, (50, 1)), np.tile(XOR_Y, 50)
    Z = prepare(X)
    epochs = 12
    run = train(Z, y, max_epochs=epochs, order=order, seed=3)
    # Rebuild the visiting orders the same seeded generator produces.
    g = np.random.default_rng(3)
    if order == "fixed":
        perms = [np.arange(len(Z))] * epochs
    elif order == "shuffle-once":
        p = g.permutation(len(Z))
        perms = [p] * epochs
    else:
        perms = [g.permutation(len(Z)) for _ in range(epochs)]
    w, mistakes, updates = plain_online(Z, y, epochs=run.n_epochs, perm_per_epoch=perms)
    assert np.array_equal(run.model.w_last, w)
    assert run.epoch_mistakes == mistakes
    assert [int(i) for i in run.trace.index] == [i for _, i, _ in updates]
    assert np.array_equal(run.trace.w, np.array([u for _, _, u in updates]))


def test_block_scan_decides_near_zero_activations_as_the_plain_loop():
    """Unit-length whole-number rows put many activations within rounding of 0, where a block's
    matrix-vector product and one example's dot product can disagree: the per-example loop's
    dot product decides, and its value is the recorded activation."""
    rng = np.random.default_rng(5)
    X = rng.integers(-3, 4, size=(3000, 2)).astype(float)
    y = np.where(rng.random(3000) < 0.5, 1, -1)
    Z = prepare(X, normalize=True, fit_intercept=False)
    run = train(Z, y, max_epochs=20)
    assert_same_as_plain(Z, y, run, 20)
    _, _, updates = plain_online(Z, y, epochs=20)
    befores = [np.zeros(2)] + [u for _, _, u in updates[:-1]]
    assert run.trace.activation.tolist() == [Z[i] @ b for (_, i, _), b in zip(updates, befores)]


def test_plain_loop_equivalence_on_many_random_problems():
    rng = np.random.default_rng(0)
    for _ in range(20):
        n, d = int(rng.integers(5, 400)), int(rng.integers(1, 6))
        X, y = noisy_data(rng, n, d, flip=float(rng.uniform(0, 0.4))) if d >= 2 else \
            (rng.normal(size=(n, 1)), rng.choice([-1, 1], size=n))
        Z = prepare(X, fit_intercept=bool(rng.integers(2)))
        run = train(Z, y, max_epochs=8)
        assert_same_as_plain(Z, y, run, 8)


@pytest.mark.parametrize("eta", [1.0, 0.5, 0.25, 2.0])
def test_online_equals_sklearn_perceptron(eta):
    from sklearn.linear_model import Perceptron as SkPerceptron

    rng = np.random.default_rng(1)
    for X, y in [separable_data(rng, 500, 3, 0.02), noisy_data(rng, 400, 3)]:
        epochs = 7
        run = train(prepare(X), y, max_epochs=epochs, eta=eta)
        sk = SkPerceptron(penalty=None, tol=None, shuffle=False, eta0=eta, max_iter=epochs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sk.fit(X, y)
        assert np.array_equal(run.model.w[:-1], sk.coef_[0])
        assert run.model.w[-1] == sk.intercept_[0]


def test_averaged_lazy_equals_naive_definition():
    rng = np.random.default_rng(2)
    X, y = noisy_data(rng, 300, 3)
    Z = prepare(X)
    run = train(Z, y, algorithm="averaged", max_epochs=5)
    assert run.status == "max_epochs"
    np.testing.assert_allclose(run.model.w, plain_averaged(Z, y, 5), rtol=1e-12, atol=1e-12)
    # Integer data: every quantity is an exact dyadic rational, so equality is exact.
    Zb = prepare(BOOL_X)
    assert np.array_equal(train(Zb, XOR_Y, algorithm="averaged", max_epochs=1).model.w, plain_averaged(Zb, XOR_Y, 1))


def test_averaged_equals_sklearn_sgd_average():
    from sklearn.linear_model import SGDClassifier

    rng = np.random.default_rng(4)
    for X, y in [noisy_data(rng, 300, 3), separable_data(rng, 300, 2, 0.05)]:
        run = train(prepare(X), y, algorithm="averaged", max_epochs=6)
        sk = SGDClassifier(loss="perceptron", learning_rate="constant", eta0=1, penalty=None, tol=None,
                           shuffle=False, average=True, max_iter=run.n_epochs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sk.fit(X, y)
        np.testing.assert_allclose(run.model.w[:-1], sk.coef_[0], rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(run.model.w[-1], sk.intercept_[0], rtol=1e-10, atol=1e-10)


def test_voted_path_is_the_online_path_and_votes_count_every_example():
    rng = np.random.default_rng(5)
    X, y = noisy_data(rng, 200, 2)
    Z = prepare(X)
    voted = train(Z, y, algorithm="voted", max_epochs=4)
    online = train(Z, y, max_epochs=4)
    W, c = voted.model.votes
    assert np.array_equal(W[-1], online.model.w)
    assert c.sum() == voted.n_epochs * len(Z)
    # w_0 = 0 errs on the first example (a = 0 is a mistake), so it never lasts an example and
    # gets no vote: the voters are exactly the online path w_1, w_2, ...
    assert np.array_equal(W, online.trace.w)
    # The vote is sign(Σ c_k sign(w_k·x)), with 0 -> +1.
    scores = sum(ck * predict_sign(Z @ wk) for wk, ck in zip(W, c))
    assert np.array_equal(voted.predict(Z), predict_sign(scores))


def test_pocket_keeps_the_best_weights_seen():
    rng = np.random.default_rng(6)
    X, y = noisy_data(rng, 300, 2, flip=0.15)
    Z = prepare(X)
    pocket = train(Z, y, algorithm="pocket", max_epochs=20)
    online = train(Z, y, max_epochs=20)
    acc = lambda w: np.mean(predict_sign(Z @ w) == y)  # noqa: E731
    assert acc(pocket.model.w) >= acc(online.model.w)
    assert any(np.array_equal(pocket.model.w, w) for w in online.trace.w)
    # It is the most accurate w on the whole path (w = 0 included), not just a long-lived one.
    assert acc(pocket.model.w) == max(acc(np.zeros(3)), *(acc(w) for w in online.trace.w))
    # Accuracy per epoch never drops: the pocket only ever takes a strictly better w.
    assert all(b >= a for a, b in zip(pocket.epoch_accuracy, pocket.epoch_accuracy[1:]))


def test_one_sided_setting_equals_online_on_z():
    # Seed 002: with z = y·x̃ every label is +1 and the update is w += z when w·z <= 0.
    rng = np.random.default_rng(8)
    X, y = separable_data(rng, 400, 3, 0.05)
    Z = prepare(X, normalize=True)
    assert np.allclose(np.linalg.norm(Z, axis=1), 1.0)
    a = train(Z, y)
    b = train(Z * y[:, None], np.ones(len(y)))
    assert np.array_equal(a.model.w, b.model.w)
    assert a.epoch_mistakes == b.epoch_mistakes


def test_batch_is_gradient_descent_on_the_perceptron_criterion():
    Z = prepare(BOOL_X)
    run = train(Z, AND_Y, algorithm="batch", eta=0.5)
    theta = np.zeros(3)
    for k in range(run.n_updates):
        wrong = AND_Y * (Z @ theta) <= 0
        theta = theta + 0.5 * (AND_Y[wrong, None] * Z[wrong]).sum(axis=0)
        assert np.array_equal(run.trace.w[k], theta)
    assert np.array_equal(run.model.w, theta)
    assert run.status == "converged"
    assert all(run.trace.index == -1)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(10, 200))
def test_mistakes_within_the_novikoff_bound(seed, d, n):
    from hypothesis import assume

    from perceptron_lab import theory

    rng = np.random.default_rng(seed)
    X, y = separable_data(rng, n, d, 0.1)
    assume(len(set(y.tolist())) == 2)
    Z = prepare(X)
    m = theory.max_margin(Z, y)
    assert m.separable  # planted: y·(u·x + 0.1) >= 0.1 for a unit u
    run = train(Z, y, max_epochs=10_000)
    assert run.status == "converged"
    assert run.mistakes <= theory.bound(theory.radius(Z), m.gamma)
