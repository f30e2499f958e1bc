"""A run's record and how it ends: the trace and its cap, epoch records, the epoch limit, settings
errors, resuming, overflow, voted's cap, η as a unit, MaxIter, cycles longer than an epoch, pocket's
ratchet, shuffled resumes."""
import numpy as np
import pytest

from perceptron_lab import SettingsError
from perceptron_lab.core import train
from perceptron_lab.core.features import prepare
from reference import epoch_end_cycle, plain_averaged, plain_online, pocket_ratchet
from corekit import AND_Y, BOOL_X, noisy_data


def test_trace_cap_subsamples_evenly_and_says_so():
    rng = np.random.default_rng(9)
    X, y = noisy_data(rng, 500, 2, flip=0.3)
    run = train(prepare(X), y, max_epochs=30, trace_cap=100)
    assert run.trace.subsampled
    assert run.trace.total == run.n_updates > 100
    assert 50 <= len(run.trace.step) <= 101
    gaps = np.diff(run.trace.step)
    assert len(set(gaps[:-1].tolist())) == 1 and gaps[-1] <= gaps[0]  # evenly spaced, then the last update
    # It ends on the run's last update, the answer (the even grid alone stopped short of it).
    assert run.trace.step[-1] == run.trace.total and (run.trace.total - 1) % gaps[0] != 0
    assert np.array_equal(run.trace.w[-1], run.model.w)
    full = train(prepare(X), y, max_epochs=30)
    assert not full.trace.subsampled
    assert np.array_equal(full.trace.w[run.trace.step - 1], run.trace.w)
    assert np.array_equal(full.trace.index[run.trace.step - 1], run.trace.index)


def test_epoch_records():
    run = train(prepare(BOOL_X), AND_Y)
    assert len(run.epoch_mistakes) == len(run.epoch_accuracy) == len(run.epoch_w_norm) == run.n_epochs
    assert run.epoch_accuracy[-1] == 1.0
    assert run.epoch_w_norm[-1] == pytest.approx(np.linalg.norm(run.model.w))
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
    assert np.array_equal(run.model.w, whole.model.w)
    if algorithm == "voted":
        assert all(np.array_equal(a, b) for a, b in zip(run.model.votes, whole.model.votes))


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
    W, c = run.model.votes
    assert len(W) > 200 and run.n_epochs < 500
    assert c.sum() == run.n_epochs * len(Z)  # the votes are exactly those of the epochs run
    full = train(Z, y, algorithm="voted", max_epochs=run.n_epochs)
    assert full.limit is None and all(np.array_equal(a, b) for a, b in zip(full.model.votes, run.model.votes))


def test_first_epoch_on_and_by_hand_for_every_variant():
    # x̃ in order (0,0,1)-, (0,1,1)-, (1,0,1)-, (1,1,1)+. Online: a = 0 at w = 0 is a mistake,
    # w1 = (0,0,-1); the next two are right (a = -1); (1,1,1) has a = -1 with y = +1: w2 = (1,1,0).
    Z = prepare(BOOL_X)
    one = dict(max_epochs=1)
    assert train(Z, AND_Y, **one).model.w.tolist() == [1, 1, 0]
    # Averaged: w after each of the 4 examples is w1, w1, w1, w2: mean (1/4, 1/4, -3/4).
    assert train(Z, AND_Y, algorithm="averaged", **one).model.w.tolist() == [0.25, 0.25, -0.75]
    # Voted: w1 survives examples 1-3 (c = 3), w2 example 4 (c = 1); w0 gets no vote.
    W, c = train(Z, AND_Y, algorithm="voted", **one).model.votes
    assert W.tolist() == [[0, 0, -1], [1, 1, 0]] and c.tolist() == [3, 1]
    # Pocket: w0 = 0 predicts +1 everywhere (1 of 4 right), w1 predicts -1 everywhere (3 of 4),
    # w2 gets only (1,1) right (1 of 4): w1 is kept.
    assert train(Z, AND_Y, algorithm="pocket", **one).model.w.tolist() == [0, 0, -1]
    # Batch: at theta = 0 all four are misclassified (y·a = 0); the step is their sum of y·x̃.
    batch = train(Z, AND_Y, algorithm="batch", **one)
    assert batch.model.w.tolist() == [0, 0, -2] and batch.epoch_mistakes == [4]


# --- issue 7: MaxIter, η in units, voted counts, cycles, pocket's ratchet, shuffled resumes ---


@pytest.mark.parametrize("algorithm", ["online", "averaged", "voted", "pocket", "batch"])
def test_eta_point_one_makes_the_same_mistakes_as_eta_one(algorithm):
    # The case: AND with η = 0.1 gave 8 mistakes instead of 18 (0.1 is not exact in binary).
    Z = prepare(BOOL_X)
    one = train(Z, AND_Y, algorithm=algorithm, eta=1.0)
    tenth = train(Z, AND_Y, algorithm=algorithm, eta=0.1)
    assert tenth.epoch_mistakes == one.epoch_mistakes and tenth.mistakes == one.mistakes
    assert np.array_equal(tenth.model.w, 0.1 * one.model.w) and np.array_equal(tenth.trace.w, 0.1 * one.trace.w)
    # Literal Algorithm 1 in exact units: 18 mistakes, w = (3, 2, −4).
    if algorithm == "online":
        w, mistakes, _ = plain_online(Z, AND_Y)
        assert sum(mistakes) == one.mistakes == 18 and np.array_equal(one.model.w, w)


def test_averaged_at_eta_point_one_is_exact_where_the_answer_is_zero():
    # Two points on the x₂ axis: the averaged answer's first component is exactly 0.
    Z = prepare(np.array([[0.0, 1.0], [0.0, -1.0], [0.0, 2.0]]))
    y = np.array([1, -1, 1])
    run = train(Z, y, algorithm="averaged", eta=0.1, max_epochs=7)
    assert run.model.w[0] == 0.0
    assert np.array_equal(run.model.w, 0.1 * plain_averaged(Z, y, 7))


def test_averaged_and_voted_run_all_maxiter_epochs_unless_early_stop():
    Z = prepare(BOOL_X)
    for algorithm in ("averaged", "voted"):
        full = train(Z, AND_Y, algorithm=algorithm, max_epochs=40)
        assert full.n_epochs == 40 and full.converged_epoch == 9 and full.status == "converged"
        early = train(Z, AND_Y, algorithm=algorithm, max_epochs=40, early_stop=True)
        assert early.n_epochs == early.converged_epoch == 9
    # Algorithm 2 literally, all 40 epochs (scikit-learn's SGDClassifier(average=True, tol=None) does the same).
    assert np.allclose(train(Z, AND_Y, algorithm="averaged", max_epochs=40).model.w, plain_averaged(Z, AND_Y, 40),
                       rtol=1e-14, atol=0)
    for algorithm in ("online", "pocket", "batch"):  # their answer cannot change after a clean epoch
        a = train(Z, AND_Y, algorithm=algorithm, max_epochs=40)
        b = train(Z, AND_Y, algorithm=algorithm, max_epochs=40, early_stop=True)
        assert np.array_equal(a.model.w, b.model.w) and a.n_epochs == b.n_epochs == a.converged_epoch


def test_averaged_is_the_count_weighted_mean_of_the_votes():
    # The convention of README: c_k counts the examples after which w_k was the current w, so
    # Σ c_k = T and Averaged = Σ c_k w_k / Σ c_k.
    rng = np.random.default_rng(3)
    X, y = noisy_data(rng, 120, 3)
    Z = prepare(X)
    for epochs, early in ((6, False), (6, True)):
        voted = train(Z, y, algorithm="voted", max_epochs=epochs, early_stop=early)
        averaged = train(Z, y, algorithm="averaged", max_epochs=epochs, early_stop=early)
        W, c = voted.model.votes
        assert c.sum() == voted.n_epochs * len(Z)
        np.testing.assert_allclose(averaged.model.w, (c[:, None] * W).sum(axis=0) / c.sum(), rtol=1e-12, atol=1e-12)


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
    assert np.array_equal(run.model.w, pocket_ratchet(Z, y, run.n_epochs))  # Gallant's ratchet, literally


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
    assert np.array_equal(run.model.w, whole.model.w)
    # The literal reference: one generator, a permutation per epoch (or one for all epochs).
    g = np.random.default_rng(5)
    perms = [g.permutation(90) for _ in range(4)] if order == "shuffle-each" else [g.permutation(90)] * 4
    w, mistakes, _ = plain_online(Z, y, epochs=4, perm_per_epoch=perms)
    assert np.array_equal(whole.model.w_last, w) and whole.epoch_mistakes == mistakes
