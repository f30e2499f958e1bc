"""Colours, markers and sizes of every plot.

Sizes are in points, and a figure is made at dpi = 100 × device pixel ratio, so a point is
1.39 CSS pixels whatever the screen: the 10.5 pt tick labels are 14.6 CSS px, readable at
1920×1080 from the back of a room when the image is shown at the CSS size it was made for.
`scale` (presenter mode) multiplies every font, marker, line and margin.
"""

import contextlib

# Okabe–Ito (colour-blind safe); the two classes differ by marker shape too.
PALETTE = {
    "pos": "#0072B2",        # +1 class: blue, "o"
    "neg": "#E69F00",        # -1 class: orange, "s"
    "pos_fill": "#D9EAF3",   # +1 region: 15 % blue on white
    "neg_fill": "#FBF1D9",   # -1 region: 15 % orange on white
    "boundary": "#000000",
    "wrong": "#000000",      # ring around misclassified points
    "arrow": "#D55E00",      # weight vector: vermillion
    "highlight": "#CC79A7",  # reddish purple ring for the current example
    "green": "#009E73",
    "sky": "#56B4E9",
    "grey": "#666666",
}
POS_MARKER, NEG_MARKER = "o", "s"

DPI = 100                 # dots per inch at device pixel ratio 1: one CSS px per pixel
MIN_PX, MAX_PX = 160, 4000
MAX_IMAGE_PX = 8000       # the rendered image, after dpr or an export scale
DPR_RANGE = (1.0, 4.0)
SCALE_RANGE = (0.5, 3.0)
SLIDE_WIDTH = 1600        # exports for slides are at least this many pixels wide

# Fonts in points: 10.5 pt = 14.6 CSS px (the readability floor is 14).
FS_TICK, FS_LABEL, FS_TITLE, FS_LEGEND, FS_NOTE = 10.5, 11, 12, 10.5, 10.5
LINE_W = 2.2
MARKER_S = 48.0           # scatter marker area, pt²

# Axes margins in CSS pixels at scale 1 (left, right, bottom, top without title/legend).
M_LEFT, M_RIGHT, M_BOTTOM, M_TOP = 66, 14, 50, 10
TITLE_PX = 26
LEGEND_ROW_PX = 21

RC = {
    "font.family": "DejaVu Sans",
    "font.size": FS_TICK,
    "axes.titlesize": FS_TITLE,
    "axes.labelsize": FS_LABEL,
    "xtick.labelsize": FS_TICK,
    "ytick.labelsize": FS_TICK,
    "legend.fontsize": FS_LEGEND,
    "axes.unicode_minus": True,
    "svg.hashsalt": "perceptron-lab",   # deterministic SVG ids
    "svg.fonttype": "path",
    "path.simplify": True,
    # Math text (only the subscript of "w$_t$") in the upright DejaVu Sans faces the text
    # uses, with no fallback fonts: the default "dejavusans" set loads STIX and Computer
    # Modern whenever math is drawn, and its italic needs DejaVu Sans Oblique, ~1.3 MB of
    # fonts the browser build would ship for one letter (docs/PYODIDE.md, "Math-text fonts").
    # The t is upright like the w it belongs to.
    "mathtext.fontset": "custom",
    "mathtext.rm": "DejaVu Sans",
    "mathtext.sf": "DejaVu Sans",
    "mathtext.tt": "DejaVu Sans",
    "mathtext.cal": "DejaVu Sans",
    "mathtext.it": "DejaVu Sans",
    "mathtext.bf": "DejaVu Sans:bold",
    "mathtext.bfit": "DejaVu Sans:bold",  # no Bold Oblique shipped; never drawn
    "mathtext.fallback": None,
}


@contextlib.contextmanager
def rc():
    """The plots' rcParams (RC) inside the block, the caller's again after it. Only RC's keys
    are saved and put back (nothing in the package sets other rcParams): matplotlib's
    rc_context copies and re-validates all ~300 params on the way in and out, which costs more
    in Pyodide than blitting a frame, and every step-through frame enters this."""
    import matplotlib
    params = matplotlib.rcParams
    old = {k: params[k] for k in RC}
    try:
        params.update(RC)
        yield
    finally:
        params.update(old)


def scale_of(fig):
    """The presenter scale the figure was made with (1 unless asked)."""
    return getattr(fig, "pl_scale", 1.0)


def px(fig, css_px):
    """Device pixels of css_px CSS pixels on this figure (its dpr and presenter scale)."""
    return css_px * fig.dpi / DPI * scale_of(fig)


def fs(fig, points):
    """A font size (or marker size, line width) in points, times the presenter scale."""
    return points * scale_of(fig)
