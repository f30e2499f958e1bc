"""The training loop against hand-computed runs, a plain per-example loop, and scikit-learn."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from perceptron_lab import SettingsError
from perceptron_lab.core import train, predict_sign
from perceptron_lab.core.features import prepare
from reference import epoch_end_cycle, plain_averaged, plain_online, pocket_ratchet

BOOL_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
AND_Y = np.array([-1, -1, -1, 1])
XOR_Y = np.array([-1, 1, 1, -1])


def separable_data(rng, n, d, margin):
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    X = rng.uniform(-1, 1, size=(n, d))
    s = X @ u + 0.1
    keep = np.abs(s) >= margin
    return X[keep], np.where(s[keep] > 0, 1, -1)


def noisy_data(rng, n, d, flip=0.2):
    X = rng.normal(size=(n, d))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
    y[rng.random(n) < flip] *= -1
    return X, y


def assert_same_as_plain(Z, y, run, epochs):
    w, mistakes, updates = plain_online(Z, y, epochs=epochs)
    assert np.array_equal(run.w_last, w)
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
    assert np.array_equal(run.w_last, w)
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
        assert np.array_equal(run.w[:-1], sk.coef_[0])
        assert run.w[-1] == sk.intercept_[0]


def test_averaged_lazy_equals_naive_definition():
    rng = np.random.default_rng(2)
    X, y = noisy_data(rng, 300, 3)
    Z = prepare(X)
    run = train(Z, y, algorithm="averaged", max_epochs=5)
    assert run.status == "max_epochs"
    np.testing.assert_allclose(run.w, plain_averaged(Z, y, 5), rtol=1e-12, atol=1e-12)
    # Integer data: every quantity is an exact dyadic rational, so equality is exact.
    Zb = prepare(BOOL_X)
    assert np.array_equal(train(Zb, XOR_Y, algorithm="averaged", max_epochs=1).w, plain_averaged(Zb, XOR_Y, 1))


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
        np.testing.assert_allclose(run.w[:-1], sk.coef_[0], rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(run.w[-1], sk.intercept_[0], rtol=1e-10, atol=1e-10)


def test_voted_path_is_the_online_path_and_votes_count_every_example():
    rng = np.random.default_rng(5)
    X, y = noisy_data(rng, 200, 2)
    Z = prepare(X)
    voted = train(Z, y, algorithm="voted", max_epochs=4)
    online = train(Z, y, max_epochs=4)
    W, c = voted.votes
    assert np.array_equal(W[-1], online.w)
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
    assert acc(pocket.w) >= acc(online.w)
    assert any(np.array_equal(pocket.w, w) for w in online.trace.w)
    # It is the most accurate w on the whole path (w = 0 included), not just a long-lived one.
    assert acc(pocket.w) == max(acc(np.zeros(3)), *(acc(w) for w in online.trace.w))
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
    assert np.array_equal(a.w, b.w)
    assert a.epoch_mistakes == b.epoch_mistakes


def test_batch_is_gradient_descent_on_the_perceptron_criterion():
    Z = prepare(BOOL_X)
    run = train(Z, AND_Y, algorithm="batch", eta=0.5)
    theta = np.zeros(3)
    for k in range(run.n_updates):
        wrong = AND_Y * (Z @ theta) <= 0
        theta = theta + 0.5 * (AND_Y[wrong, None] * Z[wrong]).sum(axis=0)
        assert np.array_equal(run.trace.w[k], theta)
    assert np.array_equal(run.w, theta)
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


def test_trace_cap_subsamples_evenly_and_says_so():
    rng = np.random.default_rng(9)
    X, y = noisy_data(rng, 500, 2, flip=0.3)
    run = train(prepare(X), y, max_epochs=30, trace_cap=100)
    assert run.trace.subsampled
    assert run.trace.total == run.n_updates > 100
    assert 50 <= len(run.trace.step) <= 100
    gaps = np.diff(run.trace.step)
    assert len(set(gaps.tolist())) == 1  # evenly spaced
    full = train(prepare(X), y, max_epochs=30)
    assert not full.trace.subsampled
    assert np.array_equal(full.trace.w[run.trace.step - 1], run.trace.w)


def test_epoch_records():
    run = train(prepare(BOOL_X), AND_Y)
    assert len(run.epoch_mistakes) == len(run.epoch_accuracy) == len(run.epoch_w_norm) == run.n_epochs
    assert run.epoch_accuracy[-1] == 1.0
    assert run.epoch_w_norm[-1] == pytest.approx(np.linalg.norm(run.w))
    seen = []
    train(prepare(BOOL_X), AND_Y, progress=lambda e, m: seen.append((e, m)))
    assert seen == list(zip(range(1, run.n_epochs + 1), run.epoch_mistakes))


def test_max_epochs_stops_the_run():
    rng = np.random.default_rng(10)
    X, y = noisy_data(rng, 100, 2)
    run = train(prepare(X), y, max_epochs=3, order="shuffle-each")
    assert run.status == "max_epochs" and run.n_epochs == 3


@pytest.mark.parametrize("kwargs,field", [
    ({"eta": 0}, "eta"), ({"eta": float("nan")}, "eta"), ({"eta": -1}, "eta"), ({"eta": "1"}, "eta"),
    ({"max_epochs": 0}, "epochs"), ({"max_epochs": 10**9}, "epochs"), ({"max_epochs": 2.5}, "epochs"),
    ({"algorithm": "adaline"}, "algorithm"), ({"order": "random"}, "order"), ({"seed": -1}, "seed"),
])
def test_bad_settings_name_their_field(kwargs, field):
    with pytest.raises(SettingsError) as e:
        train(prepare(BOOL_X), AND_Y, **kwargs)
    assert e.value.field == field


@pytest.mark.parametrize("algorithm", ["online", "averaged", "voted", "batch"])
def test_resuming_epoch_by_epoch_equals_one_run(algorithm):
    rng = np.random.default_rng(11)
    X, y = noisy_data(rng, 150, 2)
    Z = prepare(X)
    whole = train(Z, y, algorithm=algorithm, max_epochs=5)
    run = None
    for _ in range(5):
        run = train(Z, y, algorithm=algorithm, max_epochs=1, resume=run)
    assert np.array_equal(run.w, whole.w)
    if algorithm == "voted":
        assert all(np.array_equal(a, b) for a, b in zip(run.votes, whole.votes))


def test_trace_records_each_update_example():
    Z = prepare(BOOL_X)
    run = train(Z, AND_Y)
    assert np.array_equal(run.trace.x, Z[run.trace.index])
    assert np.array_equal(run.trace.y, AND_Y[run.trace.index])
    # Each recorded update is a mistake and follows the rule w_t = w_{t-1} + eta·y·x̃.
    w_prev = np.vstack([np.zeros(3), run.trace.w[:-1]])
    assert np.all(run.trace.y * run.trace.activation <= 0)
    assert np.array_equal(run.trace.w, w_prev + run.trace.y[:, None] * run.trace.x)
    batch = train(Z, AND_Y, algorithm="batch")
    assert np.isnan(batch.trace.x).all() and not batch.trace.y.any()



def test_overflowing_weights_are_an_error_not_a_convergence():
    from perceptron_lab import DataError

    Z = prepare(np.array([[1e200, 1e200], [-1e200, 1.0]]))
    with pytest.raises(SettingsError) as e:
        train(Z, np.array([1, -1]), eta=1e200)
    assert e.value.field == "eta"
    with pytest.raises(DataError):
        train(np.array([[np.nan, 1.0]]), np.array([1]))


def test_voted_stops_when_it_keeps_too_many_vectors():
    rng = np.random.default_rng(13)
    X, y = noisy_data(rng, 300, 2, flip=0.3)
    Z = prepare(X)
    run = train(Z, y, algorithm="voted", max_epochs=500, max_votes=200)
    assert run.limit == "votes" and run.status == "max_epochs"
    W, c = run.votes
    assert len(W) > 200 and run.n_epochs < 500
    assert c.sum() == run.n_epochs * len(Z)  # the votes are exactly those of the epochs run
    full = train(Z, y, algorithm="voted", max_epochs=run.n_epochs)
    assert full.limit is None and all(np.array_equal(a, b) for a, b in zip(full.votes, run.votes))


def test_first_epoch_on_and_by_hand_for_every_variant():
    # x̃ in order (0,0,1)-, (0,1,1)-, (1,0,1)-, (1,1,1)+. Online: a = 0 at w = 0 is a mistake,
    # w1 = (0,0,-1); the next two are right (a = -1); (1,1,1) has a = -1 with y = +1: w2 = (1,1,0).
    Z = prepare(BOOL_X)
    one = dict(max_epochs=1)
    assert train(Z, AND_Y, **one).w.tolist() == [1, 1, 0]
    # Averaged: w after each of the 4 examples is w1, w1, w1, w2: mean (1/4, 1/4, -3/4).
    assert train(Z, AND_Y, algorithm="averaged", **one).w.tolist() == [0.25, 0.25, -0.75]
    # Voted: w1 survives examples 1-3 (c = 3), w2 example 4 (c = 1); w0 gets no vote.
    W, c = train(Z, AND_Y, algorithm="voted", **one).votes
    assert W.tolist() == [[0, 0, -1], [1, 1, 0]] and c.tolist() == [3, 1]
    # Pocket: w0 = 0 predicts +1 everywhere (1 of 4 right), w1 predicts -1 everywhere (3 of 4),
    # w2 gets only (1,1) right (1 of 4): w1 is kept.
    assert train(Z, AND_Y, algorithm="pocket", **one).w.tolist() == [0, 0, -1]
    # Batch: at theta = 0 all four are misclassified (y·a = 0); the step is their sum of y·x̃.
    batch = train(Z, AND_Y, algorithm="batch", **one)
    assert batch.w.tolist() == [0, 0, -2] and batch.epoch_mistakes == [4]


# --- issue 7: MaxIter, η in units, voted counts, cycles, pocket's ratchet, shuffled resumes ---


@pytest.mark.parametrize("algorithm", ["online", "averaged", "voted", "pocket", "batch"])
def test_eta_point_one_makes_the_same_mistakes_as_eta_one(algorithm):
    # The case: AND with η = 0.1 gave 8 mistakes instead of 18 (0.1 is not exact in binary).
    Z = prepare(BOOL_X)
    one = train(Z, AND_Y, algorithm=algorithm, eta=1.0)
    tenth = train(Z, AND_Y, algorithm=algorithm, eta=0.1)
    assert tenth.epoch_mistakes == one.epoch_mistakes and tenth.mistakes == one.mistakes
    assert np.array_equal(tenth.w, 0.1 * one.w) and np.array_equal(tenth.trace.w, 0.1 * one.trace.w)
    # Literal Algorithm 1 in exact units: 18 mistakes, w = (3, 2, −4).
    if algorithm == "online":
        w, mistakes, _ = plain_online(Z, AND_Y)
        assert sum(mistakes) == one.mistakes == 18 and np.array_equal(one.w, w)


def test_averaged_at_eta_point_one_is_exact_where_the_answer_is_zero():
    # Two points on the x₂ axis: the averaged answer's first component is exactly 0.
    Z = prepare(np.array([[0.0, 1.0], [0.0, -1.0], [0.0, 2.0]]))
    y = np.array([1, -1, 1])
    run = train(Z, y, algorithm="averaged", eta=0.1, max_epochs=7)
    assert run.w[0] == 0.0
    assert np.array_equal(run.w, 0.1 * plain_averaged(Z, y, 7))


def test_averaged_and_voted_run_all_maxiter_epochs_unless_early_stop():
    Z = prepare(BOOL_X)
    for algorithm in ("averaged", "voted"):
        full = train(Z, AND_Y, algorithm=algorithm, max_epochs=40)
        assert full.n_epochs == 40 and full.converged_epoch == 9 and full.status == "converged"
        early = train(Z, AND_Y, algorithm=algorithm, max_epochs=40, early_stop=True)
        assert early.n_epochs == early.converged_epoch == 9
    # Algorithm 2 literally, all 40 epochs (scikit-learn's SGDClassifier(average=True, tol=None) does the same).
    assert np.allclose(train(Z, AND_Y, algorithm="averaged", max_epochs=40).w, plain_averaged(Z, AND_Y, 40),
                       rtol=1e-14, atol=0)
    for algorithm in ("online", "pocket", "batch"):  # their answer cannot change after a clean epoch
        a = train(Z, AND_Y, algorithm=algorithm, max_epochs=40)
        b = train(Z, AND_Y, algorithm=algorithm, max_epochs=40, early_stop=True)
        assert np.array_equal(a.w, b.w) and a.n_epochs == b.n_epochs == a.converged_epoch


def test_averaged_is_the_count_weighted_mean_of_the_votes():
    # The convention of README: c_k counts the examples after which w_k was the current w, so
    # Σ c_k = T and Averaged = Σ c_k w_k / Σ c_k.
    rng = np.random.default_rng(3)
    X, y = noisy_data(rng, 120, 3)
    Z = prepare(X)
    for epochs, early in ((6, False), (6, True)):
        voted = train(Z, y, algorithm="voted", max_epochs=epochs, early_stop=early)
        averaged = train(Z, y, algorithm="averaged", max_epochs=epochs, early_stop=early)
        W, c = voted.votes
        assert c.sum() == voted.n_epochs * len(Z)
        np.testing.assert_allclose(averaged.w, (c[:, None] * W).sum(axis=0) / c.sum(), rtol=1e-12, atol=1e-12)


def test_cycles_with_a_period_longer_than_one_epoch():
    # Six whole-number points (found by a search) whose fixed-order online path repeats an
    # end-of-epoch w only after several epochs; the literal loop below finds the cycle independently.
    Z = prepare(np.array([[-3.0, -2.0], [-2.0, -2.0], [2.0, 3.0], [1.0, -3.0], [-3.0, -1.0], [0.0, 1.0]]))
    y = np.array([-1, 1, -1, -1, 1, -1])
    epoch, period = epoch_end_cycle(Z, y, 59)
    run = train(Z, y, max_epochs=60)
    assert run.status == "cycled" and run.cycle == {"epoch": epoch, "period": period}
    assert period > 1


def test_pocket_ratchet_on_large_data_equals_a_literal_ratchet(monkeypatch):
    from perceptron_lab.core import strategies

    monkeypatch.setattr(strategies, "POCKET_EXHAUSTIVE_WORK", 10)  # this small data takes the large-data rule
    rng = np.random.default_rng(8)
    X, y = noisy_data(rng, 200, 2, flip=0.15)
    Z = prepare(X)
    run = train(Z, y, algorithm="pocket", max_epochs=5)
    assert run.pocket_rule == "ratchet"
    assert np.array_equal(run.w, pocket_ratchet(Z, y, run.n_epochs))  # Gallant's ratchet, literally


@pytest.mark.parametrize("order", ["shuffle-once", "shuffle-each"])
@pytest.mark.parametrize("algorithm", ["online", "averaged", "voted", "pocket"])
def test_resumed_shuffled_epochs_equal_one_run_with_fresh_permutations(order, algorithm):
    rng = np.random.default_rng(12)
    X, y = noisy_data(rng, 90, 2)
    Z = prepare(X)
    whole = train(Z, y, algorithm=algorithm, max_epochs=4, order=order, seed=5)
    run = None
    for _ in range(4):
        run = train(Z, y, algorithm=algorithm, max_epochs=1, order=order, seed=5, resume=run)
    assert np.array_equal(run.w, whole.w)
    # The literal reference: one generator, a permutation per epoch (or one for all epochs).
    g = np.random.default_rng(5)
    perms = [g.permutation(90) for _ in range(4)] if order == "shuffle-each" else [g.permutation(90)] * 4
    w, mistakes, _ = plain_online(Z, y, epochs=4, perm_per_epoch=perms)
    assert np.array_equal(whole.w_last, w) and whole.epoch_mistakes == mistakes
