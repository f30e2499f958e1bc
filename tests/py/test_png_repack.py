"""tools/png_repack.py: the first picture deflated again keeps every pixel (Pillow decodes both) and is smaller."""
from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402

from tools.png_repack import repack  # noqa: E402


def a_plot_png() -> bytes:
    fig, ax = plt.subplots(figsize=(4, 3), dpi=80)
    ax.plot([0, 1, 2], [1, 0, 2], "o-")
    ax.set_title("w ← w + η·y·x̃")
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def pixels(png: bytes):
    im = Image.open(io.BytesIO(png))
    return im.mode, im.size, im.tobytes(), im.info.get("dpi")


def test_the_same_pixels_in_fewer_bytes():
    png = a_plot_png()
    packed = repack(png)
    assert pixels(packed) == pixels(png)
    assert len(packed) < len(png)
    assert repack(png) == packed  # the same bytes each time


def test_not_a_png_is_refused():
    with pytest.raises(ValueError):
        repack(b"GIF89a")
