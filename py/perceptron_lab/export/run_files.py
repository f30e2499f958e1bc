"""Files of a trained run: the model as JSON, the update trace and the predictions as CSV.

CSV cells that a spreadsheet would run as a formula (text starting with = + - @) are
neutralised with a leading apostrophe; numbers are written exactly (repr) and left alone.
"""

import csv
import io
import json
import math
import platform

import numpy as np

from ..version import __version__
from ..core.features import feature_names, prepare
from ..json_numbers import floats


def _cell(v):
    if isinstance(v, str):
        try:
            float(v)
            return v
        except ValueError:
            return "'" + v if v[:1] in ("=", "+", "-", "@", "\t", "\r") else v
    return repr(float(v)) if isinstance(v, (float, np.floating)) else str(v)


def _csv(header, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([_cell(h) for h in header])
    for r in rows:
        w.writerow([_cell(v) for v in r])
    return buf.getvalue()


def _w_names(ds, s):
    return feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"])


def model_json(run, ds, s, theory):
    """The trained model with what is needed to use or reproduce it (s: the bridge's settings)."""
    w = run.model.w
    out = {
        "format": "perceptron-lab-model", "format_version": 1,
        "versions": {"perceptron_lab": __version__, "numpy": np.__version__, "python": platform.python_version()},
        "algorithm": run.algorithm, "settings": s,
        "weights": floats(w[:-1] if s["bias"] else w), "bias": float(w[-1]) if s["bias"] else None,
        "w": floats(w), "w_names": _w_names(ds, s),
        "feature_names": list(ds.feature_names), "labels": ds.label_mapping_json(),
        "prediction": "sign(w · x̃) with 0 -> +1; x̃ = z-scores with 'standardization' (if not null), "
                      "then feature map, then bias 1, then unit length if normalize",
        "standardization": _standardization(ds, s),
        "status": run.status, "epochs": run.n_epochs, "mistakes": run.mistakes, "converged_epoch": run.converged_epoch,
        "R": theory["R"], "gamma": theory["gamma"], "bound": theory["bound"], "separable": theory["separable"],
        "separable_reason": theory.get("reason"), "pocket_rule": run.pocket_rule,
    }
    if run.model.votes is not None:
        # c_k: the examples after which w_k was the current w (README, conventions).
        out["votes"] = {"w": [floats(r) for r in run.model.votes[0]], "c": [int(c) for c in run.model.votes[1]]}
    return json.dumps(out, indent=2, allow_nan=False)


def _standardization(ds, s):
    """The z-score statistics of the run's training split (None without standardize)."""
    from ..data.prep import run_options

    st = run_options(ds, s)[0]["standardization"]
    return None if st is None else st.to_json()


def trace_csv(run, ds, s):
    """One row per recorded update of a run trained on ds: t, epoch, example (1-based), its label, a, w after."""
    tr = run.trace
    header = ["t", "epoch", "example", "label", "activation"] + [f"w[{n}]" for n in _w_names(ds, s)]
    rows = []
    for k in range(len(tr.w)):
        i = int(tr.index[k])
        label = ds.label_names[int(ds.y[i])] if i >= 0 else ""
        act = tr.activation[k]
        rows.append([int(tr.step[k]), int(tr.epoch[k]), i + 1 if i >= 0 else "all mistakes", str(label),
                     float(act) if math.isfinite(act) else ""] + [float(v) for v in tr.w[k]])
    return _csv(header, rows)


def predictions_csv(run, ds, s):
    """Every example of ds: its features, the true and the predicted label (original names),
    the score the prediction is the sign of (w·x̃; voted: the vote Σ c·sign(w·x̃)), and whether
    the run trained or tested on it. UTF-8 with a BOM, so spreadsheets show names like x₁·x₂."""
    from ..data.prep import run_options

    prep, test = run_options(ds, s)
    score = run.decision_function(prepare(ds.X, **prep))
    pred = np.where(score >= 0, 1, -1)  # 0 -> +1, as run.predict
    split = np.where(test, "test", "train") if test is not None else ["train"] * len(ds.y)
    header = list(ds.feature_names) + ["label", "predicted",
                                       "vote Σc·sign(w·x̃)" if run.model.votes is not None else "score w·x̃", "split"]
    rows = [[float(v) for v in x] + [str(ds.label_names[int(y)]), str(ds.label_names[int(p)]), float(a), str(t)]
            for x, y, p, a, t in zip(ds.X, ds.y, pred, score, split)]
    return "\ufeff" + _csv(header, rows)
