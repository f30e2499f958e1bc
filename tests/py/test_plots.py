"""The figures as files: exact pixel sizes, PNG and SVG, the device pixel ratio, readable text, figures
freed and reused, the animators' frames equal a full draw."""
import gc

import subprocess
import sys
import textwrap
import weakref

import numpy as np
import pytest

from perceptron_lab import plots

from perceptron_lab.errors import SettingsError
from plotkit import (
    AND_W, AND_X, AND_Y, CIRCLE_W, LABELS, PY, _texts, all_figures, circles, every_figure, pixels,
    png_size)


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
    ref = plots.boundary_figure(X, y, w=w, feature_map="poly2", grid=60, width_px=420, height_px=320, dpr=1.5, highlight=2)
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
