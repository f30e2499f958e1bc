"""What the plot tests share: the AND and XOR data, a circle data set and its poly2 w, PNG helpers,
every figure."""
import io
import struct

from pathlib import Path

import numpy as np

from PIL import Image

from perceptron_lab import plots
from perceptron_lab.core import train

from perceptron_lab.core.features import prepare


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


def _texts(fig):
    from matplotlib.text import Text
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]


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
