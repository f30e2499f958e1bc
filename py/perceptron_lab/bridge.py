"""JSON in, JSON out: the one door between the page (or the CLI) and the core.

Every request is input from a stranger (a page, a shared link): each value is checked
here and nothing is ever evaluated. `handle` never raises: user errors come back as
{"ok": false, "error": {...}} naming the field or the row and column, and a bug comes
back as a one-line apology rather than a traceback.
"""

import json
import math
import sys
import traceback

import numpy as np

from . import __version__
from .core import ALGORITHMS, MAX_EPOCHS, ORDERS, train
from .errors import DataError, SettingsError
from .features import FEATURE_MAPS, feature_names, prepare

THEORY_MAX_POINTS = 20000  # the max-margin solver stays interactive up to here
TRACE_CAP = 5000  # updates sent to the page; more are subsampled evenly
MAX_REQUEST_CHARS = 30_000_000

# name: (type, default, check, message). One table, so the CLI, the page and the tests agree.
SETTINGS = {
    "algorithm": (str, "online", lambda v: v in ALGORITHMS, f"Choose one of: {', '.join(ALGORITHMS)}."),
    "epochs": (int, 100, lambda v: 1 <= v <= MAX_EPOCHS, f"Epochs must be a whole number from 1 to {MAX_EPOCHS}."),
    "eta": (float, 1.0, lambda v: 0 < v <= 1e6, "The learning rate η must be greater than 0 (and at most 10⁶)."),
    "bias": (bool, True, None, "Bias must be on or off."),
    "normalize": (bool, False, None, "Unit length must be on or off."),
    "order": (str, "fixed", lambda v: v in ORDERS, f"Choose one of: {', '.join(ORDERS)}."),
    "seed": (int, 0, lambda v: 0 <= v < 2**32, "The seed must be a whole number from 0 to 4294967295."),
    "feature_map": (str, "none", lambda v: v in FEATURE_MAPS, f"Choose one of: {', '.join(FEATURE_MAPS)}."),
    "test_fraction": (float, 0.0, lambda v: 0 <= v <= 0.9, "The test fraction must be from 0 to 0.9."),
    "plot_features": (list, [0, 1], None, "Choose two features to plot."),
    "plots": (bool, True, None, "plots must be true or false."),
    "plot_px": (list, [480, 360], None, "Plot size must be two whole numbers of pixels."),
}

PRESET_FIELDS = {"name": "preset", "n": "n", "margin": "margin", "spread": "spread", "seed": "data_seed"}


def _typed(name, value, kind, message):
    """value as `kind`, or SettingsError: JSON gives floats for ints and strings for anything."""
    if kind is bool:
        if isinstance(value, bool):
            return value
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
    elif kind is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            return float(value)
    elif isinstance(value, kind):
        return value
    raise SettingsError(message, field=name)


def read_settings(raw):
    """The settings dict with defaults filled in and every value checked."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise SettingsError("Settings must be an object.", field="settings")
    out = {}
    for name, (kind, default, check, message) in SETTINGS.items():
        value = _typed(name, raw.get(name, default), kind, message)
        if check is not None and not check(value):
            raise SettingsError(message, field=name)
        out[name] = value
    pf = out["plot_features"]
    if len(pf) != 2 or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 10_000 for i in pf):
        raise SettingsError(SETTINGS["plot_features"][3], field="plot_features")
    px = out["plot_px"]
    if len(px) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and 160 <= v <= 2000 for v in px):
        raise SettingsError(SETTINGS["plot_px"][3], field="plot_px")
    return out


def load_data(spec):
    """A Dataset from a data spec: a preset, CSV text, or placed points."""
    from . import csvio, data

    if not isinstance(spec, dict):
        raise DataError("No data was given.")
    kind = spec.get("kind")
    if kind == "preset":
        args = {k: spec[k] for k in ("n", "margin", "spread", "seed") if k in spec}
        try:
            return data.preset(spec.get("name"), **args)
        except SettingsError as e:
            raise SettingsError(e.message, field=PRESET_FIELDS.get(e.field, "preset")) from None
    if kind == "csv":
        text, label = spec.get("text"), spec.get("label")
        if not isinstance(text, str):
            raise DataError("The CSV file could not be read as text.")
        if label is not None and not isinstance(label, (str, int)) or isinstance(label, bool):
            raise SettingsError("Choose the label column by its name or number.", field="label")
        return csvio.parse_csv(text, label=label, name=str(spec.get("name", "CSV data"))[:200])
    if kind == "points":
        return data.points_dataset(spec.get("points"))
    raise DataError("Unknown kind of data: choose a preset, upload a CSV, or place points.")


def _floats(a):
    """A JSON-safe list: NaN and inf become None."""
    return [float(v) if math.isfinite(v) else None for v in np.asarray(a, dtype=float).ravel()]


def status_text(run, *, separable, dataset_name):
    e = run.n_epochs
    epochs = f"{e} epoch{'s' if e != 1 else ''}"
    if run.status == "converged":
        if run.algorithm == "batch":
            return f"Converged after {epochs}: the last epoch found no misclassified point."
        return f"Converged after {epochs}: the last epoch made no mistake."
    if run.status == "cycled":
        c = run.cycle
        what = "XOR is" if dataset_name == "XOR" else "the data is"
        period = f"every {c['period']} epoch{'s' if c['period'] != 1 else ''}"
        return (f"Cycling detected at epoch {c['epoch']}: the weights repeat {period}, "
                f"so {what} not linearly separable.")
    tail = {True: " The data is linearly separable, so more epochs would converge.",
            False: " The data is not linearly separable, so it can never converge.",
            None: ""}[separable]
    return f"Stopped at the epoch limit ({epochs}) without converging.{tail}"


def _theory(Z, y, run):
    from . import theory

    R = theory.radius(Z)
    if len(Z) > THEORY_MAX_POINTS:
        # Too many points to solve for the margin interactively; the run itself can still
        # prove separability (it converged) or its absence (it cycled).
        separable = {"converged": True, "cycled": False}.get(run.status)
        return {"R": R, "separable": separable, "gamma": None, "bound": None, "u": None,
                "note": f"The margin is computed for up to {THEORY_MAX_POINTS} points."}
    m = theory.max_margin(Z, y)
    return {"R": R, "separable": bool(m.separable), "gamma": m.gamma, "bound": theory.bound(R, m.gamma),
            "u": m.u, "note": None}


def train_request(request, progress=None):
    from . import data as datamod

    ds = load_data(request.get("data"))
    s = read_settings(request.get("settings"))
    try:
        train_ds, test_ds = datamod.train_test_split(ds, s["test_fraction"], s["seed"])
    except DataError as e:
        raise SettingsError(e.message, field="test_fraction") from None
    prep = dict(fit_intercept=s["bias"], normalize=s["normalize"], feature_map=s["feature_map"])
    Z = prepare(train_ds.X, **prep)
    run = train(Z, train_ds.y, algorithm=s["algorithm"], eta=s["eta"], max_epochs=s["epochs"],
                order=s["order"], seed=s["seed"], trace_cap=TRACE_CAP, progress=progress)
    th = _theory(Z, train_ds.y, run)
    w = run.w
    coef, bias = (w[:-1], float(w[-1])) if s["bias"] else (w, None)
    test_accuracy = None
    if test_ds is not None:
        test_accuracy = float(np.mean(run.predict(prepare(test_ds.X, **prep)) == test_ds.y))
    train_accuracy = float(np.mean(run.predict(Z) == train_ds.y))
    from . import theory

    result = {
        "ok": True,
        "version": __version__,
        "weights": _floats(coef),
        "bias": bias,
        "w": _floats(w),
        "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
        "feature_names": list(ds.feature_names),
        "labels": ds.label_mapping_json(),
        "dataset": {"name": ds.name, "n": int(ds.X.shape[0]), "n_train": int(len(Z)),
                    "n_test": 0 if test_ds is None else int(len(test_ds.y))},
        "settings": s,
        "status": run.status,
        "status_text": status_text(run, separable=th["separable"], dataset_name=ds.name),
        "cycle": run.cycle,
        "epochs": run.n_epochs,
        "mistakes": run.mistakes,
        "updates": run.n_updates,
        "epoch_mistakes": list(run.epoch_mistakes),
        "epoch_accuracy": [None if a is None else float(a) for a in run.epoch_accuracy],
        "epoch_w_norm": _floats(run.epoch_w_norm),
        "train_accuracy": train_accuracy,
        "test_accuracy": test_accuracy,
        "separable": th["separable"],
        "R": th["R"],
        "gamma": th["gamma"],
        "bound": th["bound"],
        "u": None if th["u"] is None else _floats(th["u"]),
        "theory_note": th["note"],
        "margin_of_w": theory.margin_of(run.w, Z, train_ds.y) if run.votes is None else None,
        "votes": None if run.votes is None else len(run.votes[1]),
        "trace": {
            "total": run.trace.total,
            "subsampled": run.trace.subsampled,
            "step": run.trace.step.tolist(),
            "epoch": run.trace.epoch.tolist(),
            "index": run.trace.index.tolist(),
            "activation": _floats(run.trace.activation),
            "w": [_floats(r) for r in run.trace.w],
        },
        "plots": None,
        "plot_alt": None,
    }
    if s["plots"]:
        result["plots"], result["plot_alt"] = _plots(ds=train_ds, test_ds=test_ds, run=run, s=s, th=th, Z=Z)
    return result


def _plots(*, ds, test_ds, run, s, th, Z):
    from . import plots, theory

    width, height = s["plot_px"]
    m = ds.X.shape[1]
    pf = tuple(s["plot_features"]) if m >= 2 else (0, None)
    if max(i for i in pf if i is not None) >= m:
        raise SettingsError(f"There are only {m} features to plot.", field="plot_features")
    if m >= 2 and pf[0] == pf[1]:
        raise SettingsError("Choose two different features to plot.", field="plot_features")
    size = dict(width_px=width, height_px=height)
    decision, grid = None, 200
    if run.votes is not None:
        grid = int(np.clip(math.sqrt(2e7 / len(run.votes[1])), 60, 200))  # every grid point polls every vote

        def decision(Xraw):
            return run.decision_function(prepare(Xraw, fit_intercept=s["bias"], normalize=s["normalize"],
                                                 feature_map=s["feature_map"]))
    fig = plots.boundary_figure(
        ds.X, ds.y, w=run.w, fit_intercept=s["bias"], normalize=s["normalize"], feature_map=s["feature_map"],
        plot_features=pf, decision=decision, feature_names=ds.feature_names, label_names=ds.label_names,
        title=f"{ds.name}: {s['algorithm']} perceptron", grid=grid, **size)
    out = {"boundary": plots.to_data_url(plots.render(fig))}
    alt = {"boundary": fig.alt_text}
    fig = plots.mistakes_figure(run.epoch_mistakes, bound=th["bound"], **size)
    out["mistakes"], alt["mistakes"] = plots.to_data_url(plots.render(fig)), plots.describe_mistakes(
        run.epoch_mistakes, th["bound"])
    acc = [np.nan if a is None else a for a in run.epoch_accuracy]
    test_acc = None if test_ds is None else [float(np.mean(run.predict(prepare(
        test_ds.X, fit_intercept=s["bias"], normalize=s["normalize"], feature_map=s["feature_map"])) == test_ds.y))]
    fig = plots.accuracy_figure(acc, test_acc, **size)
    out["accuracy"], alt["accuracy"] = plots.to_data_url(plots.render(fig)), plots.describe_accuracy(acc, test_acc)
    out["proof"] = alt["proof"] = None
    # The proof is about the online path from w = 0 (the batch rule takes other steps).
    if th["u"] is not None and run.algorithm != "batch" and len(run.trace.w):
        ps = theory.proof_series(run.trace.w, th["u"], th["gamma"], th["R"], run.eta, t=run.trace.step)
        fig = plots.proof_figure(ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"],
                                 bound=th["bound"], **size)
        out["proof"] = plots.to_data_url(plots.render(fig))
        alt["proof"] = plots.describe_proof(ps["t"], ps["u_dot_w"], ps["w_norm"], gamma=th["gamma"], R=th["R"],
                                            bound=th["bound"])
    return out, alt


def inspect_request(request):
    from . import csvio

    spec = request.get("data")
    if isinstance(spec, dict) and spec.get("kind") == "csv":
        text = spec.get("text")
        if not isinstance(text, str):
            raise DataError("The CSV file could not be read as text.")
        label = spec.get("label")
        p = csvio.preview(text, label=label)
        ds = csvio.parse_csv(text, label=label)
        return {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names,
                "labels": ds.label_mapping_json(), "columns": p["columns"], "preview": p["rows"],
                "label_column": p["label_column"]}
    ds = load_data(spec)
    return {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names, "labels": ds.label_mapping_json(),
            "columns": ds.feature_names + ["label"], "preview": None, "label_column": "label"}


COMMANDS = {"train": train_request, "inspect": lambda request, progress=None: inspect_request(request)}


def handle(request, progress=None):
    """Answer one request dict; never raises."""
    try:
        if not isinstance(request, dict) or request.get("cmd") not in COMMANDS:
            raise SettingsError("Unknown request.", field="cmd")
        return COMMANDS[request["cmd"]](request, progress=progress)
    except (DataError, SettingsError) as e:
        return {"ok": False, "error": {"row": None, "column": None, "field": None, **e.to_dict()}}
    except MemoryError:
        return {"ok": False, "error": {"kind": "internal", "field": None, "row": None, "column": None,
                                       "message": "That needs more memory than this tab has: try less data."}}
    except Exception as e:  # a bug: keep the page alive, log the details for developers
        traceback.print_exc(file=sys.stderr)
        return {"ok": False, "error": {"kind": "internal", "field": None, "row": None, "column": None,
                                       "message": f"Something went wrong inside Perceptron Lab ({type(e).__name__})."
                                                  " Your data and settings are kept; try other settings."}}


def handle_json(text, progress=None):
    """handle() for a JSON string, answering a JSON string (what the web worker calls)."""
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        return json.dumps({"ok": False, "error": {"kind": "data", "field": "csv", "row": None, "column": None,
                                                   "message": "The request is too large."}})
    try:
        request = json.loads(text)
    except ValueError:
        request = None
    return json.dumps(handle(request, progress=progress), allow_nan=False, default=_json_default)


def _json_default(o):
    if isinstance(o, np.ndarray):
        return _floats(o)
    if isinstance(o, (np.floating, np.integer)):
        return o.item()
    raise TypeError(type(o).__name__)
