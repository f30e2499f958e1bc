"""The named datasets: the Boolean tables of seed 001, the seeded generators, the real data sets."""

import numpy as np

from ..errors import SettingsError
from ..i18n import _
from . import generators, real
from .dataset import MulticlassDataset
from .generators import MARGIN, N, SEED, SPREAD, check_params, generated


REAL_PRESETS = ("iris", "breast-cancer", "wine", "digits")  # files in real/, with sources
PRESETS = ("and", "or", "nand", "xor", "clouds", "overlap", "circles") + REAL_PRESETS

PRESET_INFO = {
    "and": "AND of two bits (seed 001): +1 only for (1, 1); separable, e.g. a = 20x1 + 20x2 - 30.",
    "or": "OR of two bits: +1 unless both are 0; separable.",
    "nand": "NAND of two bits: -1 only for (1, 1); separable.",
    "xor": "XOR of two bits: +1 when they differ; not linearly separable, the perceptron cycles.",
    "clouds": "Two clouds on either side of a random line, at least 'margin' away from it: separable.",
    "overlap": "Two overlapping Gaussian clouds ('spread' = their std): usually not separable.",
    "circles": "An inner disc against an outer ring: not linearly separable, separable with poly2.",
    "iris": "Fisher's iris (150 flowers, 4 features, 3 species): two species of your choice, any features.",
    "breast-cancer": "Wisconsin diagnostic breast cancer (569 x 30, malignant/benign): standardize it.",
    "wine": "Wine (178 x 13, 3 cultivars): two cultivars of your choice.",
    "digits": "Handwritten 8x8 digits (1 797 x 64, digits 0-9): two digits, or all ten for the multiclass perceptron.",
}

# Which of n, margin, spread, seed each preset uses (the others are validated but ignored).
PRESET_PARAMS = {
    "and": (),
    "or": (),
    "nand": (),
    "xor": (),
    "clouds": ("n", "margin", "spread", "seed"),
    "overlap": ("n", "spread", "seed"),
    "circles": ("n", "spread", "seed"),
    **{name: () for name in REAL_PRESETS},  # these take classes= and features= instead
}

def preset(name, *, n=N, margin=MARGIN, spread=SPREAD, seed=SEED, classes=None, features=None, multiclass=False):
    """A named dataset: "and", "or", "nand", "xor" (the tables of seed 001, 0 -> -1,
    1 -> +1), a seeded generator "clouds", "overlap", "circles" (same parameters,
    bit-identical data), or a real dataset "iris", "breast-cancer", "wine", "digits"
    (real/README.md): two of its classes (default the first two; -1 = the one that
    sorts first) and the chosen features (names or indices; default all). multiclass=True
    gives a MulticlassDataset (real datasets: all classes unless `classes` names some).
    Raises SettingsError(field=...) for a bad name or parameter."""
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else name
    if key not in PRESETS:
        raise SettingsError(
            _("Unknown dataset {name}. Choose one of: {presets}.").format(name=repr(name), presets=", ".join(PRESETS)),
            field="name"
        )
    n, margin, spread, seed = check_params(n, margin, spread, seed)
    if key in REAL_PRESETS:
        return real.load(key, classes=classes, features=features, multiclass=multiclass)
    if classes is not None or features is not None:
        field = "classes" if classes is not None else "features"
        raise SettingsError(_("Choosing {field} applies to {presets}, not to {name}.").format(
            field=field, presets=", ".join(REAL_PRESETS), name=key),
                            field=field)
    ds = generated(key, n, margin, spread, seed)
    if multiclass:
        return MulticlassDataset(ds.X, (ds.y == 1).astype(np.int64), ds.feature_names,
                                 [ds.label_names[-1], ds.label_names[1]], ds.name)
    return ds



def make_clouds(n=N, margin=MARGIN, spread=SPREAD, seed=SEED, *, return_truth=False):
    """Two separable clouds at least `margin` from a random line (generators.make_clouds)."""
    return generators.make_clouds(n, margin, spread, seed, return_truth=return_truth)
