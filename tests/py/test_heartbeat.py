"""The heartbeat that keeps the page's watchdog from killing honest long runs."""
import time

import numpy as np

from perceptron_lab import core, heartbeat
from perceptron_lab.core import kernel_perceptron as kernel
from perceptron_lab.core import multiclass


def _beats_during(fn, monkeypatch):
    monkeypatch.setattr(heartbeat, "INTERVAL", 0.0)  # every beat() reaches the listener
    seen = []
    with heartbeat.listening(lambda: seen.append(time.monotonic())):
        fn()
    return seen


def test_one_slow_epoch_beats_before_it_ends(monkeypatch):
    # Random labels: about half the examples are mistakes, all within the single epoch.
    rng = np.random.default_rng(0)
    Z = np.c_[rng.normal(size=(4000, 3)), np.ones(4000)]
    y = rng.choice([-1, 1], size=4000)
    epochs_done = []
    beats = _beats_during(lambda: core.train(Z, y, algorithm="pocket", max_epochs=1,
                                             progress=lambda e, m: epochs_done.append(e)), monkeypatch)
    # ≥ 1000 mistakes in the epoch -> a beat every 256 mistakes, and beats before epoch 1 ended.
    assert len(beats) >= 3
    assert epochs_done == [1]


def test_voted_scoring_and_kernel_and_multiclass_beat(monkeypatch):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(600, 2))
    y = rng.choice([-1, 1], size=600)
    Z = np.c_[X, np.ones(600)]
    assert _beats_during(lambda: core.train(Z, y, algorithm="voted", max_epochs=2), monkeypatch)
    assert _beats_during(lambda: kernel.train_kernel(X, y, kernel="rbf", max_epochs=1), monkeypatch)
    yk = rng.integers(0, 3, size=600)
    assert _beats_during(lambda: multiclass.train_multiclass(Z, yk, max_epochs=1), monkeypatch)


def test_without_a_listener_nothing_is_called_and_listeners_nest(monkeypatch):
    heartbeat.beat()  # no listener: no error
    monkeypatch.setattr(heartbeat, "INTERVAL", 0.0)
    outer, inner = [], []
    with heartbeat.listening(lambda: outer.append(1)):
        with heartbeat.listening(lambda: inner.append(1)):
            heartbeat.beat()
        heartbeat.beat()
    heartbeat.beat()
    assert (len(outer), len(inner)) == (1, 1)


def test_the_interval_limits_the_messages():
    seen = []
    with heartbeat.listening(lambda: seen.append(1)):
        for _ in range(100_000):
            heartbeat.beat()
    assert len(seen) <= 1  # 100 000 beats in well under INTERVAL (1 s) -> at most one message
