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

import importlib

# Names load their module on first use, so `plots.text` (the alt texts) and `plots.describe_*`
# work without importing matplotlib.
_WHERE = {
    "BoundaryAnimator": "animator", "MistakesAnimator": "animator",
    "boundary_figure": "boundary", "misclassified": "boundary",
    "accuracy_figure": "curves", "mistakes_figure": "curves", "proof_figure": "proof", "ProofAnimator": "proof",
    "cycle_figure": "dynamics", "cycle_vectors": "dynamics", "trajectory_figure": "dynamics",
    "projection_figure": "many", "weights_figure": "many",
    "axes_geometry": "figure", "css_size": "figure", "find_artist": "figure", "find_artists": "figure",
    "new_figure": "figure", "render": "figure", "render_for_slides": "figure", "tick_font_px": "figure",
    "to_data_url": "figure", "PALETTE": "style", "SLIDE_WIDTH": "style",
    "describe_accuracy": "text", "describe_boundary": "text", "describe_cycle": "text",
    "describe_mistakes": "text", "describe_projection": "text", "describe_proof": "text",
    "describe_trajectory": "text", "describe_weights": "text", "format_number": "text",
    "plain": "text", "kernel_figure": "kernel", "regions_figure": "multiclass",
    "confusion_figure": "multiclass", "weight_images_figure": "multiclass", "mistakes_gallery_figure": "multiclass",
}
__all__ = sorted(_WHERE)


def __getattr__(name):
    if name in _WHERE:
        value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# With matplotlib installed, load everything now (the worker imports this package at boot so
# that the first plot does not pay for the imports); without it, the texts still work.
try:
    import matplotlib  # noqa: F401
except ImportError:
    pass
else:
    for _name in _WHERE:
        __getattr__(_name)


def __dir__():
    return sorted(set(globals()) | set(_WHERE))
