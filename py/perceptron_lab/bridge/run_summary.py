"""A run as the bridge's answers report it, JSON-ready: what every family's run says of how it went
(run_json), the one trace envelope (trace_json: the recorded updates, counted by `step` in every
family, with the family's own columns), and the kernel and multiclass runs' summaries. The core
returns runs; the shaping into JSON is here."""

import numpy as np

from ..core import predict_sign
from ..core.multiclass import confusion_matrix, per_class_accuracy
from ..core.trace import thin
from ..json_numbers import floats


def run_json(run):
    """How a run went, as every JSON answer reports it (primal, kernel and multiclass runs)."""
    return {"status": run.status, "cycle": run.cycle, "cycle_proved": getattr(run, "cycle_proved", None),
            "cycle_checked": getattr(run, "cycle_checked", True),  # False: no exact check ran on the repeat
            "converged_epoch": run.converged_epoch,
            "epochs": run.n_epochs, "mistakes": run.mistakes, "updates": run.n_updates,
            "epoch_mistakes": list(run.epoch_mistakes),
            "epoch_accuracy": [None if a is None else float(a) for a in run.epoch_accuracy],
            "epoch_w_norm": floats(run.epoch_w_norm)}


def trace_json(total, subsampled, step, epoch, index, **columns):
    """The recorded updates of any family: how many the run made (total), whether only some are
    kept (subsampled), each kept one's update number t (step), epoch and example (index), then the
    family's own columns (w and activation; score and alpha; true, rival and their scores)."""
    return {"total": int(total), "subsampled": bool(subsampled), "step": step.tolist(), "epoch": epoch.tolist(),
            "index": index.tolist(), **columns}


def kernel_summary(run, theory, trace_cap=5000):
    """JSON-ready account of a kernel run, α in training order; the trace keeps at most trace_cap of
    its kept updates, evenly spread (step: the update number of each); theory: the bound in feature
    space (theory/kernel_bound.py), or its pending form, from the caller."""
    k, tr = run.kernel, run.trace
    keep = thin(len(tr.step), trace_cap)
    return {
        "algorithm": "kernel",
        "kernel": {"kernel": k.kernel, "degree": k.degree, "coef0": k.coef0, "gamma": k.gamma},
        "alpha": run.model.alpha.tolist(),
        "support": run.support.tolist(),
        "dual_coef": run.dual_coef.tolist(),
        "bias": run.bias,
        **run_json(run),
        "train_accuracy": float(np.mean(predict_sign(run.scores) == run.y)),
        "theory": theory,
        "trace": trace_json(tr.total, tr.total > len(tr.index[keep]), tr.step[keep], tr.epoch[keep], tr.index[keep],
                            score=tr.score[keep].tolist(), alpha=tr.alpha[keep].tolist()),
    }


def multiclass_summary(run, Z, y, classes, trace_cap=5000):
    """JSON-ready account of a multiclass run on the training vectors Z (bias last) with class indices y.

    classes: the original labels in index order; weights: one row per class (bias last, as Z).
    The trace keeps at most trace_cap of its kept updates, evenly spread (step: the update number of each)."""
    tr = run.trace
    keep = thin(len(tr.step), trace_cap)
    C = confusion_matrix(y, run.predict(Z), len(run.model.W))
    return {
        "algorithm": "multiclass",
        "average": run.model.average,
        "classes": list(classes),
        "weights": run.model.W.tolist(),
        **run_json(run),
        "train_accuracy": float(np.trace(C) / len(y)),
        "confusion": C.tolist(),
        "per_class_accuracy": per_class_accuracy(C),
        "trace": trace_json(tr.total, tr.total > len(tr.index[keep]), tr.step[keep], tr.epoch[keep], tr.index[keep],
                            true=tr.true[keep].tolist(), rival=tr.rival[keep].tolist(),
                            score_true=tr.score_true[keep].tolist(), score_rival=tr.score_rival[keep].tolist()),
    }
