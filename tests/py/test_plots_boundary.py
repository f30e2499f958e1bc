"""The boundary plot: the line w·x̃ = 0 and the weight arrow, the ringed mistakes, regions of a feature
map or a decision function, the other features at their means."""
import numpy as np
import pytest
from matplotlib.collections import PathCollection
from matplotlib.image import AxesImage
from matplotlib.lines import Line2D

from perceptron_lab import plots
from perceptron_lab.core import train
from perceptron_lab.data import preset
from perceptron_lab.errors import SettingsError
from perceptron_lab.core.features import prepare
from plotkit import AND_W, AND_X, AND_Y, CIRCLE_W, LABELS, XOR_Y, circles, png_size


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
    assert fig.alt_text == "Decision boundary 20·x1 + 20·x2 − 30 = 0; 0 of 4 points misclassified."


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
    assert note.get_visible() and "w = 0: no boundary;" in note.get_text()
    # everything is predicted +1, so the three −1 points are misclassified
    assert sorted(map(tuple, plots.find_artist(fig, "misclassified").get_offsets())) == \
        [(0, 0), (0, 1), (1, 0)]
    assert fig.alt_text.startswith("w = 0: no decision boundary, every point")
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
    fig = plots.boundary_figure(ds.X, ds.y, w=run.model.w, decision=lambda R: run.decision_function(
        prepare(R)), label_names=ds.label_names)
    expected = int(np.sum(run.predict(Z) != ds.y))
    assert fig.n_wrong == expected
    assert plots.find_artist(fig, "regions") is not None
    assert png_size(plots.render(fig)) == (480, 360)


def test_real_training_run_on_and():
    ds = preset("and")
    run = train(prepare(ds.X), ds.y, max_epochs=100)
    assert run.status == "converged"
    fig = plots.boundary_figure(ds.X, ds.y, w=run.model.w, feature_names=ds.feature_names,
                                label_names=ds.label_names, title=ds.name)
    assert fig.n_wrong == 0
    pts = boundary_line(fig)
    assert np.allclose(np.column_stack([pts, np.ones(2)]) @ run.model.w, 0, atol=1e-9)
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
