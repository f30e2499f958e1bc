"""One run shape under the bridge: every algorithm of params.json, trained through the one entry
core.train, reports how it went with the same names and counts its updates one way (trace.total
of them, kept ones numbered t = trace.step from 1), as the literal loops of reference.py count them;
every answer carries the same trace envelope and says how many steps it holds."""

import numpy as np
import pytest

import reference
from perceptron_lab import core, settings
from perceptron_lab.bridge import handle
from perceptron_lab.core.features import prepare
from perceptron_lab.core.run_envelope import RunEnvelope
from perceptron_lab.core.trace import TraceEnvelope
from perceptron_lab.data import preset

ALGORITHMS = [o["value"] for o in settings.param("algorithm")["options"]]
FAMILY = {o["value"]: o["family"] for o in settings.param("algorithm")["options"]}
EPOCHS, CAP, TAU = 7, 5, 2.0
DS = preset("overlap", n=40, seed=3)  # noisy: no epoch is clean, so every variant runs every epoch
Z = prepare(DS.X)
CLASSES = (DS.y > 0).astype(int)  # the multiclass perceptron's class indices


def trained(algorithm):
    kw = {"max_epochs": EPOCHS, "trace_cap": CAP}
    if FAMILY[algorithm] == "kernel":
        return core.train(DS.X, DS.y, algorithm=algorithm, kernel="linear", **kw)  # k̃ = x·x′ + 1 = x̃·x̃′
    if FAMILY[algorithm] == "multiclass":
        return core.train(Z, CLASSES, algorithm=algorithm, classes=2, **kw)
    return core.train(Z, DS.y, algorithm=algorithm, **({"tau": TAU} if algorithm == "margin" else {}), **kw)


def literal_updates_per_epoch(algorithm):
    """The updates of each epoch, counted by the literal loop of the algorithm."""
    if algorithm == "batch":  # one summed update for each pass that found a mistake
        return [int(bool(wrong)) for wrong, _ in reference.batch_passes(Z, DS.y, epochs=EPOCHS)]
    if algorithm == "margin":
        return reference.plain_margin(Z, DS.y, tau=TAU, epochs=EPOCHS)[1]
    if algorithm == "kernel":
        return reference.kernel_visits(Z @ Z.T, DS.y, epochs=EPOCHS)[2]
    if algorithm == "multiclass":
        ws = reference.multiclass_updates(Z, CLASSES, 2, epochs=EPOCHS)
        return [len(ws)]  # the literal loop counts the run's updates, not each epoch's
    visits = reference.online_visits(Z, DS.y, epochs=EPOCHS, stop_clean=False)
    return [sum(v.mistake for v in visits if v.epoch == e) for e in range(1, EPOCHS + 1)]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_run_counts_its_updates_one_way(algorithm):
    run = trained(algorithm)
    per_epoch = literal_updates_per_epoch(algorithm)
    assert run.algorithm == algorithm and isinstance(run, RunEnvelope) and isinstance(run.trace, TraceEnvelope)
    assert run.n_updates == run.trace.total == sum(per_epoch) > CAP
    assert run.n_epochs == len(run.epoch_mistakes) == len(run.epoch_accuracy) == len(run.epoch_w_norm) == EPOCHS
    if algorithm not in ("batch", "multiclass"):  # batch: one update an epoch for all its mistakes
        assert list(run.epoch_mistakes) == per_epoch
    assert run.mistakes == sum(run.epoch_mistakes)
    step = np.asarray(run.trace.step)
    gaps = set(np.diff(step).tolist())
    grid = set(np.diff(step[:-1]).tolist())
    # evenly kept, and the last update (the run's answer) after them
    assert step[0] == 1 and step[-1] == run.trace.total and len(grid) == 1 and 0 < max(gaps) <= min(grid), gaps
    assert len(step) <= CAP + 1 and bool(run.trace.subsampled) is (len(step) < run.trace.total)
    assert len(run.trace.epoch) == len(run.trace.index) == len(step)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_answer_carries_one_trace_envelope(algorithm):
    data = {"kind": "preset", "name": "overlap", "n": 40, "seed": 3}
    r = handle({"cmd": "train", "data": data, "settings": {"algorithm": algorithm, "epochs": EPOCHS, "plots": False}})
    assert r["ok"], r
    tr = r["trace"]
    assert {"total", "subsampled", "step", "epoch", "index"} <= set(tr)
    assert r["algorithm"] == algorithm and r["updates"] == tr["total"] and r["steps"] == len(tr["step"])
    assert len(tr["epoch"]) == len(tr["index"]) == len(tr["step"]) and tr["step"][0] == 1
