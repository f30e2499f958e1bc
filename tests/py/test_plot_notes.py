"""The notes written on the boundary plot stay inside the figure however small it is drawn
(a long note in a small step-through frame was clipped at both ends)."""
import numpy as np
import pytest

from perceptron_lab import data
from perceptron_lab.plots import boundary_figure


@pytest.mark.parametrize("width_px", [300, 366, 480])
def test_no_boundary_note_fits_the_figure(width_px):
    ds = data.preset("circles")
    # Scores > 0 everywhere: the regions have no boundary in view and the note says so.
    fig = boundary_figure(ds.X, ds.y, decision=lambda X: np.ones(len(X)), label_names=ds.label_names,
                          width_px=width_px, height_px=int(width_px * 0.75))
    fig.canvas.draw()
    note = next(t for t in fig.findobj() if getattr(t, "get_gid", lambda: None)() == "note")
    assert "no boundary in this view" in note.get_text().replace("\n", " ")
    box, frame = note.get_window_extent(), fig.bbox
    assert frame.x0 <= box.x0 and box.x1 <= frame.x1, (box, frame)


@pytest.mark.parametrize("width_px", [300, 366, 620])
def test_the_w_zero_note_never_hides_a_point(width_px):
    """XOR at w = 0 (the online run's end): XOR has two points at each edge; the note, wrapped
    in a small plot, sits in a strip kept free of points, and every point's centre pixel shows
    the point's own colour."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.colors import to_rgb

    from perceptron_lab.plots.style import PALETTE

    ds = data.preset("xor")
    fig = boundary_figure(ds.X, ds.y, w=np.zeros(3), label_names=ds.label_names,
                          width_px=width_px, height_px=width_px)
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    note = next(t for t in fig.findobj() if getattr(t, "get_gid", lambda: None)() == "note")
    assert note.get_visible() and note.get_text().startswith("w = 0")
    rgba = np.asarray(fig.canvas.buffer_rgba())
    ax = fig.axes[0]
    h = rgba.shape[0]
    box = note.get_bbox_patch().get_window_extent()
    under = 0
    for (x, y), label in zip(ds.X, ds.y):
        px, py = ax.transData.transform((x, y))
        colour = np.array(to_rgb(PALETTE["pos" if label > 0 else "neg"])) * 255
        got = rgba[int(round(h - py)), int(round(px)), :3].astype(float)
        assert np.abs(got - colour).max() < 40, (x, y, got, colour)
        under += box.x0 <= px <= box.x1 and box.y0 <= py <= box.y1
    assert under == 0  # a strip at the top is kept free of points for the note (issue 20): none under it
