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

from . import __version__, export
from .core import ALGORITHMS, MAX_EPOCHS, ORDERS, train
from .errors import DataError, SettingsError
from .export import floats
from .features import FEATURE_MAPS, feature_names, prepare
from .prep import for_plot
from .prep import options as prep_options
from . import texts

THEORY_MAX_POINTS = texts.THEORY_MAX_POINTS  # the max-margin solver stays interactive up to here
TRACE_CAP = 5000  # updates sent to the page; more are subsampled evenly
MAX_VOTES = 20_000  # voted: every kept w is polled for every prediction and every plot pixel
MAX_REQUEST_CHARS = 30_000_000
PLOT_KINDS = ("boundary", "mistakes", "accuracy", "proof")

# name: (type, default, check, message). One table, so the CLI, the page and the tests agree.
SETTINGS = {
    "algorithm": (str, "online", lambda v: v in ALGORITHMS, f"Choose one of: {', '.join(ALGORITHMS)}."),
    "epochs": (int, 100, lambda v: 1 <= v <= MAX_EPOCHS, f"Epochs must be a whole number from 1 to {MAX_EPOCHS}."),
    "eta": (float, 1.0, lambda v: 0 < v <= 1e6, "The learning rate η must be greater than 0 (and at most 10⁶)."),
    "bias": (bool, True, None, "Bias must be on or off."),
    "normalize": (bool, False, None, "Unit length must be on or off."),
    "early_stop": (bool, False, None, "Early stop must be on or off."),
    "standardize": (bool, False, None, "Standardize must be on or off."),
    "order": (str, "fixed", lambda v: v in ORDERS, f"Choose one of: {', '.join(ORDERS)}."),
    "seed": (int, 0, lambda v: 0 <= v < 2**32, "The seed must be a whole number from 0 to 4294967295."),
    "feature_map": (str, "none", lambda v: v in FEATURE_MAPS, f"Choose one of: {', '.join(FEATURE_MAPS)}."),
    "test_fraction": (float, 0.0, lambda v: 0 <= v <= 0.9, "The test fraction must be from 0 to 0.9."),
    "plot_features": (list, [0, 1], None, "Choose two features to plot."),
    "plots": (bool, True, None, "plots must be true or false."),
    "plot_kinds": (list, list(PLOT_KINDS), lambda v: len(v) == len(set(v)) and all(k in PLOT_KINDS for k in v),
                   f"plot_kinds lists plots from: {', '.join(PLOT_KINDS)}."),
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
        args = {k: spec[k] for k in ("n", "margin", "spread", "seed", "classes", "features") if k in spec}
        try:
            return data.preset(spec.get("name"), **args)
        except SettingsError as e:
            raise SettingsError(e.message, field=PRESET_FIELDS.get(e.field, "preset")) from None
    if kind == "csv":
        source, kw = csvio.spec_args(spec)  # text or base64 bytes; delimiter/decimal/encoding overrides
        return csvio.parse_csv(source, **kw)
    if kind == "points":
        return data.points_dataset(spec.get("points"))
    raise DataError("Unknown kind of data: choose a preset, upload a CSV, or place points.")


def _margin(Z, y, margin_cache=None):
    """The max-margin solution (None over THEORY_MAX_POINTS); margin_cache keeps it between runs."""
    from . import theory

    if len(Z) > THEORY_MAX_POINTS:
        return None
    m = None if margin_cache is None else margin_cache.get("m")
    if m is None:
        m = theory.max_margin(Z, y)
        if margin_cache is not None:
            margin_cache["m"] = m
    return m


def _theory(Z, y, run, s, margin_cache=None):
    """R, separability with how it is known (the solver's proof, else the run's), γ and the bound."""
    from . import theory

    R = theory.radius(Z)
    m = _margin(Z, y, margin_cache)
    th = {"R": R, "separable": None, "reason": None, "gamma": None, "gamma_upper": None, "bound": None,
          "u": None, "note": None, "bias": s["bias"], "n": len(Z)}
    if m is not None and m.separable is not None:
        th.update(separable=m.separable, reason="margin" if m.separable else m.certificate,
                  gamma=m.gamma, bound=theory.bound(R, m.gamma), u=m.u)
    elif run.converged_epoch is not None:
        th.update(separable=True, reason="converged")  # a clean epoch is a separating w
    elif run.cycle is not None:
        th.update(separable=False, reason="cycled")  # cycles are only detected under a fixed order
    else:
        th.update(reason="too many points" if m is None else "tiny margin",
                  gamma_upper=None if m is None else m.gamma_upper)
    if m is None:
        th["note"] = f"The margin is computed for up to {THEORY_MAX_POINTS:,} points."
    return th


def _fit(ds, s, progress=None, margin_cache=None):
    """Split, prepare, train and measure: one run as a session dict (what _figure reads).

    The train and compare requests both go through here, so a variant in a comparison is
    exactly the run a train request with that algorithm gives."""
    from . import data as datamod

    try:
        train_ds, test_ds = datamod.train_test_split(ds, s["test_fraction"], s["seed"])
    except DataError as e:
        raise SettingsError(e.message, field="test_fraction") from None
    prep = prep_options(s, train_ds.X)  # standardize: the training split's statistics
    Z = prepare(train_ds.X, **prep)
    run = train(Z, train_ds.y, algorithm=s["algorithm"], eta=s["eta"], max_epochs=s["epochs"],
                order=s["order"], seed=s["seed"], trace_cap=TRACE_CAP, progress=progress, max_votes=MAX_VOTES,
                early_stop=s["early_stop"])
    th = _theory(Z, train_ds.y, run, s, margin_cache)
    test_accuracy, split = None, ""
    if test_ds is not None:
        test_accuracy = float(np.mean(run.predict(prepare(test_ds.X, **prep)) == test_ds.y))
        whole = None if margin_cache is None else margin_cache.get("whole")
        if whole is None:
            whole = _margin(prepare(ds.X, **prep), ds.y)
            if margin_cache is not None:
                margin_cache["whole"] = whole
        split = texts.split_text(n_test=len(test_ds.y), separable_all=None if whole is None else whole.separable,
                                 separable_train=th["separable"])
    train_accuracy = float(np.mean(run.predict(Z) == train_ds.y))
    last_accuracy = float(np.mean(np.where(Z @ run.w_last >= 0, 1, -1) == train_ds.y))
    return dict(ds=ds, train_ds=train_ds, test_ds=test_ds, run=run, s=s, th=th, Z=Z, prep=prep,
                train_accuracy=train_accuracy, test_accuracy=test_accuracy, texts=_texts(run, th, ds, split,
                                                                                      train_accuracy, last_accuracy))


def _texts(run, th, ds, split, train_accuracy, last_accuracy):
    """The run's sentences (texts.py), by their JSON keys."""
    return {"status_text": texts.status_text(run, th=th, dataset_name=ds.name),
            "separable_text": texts.separability_text(th),
            "bound_text": texts.bound_text(run, th),
            "classifier_text": texts.classifier_text(run, train_accuracy=train_accuracy,
                                                     last_accuracy=last_accuracy),
            "split_text": split,
            "proof_text": texts.proof_missing_text(run, th)}


def _run_fields(run, th):
    """What train and compare both report about a run beyond its weights."""
    return {"converged_epoch": run.converged_epoch, "early_stop": run.early_stop, "pocket_rule": run.pocket_rule,
            "votes": None if run.votes is None else len(run.votes[1]),
            "votes_distinct": None if run.votes is None else int(len(np.unique(run.votes[0], axis=0))),
            "separable": th["separable"], "separable_reason": th["reason"], "gamma_upper": th["gamma_upper"]}


def _weights(run, s):
    """(coef, bias) of the answer w: the bias is the last component when it is on."""
    w = run.w
    return (w[:-1], float(w[-1])) if s["bias"] else (w, None)


def train_request(request, progress=None):
    from . import theory

    ds = load_data(request.get("data"))
    s = read_settings(request.get("settings"))
    F = _fit(ds, s, progress)
    train_ds, test_ds, run, th, Z = F["train_ds"], F["test_ds"], F["run"], F["th"], F["Z"]
    train_accuracy, test_accuracy = F["train_accuracy"], F["test_accuracy"]
    w = run.w
    coef, bias = _weights(run, s)

    result = {
        "ok": True,
        "version": __version__,
        "weights": floats(coef),
        "bias": bias,
        "w": floats(w),
        "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
        "feature_names": list(ds.feature_names),
        "labels": ds.label_mapping_json(),
        "dataset": {"name": ds.name, "n": int(ds.X.shape[0]), "n_train": int(len(Z)),
                    "n_test": 0 if test_ds is None else int(len(test_ds.y))},
        "settings": s,
        "status": run.status,
        **F["texts"],
        **_run_fields(run, th),
        "cycle": run.cycle,
        "epochs": run.n_epochs,
        "mistakes": run.mistakes,
        "updates": run.n_updates,
        "epoch_mistakes": list(run.epoch_mistakes),
        "epoch_accuracy": [None if a is None else float(a) for a in run.epoch_accuracy],
        "epoch_w_norm": floats(run.epoch_w_norm),
        "train_accuracy": train_accuracy,
        "test_accuracy": test_accuracy,
        "R": th["R"],
        "gamma": th["gamma"],
        "bound": th["bound"],
        "u": None if th["u"] is None else floats(th["u"]),
        "theory_note": th["note"],
        "standardization": _standardization_json(F["prep"], ds),
        "margin_of_w": theory.margin_of(run.w, Z, train_ds.y) if run.votes is None else None,
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
    previous = dict(_SESSION)
    _SESSION.clear()
    _SESSION.update(ds=ds, train_ds=train_ds, test_ds=test_ds, run=run, s=s, th=th, Z=Z, prep=F["prep"])
    try:
        if s["plots"]:
            result.update(_render(s["plot_kinds"]))
    except BaseException:
        # The page keeps showing the previous result, so step-through and exports must too.
        _SESSION.clear()
        _SESSION.update(previous)
        raise
    return result


def _standardization_json(prep, ds):
    """The statistics the page and links reproduce, and the notice about constant columns."""
    st = prep["standardization"]
    if st is None:
        return None
    return {**st.to_json(), "notice": st.notice(ds.feature_names)}


# The last run stays here so the page can step through it and export it without sending
# the data again. One worker serves one page, so one session is all there is.
_SESSION = {}


def _render(kinds):
    """PNG data URLs and text alternatives of these plots of the session's run."""
    out = {"plots": {}, "plot_alt": {}}
    for kind in kinds:
        fig, alt = _figure(kind)
        out["plots"][kind] = None if fig is None else _plots().to_data_url(_plots().render(fig))
        out["plot_alt"][kind] = alt
        if kind == "boundary":
            out["boundary_geometry"] = _plots().axes_geometry(fig, fig.data_ax)
    return out


def plots_request(request):
    """More plots of the last run (the page asks for the boundary with the run, the rest after)."""
    _session()
    kinds = request.get("kinds")
    check = SETTINGS["plot_kinds"]
    if not isinstance(kinds, list) or not check[2](kinds):
        raise SettingsError(check[3], field="plot_kinds")
    return {"ok": True, **_render(kinds)}


def _plots():
    from . import plots  # matplotlib loads only when a plot is asked for

    return plots


def _session():
    if "run" not in _SESSION:
        raise SettingsError("Train a model first.", field="train")
    return _SESSION


def _prep(S):
    """prepare's arguments of the session's run (with its standardization statistics)."""
    return S["prep"]


def _plot_features(ds, s):
    m = ds.X.shape[1]
    pf = tuple(s["plot_features"]) if m >= 2 else (0, None)
    if max(i for i in pf if i is not None) >= m:
        raise SettingsError(f"There are only {m} features to plot.", field="plot_features")
    if m >= 2 and pf[0] == pf[1]:
        raise SettingsError("Choose two different features to plot.", field="plot_features")
    return pf


def _proof_series(S):
    """The proof's two series along the online path, or None where the theorem says nothing."""
    from . import theory

    run, th = S["run"], S["th"]
    # The proof is about the online path from w = 0 (the batch rule takes other steps).
    if th["u"] is None or run.algorithm == "batch" or not len(run.trace.w):
        return None
    return theory.proof_series(run.trace.w, th["u"], th["gamma"], th["R"], run.eta, t=run.trace.step)


def _figure(kind, *, upto=None, S=None):
    """(Figure, text alternative) of one plot of the last run (or of the run S from _fit);
    (None, None) where it has none."""
    plots = _plots()
    S = _session() if S is None else S
    ds, test_ds, run, s, th = S["train_ds"], S["test_ds"], S["run"], S["s"], S["th"]
    width, height = s["plot_px"]
    size = dict(width_px=width, height_px=height)
    if kind == "boundary":
        decision, grid = None, 200
        if run.votes is not None:
            grid = int(np.clip(math.sqrt(2e7 / len(run.votes[1])), 60, 200))  # every grid point polls every vote

            memo = {}

            def decision(Xraw):
                # The plot asks about the same points more than once, and each answer polls every vote.
                key = (Xraw.shape, Xraw.tobytes())
                if key not in memo:
                    memo.clear()
                    memo[key] = run.decision_function(prepare(Xraw, **_prep(S)))
                return memo[key]
        w_plot, plot_prep = for_plot(run.w, _prep(S))  # standardized: the same boundary in raw units
        fig = plots.boundary_figure(
            ds.X, ds.y, w=w_plot, plot_features=_plot_features(ds, s), decision=decision,
            feature_names=ds.feature_names, label_names=ds.label_names,
            title=f"{ds.name}: {s['algorithm']} perceptron", grid=grid, **plot_prep, **size)
        return fig, fig.alt_text
    if kind == "mistakes":
        return (plots.mistakes_figure(run.epoch_mistakes, bound=th["bound"], **size),
                plots.describe_mistakes(run.epoch_mistakes, th["bound"]))
    if kind == "accuracy":
        acc = [np.nan if a is None else a for a in run.epoch_accuracy]
        test_acc = None
        if test_ds is not None:
            test_acc = [float(np.mean(run.predict(prepare(test_ds.X, **_prep(S))) == test_ds.y))]
        return plots.accuracy_figure(acc, test_acc, **size), plots.describe_accuracy(acc, test_acc)
    if kind == "proof":
        ps = _proof_series(S)
        if ps is None:
            return None, None
        fig = plots.proof_figure(ps["t"], ps["u_dot_w"], ps["t_gamma"], ps["w_norm"], ps["sqrt_t_R"],
                                 bound=th["bound"], upto=upto, **size)
        return fig, plots.describe_proof(ps["t"], ps["u_dot_w"], ps["w_norm"], gamma=th["gamma"], R=th["R"],
                                         bound=th["bound"], upto=upto)
    raise SettingsError(f"Unknown plot {kind!r}.", field="plot")


def _int_field(request, name, lo, hi):
    v = request.get(name)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise SettingsError(f"{name} must be a whole number from {lo} to {hi}.", field=name)
    return v


def _angle(u, v):
    """Angle between u and v in degrees (None if either is 0): seed 004's picture of an update."""
    nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    if nu == 0 or nv == 0:
        return None
    return float(np.degrees(np.arccos(np.clip(u @ v / (nu * nv), -1.0, 1.0))))


def step_info(k):
    """What update k did, in the numbers of the update rule (k = 0: before any update)."""
    S = _session()
    run, Z, y = S["run"], S["Z"], S["train_ds"].y
    tr = run.trace
    d = Z.shape[1]
    if k == 0:
        return {"step": 0, "t": 0, "w": [0.0] * d, "index": None}
    w_after = tr.w[k - 1]
    i = int(tr.index[k - 1])
    if i >= 0:  # one example's update: undo it exactly, even when the trace skips steps
        w_before = w_after - run.eta * y[i] * Z[i]
    else:
        w_before = tr.w[k - 2] if k >= 2 else np.zeros(d)
    info = {"step": k, "t": int(tr.step[k - 1]), "epoch": int(tr.epoch[k - 1]), "w": floats(w_after),
            "w_before": floats(w_before), "index": None, "exact": not tr.subsampled}
    if i >= 0:  # an online update: one example
        x = Z[i]
        a = float(tr.activation[k - 1])
        before, after = _angle(w_before, x), _angle(w_after, x)
        info.update(index=i, x=floats(x), y=int(y[i]), activation=a, y_activation=float(y[i] * a),
                    eta=run.eta, angle_before=before, angle_after=after,
                    angle_text=texts.angle_text(int(y[i]), before, after))
    return info


def frame_request(request):
    """Step-through: the boundary after update `step`, the example of that update ringed."""
    S = _session()
    run, ds, s = S["run"], S["train_ds"], S["s"]
    k = _int_field(request, "step", 0, len(run.trace.w))
    info = step_info(k)
    anim = S.get("animator")
    if anim is None:
        width, height = s["plot_px"]
        anim = S["animator"] = _plots().BoundaryAnimator(
            ds.X, ds.y, plot_features=_plot_features(ds, s), feature_names=ds.feature_names,
            label_names=ds.label_names, title=f"{ds.name}: step through", width_px=width, height_px=height,
            grid=60, **for_plot(None, _prep(S))[1])
    w = for_plot(np.asarray(info["w"], dtype=np.float64), _prep(S))[0]  # in the original units
    png = anim.frame(w, highlight=info["index"])
    out = {"ok": True, **info, "image": _plots().to_data_url(png), "alt": anim.alt_text(w),
           "n_wrong": anim.n_wrong, "total": len(run.trace.w)}
    if request.get("proof") is True:
        fig, alt = _figure("proof", upto=max(info["t"], 1))
        out["proof"] = None if fig is None else _plots().to_data_url(_plots().render(fig))
        out["proof_alt"] = alt
    return out


def export_request(request):
    """A file of the last run: a plot (png/svg), the model (json), the trace or predictions (csv)."""
    import base64

    S = _session()
    what = request.get("what")
    stem = "perceptron-" + "".join(c if c.isalnum() else "-" for c in S["ds"].name.lower())[:40]
    if what == "plot":
        kind, fmt = request.get("plot"), request.get("format", "png")
        if kind not in PLOT_KINDS or fmt not in ("png", "svg"):
            raise SettingsError("Choose a plot and png or svg.", field="export")
        fig, _ = _figure(kind)
        if fig is None:
            raise SettingsError("This run has no such plot.", field="export")
        data = _plots().render(fig, fmt)
        if fmt == "png":
            return {"ok": True, "filename": f"{stem}-{kind}.png", "mime": "image/png",
                    "base64": base64.b64encode(data).decode("ascii")}
        return {"ok": True, "filename": f"{stem}-{kind}.svg", "mime": "image/svg+xml", "text": data}
    makers = {"model": (lambda: export.model_json(S["run"], S["ds"], S["s"], S["th"]), "model.json", "application/json"),
              "trace": (lambda: export.trace_csv(S["run"], S["train_ds"], S["s"]), "trace.csv", "text/csv"),
              "predictions": (lambda: export.predictions_csv(S["run"], S["ds"], S["s"]), "predictions.csv",
                              "text/csv")}
    if what not in makers:
        raise SettingsError("Unknown export.", field="export")
    make, suffix, mime = makers[what]
    return {"ok": True, "filename": f"{stem}-{suffix}", "mime": mime, "text": make()}


def inspect_request(request):
    from . import csvio

    spec = request.get("data")
    if isinstance(spec, dict) and spec.get("kind") == "csv":
        source, kw = csvio.spec_args(spec)
        p, ds = csvio.inspect_csv(source, **kw)  # one reading of the file for both
        return {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names,
                "labels": ds.label_mapping_json(), "columns": p["columns"], "preview": p["rows"],
                "label_column": p["label_column"], "read_as": p["read_as"], "read_as_text": p["read_as_text"]}
    ds = load_data(spec)
    return {"ok": True, "n": ds.X.shape[0], "feature_names": ds.feature_names, "labels": ds.label_mapping_json(),
            "columns": ds.feature_names + ["label"], "preview": None, "label_column": "label"}


# The variants side by side, in the order the lecture introduces them.
COMPARE_ALGORITHMS = ("online", "averaged", "voted", "pocket", "batch")
COMPARE_PX = [320, 260]  # a small boundary per card unless the request asks for plot_px


def compare_request(request, progress=None):
    """Every variant on the same data, split, order and seed: numbers and a small boundary each.

    progress(epoch, mistakes) counts on across the variants: variant i (0-based) reports
    i * epochs + its epoch, so the page can show one bar of len(variants) * epochs.
    The last train request's session (step-through, exports) is left as it was.
    """
    ds = load_data(request.get("data"))
    raw = request.get("settings")
    s = read_settings(raw)
    if not (isinstance(raw, dict) and "plot_px" in raw):
        s["plot_px"] = list(COMPARE_PX)
    margin_cache = {}  # the max-margin solution depends on the data only: solve it once
    variants, ths = [], []
    for i, algorithm in enumerate(COMPARE_ALGORITHMS):
        si = {**s, "algorithm": algorithm}
        step = None
        if progress is not None:
            def step(epoch, mistakes, offset=i * s["epochs"]):
                progress(offset + epoch, mistakes)
        F = _fit(ds, si, step, margin_cache)
        run, th = F["run"], F["th"]
        ths.append(th)
        coef, bias = _weights(run, si)
        plot, alt = None, None
        if si["plots"]:
            fig, alt = _figure("boundary", S=F)
            plot = _plots().to_data_url(_plots().render(fig))
        variants.append({
            "algorithm": algorithm,
            "weights": floats(coef),
            "bias": bias,
            "w": floats(run.w),
            "status": run.status,
            **F["texts"],
            **_run_fields(run, th),
            "cycle": run.cycle,
            "mistakes": run.mistakes,
            "updates": run.n_updates,
            "epochs": run.n_epochs,
            "epoch_mistakes": list(run.epoch_mistakes),
            "train_accuracy": F["train_accuracy"],
            "test_accuracy": F["test_accuracy"],
            "plot": plot,
            "plot_alt": alt,
        })
    first = F  # the split and the solver's theory are the same for every variant (any F will do)
    # Each run may prove separability on its own (it converged or cycled): any proof holds for the data.
    proved = [th for th in ths if th["separable"] is not None] or [first["th"]]
    return {
        "ok": True,
        "version": __version__,
        "algorithms": list(COMPARE_ALGORITHMS),
        "variants": variants,
        "settings": {k: v for k, v in s.items() if k != "algorithm"},
        "feature_names": list(ds.feature_names),
        "w_names": feature_names(ds.feature_names, fit_intercept=s["bias"], feature_map=s["feature_map"]),
        "labels": ds.label_mapping_json(),
        "dataset": {"name": ds.name, "n": int(ds.X.shape[0]), "n_train": int(len(first["Z"])),
                    "n_test": 0 if first["test_ds"] is None else int(len(first["test_ds"].y))},
        "separable": proved[0]["separable"],
        "separable_text": texts.separability_text(proved[0]),
        "R": first["th"]["R"],
        "gamma": first["th"]["gamma"],
        "bound": first["th"]["bound"],
    }


COMMANDS = {
    "train": train_request,
    "compare": compare_request,
    "inspect": lambda request, progress=None: inspect_request(request),
    "frame": lambda request, progress=None: frame_request(request),
    "export": lambda request, progress=None: export_request(request),
    "plots": lambda request, progress=None: plots_request(request),
}


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
        return floats(o)
    if isinstance(o, (np.floating, np.integer)):
        return o.item()
    raise TypeError(type(o).__name__)
