"""Find the weights by hand: how good is a w = (w1, w2, b) a student chose for 2-D data?

x̃ = (x1, x2, 1) for every point of the data (no split, no feature map): the page draws the
line w1·x1 + w2·x2 + b = 0 itself while a slider moves; this confirms on release. Two
margins, both true and both shown: the lab's γ convention min y·w·x̃ / ‖w‖ (w with its bias,
the γ of the mistake bound) and the distance from the line to the nearest point in the plane,
min y·(w1·x1 + w2·x2 + b) / ‖(w1, w2)‖ (the notes' "distance between the hyperplane and the
data point nearest to it").

Bridge request: {cmd: "hand", data, w: [w1, w2, b], compare: bool, settings}; with compare
the perceptron (the settings' algorithm, from w = 0, on the same x̃) is trained and measured too.
"""

import math

import numpy as np

from ..theory import margin as theory
from ..core import train
from ..data.request import load_data, read_settings
from ..errors import DataError, SettingsError
from ..json_numbers import floats
from ..run_settings import family, train_keywords
from ..core.features import prepare
from ..i18n import _

MAX_ABS_W = 1e12
MAX_POINTS = 5000


def measure(w, Z, y):
    """{separates, margin, distance, n_wrong, wrong} of w on x̃ = Z with labels y."""
    a = Z @ w
    ya = y * a
    wrong = np.flatnonzero(ya <= 0)  # on the line counts as wrong, as for a perceptron mistake
    plane = float(np.linalg.norm(w[:2]))
    return {
        "w": floats(w),
        "separates": bool(len(wrong) == 0),
        "margin": theory.margin_of(w, Z, y),
        "distance": None if plane == 0 else float(np.min(ya) / plane),
        "n_wrong": int(len(wrong)),
        "wrong": wrong.tolist(),
    }


def _hand_w(raw):
    if not isinstance(raw, list) or len(raw) != 3:
        raise SettingsError(_("Give three numbers w1, w2 and b."), field="w")
    out = []
    for name, v in zip(("w1", "w2", "b"), raw):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > MAX_ABS_W:
            raise SettingsError(_("{name} must be a number between −10¹² and 10¹².").format(name=name),
                                field=name)
        out.append(float(v))
    return np.array(out)


def hand_request(request):
    ds = load_data(request.get("data"))
    if ds.X.shape[1] != 2:
        raise DataError(_("Finding the weights by hand needs data with 2 features; this data has {value}.").format(
            value=ds.X.shape[1]))
    if ds.X.shape[0] > MAX_POINTS:
        raise DataError(_("Finding the weights by hand draws every point: up to {limit} points.").format(
            limit=MAX_POINTS))
    w = _hand_w(request.get("w"))
    Z = prepare(ds.X)
    out = {"ok": True, "hand": measure(w, Z, ds.y), "perceptron": None,
           "points": [[float(a), float(b), int(c)] for (a, b), c in zip(ds.X.tolist(), ds.y)],
           "feature_names": list(ds.feature_names), "labels": ds.label_mapping_json(), "name": ds.name}
    if request.get("compare") is True:
        s = read_settings(request.get("settings"))
        if family(s["algorithm"]) != "linear":  # the kernel's counts α and the multiclass W are no one w
            raise SettingsError(_("Your weights are compared with a perceptron that learns one w: choose one of the "
                                "linear variants (online, averaged, ...) to compare."), field="algorithm")
        run = train(Z, ds.y, **train_keywords(s), trace_cap=2)
        out["perceptron"] = {**measure(run.model.w, Z, ds.y), "algorithm": s["algorithm"], "status": run.status,
                             "epochs": run.n_epochs, "mistakes": run.mistakes}
    return out
