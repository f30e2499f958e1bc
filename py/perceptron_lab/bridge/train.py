"""The train request (one run, its numbers, theory, trace and first plots) and the plots
request (more plots of that run)."""

from .. import settings
from ..version import __version__
from ..errors import SettingsError
from ..export.run_files import floats, run_json
from ..core.features import feature_names
from . import figures, session
from . import kernel_multiclass_train as km_train
from ..data.request import read_settings


def dataset_json(ds, f):
    return {"name": ds.name, "n": int(ds.X.shape[0]), "n_train": int(len(f.Z)),
            "n_test": 0 if f.test_ds is None else int(len(f.test_ds.y))}


def standardization_json(prep, ds):
    """The statistics the page and links reproduce, and the notice about constant columns (or None)."""
    st = prep["standardization"]
    return None if st is None else {**st.to_json(), "notice": st.notice(ds.feature_names)}


POINTS_MAX = 5000  # the points a keyboard explores on the boundary plot (site/js/ui/plot-explorer.js)


def points_json(f):
    """The training points as the boundary plot shows them, [[x1, x2, y]] (y in −1/+1, rows in
    the order of the trace's index), when the data has two features; else None."""
    X, y = f.train_ds.X, f.train_ds.y
    if X.ndim != 2 or X.shape[1] != 2 or len(y) > POINTS_MAX:
        return None
    return [[*floats(x), int(c)] for x, c in zip(X, y)]


def train_request(request, progress=None):
    from ..theory import margin as theory

    raw = request.get("settings")
    if isinstance(raw, dict) and raw.get("algorithm") in km_train.KERNEL_AND_MULTICLASS:
        return km_train.train_request(request, progress)
    ds = km_train.binary_or_pointer(request.get("data"))
    s = read_settings(raw)
    f = session.fit(ds, s, progress)
    run, th = f.run, f.theory
    coef, bias = f.weights()
    result = {
        "ok": True,
        "version": __version__,
        "weights": floats(coef),
        "bias": bias,
        "w": floats(run.w),
        "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
        "feature_names": list(ds.feature_names),
        "labels": ds.label_mapping_json(),
        "dataset": dataset_json(ds, f),
        "settings": s,
        **run_json(run),
        **f.texts,
        **session.run_fields(f),
        "train_accuracy": f.train_accuracy,
        "test_accuracy": f.test_accuracy,
        "R": th.R,
        "gamma": th.gamma,
        "bound": th.bound,
        "u": None if th.u is None else floats(th.u),
        "theory_note": th.note,
        "standardization": standardization_json(f.prep, ds),
        "points": points_json(f),
        "margin_of_w": theory.margin_of(run.w, f.Z, f.train_ds.y) if run.votes is None else None,
        "trace": {
            "total": run.trace.total,
            "subsampled": run.trace.subsampled,
            "step": run.trace.step.tolist(),
            "epoch": run.trace.epoch.tolist(),
            "index": run.trace.index.tolist(),
            "activation": floats(run.trace.activation),
            "w": [floats(r) for r in run.trace.w],
        },
        "plots": None,
        "plot_alt": None,
    }
    result.update(session.install(f, lambda: figures.render(s["plot_kinds"], f) if s["plots"] else {}))
    return result


def plots_request(request):
    """More plots of the last run (the page asks for the boundary with the run, the rest after);
    sizes: {kind: [width, height]} the CSS boxes of those plots where they differ from plot_px."""
    f = session.current()
    kinds = settings.check("plot_kinds", request.get("kinds"))
    sizes = request.get("sizes") or {}
    if not isinstance(sizes, dict) or not set(sizes) <= set(kinds):
        raise SettingsError("sizes must map plot kinds of this request to [width, height].", field="plot_px")
    sizes = {k: settings.check("plot_px", v) for k, v in sizes.items()}
    if isinstance(f, km_train.KernelOrMulticlassFit):  # kernel / multiclass plots keep the run's plot_px
        from . import kernel_multiclass_figures as km_figures
        return {"ok": True, **km_figures.render(kinds, f, extras=False)}
    if any(f.boxes.get(k) != v for k, v in sizes.items()):
        # Auto-play draws its proof and mistakes frames into these boxes: at their size, not plot_px.
        f.boxes.update(sizes)
        f.proof_animator = f.mistakes_animator = None
        f.mistakes_frames = {}
    return {"ok": True, **figures.render(kinds, f, sizes)}
