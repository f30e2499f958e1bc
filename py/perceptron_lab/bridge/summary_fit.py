"""What the kernel and multiclass fits share: a run the core describes by its summary dict
(kernel_perceptron.summary / multiclass.summary), its mistakes and accuracy plots, its answer's
common fields, its step-through frames and its downloads. Each family adds its own boundary,
update description, answer fields and files (kernel_fit.py, multiclass_fit.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import SettingsError
from ..json_numbers import floats
from ..export.run_files import _csv
from ..version import __version__
from . import figures
from .fit import export_answer
from .request_fields import int_field
from ..i18n import _


@dataclass
class SummaryFit:
    """ds/train_ds/test_ds: the data and its split (a binary Dataset or a MulticlassDataset); s: the read
    settings; run: the core's run; summary: the core's JSON account of it."""

    # What `perceptron-lab train --json` prints of the answer (each family puts its model's keys in
    # front); lists_weights False: the CLI's summary prints the run's sentences, as there is no one w.
    json_keys = ("status", "status_text", "cycle", "mistakes", "epochs", "updates", "epoch_mistakes",
                 "train_accuracy", "test_accuracy", "classifier_text", "feature_names", "settings")
    lists_weights = False

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
    mistakes_animator: Any = None  # made on the first mistakes_frame (auto-play grows the plot)

    extra_kinds = ()  # plot kinds of this family beyond boundary, mistakes, accuracy
    mistake_bound = None  # Novikoff's bound to draw on the mistakes plot, if the family has one

    @property
    def algorithm(self):
        return self.s["algorithm"]

    # ---------------------------------------------------------------- the answer

    def common_summary(self):
        s, ds = self.s, self.ds
        return {
            **self.summary,
            "ok": True, "version": __version__, "settings": s, "feature_names": list(ds.feature_names),
            "dataset": {"name": ds.name, "n": int(len(ds.y)), "n_train": int(len(self.train_ds.y)),
                        "n_test": 0 if self.test_ds is None else int(len(self.test_ds.y))},
            "train_accuracy": self.train_accuracy, "test_accuracy": self.test_accuracy,
            "margin_of_w": None, "u": None, "plots": None, "plot_alt": None, "steps": self.steps, **self.texts,
        }

    @property
    def steps(self):
        """The step-through's last step: the recorded updates (their trace keeps no w to count)."""
        return len(self.summary["trace"]["index"])

    # ---------------------------------------------------------------- figures

    def figure(self, kind, px=None):
        """(Figure, alt text) of one plot; (None, None) where it has none (proof: two classes' theorem).
        px: (width, height) CSS pixels of the box it is shown in (default: the settings' plot_px)."""
        p, run = figures.plots(), self.run
        # The page's pixel ratio and presenter scale, as the linear fits draw (figures.size):
        # without them a projector's class regions had 10 px text.
        width, height = px or self.s["plot_px"]
        size = dict(width_px=width, height_px=height, dpr=self.s["dpr"], scale=self.s["scale"])
        if kind == "boundary":
            fig = self.boundary(size=size)
            return fig, fig.alt_text
        if kind == "mistakes":
            bound = self.mistake_bound
            return p.mistakes_figure(run.epoch_mistakes, bound=bound, **size), p.describe_mistakes(run.epoch_mistakes, bound)
        if kind == "accuracy":
            acc = list(run.epoch_accuracy)
            test = None if self.test_accuracy is None else [self.test_accuracy]
            return p.accuracy_figure(acc, test, **size), p.describe_accuracy(acc, test)
        if kind == "proof":
            return None, None
        if kind in self.extra_kinds:
            fig = self.extra_figure(kind, size)
            return fig, fig.alt_text
        raise SettingsError(_("Unknown plot {kind}.").format(kind=repr(kind)), field="plot")

    def plots(self, kinds, sizes=None, *, with_train=False):
        """PNG data URLs and alt texts of these plots (with the train answer: the family's own
        plots too). sizes: {kind: [width, height]}; only the boundary's is drawn at its own box (the
        page's box changed since the run: plot/picture-refit.js); the others keep plot_px, the size
        auto-play draws their frames at."""
        p = figures.plots()
        out = {"plots": {}, "plot_alt": {}}
        for kind in list(kinds) + (list(self.extra_kinds) if with_train else []):
            fig, alt = self.figure(kind, (sizes or {}).get("boundary") if kind == "boundary" else None)
            out["plots"][kind] = None if fig is None else p.to_data_url(p.render(fig))
            out["plot_alt"][kind] = alt
            if kind == "boundary" and self.geometry:
                out["boundary_geometry"] = p.axes_geometry(fig, fig.data_ax)
        return out

    geometry = False  # the answer carries the boundary plot's axes geometry (points placed on it)

    # ---------------------------------------------------------------- step-through

    def frame(self, request):
        """The picture after recorded update k (the example of that update ringed)."""
        k = int_field(request, "step", 0, self.steps)
        info = self.step_info(k)
        p = figures.plots()
        fig = self.boundary(step=info["t"], highlight=info["index"],
                            size=dict(width_px=self.s["plot_px"][0], height_px=self.s["plot_px"][1],
                                      dpr=self.s["dpr"], scale=self.s["scale"]))
        return {"ok": True, **info, "image": p.to_data_url(p.render(fig)), "alt": fig.alt_text,
                "n_wrong": fig.n_wrong, "total": self.steps}

    def mistakes_frame(self, done):
        """(data URL, alt) of the mistakes plot with the first `done` epochs finished (auto-play)."""
        p = figures.plots()
        if self.mistakes_animator is None:
            width, height = self.s["plot_px"]
            self.mistakes_animator = p.MistakesAnimator(self.run.epoch_mistakes, bound=self.mistake_bound,
                                                        width_px=width, height_px=height)
        ma = self.mistakes_animator
        return p.to_data_url(ma.frame(done)), ma.alt_text(done)

    def step_info(self, k):
        """What recorded update k (update t of the run) did: the family's numbers (update_info) on the common ones."""
        tr = self.summary["trace"]
        if k == 0:
            return {"step": 0, "t": 0, "index": None, "algorithm": self.algorithm}
        i = int(tr["index"][k - 1])
        return {"step": k, "t": int(tr["step"][k - 1]), "epoch": int(tr["epoch"][k - 1]), "index": i, "exact": True,
                "algorithm": self.algorithm, "x": floats(self.train_ds.X[i]), **self.update_info(k, i)}

    # ---------------------------------------------------------------- downloads

    def export(self, request, stem):
        files = {"model": (self.model_json, "model.json", "application/json"),
                 "trace": (self.trace_csv, "trace.csv", "text/csv"),
                 "predictions": (self.predictions_csv, "predictions.csv", "text/csv")}
        return export_answer(request, stem, self.figure, figures.plots().render, files)

    def model_json(self):
        """Everything needed to use the model again: the core's summary minus the trace, and the
        family's own fields (model_fields)."""
        if not self.theory_done:
            self.complete_theory()
        summ = {k: v for k, v in self.summary.items() if k != "trace"}
        out = {"format": "perceptron-lab-model", "format_version": 1, "versions": {"perceptron_lab": __version__},
               "settings": self.s, "feature_names": list(self.ds.feature_names), **summ, **self.model_fields()}
        return json.dumps(out, indent=1, allow_nan=False)

    def trace_csv(self):
        header, columns = self.trace_columns(self.summary["trace"])
        tr = self.summary["trace"]
        rows = zip(tr["step"], tr["epoch"], [i + 1 for i in tr["index"]], *columns)
        return _csv(["t", "epoch", "example", *header], rows)

    def predictions_csv(self):
        """Every example of the data set (training and test) with its label and the prediction."""
        ds = self.ds
        pred = self.predict_raw(ds.X)
        name = self.label_name
        rows = ([*floats(x), name(int(y)), name(int(p))] for x, y, p in zip(ds.X, ds.y, pred))
        return _csv([*ds.feature_names, "label", "prediction"], rows)
