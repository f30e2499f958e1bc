"""The "w" beside w's arrow keeps clear of the ring of the update's example (plots/placement.py
w_label_spot), as it keeps clear of the points: at XOR's second update on a phone the arrow's tip
points at that example, and the "w" sat on its pink ring. Measured in the drawn figure's pixels."""

import numpy as np
import pytest

from perceptron_lab.bridge import handle, session


@pytest.mark.parametrize("box", [[364, 351], [606, 603], [855, 528]])
def test_the_w_is_clear_of_the_update_examples_ring(box):
    r = handle({"cmd": "train", "data": {"kind": "preset", "name": "xor"},
                "settings": {"algorithm": "online", "plot_px": box, "plot_kinds": ["boundary"]}})
    assert r["ok"], r.get("error")
    m = session.current().motion({"boundary": box, "proof": [box[0], 300]})
    for k in range(1, session.current().steps + 1):
        m.draw(k)
        s = m.boundary.scene_
        if not s.arrow_label.get_visible():
            continue
        fig, ax = s.fig, s.ax
        renderer = fig.canvas.get_renderer()
        label = s.arrow_label.get_window_extent(renderer)
        ring_at = ax.transData.transform(np.asarray(s.hl.get_offsets(), dtype=float).reshape(-1, 2))[0]
        ring_r = np.sqrt(s.marker_s * 9) / 2 * fig.dpi / 72  # the ring's radius in image px
        # The nearest point of the label's box to the ring's centre lies outside the ring.
        nx = min(max(ring_at[0], label.x0), label.x1)
        ny = min(max(ring_at[1], label.y0), label.y1)
        assert np.hypot(nx - ring_at[0], ny - ring_at[1]) > ring_r, (box, k, label, ring_at, ring_r)
