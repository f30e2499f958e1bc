"""The page draws the step-through and auto-play itself (site/js/ui/plot-motion.js): once per
run the static scene ({"cmd": "frame", "scene": true}), then every step's numbers and model
geometry in batches sent ahead of the show ({"cmd": "frame", "batch": [first, last]}), so a
frame on screen costs no Python. Runs the page cannot draw this way (multiclass, one feature,
very many points) answer scene null and keep the PNG frames."""

import numpy as np

from ..errors import SettingsError
from ..data.prep import for_plot
from . import figures, session

BATCH_MAX = 400          # steps per batch request: a batch of poly2 or kernel frames stays ~1 s
POINTS_MAX = 3000        # the page rings points itself: past this the PNG frames stay


def is_summary(f):
    """A kernel or multiclass run (the core describes it by a summary; no w to draw)."""
    from .summary_fit import SummaryFit    # here: summary_fit imports frames, which imports this module
    return isinstance(f, SummaryFit)


class _Motion:
    """The session's BoundaryMotion and ProofMotion, made on the first scene request."""

    def __init__(self, f, sizes):
        p = figures.plots()
        from ..plots.scene import BoundaryMotion, ProofMotion

        self.f = f
        self.kernel = is_summary(f)
        ds, s = f.train_ds, f.s
        if self.kernel:
            w, h = sizes.get("boundary") or s["plot_px"]
            size = dict(width_px=w, height_px=h, dpr=s["dpr"], scale=s["scale"])
            self.boundary = BoundaryMotion(ds.X, ds.y, plot_features=figures.plot_features(ds, s),
                                           feature_names=ds.feature_names, label_names=ds.label_names,
                                           title=f"{ds.name}: kernel perceptron ({s['kernel']}), step through",
                                           kernel=True, **size)
            self.proof = None
        else:
            self.boundary = BoundaryMotion(ds.X, ds.y, plot_features=figures.plot_features(ds, s),
                                           feature_names=ds.feature_names, label_names=ds.label_names,
                                           title=f"{ds.name}: step through",
                                           **figures.size("boundary", f, sizes.get("boundary")),
                                           **for_plot(None, f.prep)[1])
            ps = figures.proof_series(f)
            self.proof = None if ps is None else ProofMotion(
                ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"], bound=f.theory.bound,
                eta=f.run.eta, **figures.size("proof", f, sizes.get("proof") or f.boxes.get("proof")))
            self._proof_alt = None if ps is None else (ps, p)

    def total(self):
        f = self.f
        return len(f.summary["trace"]["index"]) if self.kernel else len(f.run.trace.w)

    def frame(self, k):
        from . import frames

        f = self.f
        if self.kernel:
            info = f.step_info(k)
            run = f.run
            geo = self.boundary.frame(decision=lambda X: run.decision_function(X, step=k), highlight=info["index"],
                                      alpha=run.trace.alpha_at(k, len(run.alpha)))
            return {**info, **geo, "alt": self.boundary.alt_text(None), "total": self.total()}
        info = frames.step_info(f, k)
        w = for_plot(np.asarray(info["w"], dtype=np.float64), f.prep)[0]
        geo = self.boundary.frame(w, highlight=info["index"])
        out = {**info, **geo, "alt": self.boundary.alt_text(w), "total": self.total()}
        if self._proof_alt is not None:
            ps, p = self._proof_alt
            upto = max(info["t"], 1)
            out["proof_alt"] = p.describe_proof(ps["t"], ps["u_dot_w"], ps["w_norm"], gamma=f.theory.gamma,
                                                R=f.theory.R, bound=f.theory.bound, upto=upto, eta=f.run.eta)
        return out


_made = {"key": None, "motion": None}


def drawable(f):
    """The page can draw this run's frames itself: 2-D plots of a linear, poly2 or kernel model."""
    if is_summary(f):
        return f.algorithm == "kernel" and f.train_ds.X.shape[1] >= 2 and len(f.train_ds.y) <= POINTS_MAX
    return f.train_ds.X.shape[1] >= 2 and len(f.train_ds.y) <= POINTS_MAX


def motion_of(f, sizes=None):
    """The session's motion; a scene request with other sizes (the page was resized) makes it anew."""
    if _made["key"] is None or _made["key"][0] is not f or (sizes is not None and _made["key"][1] != sizes):
        _made["key"], _made["motion"] = (f, sizes or {}), _Motion(f, sizes or {})
    return _made["motion"]


def sizes_of(request):
    """{kind: (w, h)} of the page's boxes for the boundary and proof plots (CSS px)."""
    sizes = request.get("sizes") or {}
    if not isinstance(sizes, dict):
        raise SettingsError("sizes must map plot kinds to [width, height].", field="sizes")
    out = {}
    for kind in ("boundary", "proof"):
        v = sizes.get(kind)
        if v is None:
            continue
        if (not isinstance(v, list) or len(v) != 2 or any(isinstance(x, bool) or not isinstance(x, int) for x in v)):
            raise SettingsError(f"sizes.{kind} must be [width, height] in whole CSS pixels.", field="sizes")
        out[kind] = tuple(v)
    return out


def scene_request(request):
    f = session.current()
    if not drawable(f):
        return {"ok": True, "scene": None, "proof_scene": None}
    m = motion_of(f, sizes_of(request))
    return {"ok": True, "scene": m.boundary.scene(), "proof_scene": None if m.proof is None else m.proof.scene(),
            "total": m.total()}


def batch_request(request):
    f = session.current()
    if not drawable(f):
        raise SettingsError("This run's steps are drawn by Python one at a time (ask for step=k).", field="batch")
    m = motion_of(f)
    b = request.get("batch")
    total = m.total()
    if (not isinstance(b, list) or len(b) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in b)
            or not 0 <= b[0] <= b[1] <= total or b[1] - b[0] >= BATCH_MAX):
        raise SettingsError(f"batch must be [first, last] steps within 0..{total}, at most {BATCH_MAX} of them.",
                            field="batch")
    return {"ok": True, "frames": [m.frame(k) for k in range(b[0], b[1] + 1)], "total": total}


def mistakes_request(request):
    """Only the mistakes-per-epoch plot with `mistakes_epochs` epochs finished (auto-play grows it)."""
    from . import frames

    f = session.current()
    if is_summary(f):
        raise SettingsError("The mistakes plot grows with the linear runs' show only.", field="mistakes_epochs")
    done = frames.int_field(request, "mistakes_epochs", 0, len(f.run.epoch_mistakes))
    url, alt = frames.mistakes_frame(f, done)
    return {"ok": True, "mistakes": url, "mistakes_alt": alt, "mistakes_epochs": done}


def animation_export(f, stem):
    """The Downloads' "animation": the run's boundary plot, update by update, as a GIF at
    slide size (plots/animation.py)."""
    import base64

    from ..plots.animation import SLIDE_PX, SLIDE_SCALE, run_gif
    from ..plots.scene import BoundaryMotion

    if not drawable(f):
        raise SettingsError("This run has no boundary to animate (two or more features, up to "
                            f"{POINTS_MAX} training points, not multiclass).", field="export")
    ds, s = f.train_ds, f.s
    size = dict(width_px=SLIDE_PX[0], height_px=SLIDE_PX[1], dpr=1.0, scale=SLIDE_SCALE)
    if is_summary(f):
        run = f.run
        total = len(f.summary["trace"]["index"])
        motion = BoundaryMotion(ds.X, ds.y, plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
                                label_names=ds.label_names, title=f"{ds.name}: kernel perceptron ({s['kernel']})",
                                kernel=True, **size)

        def draw(k):
            info = f.step_info(k)
            motion.frame(decision=lambda X: run.decision_function(X, step=k), highlight=info["index"],
                         alpha=run.trace.alpha_at(k, len(run.alpha)))
    else:
        from . import frames

        total = len(f.run.trace.w)
        motion = BoundaryMotion(ds.X, ds.y, plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
                                label_names=ds.label_names, title=f"{ds.name}: {s['algorithm']} perceptron",
                                **size, **for_plot(None, f.prep)[1])

        def draw(k):
            info = frames.step_info(f, k)
            motion.frame(for_plot(np.asarray(info["w"], dtype=np.float64), f.prep)[0], highlight=info["index"])
    if not total:
        raise SettingsError("This run made no update: there is nothing to animate.", field="export")
    data = run_gif(motion, draw, total)
    return {"ok": True, "filename": f"{stem}-run.gif", "mime": "image/gif",
            "base64": base64.b64encode(data).decode("ascii")}
