"""The multiclass perceptron's pictures: decision regions per class, the confusion matrix, and
for 8×8 images (digits) each class's weights as an image and a gallery of current mistakes.

Classes get Okabe–Ito colours (colour-blind safe) and, for more than the palette, a marker
shape too, so no class is told apart by colour alone.
"""

import numpy as np
from matplotlib.lines import Line2D

from ..settings import LIMITS
from ..i18n import _, ngettext
from .figure import fit_ylabel, layout, legend_above, legend_rows, prepare_figure
from .style import FS_LABEL, FS_NOTE, FS_TICK, MARKER_S, fs, px

CLASS_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
                 "#999999", "#882255"]
CLASS_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*", "h", "<"]


def colour(k):
    return CLASS_COLOURS[k % len(CLASS_COLOURS)]


def marker(k):
    return CLASS_MARKERS[k % len(CLASS_MARKERS)]


def regions_figure(X, y, *, scores, classes, plot_features=(0, 1), feature_names=None, title=None,
                   highlight=None, grid=120, width_px=480, height_px=360, dpr=1.0, scale=1.0):
    """Points of every class and the class the model predicts on a grid over two features
    (the others at their means). scores: raw X (k, m) -> (k, n_classes)."""
    from matplotlib.colors import ListedColormap

    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    m = X.shape[1]
    f0, f1 = (plot_features[0], plot_features[1]) if m > 1 else (0, None)
    names = feature_names or [f"x{i + 1}" for i in range(m)]
    fig = prepare_figure(None, width_px, height_px, None, dpr=dpr, scale=scale)
    k = len(classes)
    s = fs(fig, 1) ** 2 * (MARKER_S if len(X) <= 300 else 14.0)
    wrong = np.argmax(scores(X), axis=1) != y
    # Every ring is named in the legend; the misclassified one also when a step (highlight) may draw it.
    named = wrong.any() or highlight is not None
    handles, labels = _legend_entries(fig, y, k, classes, named, highlight is not None, m > 2, s)
    # Above the axes, in as many columns as the width holds: inside them it covered the points of a phone's plot.
    # The legend may use the whole width (the y label's margin too): a phone's plot gets 2 columns.
    rows, ncol = legend_rows(fig, labels, handles, fig.bbox.width - px(fig, 16)) if handles else (0, 1)
    ax = layout(fig, title, rows)[0]
    px_ = X[:, f0]
    py_ = X[:, f1] if f1 is not None else np.zeros(len(X))
    pad_x = 0.08 * (np.ptp(px_) or 1.0)
    pad_y = 0.08 * (np.ptp(py_) or 1.0)
    x0, x1, y0, y1 = px_.min() - pad_x, px_.max() + pad_x, py_.min() - pad_y, py_.max() + pad_y
    gx, gy = np.meshgrid(np.linspace(x0, x1, grid), np.linspace(y0, y1, grid))
    R = np.tile(X.mean(axis=0), (grid * grid, 1))
    R[:, f0] = gx.ravel()
    if f1 is not None:
        R[:, f1] = gy.ravel()
    pred = np.argmax(scores(R), axis=1).reshape(grid, grid)
    light = ListedColormap([_tint(colour(c)) for c in range(k)])
    ax.imshow(pred, origin="lower", extent=(x0, x1, y0, y1), aspect="auto", cmap=light, vmin=-0.5,
              vmax=k - 0.5, interpolation="nearest", zorder=0, gid="regions")
    for c in range(k):
        sel = y == c
        if sel.any():
            ax.scatter(px_[sel], py_[sel], s=s, c=colour(c), marker=marker(c), edgecolors="white",
                       linewidths=0.5, zorder=3, label=str(classes[c]), gid=f"points-{c}")
    ax.scatter(px_[wrong], py_[wrong], s=s * 3.5, facecolors="none", edgecolors="black", linewidths=1.4,
               zorder=4, gid="misclassified", label=_("misclassified") if named else None)
    if highlight is not None:
        ax.scatter([px_[highlight]], [py_[highlight]], s=s * 8, facecolors="none", edgecolors="#CC79A7",
                   linewidths=2.6, zorder=4.5, gid="highlight", label=_("the update's example"))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_xlabel(str(names[f0]), fontsize=fs(fig, FS_LABEL))
    if f1 is not None:
        ax.set_ylabel(str(names[f1]), fontsize=fs(fig, FS_LABEL))
    if handles:
        legend_above(ax, handles, labels, ncol).set_bbox_to_anchor(
            (px(fig, 8) / fig.bbox.width, ax.get_position().y1), transform=fig.transFigure)
    fit_ylabel(ax)  # in the axes' height left under the legend
    fig.n_wrong = int(wrong.sum())
    fig.data_ax = ax
    fig.alt_text = regions_alt(len(X), k, m, names[f0], None if f1 is None else names[f1], fig.n_wrong)
    return fig


def _legend_entries(fig, y, k, classes, named, highlight, sliced, s):
    """The legend of the regions plot (up to 10 classes): each class's marker, the rings, and
    for a slice the other features' place."""
    if k > 10:
        return [], []
    ms = float(np.sqrt(s))
    handles = [Line2D([], [], ls="", marker=marker(c), ms=ms, mfc=colour(c), mec="white") for c in range(k) if (y == c).any()]
    labels = [str(classes[c]) for c in range(k) if (y == c).any()]
    if named:
        handles.append(Line2D([], [], ls="", marker="o", ms=ms * 1.9, mfc="none", mec="black", mew=1.4))
        labels.append(_("misclassified"))
    if highlight:
        handles.append(Line2D([], [], ls="", marker="o", ms=ms * 2.8, mfc="none", mec="#CC79A7", mew=2.6))
        labels.append(_("the update's example"))
    if sliced:  # the regions are a slice: said on the picture, as the binary boundary plot says it
        handles.append(Line2D([], [], ls="", marker=""))
        labels.append(_("others at their means"))  # short: a phone's legend keeps two columns
    return handles, labels


def regions_alt(n, k, m, name0, name1, n_wrong):
    """The regions plot in words (the figure's and the page's moving copy's, plots/scene.py)."""
    others = "" if m <= 2 else " " + _("The other {n} features are held at their means.").format(n=m - 2)
    return ((_("The {n} training points of {k} classes over {first}, on the regions where each class wins; "
               "{wrong} are misclassified (ringed).") if name1 is None else
             _("The {n} training points of {k} classes over {first} and {second}, on the regions where each class "
               "wins; {wrong} are misclassified (ringed).")).format(n=n, k=k, first=name0, second=name1, wrong=n_wrong)
            + others)


def _tint(hex_colour, amount=0.22):
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(1 - amount * (1 - v) for v in (r, g, b))


CONFUSION_NUMBERS_MAX = LIMITS["confusion_numbers_max"]  # the run budget counts these cells too


def confusion_figure(C, classes, *, title=None, width_px=480, height_px=360, dpr=1.0, scale=1.0):
    """C[i, j]: examples of class i predicted as j, with the counts written in the cells."""
    C = np.asarray(C)
    k = len(classes)
    fig = prepare_figure(None, width_px, height_px, None, dpr=dpr, scale=scale)
    ax = layout(fig, title, 0)[0]
    ax.imshow(C, cmap="Blues", vmin=0, vmax=max(1, int(C.max())), aspect="auto", gid="confusion")
    size = fs(fig, FS_TICK) * (1 if k <= 5 else 0.75)
    written = k <= CONFUSION_NUMBERS_MAX  # past it a cell is a few pixels: its number would be a smudge
    for i in range(k if written else 0):
        for j in range(k):
            dark = C[i, j] > 0.6 * max(1, C.max())
            ax.text(j, i, str(int(C[i, j])), ha="center", va="center", fontsize=size,
                    color="white" if dark else "black")
    step = -(-k // CONFUSION_NUMBERS_MAX)  # every step-th class named on the axes
    ax.set_xticks(range(0, k, step), [str(c) for c in classes[::step]], fontsize=size)
    ax.set_yticks(range(0, k, step), [str(c) for c in classes[::step]], fontsize=size)
    ax.set_xlabel(_("predicted class"))
    ax.set_ylabel(_("true class"))
    right = int(np.trace(C))
    fig.alt_text = (_("Confusion matrix of {k} classes: {right} of {n} training examples on the diagonal (predicted "
                      "right); row = true class, column = predicted class.") if written else
                    _("Confusion matrix of {k} classes: {right} of {n} training examples on the diagonal (predicted "
                      "right); row = true class, column = predicted class; the counts are shown by colour only (more "
                      "than {most} classes).")).format(k=k, right=right, n=int(C.sum()), most=CONFUSION_NUMBERS_MAX)
    return fig


def _images(fig, images, captions, ncol, cmap, symmetric, gid):
    n = len(images)
    nrow = max(1, -(-n // ncol))
    H = fig.bbox.height
    top = 0.02 + (0.06 if fig.texts else 0.0)
    h = (1 - top - 0.02) / nrow
    w = 1.0 / ncol
    for t, (img, cap) in enumerate(zip(images, captions)):
        r, c = divmod(t, ncol)
        ax = fig.add_axes([c * w + 0.01, 1 - top - (r + 1) * h + 0.01, w - 0.02, h - 0.06 * (360 / H)])
        lim = float(np.max(np.abs(img))) or 1.0
        ax.imshow(img, cmap=cmap, vmin=-lim if symmetric else None, vmax=lim if symmetric else None,
                  interpolation="nearest", gid=f"{gid}-{t}")
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_title(cap, fontsize=fs(fig, FS_NOTE) * 0.9, pad=2)


def weight_images_figure(W, classes, *, side=8, title=None, width_px=480, height_px=360, dpr=1.0, scale=1.0):
    """Each class's weights over the side×side pixels (bias left out) as an image: purple where a
    dark pixel votes for the class, orange where it votes against (PuOr, colour-blind safe)."""
    W = np.asarray(W, dtype=np.float64)
    fig = prepare_figure(None, width_px, height_px, None, dpr=dpr, scale=scale)
    if title:
        fig.text(0.01, 0.99, title, ha="left", va="top", fontsize=fs(fig, FS_NOTE), fontweight="bold")
    imgs = [r[:side * side].reshape(side, side) for r in W]
    _images(fig, imgs, [_("class {name}").format(name=c) for c in classes], 5, "PuOr_r", True, "weights")
    fig.alt_text = _("The weights of each of the {k} classes drawn as {side}×{side} images: purple pixels raise the "
                     "class's score when they are dark, orange ones lower it.").format(k=len(classes), side=side)
    return fig


def mistakes_gallery_figure(X, y, pred, classes, *, side=8, limit=20, title=None, width_px=480, height_px=360,
                            dpr=1.0, scale=1.0):
    """Up to `limit` misclassified images, each captioned 'true → predicted'."""
    X, y, pred = np.asarray(X), np.asarray(y), np.asarray(pred)
    wrong = np.flatnonzero(pred != y)
    fig = prepare_figure(None, width_px, height_px, None, dpr=dpr, scale=scale)
    if title:
        fig.text(0.01, 0.99, title, ha="left", va="top", fontsize=fs(fig, FS_NOTE), fontweight="bold")
    show = wrong[:limit]
    if len(show):
        _images(fig, [X[i, :side * side].reshape(side, side) for i in show],
                [f"{classes[y[i]]} → {classes[pred[i]]}" for i in show], 5, "gray_r", False, "mistake")
    else:
        fig.text(0.5, 0.5, _("No training example is misclassified."), ha="center", va="center",
                 fontsize=fs(fig, FS_TICK))
    fig.alt_text = (ngettext("{n} training image is misclassified; it is captioned with its true class and the "
                             "predicted one.", "{n} training images are misclassified; each is captioned with its "
                             "true class and the predicted one.", len(wrong)) if len(wrong) <= limit else
                    _("{n} training images are misclassified (the first {limit} are shown); each is captioned with "
                      "its true class and the predicted one.")).format(n=len(wrong), limit=limit)
    return fig
