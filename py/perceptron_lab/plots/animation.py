"""The run as an animated GIF for slides: the boundary plot the page animates (the same
scene and geometry, plots/scene.py), drawn by matplotlib for every shown update and written
by matplotlib's animation with Pillow."""

from __future__ import annotations

import os
import tempfile

import numpy as np

from ..i18n import _
from .style import FS_LABEL, PALETTE, fs, rc

SLIDE_PX = (960, 540)     # 16:9, sharp on a projector at full screen
SLIDE_SCALE = 1.3         # text and marks a little larger than on screen
MAX_FRAMES = 90           # longer runs show evenly spread updates (and say so)
FPS = 6
HOLD_END_S = 2.0          # the final picture stays up this long before the loop starts again


def shown_steps(total, max_frames=MAX_FRAMES):
    """The update numbers a GIF shows: 0..total, evenly thinned to max_frames, the last kept."""
    if total + 1 <= max_frames:
        return list(range(total + 1))
    return sorted(set(np.linspace(0, total, max_frames).round().astype(int).tolist()))


def run_gif(motion, draw_step, total, *, fps=FPS):
    """GIF bytes: for each shown step k, draw_step(k) updates motion (a BoundaryMotion) and the
    figure is drawn; a counter "update k of total" sits at the top right."""
    from matplotlib.animation import FuncAnimation, PillowWriter

    fig = motion.fig
    steps = shown_steps(total)
    hold = max(1, int(HOLD_END_S * fps))
    seq = steps + [steps[-1]] * hold
    counter = fig.text(0.99, 0.99, "", ha="right", va="top", fontsize=fs(fig, FS_LABEL), color=PALETTE["grey"],
                       gid="update-counter")

    def frame(k):
        draw_step(k)
        counter.set_text(_("before the first update") if k == 0 else _("update {k} of {total}").format(k=k, total=total))
        return []

    with rc():
        anim = FuncAnimation(fig, frame, frames=seq, blit=False, repeat=False, cache_frame_data=False)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "run.gif")
            anim.save(path, writer=PillowWriter(fps=fps), dpi=fig.dpi)
            with open(path, "rb") as fh:
                return fh.read()
