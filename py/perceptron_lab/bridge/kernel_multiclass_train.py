"""Train requests for the kernel perceptron (dual form) and the multiclass perceptron.

The numbers come from kernel.summary and multiclass.summary (the pure cores); this module adds
the data, the split, the sentences and the plots, and keeps the run as the session so
step-through, plots and downloads work as for the binary variants.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..version import __version__
from ..texts import kernel_multiclass as km_texts
from ..core import kernel_perceptron as kernel
from ..core import multiclass
from ..core.kernels import check_kernel_settings
from ..errors import SettingsError
from ..export.run_files import floats
from ..core.features import feature_names, prepare
from . import session
from ..data.classes import ClassData, binary_or_pointer, load_classes, split  # noqa: F401 (train.py's binary loader)

KERNEL_AND_MULTICLASS = ("kernel", "multiclass")


@dataclass
class KernelOrMulticlassFit:
    """One kernel or multiclass run. ds/train_ds/test_ds: a binary Dataset (kernel) or ClassData
    (multiclass); Z: the prepared training vectors (multiclass only); summary: the core's JSON."""

    algorithm: str
    ds: Any
    train_ds: Any
    test_ds: Any
    s: dict
    run: Any
    summary: dict
    Z: Any = None
    train_accuracy: float = 0.0
    test_accuracy: float | None = None
    test_confusion: list | None = None
    texts: dict = field(default_factory=dict)
    animator: Any = None

    @property
    def prep(self):
        """prepare's arguments, with the training split's standardization statistics (multiclass)."""
        return session.prep_options(self.s, self.train_ds.X)

    def predict_raw(self, X):
        """Predictions (±1 for kernel, class indices for multiclass) for raw inputs."""
        if self.algorithm == "kernel":
            return self.run.predict(X)
        return self.run.predict(prepare(X, **self.prep))


def fit_kernel(ds, s, progress=None):
    from ..data import dataset as datamod

    check_kernel_settings(s)
    try:
        train_ds, test_ds = datamod.train_test_split(ds, s["test_fraction"], s["seed"])
    except Exception as e:  # DataError: too few examples for the split
        if not hasattr(e, "message"):
            raise
        raise SettingsError(e.message, field="test_fraction") from None
    run = kernel.train_kernel(train_ds.X, train_ds.y, kernel=s["kernel"], degree=s["degree"], coef0=s["coef0"],
                              gamma=s["gamma"], fit_intercept=s["bias"], normalize=s["normalize"], eta=s["eta"],
                              max_epochs=s["epochs"], order=s["order"], seed=s["seed"],
                              trace_cap=session.TRACE_CAP, progress=progress)
    summ = kernel.summary(run, trace_cap=session.TRACE_CAP)
    f = KernelOrMulticlassFit("kernel", ds, train_ds, test_ds, s, run, summ, train_accuracy=summ["train_accuracy"])
    if test_ds is not None:
        f.test_accuracy = float(np.mean(run.predict(test_ds.X) == test_ds.y))
    f.texts = km_texts.kernel_texts(summ, n_train=len(train_ds.y), dataset_name=ds.name)
    return f


def fit_multiclass(cd: ClassData, s, progress=None):
    train_cd, test_cd = split(cd, s["test_fraction"], s["seed"])
    prep = session.prep_options(s, train_cd.X)
    Z = prepare(train_cd.X, **prep)
    k = len(cd.classes)
    run = multiclass.train_multiclass(Z, train_cd.y, k, average=s["average"], eta=s["eta"],
                                      max_epochs=s["epochs"], order=s["order"], seed=s["seed"],
                                      trace_cap=session.TRACE_CAP, progress=progress, early_stop=s["early_stop"])
    summ = multiclass.summary(run, Z, train_cd.y, cd.classes, trace_cap=session.TRACE_CAP)
    f = KernelOrMulticlassFit("multiclass", cd, train_cd, test_cd, s, run, summ, Z=Z, train_accuracy=summ["train_accuracy"])
    if test_cd is not None:
        pred = run.predict(prepare(test_cd.X, **prep))
        f.test_accuracy = float(np.mean(pred == test_cd.y))
        f.test_confusion = multiclass.confusion_matrix(test_cd.y, pred, k).tolist()
    f.texts = km_texts.multiclass_texts(summ, n_train=len(train_cd.y), dataset_name=cd.name)
    return f


def fit(spec, s, progress=None):
    if s["algorithm"] == "kernel":
        return fit_kernel(binary_or_pointer(spec), s, progress)
    return fit_multiclass(load_classes(spec), s, progress)


def result_json(f: KernelOrMulticlassFit):
    """The train answer: the core's summary plus what the page shows for every run."""
    s, summ, ds = f.s, f.summary, f.ds
    common = {
        "ok": True, "version": __version__, "settings": s, "feature_names": list(ds.feature_names),
        "dataset": {"name": ds.name, "n": int(len(ds.y)), "n_train": int(len(f.train_ds.y)),
                    "n_test": 0 if f.test_ds is None else int(len(f.test_ds.y))},
        "train_accuracy": f.train_accuracy, "test_accuracy": f.test_accuracy,
        "margin_of_w": None, "u": None, "plots": None, "plot_alt": None, **f.texts,
    }
    if f.algorithm == "kernel":
        th = summ["theory"]
        out = {**summ, **common, "labels": ds.label_mapping_json(), "weights": [], "w": None, "w_names": [],
               "kernel": summ["kernel"], "support_count": len(summ["support"]),
               "converged_epoch": f.run.converged_epoch, "early_stop": False,
               "R": th["R"], "gamma": th["gamma"], "bound": th["bound"], "separable": th["separable"],
               "separable_reason": None, "theory_note": th["note"], "gamma_upper": None}
        out["trace"] = {**summ["trace"], "step": list(range(1, len(summ["trace"]["index"]) + 1)),
                        "subsampled": False}
        return out
    W = np.asarray(summ["weights"])
    return {**summ, **common, "labels": None,
            "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
            "weights": [floats(r) for r in W], "bias": floats(W[:, -1]) if s["bias"] else None,
            "test_confusion": f.test_confusion, "R": None, "gamma": None, "bound": None, "separable": None,
            "theory_note": None,
            "trace": {**summ["trace"], "step": list(range(1, len(summ["trace"]["index"]) + 1)),
                      "subsampled": False}}


def train_request(request, progress=None):
    from . import kernel_multiclass_figures as km_figures
    from ..data.request import read_settings

    s = read_settings(request.get("settings"))
    f = fit(request.get("data"), s, progress)
    result = result_json(f)
    result.update(session.install(f, lambda: km_figures.render(s["plot_kinds"], f) if s["plots"] else {}))
    return result


def step_info(f: KernelOrMulticlassFit, k):
    """What update k did: kernel, which αᵢ grew and the score f(xᵢ) that was a mistake; multiclass,
    the two rows of W that moved (true class +η·x̃, rival −η·x̃) and both scores before."""
    tr = f.summary["trace"]
    if k == 0:
        return {"step": 0, "t": 0, "index": None, "algorithm": f.algorithm}
    i = int(tr["index"][k - 1])
    info = {"step": k, "t": k, "epoch": int(tr["epoch"][k - 1]), "index": i, "exact": True, "algorithm": f.algorithm,
            "x": floats(f.train_ds.X[i])}
    if f.algorithm == "kernel":
        y = int(f.train_ds.y[i])
        score = float(tr["score"][k - 1])
        info.update(y=y, score=score, y_score=y * score, alpha_after=int(tr["alpha"][k - 1]),
                    step_text=km_texts.kernel_step_text(i, y, score, int(tr["alpha"][k - 1])))
    else:
        classes = f.train_ds.classes
        a, b = int(tr["true"][k - 1]), int(tr["rival"][k - 1])
        st, sr = float(tr["score_true"][k - 1]), float(tr["score_rival"][k - 1])
        info.update(true=a, rival=b, true_class=classes[a], rival_class=classes[b], score_true=st, score_rival=sr,
                    step_text=km_texts.multiclass_step_text(i, classes[a], classes[b], st, sr))
    return info


def frame_request(request, k):
    """The picture after update k (the example of that update ringed)."""
    from . import kernel_multiclass_figures as km_figures

    f = session.current()
    info = step_info(f, k)
    p = km_figures.plots()
    width, height = f.s["plot_px"]
    fig = km_figures.boundary(f, step=k, highlight=info["index"], size=dict(width_px=width, height_px=height))
    return {"ok": True, **info, "image": p.to_data_url(p.render(fig)), "alt": fig.alt_text,
            "n_wrong": fig.n_wrong, "total": len(f.summary["trace"]["index"])}
