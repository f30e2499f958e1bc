"""Downloads of a kernel or multiclass run: the model (json), the update trace and the
predictions (csv), a plot (png/svg)."""

import base64
import json


from ..version import __version__
from ..errors import SettingsError
from ..export.run_files import _csv, floats
from . import kernel_multiclass_figures as km_figures


def model_json(f):
    """Everything needed to use the model again: the core's summary minus the trace, plus the
    training inputs the kernel's f(x) sums over (support vectors only)."""
    summ = {k: v for k, v in f.summary.items() if k != "trace"}
    out = {"format": "perceptron-lab-model", "format_version": 1, "versions": {"perceptron_lab": __version__},
           "settings": f.s, "feature_names": list(f.ds.feature_names), **summ}
    if f.algorithm == "kernel":
        sv = f.run.support
        out["support_vectors"] = [floats(r) for r in f.train_ds.X[sv]]
        out["labels"] = f.ds.label_mapping_json()
        out["prediction"] = "sign(Σ dual_coef_i · k̃(support_vector_i, x)) with 0 -> +1; k̃ = k + 1 with the bias"
    else:
        out["prediction"] = "classes[argmax_k weights[k] · x̃], ties to the lowest k; x̃ = (x, 1) with the bias"
    return json.dumps(out, indent=1, allow_nan=False)


def trace_csv(f):
    tr = f.summary["trace"]
    if f.algorithm == "kernel":
        rows = zip(range(1, len(tr["index"]) + 1), tr["epoch"], [i + 1 for i in tr["index"]], tr["score"], tr["alpha"])
        return _csv(["step", "epoch", "example", "score_before", "alpha_after"], rows)
    c = f.train_ds.classes
    rows = zip(range(1, len(tr["index"]) + 1), tr["epoch"], [i + 1 for i in tr["index"]],
               [c[k] for k in tr["true"]], [c[k] for k in tr["rival"]], tr["score_true"], tr["score_rival"])
    return _csv(["step", "epoch", "example", "true_class", "rival_class", "score_true", "score_rival"], rows)


def predictions_csv(f):
    """Every example of the data set (training and test) with its label and the prediction."""
    ds = f.ds
    pred = f.predict_raw(ds.X)
    if f.algorithm == "kernel":
        names = ds.label_names
        rows = ([*floats(x), names[int(y)], names[int(p)]] for x, y, p in zip(ds.X, ds.y, pred))
    else:
        rows = ([*floats(x), ds.classes[int(y)], ds.classes[int(p)]] for x, y, p in zip(ds.X, ds.y, pred))
    return _csv([*ds.feature_names, "label", "prediction"], rows)


def export_request(request, f, stem):
    what = request.get("what")
    if what == "plot":
        kind, fmt = request.get("plot"), request.get("format", "png")
        if fmt not in ("png", "svg"):
            raise SettingsError("Choose a plot and png or svg.", field="export")
        fig, _ = km_figures.figure(kind, f)
        if fig is None:
            raise SettingsError("This run has no such plot.", field="export")
        data = km_figures.plots().render(fig, fmt)
        if fmt == "png":
            return {"ok": True, "filename": f"{stem}-{kind}.png", "mime": "image/png",
                    "base64": base64.b64encode(data).decode("ascii")}
        return {"ok": True, "filename": f"{stem}-{kind}.svg", "mime": "image/svg+xml", "text": data}
    makers = {"model": (model_json, "model.json", "application/json"), "trace": (trace_csv, "trace.csv", "text/csv"),
              "predictions": (predictions_csv, "predictions.csv", "text/csv")}
    if what not in makers:
        raise SettingsError("Unknown export.", field="export")
    make, suffix, mime = makers[what]
    return {"ok": True, "filename": f"{stem}-{suffix}", "mime": mime, "text": make(f)}


