"""The Downloads: a file of the last run, a plot (png/svg), the model (json), the trace or
predictions (csv)."""

import base64

from ..export import run_files as export
from ..errors import SettingsError
from . import figures, session
from . import kernel_multiclass_exports as km_exports
from .kernel_multiclass_train import KernelOrMulticlassFit


def export_request(request):
    f = session.current()
    what = request.get("what")
    stem = "perceptron-" + "".join(c if c.isalnum() else "-" for c in f.ds.name.lower())[:40]
    if isinstance(f, KernelOrMulticlassFit):
        return km_exports.export_request(request, f, stem)
    if what == "plot":
        kind, fmt = request.get("plot"), request.get("format", "png")
        if kind not in figures.PLOT_KINDS or fmt not in ("png", "svg"):
            raise SettingsError("Choose a plot and png or svg.", field="export")
        fig, _ = figures.figure(kind, f)
        if fig is None:
            raise SettingsError("This run has no such plot.", field="export")
        data = figures.plots().render_for_slides(fig, fmt)  # PNG: at least slide width
        if fmt == "png":
            return {"ok": True, "filename": f"{stem}-{kind}.png", "mime": "image/png",
                    "base64": base64.b64encode(data).decode("ascii")}
        return {"ok": True, "filename": f"{stem}-{kind}.svg", "mime": "image/svg+xml", "text": data}
    makers = {
        "model": (lambda: export.model_json(f.run, f.ds, f.s, f.theory.as_dict()), "model.json", "application/json"),
        "trace": (lambda: export.trace_csv(f.run, f.train_ds, f.s), "trace.csv", "text/csv"),
        "predictions": (lambda: export.predictions_csv(f.run, f.ds, f.s), "predictions.csv", "text/csv"),
    }
    if what not in makers:
        raise SettingsError("Unknown export.", field="export")
    make, suffix, mime = makers[what]
    return {"ok": True, "filename": f"{stem}-{suffix}", "mime": mime, "text": make()}
