"""The multiclass perceptron's Fit: train on every class (a MulticlassDataset), its answer (one weight row
per class, the confusion matrices), its class regions, its own plots and its files."""

from __future__ import annotations

import numpy as np

from ..core import multiclass, train
from ..core.features import feature_names, prepare
from ..data.classes import load_classes, split
from ..data.prep import options
from ..data.request import read_settings
from ..run_settings import train_keywords
from ..json_numbers import floats
from ..export import script_multiclass
from ..i18n import _
from ..texts.multiclass import multiclass_step_text, multiclass_texts
from . import figures, motions, session
from .run_summary import multiclass_summary
from .summary_fit import SummaryFit

IMAGE_SIDE = 8  # 64 features are drawn as 8×8 images (digits)


class MulticlassFit(SummaryFit):
    script_writer = script_multiclass  # the run as code (export/script.py)
    exercise_walk = None  # the exercise does not follow it (params.json: per_example false)
    json_keys = ("classes", "weights", "average", "confusion", "per_class_accuracy", "test_confusion",
                 *SummaryFit.json_keys)

    @classmethod
    def train(cls, spec, raw, progress=None, theory_later=False):
        """theory_later: no effect (the multiclass perceptron has no margin theory here)."""
        s = read_settings(raw)
        return fit_multiclass(load_classes(spec), s, progress)

    theory_done = True  # no margin theory here: nothing is ever pending

    def complete_theory(self, deadline=None):
        pass

    def theory_json(self):
        return {"R": None, "gamma": None, "bound": None, "separable": None, "theory_note": None,
                "theory_pending": False}

    @property
    def prep(self):
        """prepare's arguments, with the training split's standardization statistics."""
        return options(self.s, self.train_ds.X)

    @property
    def extra_kinds(self):
        images = self.train_ds.X.shape[1] == IMAGE_SIDE * IMAGE_SIDE
        return ("confusion", "class_weights", "gallery") if images else ("confusion",)

    def predict_raw(self, X):
        return self.run.predict(prepare(X, **self.prep))

    def label_name(self, k):
        return self.ds.classes[k]

    def answer(self):
        s, ds = self.s, self.ds
        W = np.asarray(self.summary["weights"])
        return {**self.common_summary(), "labels": None,
                "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
                "weights": [floats(r) for r in W], "bias": floats(W[:, -1]) if s["bias"] else None,
                "test_confusion": self.test_confusion, **self.theory_json(), "point_rows": figures.point_rows(self)}

    def boundary(self, *, step=None, highlight=None, size):
        """The class regions after the first `step` recorded updates (None: the answer)."""
        p, ds, s = figures.plots(), self.train_ds, self.s
        # In units of η, as training decides (the regions and rings are argmaxes: η only rescales).
        W = self.run.W_units if step is None else self.run.trace.weights_at(step, self.Z, len(ds.classes))
        prep = self.prep
        title = (_("{name}: multiclass perceptron") if step is None else
                 _("{name}: multiclass perceptron, step through")).format(name=ds.name)
        if figures.many_features(self):  # a slice says what it cannot show
            title = figures.slice_title(self, "")
        return p.regions_figure(ds.X, ds.y, scores=lambda X: prepare(X, **prep) @ W.T, classes=ds.classes,
                                plot_features=figures.plot_features(ds, s), feature_names=ds.feature_names,
                                title=title, highlight=highlight, **size)

    def extra_figure(self, kind, size):
        p, ds, run = figures.plots(), self.train_ds, self.run
        if kind == "confusion":
            return p.confusion_figure(self.summary["confusion"], ds.classes, title=_("Confusion matrix (training)"), **size)
        if kind == "class_weights":
            return p.weight_images_figure(run.model.W, ds.classes, side=IMAGE_SIDE, title=_("Each class's weights"), **size)
        return p.mistakes_gallery_figure(ds.X, ds.y, run.predict(self.Z), ds.classes, side=IMAGE_SIDE,
                                         title=_("Current mistakes: true → predicted"), **size)

    def motion(self, sizes, *, slide=False):
        """The frames the page draws itself (motions.py), or None where it cannot."""
        return motions.MulticlassMotion(self, sizes, slide) if motions.drawable(self.train_ds) else None

    def update_info(self, k, i):
        """The two rows of W that moved (true class +η·x̃, rival −η·x̃) and both scores before."""
        tr, classes = self.summary["trace"], self.train_ds.classes
        a, b = int(tr["true"][k - 1]), int(tr["rival"][k - 1])
        st, sr = float(tr["score_true"][k - 1]), float(tr["score_rival"][k - 1])
        return {"true": a, "rival": b, "true_class": classes[a], "rival_class": classes[b], "score_true": st,
                "score_rival": sr, "step_text": multiclass_step_text(i, classes[a], classes[b], st, sr)}

    def model_fields(self):
        return {"prediction": "classes[argmax_k weights[k] · x̃], ties to the lowest k; x̃ = (x, 1) with the bias"}

    def trace_columns(self, tr):
        c = self.train_ds.classes
        return (["true_class", "rival_class", "score_true", "score_rival"],
                [[c[k] for k in tr["true"]], [c[k] for k in tr["rival"]], tr["score_true"], tr["score_rival"]])


def feature_scales(X):
    """(smallest, largest) standard deviation of the features that vary, or None."""
    sd = np.std(np.asarray(X, dtype=float), axis=0)
    sd = sd[sd > 0]
    return (float(sd.min()), float(sd.max())) if sd.size else None


def fit_multiclass(cd, s, progress=None):
    train_cd, test_cd = split(cd, s["test_fraction"], s["seed"])
    prep = options(s, train_cd.X)
    Z = prepare(train_cd.X, **prep)
    k = len(cd.classes)
    run = train(Z, train_cd.y, **train_keywords(s), classes=k, trace_cap=session.TRACE_CAP, progress=progress)
    summ = multiclass_summary(run, Z, train_cd.y, cd.classes, trace_cap=session.TRACE_CAP)
    f = MulticlassFit(cd, train_cd, test_cd, s, run, summ, Z=Z, train_accuracy=summ["train_accuracy"])
    if test_cd is not None:
        pred = run.predict(prepare(test_cd.X, **prep))
        f.test_accuracy = float(np.mean(pred == test_cd.y))
        f.test_confusion = multiclass.confusion_matrix(test_cd.y, pred, k).tolist()
    f.texts = multiclass_texts(summ, n_train=len(train_cd.y), dataset_name=cd.name,
                                        n_test=0 if test_cd is None else len(test_cd.y),
                                        scales=None if s["standardize"] else feature_scales(train_cd.X))
    return f
