"""A y label no taller than its axes (plots/layout.py fit_ylabel): a flat plot in presenter
mode's large type (iris multiclass at 768 × 1024: a 748 × 380 box at text scale 1.88) drew
"sepal width (cm)" over the legend above the axes. Measured on the drawn figure."""

import pytest

from perceptron_lab.bridge import handle, session
from perceptron_lab.plots.multiclass import regions_figure  # noqa: F401 (the figure the answer draws)

RUNS = [("iris", {"algorithm": "multiclass"}), ("circles", {"algorithm": "kernel", "kernel": "rbf"}),
        ("iris", {"algorithm": "online"})]


@pytest.mark.parametrize("preset, settings", RUNS, ids=["multiclass", "kernel", "linear"])
@pytest.mark.parametrize("box, scale", [([748, 380], 1.88), ([364, 351], 1.0), ([855, 528], 1.0)])
def test_the_y_label_stays_beside_its_axes_and_off_the_legend(preset, settings, box, scale):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": preset},
                "settings": {**settings, "plot_px": box, "scale": scale, "plot_kinds": ["boundary"]}})
    assert r["ok"], r.get("error")
    fig, _ = session.current().figure("boundary")
    renderer = fig.canvas.get_renderer()
    fig.canvas.draw()
    ax = fig.data_ax
    label = ax.yaxis.label.get_window_extent(renderer)
    axes = ax.get_window_extent(renderer)
    assert label.y1 <= axes.y1 + 2 and label.y0 >= axes.y0 - 2, (label, axes)
    legend = ax.get_legend() or next((a for a in fig.legends), None)
    if legend is not None:
        assert not label.overlaps(legend.get_window_extent(renderer)), (label, legend.get_window_extent(renderer))
