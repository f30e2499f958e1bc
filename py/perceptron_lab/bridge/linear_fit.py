"""The primal perceptrons' Fit (online, batch, averaged, voted, pocket): one run as a typed
object with the bridge's run protocol (fit.py): its answer, figures, frames and files.

The train and compare requests both fit through `fit`, so a variant in a comparison is
exactly the run a train request with that algorithm gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import functools

import numpy as np

from .. import settings
from ..run_settings import train_keywords
from ..texts import run as texts
from ..core import train
from ..core.loop import Run
from ..data.dataset import Dataset, train_test_split
from ..errors import DataError, SettingsError
from ..core.features import feature_names, prepare
from ..data.classes import binary_or_pointer
from ..data.prep import options
from ..data.request import read_settings
from ..exercise.visits import online_visits_request
from ..export import run_files as export, script_linear
from ..json_numbers import floats
from .run_summary import run_json, trace_json
from ..theory import margin as theory
from ..version import __version__
from . import figures, frames, motions
from .fit import export_answer
from .session import TRACE_CAP
from .linear_theory import THEORY_MAX_POINTS, Theory, deadline_in, max_margin, pending, theory_of  # noqa: F401
from ..i18n import _

MAX_VOTES = settings.LIMITS["votes_max"]  # voted: every kept w is polled for every prediction and plot pixel


@dataclass
class LinearFit:
    """One run: the data, its split, the settings (the request's checked dict), the run and
    what is known about it. `animator`, `proof_animator` and `mistakes_animator` are made on
    the first step-through frame that needs them; `mistakes_frames` fill as auto-play asks."""

    ds: Dataset
    train_ds: Dataset
    test_ds: Dataset | None
    s: dict
    Z: np.ndarray  # the prepared training vectors x̃
    run: Run
    known: Theory  # what is known so far: pending until complete_theory (the `theory` property)
    train_accuracy: float
    test_accuracy: float | None
    texts: dict = field(default_factory=dict)  # the run's sentences by their JSON keys (run_texts)
    animator: Any = None
    proof_animator: Any = None
    mistakes_animator: Any = None
    mistakes_frames: dict = field(default_factory=dict)  # epochs finished -> (data URL, alt): frames.py
    boxes: dict = field(default_factory=dict)  # kind -> [w, h]: the page's CSS boxes (plots request), for frames
    last_accuracy: float = 0.0  # the last w's, for classifier_text
    _visits: Any = False  # visits(): not yet asked

    @property
    def theory_done(self):
        return self.known.reason != "pending"

    @property
    def theory(self):
        """The complete theory: whatever reads it (plots, frames, exports) before the page's theory
        request gets it computed then, within the same budget."""
        if not self.theory_done:
            self.complete_theory()
        return self.known

    def complete_theory(self, deadline=None, margin_cache=None):
        """Solve the margin (of the training split, then of the whole data for the split's
        warning) until deadline (default: MARGIN_SECONDS from now); the sentences follow.
        margin_cache: one request's solutions (a comparison's variants share data and split)."""
        deadline = deadline_in() if deadline is None else deadline
        self.known = theory_of(self.Z, self.train_ds.y, self.run, self.s, margin_cache, deadline=deadline)
        self.texts = run_texts(self, split_of(self, deadline, margin_cache), self.last_accuracy)

    def theory_json(self):
        """The theory's numbers and every sentence that depends on them (the train answer's, and
        the theory request's when the train request said theory: "later")."""
        th = self.known
        return {**self.texts, "R": th.R, "gamma": th.gamma, "bound": th.bound,
                "u": None if th.u is None else floats(th.u), "theory_note": th.note,
                "separable": th.separable, "separable_reason": th.reason, "gamma_upper": th.gamma_upper,
                "theory_pending": not self.theory_done}

    @functools.cached_property
    def prep(self):
        """prepare's arguments of this run, with the training split's standardization statistics."""
        return prep_options(self.s, self.train_ds.X)

    def weights(self):
        """(coef, bias) of the answer w: the bias is the last component when it is on."""
        w = self.run.model.w
        return (w[:-1], float(w[-1])) if self.s["bias"] else (w, None)


    script_writer = script_linear  # the run as code (export/script.py)
    exercise_walk = staticmethod(online_visits_request)  # the exercise's walk of every visited example
    # What `perceptron-lab train --json` prints of its answer; lists_weights: the CLI's summary lists w.
    json_keys = ("weights", "bias", "mistakes", "epochs", "status", "status_text", "cycle", "labels",
                 "train_accuracy", "test_accuracy", "separable", "separable_reason", "separable_text", "R", "gamma",
                 "gamma_upper", "bound", "bound_text", "classifier_text", "split_text", "feature_names",
                 "epoch_mistakes", "updates", "converged_epoch", "votes", "votes_distinct", "pocket_rule",
                 "settings")
    lists_weights = True

    @classmethod
    def train(cls, spec, raw, progress=None, theory_later=False):
        ds = binary_or_pointer(spec)  # one read; more than two classes points to multiclass
        return fit(ds, read_settings(raw), progress, theory_later=theory_later)

    def answer(self):
        """The train answer: weights, theory, sentences, the trace for the step-through."""
        ds, s, run = self.ds, self.s, self.run
        coef, bias = self.weights()
        return {
            "ok": True,
            "version": __version__,
            "algorithm": run.algorithm,  # every family's answer names it (kernel, multiclass: their summary)
            "bound_formula": run.rule.bound_formula_ascii,  # the bound the run's rule obeys (core/rule.py)
            "bound_name": run.rule.bound_formula or "(R/γ)²",  # the page's label (batch: the online one, a reference)
            "counts_updates": run.rule.margin,  # its M counts updates, correct examples within τ too
            "weights": floats(coef),
            "bias": bias,
            "w": floats(run.model.w),
            "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
            "feature_names": list(ds.feature_names),
            "labels": ds.label_mapping_json(),
            "dataset": dataset_json(ds, self),
            "settings": s,
            **run_json(run),
            **run_fields(self),
            **self.theory_json(),
            "train_accuracy": self.train_accuracy,
            "test_accuracy": self.test_accuracy,
            "standardization": standardization_json(self.prep, ds),
            "margin_of_w": theory.margin_of(run.model.w, self.Z, self.train_ds.y) if run.model.votes is None else None,
            "points": points_json(self.train_ds),
            "steps": self.steps,
            "trace": trace_json(run.trace.total, run.trace.subsampled, run.trace.step, run.trace.epoch, run.trace.index,
                                activation=floats(run.trace.activation), w=[floats(r) for r in run.trace.w]),
            "plots": None,
            "plot_alt": None,
        }

    @property
    def steps(self):
        """The step-through's last step: the recorded updates (every family's answer says it)."""
        return len(self.run.trace.w)

    def figure(self, kind):
        return figures.figure(kind, self)

    def plots(self, kinds, sizes=None, *, with_train=False):
        """sizes: {kind: [width, height]} the CSS boxes of those plots where they differ from plot_px."""
        sizes = sizes or {}
        if any(self.boxes.get(k) != v for k, v in sizes.items()):
            # Auto-play draws its proof and mistakes frames into these boxes: at their size, not plot_px.
            self.boxes.update(sizes)
            self.proof_animator = self.mistakes_animator = None
            self.mistakes_frames = {}
        return figures.render(kinds, self, sizes)

    def frame(self, request):
        return frames.linear_frame(self, request)

    def motion(self, sizes, *, slide=False):
        """The frames the page draws itself (motions.py), or None where it cannot."""
        return motions.LinearMotion(self, sizes, slide) if motions.drawable(self.train_ds) else None

    def mistakes_frame(self, done):
        return frames.mistakes_frame(self, done)

    def step_info(self, k):
        return frames.step_info(self, k)

    def visits(self):
        """(visit of every update, the examples in visiting order), or None (frames.visits_of); once."""
        if self._visits is False:
            self._visits = frames.visits_of(self)
        return self._visits

    def visit_info(self, v, known):
        return frames.visit_info(self, v, known)

    def export(self, request, stem):
        def figure(kind):
            if kind not in figures.PLOT_KINDS:
                raise SettingsError(_("Choose a plot and png or svg."), field="export")
            return figures.figure(kind, self)

        files = {
            "model": (lambda: export.model_json(self.run, self.ds, self.s, self.theory.as_dict()), "model.json",
                      "application/json"),
            "trace": (lambda: export.trace_csv(self.run, self.train_ds, self.s), "trace.csv", "text/csv"),
            "predictions": (lambda: export.predictions_csv(self.run, self.ds, self.s), "predictions.csv", "text/csv"),
        }
        # PNG: at least slide width
        return export_answer(request, stem, figure, figures.plots().render_for_slides, files)


POINTS_MAX = 5000  # the points a keyboard explores on the boundary plot (site/js/access/plot-explorer.js)


def points_json(train_ds):
    """The training points as the boundary plot shows them, [[x1, x2, y]] (y in −1/+1, rows in
    the order of the trace's index), when the data has two features; else None."""
    X, y = train_ds.X, train_ds.y
    if X.ndim != 2 or X.shape[1] != 2 or len(y) > POINTS_MAX:
        return None
    return [[*floats(x), int(c)] for x, c in zip(X, y)]


def dataset_json(ds, f):
    return {"name": ds.name, "n": int(ds.X.shape[0]), "n_train": int(len(f.Z)),
            "n_test": 0 if f.test_ds is None else int(len(f.test_ds.y)),
            "x_tilde_width": int(f.Z.shape[1])}  # the values each vote's w·x̃ multiplies (run budget's step two)


def standardization_json(prep, ds):
    """The statistics the page and links reproduce, and the notice about constant columns (or None)."""
    st = prep["standardization"]
    return None if st is None else {**st.to_json(), "notice": st.notice(ds.feature_names)}


def prep_options(s, train_X):
    """standardize: z-scores with the training split's mean and std (prep.options)."""
    return options(s, train_X)


def run_texts(f, split, last_accuracy):
    """The run's sentences (texts.py), by their JSON keys."""
    th = f.known.as_dict()
    fmap = f.s["feature_map"]
    mapped = feature_names(f.ds.feature_names, fit_intercept=False, feature_map=fmap)
    return {"status_text": texts.status_text(f.run, th=th, dataset_name=f.ds.name, feature_map=fmap, feature_names=mapped),
            "separable_text": texts.separability_text(th, f.run.rule),
            "bound_text": texts.bound_text(f.run, th),
            "classifier_text": texts.classifier_text(f.run, train_accuracy=f.train_accuracy,
                                                     last_accuracy=last_accuracy,
                                                     standardized=bool(f.s.get("standardize"))),
            "split_text": split,
            "proof_text": texts.proof_missing_text(f.run, th)}


def split_of(f, deadline=None, margin_cache=None):
    """The split's warning (texts.split_text): too few test points, or separability changed by the split."""
    if f.test_ds is None:
        return ""
    whole = None
    if f.known.separable is not None:
        whole = max_margin(prepare(f.ds.X, **f.prep), f.ds.y, margin_cache, key="whole", deadline=deadline)
    return texts.split_text(n_test=len(f.test_ds.y), separable_all=None if whole is None else whole.separable,
                            separable_train=f.known.separable)


def fit(ds, s, progress=None, margin_cache=None, *, theory_later=False) -> LinearFit:
    """Split, prepare, train and measure; margin_cache: a dict for runs on the same data and split.
    theory_later: leave the margin to complete_theory (the page's theory request), where it is slow."""
    try:
        train_ds, test_ds = train_test_split(ds, s["test_fraction"], s["seed"])
    except DataError as e:
        raise SettingsError(e.message, field="test_fraction") from None
    prep = prep_options(s, train_ds.X)
    Z = prepare(train_ds.X, **prep)
    run = train(Z, train_ds.y, **train_keywords(s), trace_cap=TRACE_CAP, progress=progress, max_votes=MAX_VOTES)
    later = theory_later and len(Z) <= THEORY_MAX_POINTS  # past it there is no solver to wait for
    th = pending(Z, s) if later else theory_of(Z, train_ds.y, run, s, margin_cache)
    test_accuracy = None
    if test_ds is not None:
        test_accuracy = float(np.mean(run.predict(prepare(test_ds.X, **prep)) == test_ds.y))
    train_accuracy = float(np.mean(run.predict(Z) == train_ds.y))
    last_accuracy = float(np.mean(run.predict_last(Z) == train_ds.y))
    f = LinearFit(ds=ds, train_ds=train_ds, test_ds=test_ds, s=s, Z=Z, run=run, known=th,
                  train_accuracy=train_accuracy, test_accuracy=test_accuracy, last_accuracy=last_accuracy)
    f.prep = prep  # the statistics once (cached_property's slot)
    f.texts = run_texts(f, split_of(f, margin_cache=margin_cache), last_accuracy)
    return f


def run_fields(f):
    """What train and compare both report about a run beyond its weights."""
    run, th = f.run, f.known
    return {"converged_epoch": run.converged_epoch, "early_stop": run.early_stop, "pocket_rule": run.pocket_rule,
            "votes": None if run.model.votes is None else len(run.model.votes[1]),
            "votes_distinct": None if run.model.votes is None else int(len(np.unique(run.model.votes[0], axis=0))),
            "separable": th.separable, "separable_reason": th.reason, "gamma_upper": th.gamma_upper}
