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
