"""The kernel perceptron's Fit: train on the binary data (raw x, the kernel is the feature map),
its answer (α, support vectors, the bound in feature space), its regions and its files."""

from __future__ import annotations

import numpy as np

from ..core import kernel_perceptron as kernel
from ..core.kernels import check_kernel_settings
from ..data.classes import binary_or_pointer
from ..data.dataset import train_test_split
from ..data.request import read_settings
from ..errors import DataError, SettingsError
from ..export import script_kernel
from ..core.run_json import floats
from ..texts.kernel import kernel_step_text, kernel_texts
from . import figures, motions, session
from .summary_fit import SummaryFit


class KernelFit(SummaryFit):
    geometry = True
    script_writer = script_kernel  # the run as code (export/script.py)

    @classmethod
    def train(cls, spec, raw, progress=None, theory_later=False):
        """theory_later: no effect (the bound in feature space is part of the core's summary of the run)."""
        s = read_settings(raw)
        return fit_kernel(binary_or_pointer(spec), s, progress)

    @property
    def mistake_bound(self):
        return self.summary["theory"]["bound"]  # Novikoff in feature space

    def predict_raw(self, X):
        return self.run.predict(X)

    def label_name(self, y):
        return self.ds.label_names[y]

    def answer(self):
        summ, th = self.summary, self.summary["theory"]
        return {**self.common_summary(), "labels": self.ds.label_mapping_json(), "weights": [], "w": None,
                "w_names": [], "kernel": summ["kernel"], "support_count": len(summ["support"]),
                "converged_epoch": self.run.converged_epoch, "early_stop": False,
                "R": th["R"], "gamma": th["gamma"], "bound": th["bound"], "separable": th["separable"],
                "separable_reason": None, "theory_note": th["note"], "gamma_upper": None}

    def boundary(self, *, step=None, highlight=None, size):
        """The regions after the first `step` recorded updates (None: the answer), support vectors ringed."""
        p, ds, s, run = figures.plots(), self.train_ds, self.s, self.run
        alpha = run.alpha if step is None else run.trace.alpha_at(step, len(run.alpha))
        title = f"{ds.name}: kernel perceptron ({s['kernel']})" + ("" if step is None else ", step through")
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


def fit_kernel(ds, s, progress=None):
    check_kernel_settings(s)
    try:
        train_ds, test_ds = train_test_split(ds, s["test_fraction"], s["seed"])
    except DataError as e:  # too few examples for the split
        raise SettingsError(e.message, field="test_fraction") from None
    run = kernel.train_kernel(train_ds.X, train_ds.y, kernel=s["kernel"], degree=s["degree"], coef0=s["coef0"],
                              gamma=s["gamma"], fit_intercept=s["bias"], normalize=s["normalize"], eta=s["eta"],
                              max_epochs=s["epochs"], order=s["order"], seed=s["seed"],
                              trace_cap=session.TRACE_CAP, progress=progress)
    summ = kernel.summary(run, trace_cap=session.TRACE_CAP)
    f = KernelFit(ds, train_ds, test_ds, s, run, summ, train_accuracy=summ["train_accuracy"])
    if test_ds is not None:
        f.test_accuracy = float(np.mean(run.predict(test_ds.X) == test_ds.y))
    f.texts = kernel_texts(summ, n_train=len(train_ds.y), dataset_name=ds.name,
                                    n_test=0 if test_ds is None else len(test_ds.y))
    return f
