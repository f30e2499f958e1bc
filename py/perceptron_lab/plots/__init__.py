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
dynamics (the cycle and the w trajectory), many (w·x̃ projection, weights chart).

Artists that tests and the web page may want to find carry a gid (``find_artist``); the gid
is also the element id in SVG output.
"""

from .animator import BoundaryAnimator
from .boundary import boundary_figure, misclassified
from .curves import accuracy_figure, mistakes_figure
from .dynamics import cycle_figure, cycle_vectors, trajectory_figure
from .figure import (axes_geometry, css_size, find_artist, find_artists, new_figure, render, render_for_slides,
                     tick_font_px, to_data_url)
from .many import projection_figure, weights_figure
from .proof import proof_figure
from .style import PALETTE, SLIDE_WIDTH
from .text import (describe_accuracy, describe_boundary, describe_cycle, describe_mistakes, describe_projection,
                   describe_proof, describe_trajectory, describe_weights, format_number, no_proof_reason, plain)

__all__ = [
    "PALETTE", "SLIDE_WIDTH", "render", "render_for_slides", "to_data_url", "new_figure", "css_size",
    "find_artist", "find_artists", "axes_geometry", "tick_font_px", "misclassified",
    "boundary_figure", "mistakes_figure", "accuracy_figure", "proof_figure", "cycle_figure", "cycle_vectors",
    "trajectory_figure", "projection_figure", "weights_figure", "BoundaryAnimator",
    "describe_boundary", "describe_mistakes", "describe_accuracy", "describe_proof", "describe_cycle",
    "describe_trajectory", "describe_projection", "describe_weights", "no_proof_reason", "format_number", "plain",
]
