"""The perceptrons themselves: the one training loop and its strategies, the stopping rule, the
scan, the trace, the features x -> x̃, and the kernel (dual) and multiclass perceptrons.

`core.train` and `core.Run` are the documented entry (docs/ARCHITECTURE.md).
"""

from .loop import (  # noqa: F401
    ALGORITHMS, MAX_EPOCHS, ORDERS, RUN_ON, Run, Trace, accuracy, check_settings, predict_sign,
)
from .entry import FAMILIES, family_of, train  # noqa: F401

__all__ = ["ALGORITHMS", "ORDERS", "MAX_EPOCHS", "RUN_ON", "Run", "Trace", "accuracy", "check_settings",
           "predict_sign", "train", "FAMILIES", "family_of"]
