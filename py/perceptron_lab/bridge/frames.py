"""Step-through: what update k did (in the numbers of the update rule) and the boundary after it."""

import numpy as np

from ..texts.angles import angle_text
from ..data.prep import for_plot
from ..errors import SettingsError
from ..i18n import _
from ..json_numbers import floats
from . import figures, frame_batches, session
from .request_fields import int_field


def angle(u, v):
    """Angle between u and v in degrees (None if either is 0): seed 004's picture of an update."""
    nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    if nu == 0 or nv == 0:
        return None
    return float(np.degrees(np.arccos(np.clip(u @ v / (nu * nv), -1.0, 1.0))))


def parallel(u, v):
    """u and v (both nonzero) exactly parallel: every 2×2 minor u_i·v_k − u_k·v_i is 0 in exact rationals."""
    from fractions import Fraction

    if not (np.any(u) and np.any(v)):
        return False
    k = int(np.flatnonzero(v)[0])
    uk, vk = Fraction(float(u[k])), Fraction(float(v[k]))
    return all(Fraction(float(a)) * vk == uk * Fraction(float(b)) for a, b in zip(u, v))


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
        words = angle_text(int(y[i]), before, after, collinear=parallel(w_before, x), x_zero=not np.any(x))
        info.update(index=i, x=floats(x), y=int(y[i]), activation=a, y_activation=float(y[i] * a),
                    eta=run.eta, angle_before=before, angle_after=after, angle_text=words,
                    threshold=run.rule.threshold)  # the rule's: an update when y·a <= it (core/rule.py)
    return info


def visits_of(f):
    """(visit number of every recorded update, the examples in visiting order) of the run's
    online path, in the order the run visited them (run.visit_orders: fixed or shuffled);
    None for batch or a subsampled trace."""
    run, n = f.run, len(f.Z)
    tr = run.trace
    if not figures.per_example(run) or tr.subsampled:
        return None
    perms = list(run.visit_orders())
    seq = np.concatenate(perms) if perms else np.zeros(0, dtype=np.int64)
    where = [np.argsort(p) for p in perms]  # position of each example within its epoch
    vis = np.array([(e - 1) * n + int(where[e - 1][i]) for e, i in zip(tr.epoch.tolist(), tr.index.tolist())],
                   dtype=np.int64)
    return vis, seq


def visit_info(f, v, known):
    """Visit v (0-based): an update (step_info of it) or a correct prediction, y·a > 0, that
    leaves w as it is (seed 000: no update on a correct prediction)."""
    vis, seq = known
    n = len(f.Z)
    k = int(np.searchsorted(vis, v))  # updates made before visit v
    if k < len(vis) and vis[k] == v:
        return {**step_info(f, k + 1), "visit": v, "update": True}
    i = int(seq[v])
    y = int(f.train_ds.y[i])
    w = f.run.trace.w[k - 1] if k else np.zeros(f.Z.shape[1])
    a = float(w @ f.Z[i])
    return {"visit": v, "update": False, "step": k, "t": int(f.run.trace.step[k - 1]) if k else 0,
            "epoch": v // n + 1, "index": i, "x": floats(f.Z[i]), "y": y, "activation": a,
            "y_activation": y * a, "w": floats(w), "eta": f.run.eta, "threshold": f.run.rule.threshold}


def frame_request(request):
    """The step-through picture of the last run's update `step` (its Fit draws it); with
    "scene", "batch" or "mistakes_epochs": the page's own drawing of the frames (frame_batches.py)."""
    if request.get("scene") is True:
        return frame_batches.scene_request(request)
    if "batch" in request:
        return frame_batches.batch_request(request)
    if "mistakes_epochs" in request:
        return frame_batches.mistakes_request(request)
    return session.current().frame(request)


def linear_frame(f, request):
    """The boundary after update `step` (or at visit `visit`: every example the run looked at),
    the example of it ringed (+ the proof plot up to it)."""
    run, ds, s = f.run, f.train_ds, f.s
    if "visit" in request:
        known = visits_of(f)
        if known is None:
            raise SettingsError(_("Every visited example can be shown for the per-example updates of a run whose "
                                "every update is recorded (not batch, not a subsampled trace)."), field="visit")
        info = visit_info(f, int_field(request, "visit", 0, len(known[1]) - 1), known)
        info["visits"] = len(known[1])
        k = info["step"]
    else:
        k = int_field(request, "step", 0, f.steps)
        info = step_info(f, k)
    p = figures.plots()
    if f.animator is None:
        f.animator = p.BoundaryAnimator(
            ds.X, ds.y, plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
            label_names=ds.label_names, title=_("{name}: step through").format(name=ds.name), grid=60,
            **figures.size("boundary", f), **for_plot(None, f.prep)[1])
    w = for_plot(np.asarray(info["w"], dtype=np.float64), f.prep)[0]  # in the original units
    png = f.animator.frame(w, highlight=info["index"], wrong=figures.wrong_at(f, info["step"]))
    out = {"ok": True, **info, "image": p.to_data_url(png), "alt": f.animator.alt_text(w),
           "n_wrong": f.animator.n_wrong, "total": f.steps}
    if request.get("proof") is True:
        pa = proof_animator(f)
        upto = max(info["t"], 1)
        out["proof"] = None if pa is None else p.to_data_url(pa.frame(upto))
        out["proof_alt"] = None if pa is None else pa.alt_text(upto)
    if request.get("mistakes") is True:
        # The mistakes-per-epoch plot of the epochs finished before this update (all of them at
        # the last step, whose run may end with a clean epoch): auto-play grows it.
        done = len(run.epoch_mistakes) if k == f.steps else max(info.get("epoch", 1) - 1, 0)
        out["mistakes"], out["mistakes_alt"] = mistakes_frame(f, done)
        out["mistakes_epochs"] = done
    return out


def proof_animator(f):
    """The run's ProofAnimator (made once: each frame then redraws only the two series), or None."""
    if f.proof_animator is None:
        ps = figures.proof_series(f)
        if ps is None:
            return None
        f.proof_animator = figures.plots().ProofAnimator(
            ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"], bound=f.theory.bound,
            eta=f.run.eta, **figures.proof_words(f.run), **figures.size("proof", f, f.boxes.get("proof")))
    return f.proof_animator


MISTAKES_KEPT = 16  # the counts kept per run: a show's laps ask for the last few again


def mistakes_frame(f, done):
    """(data URL, alt) of the mistakes-per-epoch plot with the first `done` epochs finished:
    the run's MistakesAnimator (made once: the whole run's axes, the bars blitted), each
    count kept, as auto-play's laps and replays ask for them again."""
    if done not in f.mistakes_frames:
        if f.mistakes_animator is None:
            f.mistakes_animator = figures.plots().MistakesAnimator(
                f.run.epoch_mistakes, bound=f.theory.bound, **figures.mistakes_words(f.run),
                **figures.size("mistakes", f, f.boxes.get("mistakes")))
        ma = f.mistakes_animator
        if len(f.mistakes_frames) >= MISTAKES_KEPT:  # a 1000-epoch run must not keep 1000 images
            f.mistakes_frames.pop(next(iter(f.mistakes_frames)))
        f.mistakes_frames[done] = (figures.plots().to_data_url(ma.frame(done)), ma.alt_text(done))
    return f.mistakes_frames[done]
