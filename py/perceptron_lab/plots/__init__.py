"""Plots of Perceptron Lab: matplotlib ``Figure`` + Agg canvas, never pyplot.

Every plot function returns a ``Figure`` of ``width_px`` x ``height_px`` CSS pixels, drawn at
``dpr`` image pixels per CSS pixel (so the PNG is width_px·dpr wide) with fonts, markers and
lines times ``scale`` (presenter mode); ``render(fig, "png" | "svg")`` turns it into PNG
bytes or SVG text, ``render_for_slides`` into a PNG at least 1600 px wide, ``to_data_url``
into a ``data:`` URL. ``fig.alt_text`` is its text alternative (``text.describe_*``).

The plotting code knows nothing about training algorithms. The model is described by what
the caller passes:

- a linear model: ``w`` (the weights over x̃, bias LAST when ``fit_intercept``) plus the way
  x̃ was prepared (``fit_intercept``, ``normalize``, ``feature_map``), see ``features.prepare``;
- any other model (voted perceptron, ...): ``decision``, a callable raw X (k, m) -> scores
  (k,), whose sign is the prediction (a score of exactly 0 predicts +1).

Every string from the user (feature and label names, titles, data set names) is drawn
literally (``text.plain``): a '$' never starts math text.

Modules: style (colours, sizes), figure (set-up, layout, output), text (alt texts, no
matplotlib), geometry (clipping), boundary + animator, curves (mistakes, accuracy), proof,
dynamics (the cycle and the w trajectory), many (w·x̃ projection, weights chart), kernel (the
kernel perceptron's regions and support vectors), multiclass (class regions, confusion matrix,
weights as images, a gallery of mistakes).

Artists that tests and the web page may want to find carry a gid (``find_artist``); the gid
is also the element id in SVG output.
"""

# The text alternatives (text.py) are pure Python and numpy: they import without matplotlib
# (tests/py/test_plots.py reads them so); every figure needs it.
from .text import (describe_accuracy, describe_boundary, describe_cycle, describe_mistakes, describe_projection,
                   describe_proof, describe_trajectory, describe_weights, format_number, plain)

try:
    import matplotlib  # noqa: F401
except ImportError:
    pass
else:
    from .animator import BoundaryAnimator, MistakesAnimator
    from .boundary import boundary_figure, misclassified
    from .curves import accuracy_figure, mistakes_figure
    from .dynamics import cycle_figure, cycle_vectors, trajectory_figure
    from .figure import (axes_geometry, css_size, find_artist, find_artists, new_figure, render, render_for_slides,
                         tick_font_px, to_data_url)
    from .kernel import kernel_figure
    from .many import projection_figure, weights_figure
    from .multiclass import confusion_figure, mistakes_gallery_figure, regions_figure, weight_images_figure
    from .proof import ProofAnimator, proof_figure
    from .style import PALETTE, SLIDE_WIDTH

__all__ = [
    "BoundaryAnimator", "MistakesAnimator", "PALETTE", "ProofAnimator", "SLIDE_WIDTH", "accuracy_figure",
    "axes_geometry", "boundary_figure", "confusion_figure", "css_size", "cycle_figure", "cycle_vectors",
    "describe_accuracy", "describe_boundary", "describe_cycle", "describe_mistakes", "describe_projection",
    "describe_proof", "describe_trajectory", "describe_weights", "find_artist", "find_artists",
    "format_number", "kernel_figure", "misclassified", "mistakes_figure", "mistakes_gallery_figure",
    "new_figure", "plain", "projection_figure", "proof_figure", "regions_figure", "render",
    "render_for_slides", "tick_font_px", "to_data_url", "trajectory_figure", "weight_images_figure",
    "weights_figure"]
