"""Plots of many features (projection, weights chart, legends, multiclass slices) and user strings
drawn literally in every plot."""
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from perceptron_lab import plots
from perceptron_lab.core import train

from perceptron_lab.core.features import prepare
from plotkit import AND_W, AND_X, AND_Y, CIRCLE_W, PY, XOR_Y, _texts, circles, every_figure, pixels


HOSTILE = ["$x^$", "a $ b", "\\alpha$", "$\\frac{1}{0}$", "50$ and 60$", "tab\there", "\\$\\"]


def _drawn_as(t):
    """What matplotlib draws for Text t: (string, is math text)."""
    return t._preprocess_math(t.get_text())


def hostile_figures(name0, name1, label_pos, title):
    names = [name0, name1]
    labels = {-1: "neg " + name1, 1: label_pos}
    run = train(prepare(AND_X), AND_Y, algorithm="voted", max_epochs=10)
    xr = train(prepare(AND_X), XOR_Y, max_epochs=50)
    t = np.arange(1, 6, dtype=float)
    figs = {
        "boundary": plots.boundary_figure(AND_X, AND_Y, w=AND_W, feature_names=names, label_names=labels,
                                          title=title),
        "regions": plots.boundary_figure(*circles(), w=CIRCLE_W, feature_map="poly2", feature_names=names,
                                         label_names=labels, title=title),
        "voted": plots.boundary_figure(AND_X, AND_Y, w=run.model.w, vote=True, feature_names=names,
                                       decision=lambda X: run.decision_function(prepare(X)), label_names=labels,
                                       title=title),
        "mistakes": plots.mistakes_figure([2, 1, 0], bound=5.0, title=title),
        "accuracy": plots.accuracy_figure([0.5, 1.0], 0.75, title=title),
        "proof": plots.proof_figure(t, 0.4 * t, 0.3 * t, np.sqrt(t), 1.2 * np.sqrt(t), bound=16.0, title=title),
        "cycle": plots.cycle_figure(AND_X, XOR_Y, xr.trace.w, xr.trace.epoch, xr.cycle, feature_names=names,
                                    label_names=labels, title=title),
        "trajectory": plots.trajectory_figure(xr.trace.w, component_names=names, title=title),
        "projection": plots.projection_figure(prepare(AND_X) @ AND_W, AND_Y, label_names=labels, title=title),
        "weights": plots.weights_figure(AND_W, names, title=title),
    }
    anim = plots.BoundaryAnimator(AND_X, AND_Y, feature_names=names, label_names=labels, title=title)
    anim.frame(AND_W)
    figs["animator"] = anim.fig
    return figs


@pytest.mark.parametrize("k", [0, 4])      # between them, every hostile string in some role
def test_user_strings_are_drawn_literally_in_every_plot(k):
    name0, name1 = HOSTILE[k], HOSTILE[(k + 1) % len(HOSTILE)]
    label, title = HOSTILE[(k + 2) % len(HOSTILE)], "data " + HOSTILE[(k + 3) % len(HOSTILE)]
    user = {name0, name1, label, title, "neg " + name1}
    for kind, fig in hostile_figures(name0, name1, label, title).items():
        png, svg = plots.render(fig), plots.render(fig, "svg")       # no ValueError from math text
        assert png[:4] == b"\x89PNG" and "</svg>" in svg
        drawn = []
        for t in _texts(fig):
            s, math_ = _drawn_as(t)
            if any("$" in u for u in user if u in t.get_text().replace("\\$", "$")):
                assert not math_, (kind, t.get_text())
            drawn.append(s)
        joined = "\n".join(drawn)
        # each user string appears exactly as typed (tabs as spaces) wherever that plot shows it
        shown = {"boundary": [name0, name1, label, title], "regions": [name0, name1, title],
                 "voted": [name0, name1, label, title], "mistakes": [title], "accuracy": [title],
                 "proof": [title], "cycle": [name0, name1, title], "trajectory": [title],
                 "projection": [title], "weights": [name0, name1, title], "animator": [name0, name1, label]}[kind]
        for u in shown:
            assert u.replace("\t", " ") in joined, (kind, u, drawn)


def test_plain_escapes_dollars_and_controls():
    from matplotlib.text import Text
    for s in HOSTILE + ["\x1b[31mred", "line\nbreak", "x" * 100]:
        out = plots.plain(s)
        drawn, math_ = Text(0, 0, out)._preprocess_math(out)
        assert not math_
        expect = s.replace("\t", " ").replace("\n", " ").replace("\x1b", " ")
        if len(expect) > 60:
            expect = expect[:59] + "…"
        assert drawn == expect


def breast_cancer():
    from sklearn.datasets import load_breast_cancer
    b = load_breast_cancer()
    X = (b.data - b.data.mean(axis=0)) / b.data.std(axis=0)
    return X, np.where(b.target == 1, 1, -1), list(b.feature_names)


def test_projection_shows_every_score_and_marks_the_mistakes():
    X, y, names = breast_cancer()
    Z = prepare(X)
    run = train(Z, y, algorithm="averaged", max_epochs=5)
    s = Z @ run.model.w
    fig = plots.projection_figure(s, y, label_names={1: "benign", -1: "malignant"})
    wrong = np.where(s >= 0, 1, -1) != y
    rings = np.asarray(plots.find_artist(fig, "misclassified").get_offsets())
    assert len(rings) == wrong.sum() > 0
    np.testing.assert_allclose(np.sort(rings[:, 0]), np.sort(s[wrong]))
    pos = np.asarray(plots.find_artist(fig, "points-pos").get_offsets())
    assert len(pos) == (y > 0).sum() and np.all(pos[:, 1] > 0.5)      # benign in the upper row
    thr = plots.find_artist(fig, "threshold")
    assert set(thr.get_xdata()) == {0.0}
    assert f"{int(wrong.sum())} of {len(y)} misclassified" in fig.alt_text
    assert f"benign: {(y > 0).sum()} points" in fig.alt_text
    assert f"{int((wrong & (y > 0)).sum())} on the wrong side" in fig.alt_text


def test_weights_chart_one_signed_bar_per_feature_and_the_caveat():
    X, y, names = breast_cancer()
    run = train(prepare(X), y, max_epochs=3)
    tall = plots.weights_figure(run.model.w, names, standardized=True, width_px=640, height_px=900)
    assert len(tall.bar_values) == 30
    np.testing.assert_array_equal(tall.bar_values, run.model.w[:-1])
    assert tall.bar_names == names
    widths = [r.get_width() for r in plots.find_artists(tall, "weight-bars")]
    np.testing.assert_allclose(widths, run.model.w[:-1])
    title = plots.find_artist(tall, "title").get_text()
    assert "importance" in title and "not" not in title
    raw = plots.weights_figure(run.model.w, names, standardized=False)
    assert "not an importance" in plots.find_artist(raw, "title").get_text()
    assert "not an importance" in raw.alt_text
    # too little room for 30 readable names: the largest |w| are drawn, and the chart says so
    kept = len(raw.bar_values)
    assert kept < 30
    biggest = np.sort(np.argsort(-np.abs(run.model.w[:-1]), kind="stable")[:kept])
    np.testing.assert_array_equal(raw.bar_index, biggest)
    assert f"{30 - kept} smaller not shown" in raw.axes[0].xaxis.label.get_text().replace("…", "")


def test_proof_animator_frames_match_a_full_draw_and_cut_at_upto():
    t = np.arange(1, 31, dtype=float)
    series = (t, 0.4 * t, 0.3 * t, 0.9 * np.sqrt(t), np.sqrt(t))
    anim = plots.ProofAnimator(*series, bound=11.1, eta=0.5, width_px=400, height_px=300, dpr=2)
    anim.frame(20)
    blitted = pixels(anim.frame(7)).astype(int)
    assert blitted.shape[:2] == (600, 800)
    full = plots.proof_figure(*series, bound=11.1, upto=7, eta=0.5, width_px=400, height_px=300, dpr=2)
    ref = pixels(plots.render(full)).astype(int)
    assert np.mean(np.abs(blitted - ref)) < 1.0, float(np.mean(np.abs(blitted - ref)))
    np.testing.assert_array_equal(plots.find_artist(anim.fig, "w-norm").get_xdata(), t[:7])
    assert anim.alt_text(7) == full.alt_text


def test_legends_stay_inside_the_figure():
    for size in [(480, 360), (320, 260), (900, 500)]:
        for name, fig in every_figure(width_px=size[0], height_px=size[1]).items():
            plots.render(fig)
            r = fig.canvas.get_renderer()
            for ax in fig.axes:
                leg = ax.get_legend()
                if leg is not None:
                    box = leg.get_window_extent(r)
                    assert box.x0 >= -1 and box.x1 <= fig.bbox.width + 1, (name, size, box)


def test_alt_texts_work_without_matplotlib():
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(PY)!r})
        sys.modules["matplotlib"] = None          # importing matplotlib now fails
        from perceptron_lab import plots
        print(plots.describe_mistakes([3, 1, 0], 12.5))
        print(plots.describe_boundary([20.0, 20.0, -30.0], ["x1", "x2"], True, "none", 0, 4))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()
    assert first.startswith("Mistakes per epoch over 3 epochs: 3, 1, 0; 4 mistakes in total")
    assert "within it" in first                 # 4 ≤ 12.5
    assert second == "Decision boundary 20·x1 + 20·x2 − 30 = 0; 0 of 4 points misclassified."


def test_multiclass_regions_say_when_they_are_a_slice():
    """Trained on more features than it draws, the regions are the model with the other features at
    their means: the legend says so (as the binary boundary plot does); with two features it does not."""
    from perceptron_lab.plots.multiclass import regions_figure

    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(30, 4)), np.arange(30) % 3
    W = rng.normal(size=(3, 4))
    for m, said in ((4, True), (2, False)):
        fig = regions_figure(X[:, :m], y, scores=lambda R, W=W[:, :m]: R @ W.T, classes=["a", "b", "c"])
        texts = [t.get_text() for t in fig.data_ax.get_legend().get_texts()]
        assert texts[:3] == ["a", "b", "c"]
        assert ("others at their means" in texts) is said, texts
        # the slice: the regions are the model's argmax with the unplotted features at their means
        grid = plots.find_artist(fig, "regions").get_array()
        (x0, x1), (y0, y1) = fig.data_ax.get_xlim(), fig.data_ax.get_ylim()
        cx, cy = np.linspace(x0, x1, grid.shape[1])[7], np.linspace(y0, y1, grid.shape[0])[11]
        point = X[:, :m].mean(axis=0)
        point[0], point[1] = cx, cy
        assert grid[11, 7] == np.argmax(point @ W[:, :m].T)
