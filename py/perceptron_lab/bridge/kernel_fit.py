"""The kernel perceptron's Fit: train on the binary data (raw x, the kernel is the feature map),
its answer (α, support vectors, the bound in feature space), its regions and its files.

With theory_later the run's picture and numbers come first and the margin in feature space (the
max-margin solve on up to THEORY_MAX_POINTS examples, seconds where training took a tenth of one)
follows in the page's theory request, within linear_theory.MARGIN_SECONDS."""

from __future__ import annotations

import numpy as np

from ..core import train
from ..theory import kernel_bound
from ..core.kernels import check_kernel_settings
from ..run_settings import train_keywords
from ..data.classes import binary_or_pointer
from ..data.dataset import train_test_split
from ..data.request import read_settings
from ..errors import DataError, SettingsError
from ..exercise.kernel_visits import kernel_visits_request
from ..export import script_kernel
from ..i18n import _
from ..json_numbers import floats
from ..texts.kernel import kernel_step_text, kernel_texts
from . import figures, linear_theory, motions, session
from .linear_theory import deadline_in
from .run_summary import kernel_summary
from .summary_fit import SummaryFit


class KernelFit(SummaryFit):
    geometry = True
    script_writer = script_kernel  # the run as code (export/script.py)
    exercise_walk = staticmethod(kernel_visits_request)  # the exercise's walk of every visited example
    json_keys = ("alpha", "support", "dual_coef", "bias", "kernel", "labels", "R", "gamma", "bound", "separable",
                 "separable_text", "bound_text", *SummaryFit.json_keys)

    @classmethod
    def train(cls, spec, raw, progress=None, theory_later=False):
        """theory_later: leave the margin in feature space to complete_theory (the theory request)."""
        s = read_settings(raw)
        return fit_kernel(binary_or_pointer(spec), s, progress, theory_later=theory_later)

    @property
    def theory_done(self):
        return self.summary["theory"].get("reason") != "pending"

    @property
    def theory(self):
        """The summary's theory, complete: whatever reads it first (the mistakes plot's bound, the
        model file) gets it computed then, within the same budget."""
        if not self.theory_done:
            self.complete_theory()
        return self.summary["theory"]

    def complete_theory(self, deadline=None):
        """The margin in feature space until deadline (default: MARGIN_SECONDS from now); the
        sentences follow."""
        th = kernel_bound.bound_in_feature_space(self.run, deadline=deadline_in() if deadline is None else deadline)
        if th.get("complete") is False:
            th["budget"] = linear_theory.MARGIN_SECONDS
        self.summary["theory"] = th
        self.texts = texts_of(self)

    def theory_json(self):
        """The theory's numbers and every sentence that depends on them."""
        th = self.summary["theory"]
        return {**self.texts, "R": th["R"], "gamma": th["gamma"], "bound": th["bound"], "u": None,
                "separable": th["separable"], "separable_reason": th.get("reason"), "theory_note": th["note"],
                "gamma_upper": th.get("gamma_upper"), "theory_pending": not self.theory_done}

    @property
    def mistake_bound(self):
        return self.theory["bound"]  # Novikoff in feature space

    def predict_raw(self, X):
        return self.run.predict(X)

    def label_name(self, y):
        return self.ds.label_names[y]

    def answer(self):
        summ = self.summary
        return {**self.common_summary(), "labels": self.ds.label_mapping_json(), "weights": [], "w": None,
                "w_names": [], "kernel": summ["kernel"], "support_count": len(summ["support"]),
                "converged_epoch": self.run.converged_epoch, "early_stop": False, **self.theory_json(), "point_rows": figures.point_rows(self)}

    def boundary(self, *, step=None, highlight=None, size):
        """The regions after the first `step` recorded updates (None: the answer), support vectors ringed."""
        p, ds, s, run = figures.plots(), self.train_ds, self.s, self.run
        alpha = run.model.alpha if step is None else run.trace.alpha_at(step, len(run.model.alpha))
        title = motions.kernel_title(ds.name, s["kernel"], step_through=step is not None)
        return p.kernel_figure(ds.X, ds.y, decision=lambda X: run.decision_function(X, step=step), alpha=alpha,
                               plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
                               label_names=ds.label_names, title=title, highlight=highlight, **size)

    def motion(self, sizes, *, slide=False):
        """The frames the page draws itself (motions.py), or None where it cannot."""
        return motions.KernelMotion(self, sizes, slide) if motions.drawable(self.train_ds) else None

    def update_info(self, k, i):
        """Which αᵢ grew and the score f(xᵢ) that was a mistake."""
        tr = self.summary["trace"]
        y = int(self.train_ds.y[i])
        score = float(tr["score"][k - 1])
        return {"y": y, "score": score, "y_score": y * score, "alpha_after": int(tr["alpha"][k - 1]),
                "step_text": kernel_step_text(i, y, score, int(tr["alpha"][k - 1]))}

    def model_fields(self):
        """The training inputs f(x) sums over (support vectors only) and how to predict."""
        sv = self.run.support
        return {"support_vectors": [floats(r) for r in self.train_ds.X[sv]], "labels": self.ds.label_mapping_json(),
                "prediction": "sign(Σ dual_coef_i · k̃(support_vector_i, x)) with 0 -> +1; k̃ = k + 1 with the bias"}

    def trace_columns(self, tr):
        return ["score_before", "alpha_after"], [tr["score"], tr["alpha"]]


def fit_kernel(ds, s, progress=None, *, theory_later=False):
    """theory_later: the summary's theory pending (only R) where a margin solver would run."""
    check_kernel_settings(s)
    try:
        train_ds, test_ds = train_test_split(ds, s["test_fraction"], s["seed"])
    except DataError as e:  # too few examples for the split
        raise SettingsError(e.message, field="test_fraction") from None
    run = train(train_ds.X, train_ds.y, **train_keywords(s), trace_cap=session.TRACE_CAP, progress=progress)
    later = theory_later and (run.kernel.kernel == "linear" or len(train_ds.y) <= kernel_bound.THEORY_MAX_POINTS)
    th = pending(run) if later else kernel_bound.bound_in_feature_space(run)
    summ = kernel_summary(run, th, trace_cap=session.TRACE_CAP)
    f = KernelFit(ds, train_ds, test_ds, s, run, summ, train_accuracy=summ["train_accuracy"])
    if test_ds is not None:
        f.test_accuracy = float(np.mean(run.predict(test_ds.X) == test_ds.y))
    f.texts = texts_of(f)
    return f


def pending(run):
    """The theory before the theory request: R (the largest k̃(x, x)) and no verdict."""
    R = float(np.sqrt(np.max(np.diag(run.K))))
    return {"R": R, "separable": None, "gamma": None, "bound": None, "note": None, "reason": "pending"}


def texts_of(f):
    return kernel_texts(f.summary, n_train=len(f.train_ds.y), dataset_name=f.ds.name,
                        n_test=0 if f.test_ds is None else len(f.test_ds.y), bias=f.s["bias"], normalize=f.s["normalize"])
