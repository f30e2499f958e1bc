"""How a run went, as JSON-ready numbers: what every answer and summary reports of a run
(primal, kernel and multiclass), and floats for arrays that may hold NaN or inf."""

import math

import numpy as np


def floats(a):
    """A JSON-safe list of floats: NaN and inf become None."""
    return [float(v) if math.isfinite(v) else None for v in np.asarray(a, dtype=float).ravel()]


def run_json(run):
    """How a run went, as every JSON answer reports it (primal, kernel and multiclass runs)."""
    return {"status": run.status, "cycle": run.cycle, "cycle_proved": getattr(run, "cycle_proved", None),
            "cycle_checked": getattr(run, "cycle_checked", True),  # False: no exact check ran on the repeat
            "converged_epoch": run.converged_epoch,
            "epochs": run.n_epochs, "mistakes": run.mistakes, "updates": run.n_updates,
            "epoch_mistakes": list(run.epoch_mistakes),
            "epoch_accuracy": [None if a is None else float(a) for a in run.epoch_accuracy],
            "epoch_w_norm": floats(run.epoch_w_norm)}
