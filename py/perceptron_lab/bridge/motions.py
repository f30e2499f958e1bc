"""The runs the page animates itself, one kind per Fit family, made by the Fit's motion(sizes):
    motion.scene()  -> {"scene", "proof_scene"}: the static pictures (plots/scene.py), once
    motion.total()  -> the recorded updates
    motion.frame(k) -> update k's numbers and model geometry (a batch holds many)
    motion.draw(k)  -> the figure (motion.fig) drawn as after update k (the GIF download)
    motion.visit_total(), motion.visit_frame(v) -> every visited example (None: not known)
from the Fit's step_info(k) (what update k did) and its run.
slide: the GIF's size and titles instead of the page's boxes."""

import numpy as np

from ..core.features import prepare
from ..data.prep import for_plot
from ..i18n import N_, _
from ..texts.names import perceptron as perceptron_name
from . import figures

POINTS_MAX = 3000        # the page rings points itself: past this the PNG frames stay


def drawable(ds):
    """The page draws a run's frames itself: a 2-D plot of up to POINTS_MAX points."""
    return ds.X.shape[1] >= 2 and len(ds.y) <= POINTS_MAX


def _size(f, sizes, slide, kind="boundary"):
    from ..plots.animation import SLIDE_PX, SLIDE_SCALE
    if slide:
        return dict(width_px=SLIDE_PX[0], height_px=SLIDE_PX[1], dpr=1.0, scale=SLIDE_SCALE)
    w, h = sizes.get(kind) or f.s["plot_px"]
    return dict(width_px=w, height_px=h, dpr=f.s["dpr"], scale=f.s["scale"])


def _title(f, slide, name):
    return (_("{name}: {what}") if slide else _("{name}: step through")).format(name=f.train_ds.name, what=name)


def _slice_title(f, slide, name):
    """A slice of more than two features says what it cannot show (figures.slice_title)."""
    return figures.slice_title(f, name) if figures.many_features(f) else _title(f, slide, name)


class LinearMotion:
    """The primal perceptrons: w's plane line, its regions and arrow; the proof plot beside."""

    def __init__(self, f, sizes, slide=False):
        from ..plots.scene import BoundaryMotion, ProofMotion

        self.f, ds, s = f, f.train_ds, f.s
        size = _size(f, sizes, slide) if slide else figures.size("boundary", f, sizes.get("boundary"))
        self.strip = figures.strip_main(f)
        if self.strip:
            self.boundary = _strip(f, size, _("{name}: scores w·x̃ per update").format(name=ds.name))
        else:
            self.boundary = BoundaryMotion(ds.X, ds.y, plot_features=figures.plot_features(ds, s),
                                           feature_names=ds.feature_names, label_names=ds.label_names,
                                           title=_slice_title(f, slide, perceptron_name(s['algorithm'])),
                                           **size, **for_plot(None, f.prep)[1])
        self.fig = self.boundary.fig
        ps = None if slide else figures.proof_series(f)
        self.proof = None if ps is None else ProofMotion(
            ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"], bound=f.theory.bound,
            eta=f.run.eta, **figures.proof_words(f.run), **figures.size("proof", f, sizes.get("proof") or f.boxes.get("proof")))
        self.ps = ps

    def scene(self):
        return {"scene": self.boundary.scene(), "proof_scene": None if self.proof is None else self.proof.scene()}

    def total(self):
        return self.f.steps

    def _w(self, info):
        if self.strip:  # the strip's scores read x̃ as trained: w as the run holds it
            return np.asarray(info["w"], dtype=np.float64)
        return for_plot(np.asarray(info["w"], dtype=np.float64), self.f.prep)[0]

    def frame(self, k):
        f = self.f
        info = f.step_info(k)
        w = self._w(info)
        out = {**info, **self.boundary.frame(w, highlight=info["index"], wrong=figures.wrong_at(self.f, info["step"])),
               "alt": self.boundary.alt_text(w),
               "total": self.total()}
        if self.ps is not None:
            out["proof_alt"] = figures.proof_alt(f, self.ps, max(info["t"], 1))
        return out

    def draw(self, k):
        info = self.f.step_info(k)
        self.boundary.frame(self._w(info), highlight=info["index"], wrong=figures.wrong_at(self.f, info["step"]))

    def visit_total(self):
        """The last visit (every example the run looked at, 0-based), or None where the run's
        visits are not known (batch, a subsampled trace)."""
        known = self.f.visits()
        return None if known is None else len(known[1]) - 1

    def visit_frame(self, v):
        """Visit v: an update's frame, or a correct prediction that leaves w as it is."""
        known = self.f.visits()
        info = self.f.visit_info(v, known)
        w = self._w(info)
        return {**info, **self.boundary.frame(w, highlight=info["index"], wrong=figures.wrong_at(self.f, info["step"])),
                "alt": self.boundary.alt_text(w),
                "visits": len(known[1]), "total": self.total()}


def _strip(f, size, title):
    """The score strip of a run with more than two features: one score axis for every update."""
    from ..plots.strip import StripMotion

    W = np.asarray(f.run.trace.w, dtype=np.float64).reshape(-1, f.Z.shape[1])
    S = f.Z @ W.T if len(W) else np.zeros((len(f.Z), 1))
    span = (min(0.0, float(S.min())), max(0.0, float(S.max())))
    return StripMotion(f.Z, f.train_ds.y, span=span, label_names=f.train_ds.label_names, title=title, **size)


class _NoVisits:
    def visit_total(self):
        return None


KERNEL_NAMES = {"linear": N_("linear"), "poly": N_("polynomial"), "rbf": "RBF"}  # as the settings and the status say


def kernel_title(data_name, kernel, *, step_through=False):
    """The kernel plot's title ("RBF", not the link value "rbf")."""
    name = _(KERNEL_NAMES[kernel]) if kernel in KERNEL_NAMES else kernel
    return (_("{name}: kernel perceptron ({kernel}), step through") if step_through else
            _("{name}: kernel perceptron ({kernel})")).format(name=data_name, kernel=name)


class KernelMotion(_NoVisits):
    """The kernel perceptron: its scores on the grid (the page draws the 0-level), the
    support vectors ringed by their counts αᵢ."""

    def __init__(self, f, sizes, slide=False):
        from ..plots.scene import BoundaryMotion

        self.f, ds, s = f, f.train_ds, f.s
        title = kernel_title(ds.name, s["kernel"], step_through=not slide)
        self.boundary = BoundaryMotion(ds.X, ds.y, plot_features=figures.plot_features(ds, s),
                                       feature_names=ds.feature_names, label_names=ds.label_names,
                                       title=title, kernel=True, **_size(f, sizes, slide))
        self.fig = self.boundary.fig

    def scene(self):
        return {"scene": self.boundary.scene(), "proof_scene": None}

    def total(self):
        return self.f.steps

    def _geometry(self, info):
        run, t = self.f.run, info["t"]  # recorded update k is update t of the run
        return self.boundary.frame(decision=lambda X: run.decision_function(X, step=t), highlight=info["index"],
                                   alpha=run.trace.alpha_at(t, len(run.model.alpha)))

    def frame(self, k):
        info = self.f.step_info(k)
        return {**info, **self._geometry(info), "alt": self.boundary.alt_text(None), "total": self.total()}

    def draw(self, k):
        self._geometry(self.f.step_info(k))


class MulticlassMotion(_NoVisits):
    """The multiclass perceptron: the class regions of W (argmax per grid cell, computed by
    the page from W's coefficients, plots/scene.RegionsMotion) and the rows of W."""

    def __init__(self, f, sizes, slide=False):
        from ..plots.scene import RegionsMotion

        self.f, ds, s = f, f.train_ds, f.s
        prep = f.prep
        self.regions = RegionsMotion(ds.X, ds.y, features=lambda R: prepare(R, **prep), classes=ds.classes,
                                     plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
                                     title=_slice_title(f, slide, perceptron_name("multiclass")), **_size(f, sizes, slide))
        self.fig = self.regions.fig
        self.classes = [str(c) for c in ds.classes]
        self._at = (0, np.zeros((len(ds.classes), f.Z.shape[1])))   # (t, W in units of η): the last asked

    def scene(self):
        return {"scene": self.regions.scene(), "proof_scene": None}

    def total(self):
        return self.f.steps

    def weights(self, t):
        """W after update t of the run in units of η (training's own numbers: the wrong points are
        decided on them): from the last one asked, adding the updates in training's order
        (MulticlassTrace.add_updates)."""
        at, W = self._at
        if t < at:
            at, W = 0, np.zeros_like(W)
        W = self.f.run.trace.add_updates(W.copy(), at, t, self.f.Z)
        self._at = (t, W)
        return W

    def frame(self, k, draw=False):
        info = self.f.step_info(k)
        W = self.weights(info["t"])
        geo = self.regions.frame(W, self.f.Z, highlight=info["index"], draw=draw)
        W = self.f.run.eta * W
        return {**info, **geo, "W": [[float(v) for v in row] for row in W], "classes": self.classes,
                "alt": self.regions.alt_text(),
                "total": self.total()}

    def draw(self, k):
        self.frame(k, draw=True)
