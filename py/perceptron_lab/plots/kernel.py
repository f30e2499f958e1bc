"""The kernel perceptron's picture: its decision regions on a grid, support vectors ringed.

A ring's area grows with αᵢ (how many updates example i caused), so the examples the
classifier is built from stand out; the highlighted example is the one of the current step.
"""

import numpy as np

from ..i18n import _
from .boundary import boundary_figure
from .style import PALETTE, fs


def kernel_figure(X, y, *, decision, alpha, plot_features=(0, 1), feature_names=None, label_names=None,
                  title=None, highlight=None, grid=120, width_px=None, height_px=None, dpr=1.0, scale=1.0):
    """boundary_figure with decision (raw X -> f(x)) plus rings of area ∝ αᵢ around the support vectors.
    fig.n_support and fig.alt_text (the boundary's text plus the support vectors) are set."""
    fig = boundary_figure(X, y, decision=decision, plot_features=plot_features, feature_names=feature_names,
                          label_names=label_names, title=title, highlight=highlight, grid=grid,
                          width_px=width_px, height_px=height_px, dpr=dpr, scale=scale, rings=("support",))
    X = np.asarray(X, dtype=np.float64)
    alpha = np.asarray(alpha)
    sv = np.flatnonzero(alpha)
    pf = list(plot_features) if X.shape[1] > 1 else [0]
    P = X[sv][:, pf] if len(pf) == 2 else np.column_stack([X[sv, 0], np.zeros(len(sv))])
    k = fs(fig, 1)
    size = 60.0 * k * k * (1 + 3 * alpha[sv] / max(1, int(alpha.max()) if len(alpha) else 1))
    fig.data_ax.scatter(P[:, 0], P[:, 1], s=size, facecolors="none", edgecolors=PALETTE["green"],
                        linewidths=1.6 * k, zorder=4.2, gid="support-vectors")
    fig.n_support = int(len(sv))
    top = "" if not len(sv) else " " + _("The largest αᵢ is {alpha}.").format(alpha=int(alpha.max()))
    fig.alt_text = fig.alt_text + " " + _("{n} of {total} training examples are support vectors (αᵢ > 0), ringed in "
                                          "green with area growing with αᵢ.").format(n=len(sv), total=len(alpha)) + top
    return fig
