"""Numbers as JSON can carry them: NaN and inf have no JSON form, so they become null (every
answer, summary, export and exercise reply writes its arrays through floats)."""

import math

import numpy as np


def floats(a):
    """A JSON-safe list of floats: NaN and inf become None."""
    return [float(v) if math.isfinite(v) else None for v in np.asarray(a, dtype=float).ravel()]
