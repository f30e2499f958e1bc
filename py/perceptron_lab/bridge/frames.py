"""Step-through: what update k did (in the numbers of the update rule) and the boundary after it."""

import numpy as np

from .. import texts
from ..prep import for_plot
from ..errors import SettingsError
from ..export import floats
from . import beyond, figures, session


def int_field(request, name, lo, hi):
    v = request.get(name)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise SettingsError(f"{name} must be a whole number from {lo} to {hi}.", field=name)
    return v


def angle(u, v):
    """Angle between u and v in degrees (None if either is 0): seed 004's picture of an update."""
    nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    if nu == 0 or nv == 0:
        return None
    return float(np.degrees(np.arccos(np.clip(u @ v / (nu * nv), -1.0, 1.0))))


def step_info(f, k):
    """What update k of the Fit f did (k = 0: before any update)."""
    run, Z, y = f.run, f.Z, f.train_ds.y
    tr = run.trace
    d = Z.shape[1]
    if k == 0:
        return {"step": 0, "t": 0, "w": [0.0] * d, "index": None}
    w_after = tr.w[k - 1]
    i = int(tr.index[k - 1])
    if i >= 0:  # one example's update: undo it exactly, even when the trace skips steps
        w_before = run.eta * (tr.w_units[k - 1] - y[i] * Z[i])  # in units of η: no rounding of η·w
    else:
        w_before = tr.w[k - 2] if k >= 2 else np.zeros(d)
    info = {"step": k, "t": int(tr.step[k - 1]), "epoch": int(tr.epoch[k - 1]), "w": floats(w_after),
            "w_before": floats(w_before), "index": None, "exact": not tr.subsampled}
    if i >= 0:  # an online update: one example
        x = Z[i]
        a = float(tr.activation[k - 1])
        before, after = angle(w_before, x), angle(w_after, x)
        info.update(index=i, x=floats(x), y=int(y[i]), activation=a, y_activation=float(y[i] * a),
                    eta=run.eta, angle_before=before, angle_after=after,
                    angle_text=texts.angle_text(int(y[i]), before, after))
    return info


def frame_request(request):
    """The boundary after update `step`, the example of that update ringed (+ the proof plot up to it)."""
    f = session.current()
    if isinstance(f, beyond.BeyondFit):
        return beyond.frame_request(request, int_field(request, "step", 0, len(f.summary["trace"]["index"])))
    run, ds, s = f.run, f.train_ds, f.s
    k = int_field(request, "step", 0, len(run.trace.w))
    info = step_info(f, k)
    p = figures.plots()
    if f.animator is None:
        width, height = s["plot_px"]
        f.animator = p.BoundaryAnimator(
            ds.X, ds.y, plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
            label_names=ds.label_names, title=f"{ds.name}: step through", width_px=width, height_px=height,
            grid=60, **for_plot(None, f.prep)[1])
    w = for_plot(np.asarray(info["w"], dtype=np.float64), f.prep)[0]  # in the original units
    png = f.animator.frame(w, highlight=info["index"])
    out = {"ok": True, **info, "image": p.to_data_url(png), "alt": f.animator.alt_text(w),
           "n_wrong": f.animator.n_wrong, "total": len(run.trace.w)}
    if request.get("proof") is True:
        fig, alt = figures.figure("proof", f, upto=max(info["t"], 1))
        out["proof"] = None if fig is None else p.to_data_url(p.render(fig))
        out["proof_alt"] = alt
    return out
