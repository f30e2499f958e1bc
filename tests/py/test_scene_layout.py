"""The step-through's scene on a phone (plots/scene.py, layout.legend_fitting_wide): the kernel
run's six legend entries no longer stack one a row above short, wide axes whose equal units
stretch x far beyond the data; the legend takes the figure's whole width in two columns at its
full text size, and the axes keep most of the figure. Measured on the scene the page draws."""

import numpy as np
import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.plots.style import FS_LEGEND, fs


def scene_of(preset, settings, box):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": preset},
                "settings": {**settings, "plot_px": box, "plot_kinds": ["boundary"]}})
    assert r["ok"], r.get("error")
    s = handle({"cmd": "frame", "scene": True, "sizes": {"boundary": box, "proof": [box[0], 300]}})
    assert s["ok"], s.get("error")
    return s["scene"]


def motion_of(box):
    from perceptron_lab.bridge import session
    return session.current().motion({"boundary": box, "proof": [box[0], 300]}).boundary


PHONE = [364, 351]  # the boundary box at 390 × 844


def test_a_phones_kernel_step_through_keeps_the_data_filling_its_axes():
    sc = scene_of("circles", {"algorithm": "kernel", "kernel": "rbf"}, PHONE)
    P = np.array(sc["points"])  # the points in the figure's CSS px
    a = sc["axes"]
    # The axes keep more than half of the figure's height (six legend rows left them 40 %).
    assert a["height"] >= 0.55 * sc["height"], a
    # The data spans a good part of the axes' width (40 %), not a fifth of it (x −11…11 around ±2.5);
    # the rest is equal units over the strip kept free for the note at w = 0 (placement.note_band_view).
    assert np.ptp(P[:, 0]) >= 0.35 * a["width"], (np.ptp(P[:, 0]), a)
    # Every point lies inside the axes.
    assert (P[:, 0] >= a["left"]).all() and (P[:, 0] <= a["left"] + a["width"]).all()
    assert (P[:, 1] >= a["top"]).all() and (P[:, 1] <= a["top"] + a["height"]).all()


def test_the_wide_legend_stays_in_the_figure_at_its_full_size():
    scene_of("circles", {"algorithm": "kernel", "kernel": "rbf"}, PHONE)
    m = motion_of(PHONE)
    fig, legend = m.fig, m.scene_.legend
    r = fig.canvas.get_renderer()
    box = legend.get_window_extent(r)
    assert 0 <= box.x0 and box.x1 <= fig.bbox.width, box
    assert legend._ncols == 2  # six entries in three rows
    assert min(t.get_fontsize() for t in legend.get_texts()) >= 0.85 * fs(fig, FS_LEGEND)
    # Above the axes, under the title: the legend covers neither.
    assert box.y0 >= m.scene_.ax.get_window_extent(r).y1 - 1
    title = next(t for t in fig.texts if t.get_gid() == "title")
    assert box.y1 <= title.get_window_extent(r).y0 + 1


@pytest.mark.parametrize("box", [[855, 528], [606, 603]])
def test_a_legend_that_fits_above_the_axes_stays_there(box):
    scene_of("circles", {"algorithm": "kernel", "kernel": "rbf"}, box)
    m = motion_of(box)
    r = m.fig.canvas.get_renderer()
    # It starts over the axes, as every other plot's legend does (only a phone's goes wide).
    assert m.scene_.legend.get_window_extent(r).x0 >= m.scene_.ax.get_window_extent(r).x0 - 1
