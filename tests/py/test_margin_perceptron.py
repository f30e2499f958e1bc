"""The margin perceptron (update whenever y·(w·x̃) <= τ): the engine against a literal loop, and the
bound M <= (R² + 2τ/η)/γ² it obeys (core/rule.py's proof) on many random separable sets."""

import numpy as np
import pytest

from perceptron_lab import core
from perceptron_lab.core.rule import margin_rule, PERCEPTRON
from perceptron_lab.errors import SettingsError

from reference import hard_margin, plain_margin


def separable(seed, n=None, d=None):
    """A random separable set of prepared vectors x̃ (bias last) with its labels from a random u."""
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(5, 60))
    d = d or int(rng.integers(1, 4))
    X = rng.normal(size=(n, d)) * rng.uniform(0.2, 3.0)
    u = rng.normal(size=d + 1)
    Z = np.hstack([X, np.ones((n, 1))])
    y = np.where(Z @ u >= 0, 1, -1).astype(np.int8)
    keep = np.abs(Z @ u) > 0.05 * np.linalg.norm(u) * np.abs(Z).max()  # a margin the solver resolves
    if keep.sum() < 3 or len(set(y[keep])) < 2:
        return separable(seed + 10_000, n, d)
    return Z[keep], y[keep]


@pytest.mark.parametrize("seed", range(60))
def test_engine_makes_the_literal_loops_updates(seed):
    Z, y = separable(seed)
    tau = [0.0, 0.1, 1.0, 7.5][seed % 4]
    w_ref, per_epoch = plain_margin(Z, y, tau=tau, epochs=300)
    run = core.train(Z, y, algorithm="margin", tau=tau, max_epochs=300)
    assert run.epoch_mistakes == per_epoch
    np.testing.assert_array_equal(run.model.w, w_ref)
    if run.status == "converged":  # it stops only when every example clears the threshold
        assert np.all(y * (Z @ run.model.w) > tau)
    else:
        assert run.status == "max_epochs" and per_epoch[-1] > 0  # it stops only when every example clears the threshold


@pytest.mark.parametrize("eta", [0.25, 2.0, 8.0])
def test_eta_changes_the_path_through_tau_over_eta(eta):
    """y·(w·x̃) <= τ with w = η·w₁ is y·(w₁·x̃) <= τ/η: η is no longer a mere rescaling (η a power of
    two, so η·w₁ and τ/η are exact and the literal loop in the run's own units must agree bit for bit)."""
    Z, y = separable(3, n=40, d=2)
    run = core.train(Z, y, algorithm="margin", tau=1.0, eta=eta, max_epochs=500)
    w_ref, per_epoch = plain_margin(Z, y, tau=1.0, eta=eta, epochs=500)
    assert run.epoch_mistakes == per_epoch
    np.testing.assert_array_equal(run.model.w, w_ref)
    assert not run.rule.eta_rescales()


def test_the_bound_holds_on_every_run():
    """M <= (R² + 2τ/η)/γ² with γ the data's maximum margin (scipy's, independent of the engine)."""
    worst = 0.0
    for seed in range(120):
        Z, y = separable(1000 + seed)
        gamma, _ = hard_margin(Z, y)
        R = float(np.max(np.linalg.norm(Z, axis=1)))
        tau, eta = [0.05, 0.5, 2.0, 10.0][seed % 4], [1.0, 0.5, 3.0][seed % 3]
        run = core.train(Z, y, algorithm="margin", tau=tau, eta=eta, max_epochs=100_000)
        bound = margin_rule(tau).bound(R, gamma, eta)
        assert bound == pytest.approx((R * R + 2 * tau / eta) / gamma ** 2)
        assert run.status == "converged"
        assert run.mistakes <= bound * (1 + 1e-6), (seed, run.mistakes, bound)
        worst = max(worst, run.mistakes / bound)
    assert worst > 0.05  # the bound is met by runs, not only far above them


def test_tau_zero_is_the_online_perceptron():
    Z, y = separable(7)
    a = core.train(Z, y, algorithm="margin", tau=0.0)
    b = core.train(Z, y, algorithm="online")
    np.testing.assert_array_equal(a.model.w, b.model.w)
    assert a.rule.bound(2.0, 0.5) == PERCEPTRON.bound(2.0, 0.5) == 16.0


def test_a_larger_tau_makes_more_updates_and_a_larger_margin():
    Z, y = separable(11, n=50, d=2)
    runs = [core.train(Z, y, algorithm="margin", tau=t, max_epochs=10_000) for t in (0.0, 1.0, 50.0)]
    updates = [r.n_updates for r in runs]
    assert updates[0] < updates[1] < updates[2]
    margins = [np.min(y * (Z @ r.model.w)) / np.linalg.norm(r.model.w) for r in runs]
    assert margins[2] > margins[0]


def test_the_cycle_proof_replays_the_margin_rule():
    """Non-separable whole-number data cycles; with the trace capped the proof replays a lap, which must
    update on y·(w·x̃) <= τ as the run did (with the online rule's 0 it finds no lap summing to 0)."""
    rng = np.random.default_rng(3)
    Z = np.hstack([rng.integers(-2, 3, size=(6, 2)).astype(float), np.ones((6, 1))])
    y = rng.choice([-1, 1], 6).astype(np.int8)
    run = core.train(Z, y, algorithm="margin", tau=3.0, max_epochs=2000, trace_cap=2)
    assert run.trace.subsampled and run.status == "cycled" and run.cycle["period"] == 4
    assert run.cycle_proved is True


def test_a_negative_tau_is_refused():
    Z, y = separable(1)
    with pytest.raises(SettingsError) as e:
        core.train(Z, y, algorithm="margin", tau=-1.0)
    assert e.value.field == "tau"


def test_the_command_line_names_the_margin_bound():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "perceptron_lab", "train", "--preset", "clouds", "--algorithm",
                          "margin", "--tau", "2"], capture_output=True, text=True, check=True).stdout
    assert "bound (R^2 + 2*tau/eta)/gamma^2 = " in out and "(R/gamma)^2" not in out


def test_batch_still_shows_the_online_bound_as_a_reference():
    """The batch rule has no bound of its own (Rule.no_bound); its answer keeps the online perceptron's
    (R/γ)² as the reference its texts call it, and the margin run's mistakes plot counts updates."""
    from perceptron_lab.bridge import handle

    data = {"kind": "preset", "name": "clouds", "n": 40}
    batch = handle({"cmd": "train", "data": data, "settings": {"algorithm": "batch", "plot_kinds": ["mistakes"]}})
    online = handle({"cmd": "train", "data": data, "settings": {"algorithm": "online", "plots": False}})
    assert batch["bound"] == online["bound"] and "shown for reference" in batch["bound_text"]
    margin = handle({"cmd": "train", "data": data, "settings": {"algorithm": "margin", "tau": 2,
                                                                "plot_kinds": ["mistakes"]}})
    alt = margin["plot_alt"]["mistakes"]
    assert alt.startswith("Updates per epoch") and "Update bound (R² + 2τ/η)/γ²" in alt and "(R/γ)²" not in alt


def test_the_answer_names_the_bound_and_what_it_counts():
    """The page labels its numbers from these (site/js/run/results.js): a margin run's M counts updates."""
    from perceptron_lab.bridge import handle

    data = {"kind": "preset", "name": "clouds", "n": 30}
    m = handle({"cmd": "train", "data": data, "settings": {"algorithm": "margin", "tau": 1, "plots": False}})
    o = handle({"cmd": "train", "data": data, "settings": {"algorithm": "online", "plots": False}})
    assert (m["bound_name"], m["counts_updates"]) == ("(R² + 2τ/η)/γ²", True)
    assert (o["bound_name"], o["counts_updates"]) == ("(R/γ)²", False)
