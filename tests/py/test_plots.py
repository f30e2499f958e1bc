"""plots.py: exact pixel sizes, SVG, no pyplot, the boundary where the algebra puts it,
misclassified marks, regions for non-linear models, degenerate w, texts, the animator."""

import gc
import math
import io
import struct
import subprocess
import sys
import textwrap
import weakref
from pathlib import Path

import numpy as np
import pytest
from matplotlib.collections import PathCollection
from matplotlib.image import AxesImage
from matplotlib.lines import Line2D
from PIL import Image

from perceptron_lab import plots
from perceptron_lab.core import train
from perceptron_lab.data import preset
from perceptron_lab.errors import SettingsError
from perceptron_lab.core.features import prepare
import reference

PY = Path(__file__).resolve().parents[2] / "py"

AND_X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
AND_Y = np.array([-1, -1, -1, 1])
XOR_Y = np.array([-1, 1, 1, -1])
LABELS = {-1: "0", 1: "1"}
AND_W = np.array([20.0, 20.0, -30.0])


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def pixels(data):
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGBA"))


def circles(n=120, seed=1):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, size=(n, 2))
    y = np.where((X ** 2).sum(axis=1) < 1.5, 1, -1)
    return X, y


# poly2 of (x1, x2) is (x1, x2, x1·x2, x1², x2²); with the bias last this is 1.5 - x1² - x2²
CIRCLE_W = np.array([0, 0, 0, -1.0, -1.0, 1.5])


def all_figures(width_px=480, height_px=360):
    t = np.arange(1, 11, dtype=float)
    return {
        "boundary": plots.boundary_figure(AND_X, AND_Y, w=AND_W, label_names=LABELS,
                                          title="AND", width_px=width_px, height_px=height_px),
        "regions": plots.boundary_figure(*circles(), w=CIRCLE_W, feature_map="poly2",
                                         width_px=width_px, height_px=height_px),
        "mistakes": plots.mistakes_figure([3, 2, 1, 0], bound=12.5, width_px=width_px,
                                          height_px=height_px),
        "accuracy": plots.accuracy_figure([0.5, 0.75, 1.0], [0.4, 0.7, 0.9],
                                          width_px=width_px, height_px=height_px),
        "proof": plots.proof_figure(t, 0.4 * t, 0.3 * t, 0.9 * np.sqrt(t), np.sqrt(t),
                                    bound=11.1, upto=5, width_px=width_px,
                                    height_px=height_px),
    }


# --------------------------------------------------------------------------- output


@pytest.mark.parametrize("size", [(480, 360), (400, 300), (333, 257), (641, 479), (409, 173)])
def test_every_figure_renders_to_exactly_the_requested_pixels(size):
    for name, fig in all_figures(*size).items():
        assert png_size(plots.render(fig, "png")) == size, name


def test_render_dpi_scales_for_dense_screens():
    fig = all_figures()["boundary"]
    assert png_size(plots.render(fig, "png", dpi=200)) == (960, 720)
    assert png_size(plots.render(fig, "png")) == (480, 360)     # the figure is unchanged


def test_svg_is_text_with_an_xml_svg_header_and_the_gids():
    for name, fig in all_figures().items():
        svg = plots.render(fig, "svg")
        assert isinstance(svg, str)
        assert svg.lstrip().startswith("<?xml"), name
        assert "<svg" in svg[:600], name
        assert svg.rstrip().endswith("</svg>"), name
    svg = plots.render(all_figures()["boundary"], "svg")
    assert 'id="boundary"' in svg and 'id="weight-arrow"' in svg


def test_render_rejects_unknown_formats_and_sizes():
    fig = all_figures()["mistakes"]
    with pytest.raises(ValueError):
        plots.render(fig, "gif")
    with pytest.raises(SettingsError):
        plots.mistakes_figure([1], width_px=20)
    with pytest.raises(SettingsError):
        plots.mistakes_figure([1], width_px=480.5)


def test_data_url():
    png = plots.render(all_figures()["mistakes"])
    url = plots.to_data_url(png)
    assert url.startswith("data:image/png;base64,iVBORw0KGgo")
    assert plots.to_data_url("<svg/>").startswith("data:image/svg+xml;base64,")


def test_pyplot_is_never_imported():
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(PY)!r})
        import numpy as np
        from perceptron_lab import plots
        X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float); y = np.array([-1, -1, -1, 1])
        figs = [plots.boundary_figure(X, y, w=[20, 20, -30]),
                plots.boundary_figure(X, y, w=[0, 0, 0, 1, 1, -1], feature_map="poly2"),
                plots.mistakes_figure([2, 1, 0], bound=3.0),
                plots.accuracy_figure([0.5, 1.0], 0.75),
                plots.proof_figure([1, 2], [0.5, 1], [0.4, 0.8], [1, 1.3], [1.2, 1.7], bound=9)]
        for f in figs:
            plots.render(f); plots.render(f, "svg")
        plots.BoundaryAnimator(X, y).frame(np.array([1.0, 1.0, -1.0]))
        print("pyplot" if "matplotlib.pyplot" in sys.modules else "clean")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "clean"


# --------------------------------------------------------------------------- boundary


def boundary_line(fig):
    line = plots.find_artist(fig, "boundary")
    assert isinstance(line, Line2D)
    return np.column_stack(line.get_data()).astype(float)


def test_and_boundary_is_the_line_20x1_plus_20x2_minus_30():
    fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W, label_names=LABELS)
    pts = boundary_line(fig)
    assert pts.shape == (2, 2)
    assert np.allclose(20 * pts[:, 0] + 20 * pts[:, 1] - 30, 0, atol=1e-9)
    assert np.linalg.norm(pts[0] - pts[1]) > 0.5          # a real segment across the view
    ax = fig.axes[0]
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    assert np.all((pts[:, 0] >= x0 - 1e-9) & (pts[:, 0] <= x1 + 1e-9))
    assert np.all((pts[:, 1] >= y0 - 1e-9) & (pts[:, 1] <= y1 + 1e-9))
    # all four points are in view, with padding
    assert x0 < 0 and x1 > 1 and y0 < 0 and y1 > 1
    # the +1 region contains (1, 1), the -1 region (0, 0)
    pos = plots.find_artist(fig, "regions-pos")
    assert pos.contains_point(ax.transData.transform((1, 1)))
    assert not pos.contains_point(ax.transData.transform((0, 0)))
    assert plots.find_artist(fig, "regions-neg").contains_point(ax.transData.transform((0, 0)))
    assert not plots.find_artist(fig, "regions-neg").contains_point(
        ax.transData.transform((1, 1)))
    assert fig.n_wrong == 0
    assert fig.alt_text == "Decision boundary 20.0·x1 + 20.0·x2 − 30.0 = 0; 0 of 4 points misclassified."


def test_weight_arrow_starts_on_the_boundary_and_points_along_w():
    fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W)
    assert plots.find_artist(fig, "weight-arrow").get_visible()
    (sx, sy), (tx, ty) = fig.weight_arrow
    assert abs(20 * sx + 20 * sy - 30) < 1e-9              # starts on the line
    d = np.array([tx - sx, ty - sy])
    assert np.allclose(d / np.linalg.norm(d), np.array([1, 1]) / np.sqrt(2))
    assert 20 * tx + 20 * ty - 30 > 0                       # points to the +1 side


def test_no_bias_line_goes_through_the_origin_and_the_arrow_starts_there():
    X = np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -1.5], [-2.0, -0.5]])
    y = np.array([1, 1, -1, -1])
    w = np.array([1.0, 2.0])
    fig = plots.boundary_figure(X, y, w=w, fit_intercept=False)
    pts = boundary_line(fig)
    assert np.allclose(pts @ w, 0, atol=1e-9)
    start, tip = fig.weight_arrow
    assert np.allclose(start, (0, 0))
    assert tip[0] * w[1] - tip[1] * w[0] == pytest.approx(0, abs=1e-9)   # tip ∥ w


def test_normalize_does_not_move_the_line():
    a = boundary_line(plots.boundary_figure(AND_X, AND_Y, w=AND_W, normalize=False))
    b = boundary_line(plots.boundary_figure(AND_X, AND_Y, w=AND_W, normalize=True))
    assert np.allclose(a, b)


def test_vertical_and_horizontal_boundaries():
    fig = plots.boundary_figure(AND_X, AND_Y, w=[2.0, 0.0, -1.0])     # x1 = 0.5
    pts = boundary_line(fig)
    assert np.allclose(pts[:, 0], 0.5)
    assert sorted(pts[:, 1]) == pytest.approx(sorted(fig.axes[0].get_ylim()))
    fig = plots.boundary_figure(AND_X, AND_Y, w=[0.0, -3.0, 1.5])     # x2 = 0.5
    pts = boundary_line(fig)
    assert np.allclose(pts[:, 1], 0.5)
    assert sorted(pts[:, 0]) == pytest.approx(sorted(fig.axes[0].get_xlim()))


def test_misclassified_points_are_ringed():
    # 1·x1 + 1·x2 − 1.5 = 0 misclassifies nothing; x1 − 0.5 = 0 errs on (1, 0) only
    fig = plots.boundary_figure(AND_X, AND_Y, w=[1.0, 0.0, -0.5])
    ring = plots.find_artist(fig, "misclassified")
    assert isinstance(ring, PathCollection)
    assert ring.get_offsets().tolist() == [[1.0, 0.0]]
    assert fig.n_wrong == 1
    assert "1 of 4 points misclassified" in fig.alt_text
    mask = plots.misclassified(AND_X, AND_Y, w=[1.0, 0.0, -0.5])
    assert mask.tolist() == [False, False, True, False]


def test_score_exactly_zero_predicts_plus_one():
    # w·x̃ = x1 − 1 is 0 at (1, 0) and (1, 1): predicted +1, so (1, 0) (label −1) is wrong
    mask = plots.misclassified(AND_X, AND_Y, w=[1.0, 0.0, -1.0])
    assert mask.tolist() == [False, False, True, False]


def test_w_zero_has_no_line_and_says_so():
    fig = plots.boundary_figure(AND_X, AND_Y, w=[0.0, 0.0, 0.0], label_names=LABELS)
    assert boundary_line(fig).size == 0
    assert not plots.find_artist(fig, "weight-arrow").get_visible()
    assert fig.weight_arrow is None
    note = plots.find_artist(fig, "note")
    assert note.get_visible() and "w = 0: no boundary (" in note.get_text()
    # everything is predicted +1, so the three −1 points are misclassified
    assert sorted(map(tuple, plots.find_artist(fig, "misclassified").get_offsets())) == \
        [(0, 0), (0, 1), (1, 0)]
    assert fig.alt_text.startswith("w = 0: no decision boundary yet")
    assert "3 of 4 points misclassified" in fig.alt_text
    assert png_size(plots.render(fig)) == (480, 360)


def test_boundary_outside_the_view():
    fig = plots.boundary_figure(AND_X, AND_Y, w=[1.0, 1.0, -30.0])
    assert boundary_line(fig).size == 0
    assert "outside the view" in plots.find_artist(fig, "note").get_text()
    assert plots.find_artist(fig, "misclassified").get_offsets().tolist() == [[1.0, 1.0]]
    assert png_size(plots.render(fig)) == (480, 360)


def test_only_bias_nonzero_has_no_line():
    fig = plots.boundary_figure(AND_X, AND_Y, w=[0.0, 0.0, -1.0])
    assert boundary_line(fig).size == 0
    assert not plots.find_artist(fig, "weight-arrow").get_visible()
    assert fig.n_wrong == 1                                   # all predicted −1
    assert "predicted 0" in plots.find_artist(fig, "note").get_text() or \
        "predicted −1" in plots.find_artist(fig, "note").get_text()


def test_highlight_rings_one_example():
    fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W, highlight=2)
    assert plots.find_artist(fig, "highlight").get_offsets().tolist() == [[1.0, 0.0]]
    fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W)
    assert len(plots.find_artist(fig, "highlight").get_offsets()) == 0
    with pytest.raises(ValueError):
        plots.boundary_figure(AND_X, AND_Y, w=AND_W, highlight=4)


def test_more_features_hold_the_others_at_their_means():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 3)) + [0, 0, 2.0]
    y = np.where(X[:, 0] + X[:, 1] > 0, 1, -1)
    w = np.array([1.0, 0.5, 2.0, -1.0])
    m3 = X[:, 2].mean()
    pts = boundary_line(plots.boundary_figure(X, y, w=w))
    assert np.allclose(pts[:, 0] + 0.5 * pts[:, 1] + 2.0 * m3 - 1.0, 0, atol=1e-9)
    # plotting features 0 and 2: feature 1 is held at its mean
    fig = plots.boundary_figure(X, y, w=w, plot_features=(0, 2),
                                feature_names=["a", "b", "c"])
    pts = boundary_line(fig)
    assert np.allclose(pts[:, 0] + 0.5 * X[:, 1].mean() + 2.0 * pts[:, 1] - 1.0, 0, atol=1e-9)
    assert fig.axes[0].get_xlabel() == "a" and fig.axes[0].get_ylabel() == "c"
    assert "means" in plots.find_artist(fig, "subnote").get_text()
    # misclassified uses all features, not the slice
    assert fig.n_wrong == int(plots.misclassified(X, y, w=w).sum())


def test_bad_plot_features_is_a_settings_error():
    with pytest.raises(SettingsError) as e:
        plots.boundary_figure(AND_X, AND_Y, w=AND_W, plot_features=(0, 2))
    assert e.value.field == "plot_features"
    with pytest.raises(SettingsError):
        plots.boundary_figure(AND_X, AND_Y, w=AND_W, plot_features=(1, 1))


def test_one_feature_is_a_vertical_threshold():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([-1, -1, 1, 1])
    fig = plots.boundary_figure(X, y, w=[2.0, -3.0])
    assert np.allclose(boundary_line(fig)[:, 0], 1.5)
    assert fig.n_wrong == 0
    assert png_size(plots.render(fig)) == (480, 360)


def test_wrong_w_length_is_an_error():
    with pytest.raises(ValueError):
        plots.boundary_figure(AND_X, AND_Y, w=[1.0, 2.0])


def test_poly2_draws_regions_and_the_zero_contour():
    X, y = circles()
    fig = plots.boundary_figure(X, y, w=CIRCLE_W, feature_map="poly2")
    img = plots.find_artist(fig, "regions")
    assert isinstance(img, AxesImage)
    rgba = np.asarray(img.get_array())
    assert rgba.shape[:2] == (200, 200)
    colours = {tuple(np.round(c, 4)) for c in rgba.reshape(-1, rgba.shape[-1])}
    assert len(colours) == 2                                 # both regions are there
    # the centre of the grid is inside the circle (+1, blue fill), a corner outside
    import matplotlib.colors as mc
    # 8-bit RGBA (drawn without float normalisation): each fill colour to the nearest level
    assert rgba.dtype == np.uint8
    assert np.abs(rgba[100, 100] / 255 - mc.to_rgba(plots.PALETTE["pos_fill"])).max() <= 0.5 / 255
    assert np.abs(rgba[0, 0] / 255 - mc.to_rgba(plots.PALETTE["neg_fill"])).max() <= 0.5 / 255
    cs = plots.find_artist(fig, "contour")
    assert cs is not None
    verts = np.vstack([p.vertices for p in cs.get_paths() if len(p.vertices)])
    r2 = (verts ** 2).sum(axis=1)
    assert np.allclose(r2, 1.5, atol=0.05)                  # the circle x1² + x2² = 1.5
    assert boundary_line(fig).size == 0                      # no straight line
    assert fig.n_wrong == int(plots.misclassified(X, y, w=CIRCLE_W, feature_map="poly2").sum())
    assert fig.n_wrong == 0
    assert "x1²" in fig.alt_text and "x2²" in fig.alt_text
    assert png_size(plots.render(fig)) == (480, 360)


def test_poly2_w_zero_says_no_boundary():
    X, y = circles()
    fig = plots.boundary_figure(X, y, w=np.zeros(6), feature_map="poly2")
    assert plots.find_artist(fig, "contour") is None
    assert "w = 0" in plots.find_artist(fig, "note").get_text()


def test_decision_callable_draws_regions_and_marks_its_mistakes():
    X = AND_X
    calls = []

    def xor_score(R):
        calls.append(R.shape)
        return -(R[:, 0] - 0.5) * (R[:, 1] - 0.5)           # + on the anti-diagonal

    fig = plots.boundary_figure(X, XOR_Y, decision=xor_score, label_names=LABELS)
    assert plots.find_artist(fig, "regions") is not None
    assert plots.find_artist(fig, "contour") is not None
    assert fig.n_wrong == 0
    assert (40000, 2) in calls                               # evaluated on a 200 x 200 grid
    # the same decision with AND labels: (1, 1) and the two anti-diagonal points are wrong
    fig = plots.boundary_figure(X, AND_Y, decision=xor_score)
    assert sorted(map(tuple, plots.find_artist(fig, "misclassified").get_offsets())) == \
        [(0, 1), (1, 0), (1, 1)]
    assert fig.alt_text.endswith("3 of 4 points misclassified.")


def test_voted_run_through_its_decision_function():
    ds = preset("and")
    Z = prepare(ds.X)
    run = train(Z, ds.y, algorithm="voted", max_epochs=50)
    fig = plots.boundary_figure(ds.X, ds.y, w=run.w, decision=lambda R: run.decision_function(
        prepare(R)), label_names=ds.label_names)
    expected = int(np.sum(run.predict(Z) != ds.y))
    assert fig.n_wrong == expected
    assert plots.find_artist(fig, "regions") is not None
    assert png_size(plots.render(fig)) == (480, 360)


def test_real_training_run_on_and():
    ds = preset("and")
    run = train(prepare(ds.X), ds.y, max_epochs=100)
    assert run.status == "converged"
    fig = plots.boundary_figure(ds.X, ds.y, w=run.w, feature_names=ds.feature_names,
                                label_names=ds.label_names, title=ds.name)
    assert fig.n_wrong == 0
    pts = boundary_line(fig)
    assert np.allclose(np.column_stack([pts, np.ones(2)]) @ run.w, 0, atol=1e-9)
    # the legend carries the original label names
    texts = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert texts[:2] == ["1 (+1)", "0 (−1)"]
    fig = plots.mistakes_figure(run.epoch_mistakes)
    cum = plots.find_artist(fig, "cumulative")
    assert cum.get_ydata()[-1] == run.mistakes


def test_equal_aspect_when_ranges_are_similar():
    fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W)
    ax = fig.axes[0]
    bb = ax.get_window_extent()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    assert (x1 - x0) / bb.width == pytest.approx((y1 - y0) / bb.height, rel=1e-6)


# --------------------------------------------------------------------------- other plots


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
        "Decision boundary 20.0·x1 + 20.0·x2 − 30.0 = 0; 0 of 4 points misclassified."
    s = plots.describe_boundary([0.25, -1.5], ["height", "weight"], False, "none", 2, 10)
    assert s == "Decision boundary 0.25·height − 1.5·weight = 0; 2 of 10 points misclassified."
    s = plots.describe_boundary([0, 0, 0], ["x1", "x2"], True, "none", 3, 4,
                                label_names=LABELS)
    assert s.startswith("w = 0") and "3 of 4" in s and "predicted 1" in s
    s = plots.describe_boundary(CIRCLE_W, ["x1", "x2"], True, "poly2", 1, 120)
    assert "−1.0·x1² − 1.0·x2² + 1.5 = 0" in s and "1 of 120" in s


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


# --------------------------------------------------------------------------- reuse, speed


def test_figures_are_freed_and_a_figure_can_be_reused():
    refs = []
    for _ in range(15):
        fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W)
        plots.render(fig)
        refs.append(weakref.ref(fig))
        del fig
    gc.collect()
    assert sum(r() is not None for r in refs) == 0

    # a figure passed back in is cleared and reused: nothing piles up, the size can change
    f1 = plots.boundary_figure(AND_X, AND_Y, w=AND_W)
    n_children = len(f1.get_children())
    for k in range(10):
        fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W * (k + 1), fig=f1)
        assert fig is f1
        assert png_size(plots.render(fig)) == (480, 360)
    assert len(fig.get_children()) == n_children and len(fig.axes) == 1
    fig = plots.mistakes_figure([1, 0], fig=f1, width_px=400, height_px=300)
    assert fig is f1 and png_size(plots.render(fig)) == (400, 300)


def test_animator_frames_keep_the_size_and_change_with_w():
    anim = plots.BoundaryAnimator(AND_X, AND_Y, label_names=LABELS, title="AND")
    a = anim.frame(np.array([1.0, 1.0, -1.0]))
    b = anim.frame(np.array([1.0, 2.0, -2.5]))
    c = anim.frame(np.array([1.0, 1.0, -1.0]), highlight=0)
    a2 = anim.frame(np.array([1.0, 1.0, -1.0]))
    z = anim.frame(np.zeros(3))
    for f in (a, b, c, z):
        assert png_size(f) == (480, 360)
    pa, pb, pc, pa2 = pixels(a), pixels(b), pixels(c), pixels(a2)
    assert not np.array_equal(pa, pb)
    assert not np.array_equal(pa, pc)                         # the highlight ring shows
    assert np.array_equal(pa, pa2)                            # nothing left over from frames between
    assert anim.n_wrong == 3                                  # w = 0: the three −1 points


def test_animator_frame_matches_a_full_draw():
    w = np.array([1.0, 2.0, -2.5])
    anim = plots.BoundaryAnimator(AND_X, AND_Y, label_names=LABELS, title="AND")
    anim.frame(np.array([3.0, -1.0, 0.5]), highlight=1)
    blitted = pixels(anim.frame(w, highlight=2)).astype(int)
    for a in anim.scene.animated_artists():
        a.set_animated(False)
    full = pixels(plots.render(anim.fig)).astype(int)
    # blitting only the changing artists gives the very same pixels as drawing it all
    assert np.array_equal(blitted, full), int(np.abs(blitted - full).max())


def test_animator_poly2_frames():
    X, y = circles(60)
    anim = plots.BoundaryAnimator(X, y, feature_map="poly2")
    a = anim.frame(CIRCLE_W)
    b = anim.frame(CIRCLE_W * [1, 1, 1, 1, 1, 0.3])
    assert png_size(a) == png_size(b) == (480, 360)
    assert not np.array_equal(pixels(a), pixels(b))
    expected = plots.misclassified(X, y, w=CIRCLE_W * [1, 1, 1, 1, 1, 0.3], feature_map="poly2")
    assert expected.sum() > 0 and anim.n_wrong == int(expected.sum())


def test_animator_poly2_frame_matches_a_full_draw():
    """The poly2 frame is blitted too (region image, contour, points over the background drawn
    once): the very pixels of drawing the whole scene, and the regions and contour of a
    boundary_figure of the same w (its own grid)."""
    X, y = circles(60)
    w = CIRCLE_W * [1, 1, 1, 1, 1, 0.6]
    anim = plots.BoundaryAnimator(X, y, feature_map="poly2", grid=60, width_px=420, height_px=320, dpr=1.5)
    anim.frame(CIRCLE_W * [1, 1, 1, 1, 1, 0.3], highlight=4)
    anim.frame(np.zeros(6))                                  # no contour, a note: nothing left over
    blitted = pixels(anim.frame(w, highlight=2)).astype(int)
    assert anim.scene.contour is not None
    for a in anim.scene.animated_artists():
        a.set_animated(False)
    full = pixels(plots.render(anim.fig)).astype(int)
    assert blitted.shape == full.shape == (480, 630, 4)
    assert np.array_equal(blitted, full), int(np.abs(blitted - full).max())
    ref = plots.boundary_figure(X, y, w=w, feature_map="poly2", grid=60, width_px=420, height_px=320, dpr=1.5)
    np.testing.assert_array_equal(plots.find_artist(ref, "regions").get_array(), anim.scene.image.get_array())
    ref_paths = [p.vertices for p in plots.find_artist(ref, "contour").get_paths() if len(p.vertices)]
    got_paths = [p.vertices for p in anim.scene.contour.get_paths() if len(p.vertices)]
    np.testing.assert_allclose(np.vstack(got_paths), np.vstack(ref_paths))


@pytest.mark.parametrize("em", [[3, 2, 0, 1, 0], [1] * 60 + [0] * 70])
def test_mistakes_animator_grows_the_bars_on_the_whole_runs_axes(em):
    """Frame `done` shows the first `done` epochs' bars and cumulative line on the whole run's
    axes (blitted: the same pixels as drawing it all); the last frame is the final figure."""
    kw = dict(bound=40.0, width_px=420, height_px=300, dpr=1.5)
    anim = plots.MistakesAnimator(em, **kw)
    final = pixels(plots.render(plots.mistakes_figure(em, **kw))).astype(int)
    assert np.array_equal(pixels(anim.frame(len(em))).astype(int), final)
    done = 3
    anim.frame(1)
    blitted = pixels(anim.frame(done)).astype(int)
    assert not np.array_equal(blitted, final)
    np.testing.assert_array_equal(anim.cum.get_ydata(), np.cumsum(em[:done]))
    if anim.bars:
        assert [b.get_visible() for b in anim.bars] == [i < done for i in range(len(em))]
    else:
        np.testing.assert_array_equal(anim.stairs.get_data().values, em[:done] + [0] * (len(em) - done))
    for a in anim.moving:
        a.set_animated(False)
    full = pixels(plots.render(anim.fig)).astype(int)
    assert np.array_equal(blitted, full), int(np.abs(blitted - full).max())
    assert anim.alt_text(0).startswith("Epoch 1 is under way")
    assert anim.alt_text(done) == plots.describe_mistakes(em[:done], 40.0)


def test_a_single_epoch_gets_whole_number_ticks():
    for fig in (plots.mistakes_figure([4]), plots.accuracy_figure([0.5])):
        fig.canvas.draw()
        ax = fig.axes[0]
        lo, hi = ax.get_xlim()
        ticks = [t for t in ax.get_xticks() if lo <= t <= hi]
        assert ticks == [1.0]


# --------------------------------------------------------------------------- user strings

HOSTILE = ["$x^$", "a $ b", "\\alpha$", "$\\frac{1}{0}$", "50$ and 60$", "tab\there", "\\$\\"]


def _texts(fig):
    from matplotlib.text import Text
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]


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
        "voted": plots.boundary_figure(AND_X, AND_Y, w=run.w, vote=True, feature_names=names,
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


# --------------------------------------------------------------------------- readable, crisp


def every_figure(**kw):
    xr = train(prepare(AND_X), XOR_Y, max_epochs=50)
    t = np.arange(1, 11, dtype=float)
    return {
        **all_figures(**{k: v for k, v in kw.items() if k in ("width_px", "height_px")}),
        "cycle": plots.cycle_figure(AND_X, XOR_Y, xr.trace.w, xr.trace.epoch, xr.cycle, **kw),
        "trajectory": plots.trajectory_figure(xr.trace.w, **kw),
        "projection": plots.projection_figure(prepare(AND_X) @ AND_W, AND_Y, **kw),
        "weights": plots.weights_figure(AND_W, **kw),
        "proof-eta": plots.proof_figure(t, 0.4 * t, 0.3 * t, np.sqrt(t), np.sqrt(t), eta=0.1, **kw),
    }


@pytest.mark.parametrize("dpr", [1, 1.5, 2, 3])
def test_png_has_css_size_times_the_device_pixel_ratio(dpr):
    for name, fig in every_figure(width_px=500, height_px=340, dpr=dpr).items():
        if name in all_figures():
            continue
        assert png_size(plots.render(fig)) == (int(500 * dpr), int(340 * dpr)), name
    fig = plots.boundary_figure(AND_X, AND_Y, w=AND_W, width_px=500, height_px=340, dpr=dpr)
    assert png_size(plots.render(fig)) == (int(500 * dpr), int(340 * dpr))
    anim = plots.BoundaryAnimator(AND_X, AND_Y, width_px=500, height_px=340, dpr=dpr)
    assert png_size(anim.frame(AND_W)) == (int(500 * dpr), int(340 * dpr))


def test_the_same_picture_at_dpr_2_is_the_dpr_1_picture_with_more_pixels():
    one = pixels(plots.render(plots.boundary_figure(AND_X, AND_Y, w=AND_W)))[..., :3].astype(float)
    two = pixels(plots.render(plots.boundary_figure(AND_X, AND_Y, w=AND_W, dpr=2)))[..., :3].astype(float)
    down = two.reshape(360, 2, 480, 2, 3).mean(axis=(1, 3))
    assert np.mean(np.abs(down - one)) < 6        # same layout; only anti-aliasing differs
    assert np.mean(np.abs(down - np.roll(one, 6, axis=1))) > 2 * np.mean(np.abs(down - one))


def test_every_text_is_at_least_14_css_px():
    for name, fig in every_figure(width_px=640, height_px=400).items():
        plots.render(fig)
        for t in _texts(fig):
            if t.get_gid() == "cycle-list":
                continue
            assert t.get_fontsize() * 100 / 72 >= 14 - 1e-9, (name, t.get_text(), t.get_fontsize())
        assert plots.tick_font_px(fig) >= 14


def test_presenter_scale_makes_text_markers_and_lines_bigger():
    a = plots.boundary_figure(AND_X, AND_Y, w=AND_W, width_px=800, height_px=600)
    b = plots.boundary_figure(AND_X, AND_Y, w=AND_W, width_px=800, height_px=600, scale=1.5)
    assert plots.tick_font_px(b) == pytest.approx(1.5 * plots.tick_font_px(a))
    xa, xb = a.data_ax.xaxis.label, b.data_ax.xaxis.label
    assert xb.get_fontsize() == pytest.approx(1.5 * xa.get_fontsize())
    pa, pb = plots.find_artist(a, "points-pos"), plots.find_artist(b, "points-pos")
    assert pb.get_sizes()[0] == pytest.approx(2.25 * pa.get_sizes()[0])     # areas: scale squared
    assert plots.find_artist(b, "boundary").get_linewidth() == pytest.approx(
        1.5 * plots.find_artist(a, "boundary").get_linewidth())
    assert png_size(plots.render(b)) == (800, 600)
    with pytest.raises(SettingsError):
        plots.boundary_figure(AND_X, AND_Y, w=AND_W, scale=10)
    with pytest.raises(SettingsError):
        plots.boundary_figure(AND_X, AND_Y, w=AND_W, dpr=0)


def test_exports_for_slides_are_at_least_1600_px_and_svg_is_unchanged():
    for name, fig in all_figures().items():
        w, h = png_size(plots.render_for_slides(fig))
        assert w >= plots.SLIDE_WIDTH and abs(w / h - 480 / 360) < 0.01, name
        assert plots.render_for_slides(fig, "svg") == plots.render(fig, "svg")
    small = plots.mistakes_figure([1, 0], width_px=320, height_px=260)
    assert png_size(plots.render_for_slides(small))[0] >= 1600


# --------------------------------------------------------------------------- truth in pictures


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
    W, c = run.votes
    fig = plots.boundary_figure(AND_X, AND_Y, w=run.w, vote=True, label_names=LABELS,
                                decision=lambda X: run.decision_function(prepare(X)))
    legend = [t.get_text() for t in fig.data_ax.get_legend().get_texts()]
    assert "last w (one voter)" in legend and "voted classifier (regions)" in legend
    # the dashed line is the last w's boundary
    line = plots.find_artist(fig, "last-w-line")
    assert line.get_linestyle() == "--"
    for p in np.column_stack(line.get_data()):
        assert abs(run.w_last @ np.array([p[0], p[1], 1.0])) < 1e-9
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


# --------------------------------------------------------------------------- many features


def breast_cancer():
    from sklearn.datasets import load_breast_cancer
    b = load_breast_cancer()
    X = (b.data - b.data.mean(axis=0)) / b.data.std(axis=0)
    return X, np.where(b.target == 1, 1, -1), list(b.feature_names)


def test_projection_shows_every_score_and_marks_the_mistakes():
    X, y, names = breast_cancer()
    Z = prepare(X)
    run = train(Z, y, algorithm="averaged", max_epochs=5)
    s = Z @ run.w
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
    tall = plots.weights_figure(run.w, names, standardized=True, width_px=640, height_px=900)
    assert len(tall.bar_values) == 30
    np.testing.assert_array_equal(tall.bar_values, run.w[:-1])
    assert tall.bar_names == names
    widths = [r.get_width() for r in plots.find_artists(tall, "weight-bars")]
    np.testing.assert_allclose(widths, run.w[:-1])
    title = plots.find_artist(tall, "title").get_text()
    assert "importance" in title and "not" not in title
    raw = plots.weights_figure(run.w, names, standardized=False)
    assert "not an importance" in plots.find_artist(raw, "title").get_text()
    assert "not an importance" in raw.alt_text
    # too little room for 30 readable names: the largest |w| are drawn, and the chart says so
    kept = len(raw.bar_values)
    assert kept < 30
    biggest = np.sort(np.argsort(-np.abs(run.w[:-1]), kind="stable")[:kept])
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
    assert second == "Decision boundary 20.0·x1 + 20.0·x2 − 30.0 = 0; 0 of 4 points misclassified."


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
        assert ("other features at their means" in texts) is said, texts
        # the slice: the regions are the model's argmax with the unplotted features at their means
        grid = plots.find_artist(fig, "regions").get_array()
        (x0, x1), (y0, y1) = fig.data_ax.get_xlim(), fig.data_ax.get_ylim()
        cx, cy = np.linspace(x0, x1, grid.shape[1])[7], np.linspace(y0, y1, grid.shape[0])[11]
        point = X[:, :m].mean(axis=0)
        point[0], point[1] = cx, cy
        assert grid[11, 7] == np.argmax(point @ W[:, :m].T)
