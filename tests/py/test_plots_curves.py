"""The mistakes, accuracy and proof plots, their text alternatives, what they claim (η, batch's
reference bound, the vote), and the cycle and trajectory of a run that does not converge."""
import math

import numpy as np
import pytest

from perceptron_lab import plots
from perceptron_lab.core import train
from perceptron_lab.data import preset

from perceptron_lab.core.features import prepare
import reference
from plotkit import AND_W, AND_X, AND_Y, CIRCLE_W, LABELS, XOR_Y, png_size


def test_mistakes_figure_bars_cumulative_and_bound():
    fig = plots.mistakes_figure([3, 2, 1, 0], bound=12.5)
    ax = fig.axes[0]
    bars = sorted(ax.patches, key=lambda p: p.get_x())
    assert [b.get_height() for b in bars] == [3, 2, 1, 0]
    assert [b.get_x() + b.get_width() / 2 for b in bars] == pytest.approx([1, 2, 3, 4])
    assert list(plots.find_artist(fig, "cumulative").get_ydata()) == [3, 5, 6, 6]
    bound = plots.find_artist(fig, "bound")
    assert set(bound.get_ydata()) == {12.5}
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "mistake bound (R/γ)² = 12.5" in texts
    assert ax.get_ylim()[1] >= 12.5


def test_mistakes_figure_far_bound_does_not_squash_the_plot():
    fig = plots.mistakes_figure([3, 2, 1, 0], bound=1e6)
    ax = fig.axes[0]
    assert ax.get_ylim()[1] < 10
    assert "far above" in plots.find_artist(fig, "bound").get_text()


def test_mistakes_many_epochs_and_none():
    fig = plots.mistakes_figure(list(np.arange(500) % 7))
    assert png_size(plots.render(fig)) == (480, 360)
    fig = plots.mistakes_figure([])
    assert png_size(plots.render(fig)) == (480, 360)


def test_accuracy_figure():
    fig = plots.accuracy_figure([0.5, 0.75, 1.0], [0.4, 0.7, 0.9])
    assert list(plots.find_artist(fig, "train").get_ydata()) == [0.5, 0.75, 1.0]
    assert list(plots.find_artist(fig, "test").get_ydata()) == [0.4, 0.7, 0.9]
    assert fig.axes[0].get_ylim() == pytest.approx((0, 1.04))
    fig = plots.accuracy_figure([0.5, 1.0], 0.8)             # a single final test accuracy
    assert list(plots.find_artist(fig, "test").get_ydata()) == [0.8]
    assert "Test accuracy 0.8" in fig.alt_text


def test_proof_figure_bounds_meet_at_the_bound_and_upto_cuts():
    gamma, R = 0.3, 1.2
    t = np.arange(1, 13, dtype=float)
    fig = plots.proof_figure(t, 0.35 * t, gamma * t, 0.9 * np.sqrt(t) * R, np.sqrt(t) * R,
                             bound=(R / gamma) ** 2, upto=5)
    ax = fig.axes[0]
    assert plots.find_artist(fig, "bound-t").get_xdata()[0] == pytest.approx(16.0)
    assert ax.get_xlim()[1] >= 16.0
    assert max(plots.find_artist(fig, "u-dot-w").get_xdata()) == 5
    assert max(plots.find_artist(fig, "w-norm").get_xdata()) == 5
    # the dashed bounds are t·γ and √t·R, and they meet at t = 16
    tg, sr = plots.find_artist(fig, "t-gamma"), plots.find_artist(fig, "sqrt-t-R")
    tt = np.asarray(tg.get_xdata())
    assert np.allclose(tg.get_ydata(), gamma * tt)
    assert np.allclose(sr.get_ydata(), np.sqrt(tt) * R)
    assert gamma * 16 == pytest.approx(np.sqrt(16) * R)
    # the axes don't move with the scrubber
    full = plots.proof_figure(t, 0.35 * t, gamma * t, 0.9 * np.sqrt(t) * R, np.sqrt(t) * R,
                              bound=16.0)
    assert full.axes[0].get_xlim() == ax.get_xlim() and full.axes[0].get_ylim() == ax.get_ylim()
    assert "t = 5 updates" in fig.alt_text and "16.0" in fig.alt_text


def test_proof_figure_from_theory_without_a_separator():
    # theory.proof_series gives None for the u-part when there is no separator
    t = np.arange(1, 6, dtype=float)
    fig = plots.proof_figure(t, None, None, np.sqrt(t), 1.5 * np.sqrt(t))
    assert plots.find_artist(fig, "u-dot-w") is None
    assert plots.find_artist(fig, "w-norm") is not None
    assert png_size(plots.render(fig)) == (480, 360)
    fig = plots.proof_figure([], [], [], [], [])
    assert png_size(plots.render(fig)) == (480, 360)


# --------------------------------------------------------------------------- texts


def test_describe_boundary_numbers():
    assert plots.describe_boundary(AND_W, ["x1", "x2"], True, "none", 0, 4) == \
        "Decision boundary 20·x1 + 20·x2 − 30 = 0; 0 of 4 points misclassified."
    s = plots.describe_boundary([0.25, -1.5], ["height", "weight"], False, "none", 2, 10)
    assert s == "Decision boundary 0.25·height − 1.5·weight = 0; 2 of 10 points misclassified."
    s = plots.describe_boundary([0, 0, 0], ["x1", "x2"], True, "none", 3, 4,
                                label_names=LABELS)
    assert s.startswith("w = 0") and "3 of 4" in s and "predicted 1" in s
    s = plots.describe_boundary(CIRCLE_W, ["x1", "x2"], True, "poly2", 1, 120)
    assert "−1·x1² − 1·x2² + 1.5 = 0" in s and "1 of 120" in s


def test_describe_mistakes_numbers():
    s = plots.describe_mistakes([3, 2, 1, 0], 12.5)
    assert "3, 2, 1, 0" in s and "6 mistakes in total" in s and "4 epochs" in s
    assert "(R/γ)² = 12.5" in s and "within" in s
    s = plots.describe_mistakes([5, 5], None)
    assert "10 mistakes in total" in s and "bound" not in s


def test_format_number():
    assert plots.format_number(20) == "20.0"
    assert plots.format_number(-30) == "−30.0"
    assert plots.format_number(0.125) == "0.125"
    assert plots.format_number(1.5) == "1.5"
    assert plots.format_number(0) == "0.0"
    assert plots.format_number(2.5e-7) == "2.5e-07"


def test_proof_with_eta_says_it_plots_w_over_eta():
    from perceptron_lab import theory
    Z = prepare(AND_X)
    runs = {eta: train(Z, AND_Y, eta=eta, max_epochs=100) for eta in (1.0, 0.25)}
    th = theory.max_margin(Z, AND_Y)
    u, gamma, R = th.u, th.gamma, theory.radius(Z)
    for eta, run in runs.items():
        ps = theory.proof_series(run.trace.w, u, gamma, R, eta)
        fig = plots.proof_figure(ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"], eta=eta)
        legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
        # the last ‖w‖ in the text is the η = 1 run's ‖w‖, as the label says (w/η)
        w1 = np.linalg.norm(runs[1.0].trace.w[-1])
        assert plots.format_number(w1) in fig.alt_text
        if eta == 1.0:
            assert "‖w$_t$‖" in legend and "η" not in fig.alt_text
        else:
            assert "‖w$_t$/η‖" in legend and "u·w$_t$/η" in legend
            assert "w/η" in fig.alt_text and "divided by η = 0.25" in fig.alt_text


def test_batch_mistakes_show_the_online_bound_as_a_labelled_reference():
    # (why batch has no proof plot is texts.proof_missing_text, tested in test_texts)
    fig = plots.mistakes_figure([7, 0], bound=4.79, online_bound=False)
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert any("online bound" in s and "reference" in s for s in legend)
    assert "above it" not in fig.alt_text and "reference only" in fig.alt_text
    assert "above it" in plots.mistakes_figure([7, 0], bound=4.79).alt_text


def vote_scores(W, c, Z):
    """Freund & Schapire, literally: Σ_k c_k·sign(w_k·x̃), sign(0) = +1."""
    return np.array([sum(ck * (1 if wk @ z >= 0 else -1) for wk, ck in zip(W, c)) for z in Z])


def test_voted_plot_names_the_last_w_and_shades_the_vote():
    Z = prepare(AND_X)
    run = train(Z, AND_Y, algorithm="voted", max_epochs=10)
    W, c = run.model.votes
    fig = plots.boundary_figure(AND_X, AND_Y, w=run.model.w, vote=True, label_names=LABELS,
                                decision=lambda X: run.decision_function(prepare(X)))
    legend = [t.get_text() for t in fig.data_ax.get_legend().get_texts()]
    assert "last w (one voter)" in legend and "voted classifier (regions)" in legend
    # the dashed line is the last w's boundary
    line = plots.find_artist(fig, "last-w-line")
    assert line.get_linestyle() == "--"
    for p in np.column_stack(line.get_data()):
        assert abs(run.model.w_last @ np.array([p[0], p[1], 1.0])) < 1e-9
    # the rings are the vote's mistakes, from a literal vote
    wrong = np.where(vote_scores(W, c, Z) >= 0, 1, -1) != AND_Y
    assert fig.n_wrong == int(wrong.sum())
    rings = plots.find_artist(fig, "misclassified").get_offsets()
    assert sorted(map(tuple, np.asarray(rings))) == sorted(map(tuple, AND_X[wrong]))
    assert "voted perceptron" in fig.alt_text and "not the voted classifier" in fig.alt_text


# --------------------------------------------------------------------------- non-separable behaviour


def literal_perceptron_epochs(Z, y, epochs):
    """The online perceptron from the notes, fixed order: the w after every update, by epoch."""
    return [(v.epoch, v.w_after) for v in reference.online_visits(Z, y, epochs=epochs, stop_clean=False) if v.mistake]


def test_xor_cycle_figure_draws_the_cycle_of_the_run():
    Z = prepare(AND_X)
    run = train(Z, XOR_Y, max_epochs=100)
    assert run.status == "cycled"
    fig = plots.cycle_figure(AND_X, XOR_Y, run.trace.w, run.trace.epoch, run.cycle, label_names=LABELS)
    E, p = run.cycle["epoch"], run.cycle["period"]
    ref = literal_perceptron_epochs(Z, XOR_Y, E)
    cycle = np.array([w for e, w in ref if e > E - p])
    np.testing.assert_array_equal(fig.cycle_w, cycle)
    end_prev = [w for e, w in ref if e <= E - p]
    np.testing.assert_array_equal(fig.repeating_w, end_prev[-1] if end_prev else np.zeros(3))
    np.testing.assert_array_equal(fig.repeating_w, ref[-1][1])       # it repeats
    # each line drawn is that w's boundary
    drawn = 0
    for i, w in enumerate(cycle, start=1):
        line = plots.find_artist(fig, f"cycle-w{i}")
        if w[:2].any():
            pts = np.column_stack(line.get_data()) if line is not None else None
            if pts is not None:
                drawn += 1
                for q in pts:
                    assert abs(w @ np.array([q[0], q[1], 1.0])) < 1e-9
        else:
            assert line is None
    assert drawn >= 2
    assert "back to w = 0" in fig.alt_text and f"{len(cycle)} updates" in fig.alt_text


def test_cycle_with_period_two():
    # points on a line through the origin with labels that no line through the origin separates
    X = np.array([[1.0, 0.0], [2.0, 0.0], [-1.0, 0.0]])
    y = np.array([1, -1, 1])
    Z = prepare(X, fit_intercept=False)
    run = train(Z, y, max_epochs=50)
    assert run.status == "cycled"
    fig = plots.cycle_figure(X, y, run.trace.w, run.trace.epoch, run.cycle, fit_intercept=False)
    E, p = run.cycle["epoch"], run.cycle["period"]
    ref = literal_perceptron_epochs(Z, y, E)
    np.testing.assert_array_equal(fig.cycle_w, np.array([w for e, w in ref if e > E - p]))
    assert f"as {p} epoch" in fig.alt_text


def test_trajectory_angles_are_the_angles_between_the_vectors():
    from perceptron_lab import theory
    ds = preset("clouds", seed=3)
    Z = prepare(ds.X)
    run = train(Z, ds.y, max_epochs=50, order="shuffle-each", seed=2)
    u = theory.max_margin(Z, ds.y).u
    fig = plots.trajectory_figure(run.trace.w, run.trace.step, u=u)
    W = run.trace.w

    def deg(a, b):
        return math.degrees(math.acos(max(-1, min(1, a @ b / (np.linalg.norm(a) * np.linalg.norm(b))))))
    for k in range(len(W)):
        assert fig.angle_u[k] == pytest.approx(deg(W[k], u), abs=1e-6)
        assert fig.angle_final[k] == pytest.approx(deg(W[k], W[-1]), abs=1e-6)
        assert fig.heading[k] == pytest.approx(math.degrees(math.atan2(W[k][1], W[k][0])))
    assert fig.angle_final[-1] == 0.0
    assert plots.format_number(fig.angle_u[-1]) in fig.alt_text
    xs = plots.find_artist(fig, "angle-u").get_xdata()
    np.testing.assert_array_equal(xs, run.trace.step)
