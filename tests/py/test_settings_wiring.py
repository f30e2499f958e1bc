"""Every setting of params.json reaches the run it should: varied over its options (or two or three
values of its range), it changes the bridge's run (the page and the CLI), the exercise's visits, the
estimator's fit and the exported script. The wires are params.json's `engine` (core.train's keyword)
and `estimator_param` fields, read by run_settings; a setting with neither must be one the kernel or
multiclass fits, the split or the plots read themselves (listed here), so a new setting cannot be
silently dropped."""

import numpy as np
import pytest

from perceptron_lab import settings
from perceptron_lab.bridge import handle
from perceptron_lab.estimators.linear import CLASSES
from perceptron_lab.run_settings import estimator_params, train_keywords, wired

# Settings read by other code than the linear run: the kernel / multiclass fits, the split, the plots.
ELSEWHERE = {"kernel", "degree", "coef0", "gamma", "average", "test_fraction", "plots", "plot_kinds", "plot_px",
             "dpr", "scale"}
# Values to try, and the other settings under which each one matters (noisy data: runs last epochs).
TRIES = {
    "algorithm": (["online", "averaged", "voted", "pocket", "batch", "margin"], {}),
    "tau": ([0.0, 3.0, 300.0], {"algorithm": "margin"}),
    "epochs": ([1, 3], {}),
    "early_stop": ([False, True], {"algorithm": "averaged", "data": "separable"}),
    "eta": ([1.0, 0.5], {}),
    "bias": ([True, False], {}),
    "normalize": ([False, True], {}),
    "standardize": ([False, True], {}),
    "order": (["fixed", "shuffle-once", "shuffle-each"], {}),
    "seed": ([0, 1], {"order": "shuffle-once"}),
    "feature_map": (["none", "poly2"], {}),
}
DATA = {"kind": "preset", "name": "overlap", "n": 40, "seed": 3}
SEPARABLE = {"kind": "preset", "name": "clouds", "n": 40, "seed": 3}  # where averaged converges before MaxIter
BASE = {"epochs": 5, "plots": False}
LINEAR = [o["value"] for o in settings.param("algorithm")["options"] if o["family"] == "linear"]


def wired_names():
    return sorted({p["name"] for p in wired("engine") + wired("estimator_param")})


def split(under):
    """(data, settings) of a TRIES entry's conditions."""
    under = dict(under)
    return (SEPARABLE if under.pop("data", None) == "separable" else DATA), under


def run_of(data, values):
    r = handle({"cmd": "train", "data": data, "settings": {**BASE, "epochs": 20, **values}})
    assert r["ok"], r
    tr = r["trace"]
    return repr((r["weights"], r["bias"], r["updates"], r["epochs"], r["votes"], r["train_accuracy"], tr["index"], tr["w"]))


def test_every_setting_is_wired_or_read_elsewhere():
    names = {p["name"] for p in settings.group("settings")}
    assert names - set(wired_names()) <= ELSEWHERE, "a setting with no wire and no reader"
    assert set(wired_names()) == set(TRIES), "a wired setting the test does not vary"


@pytest.mark.parametrize("name", sorted(TRIES))
def test_each_value_of_a_setting_makes_another_run(name):
    values, under = TRIES[name]
    data, under = split(under)
    key = settings.param(name)["key"]
    runs = [run_of(data, {**under, key: v}) for v in values]
    assert len(set(runs)) == len(values), f"{name}: {values} do not all change the run"


@pytest.mark.parametrize("name", [p["name"] for p in wired("engine")])
def test_the_exercise_visits_follow_every_engine_setting(name):
    values, under = TRIES[name]
    if name == "algorithm":  # the exercise follows one path for all per-example variants but margin
        values = ["online", "margin"]
    data, under = split(under)
    key = settings.param(name)["key"]
    seen = set()
    for v in values:
        r = handle({"cmd": "visits", "data": data, "settings": {**BASE, "epochs": 20, **under, key: v}, "limit": 300})
        assert r["ok"], r
        seen.add(repr(([(x["index"], x["mistake"], x["w_after"]) for x in r["visits"]], r["run_ends"], r["status"])))
    assert len(seen) == len(values), f"{name}: the visits ignore it"


def test_the_calls_hold_what_the_schema_wires():
    s = {p["key"]: settings.default(p["name"]) for p in settings.group("settings")}
    s["algorithm"] = "margin"
    assert set(train_keywords(s)) == {p["engine"] for p in wired("engine")}
    assert set(estimator_params(s)) == {p["estimator_param"] for p in wired("estimator_param")}
    s["algorithm"] = "online"  # tau applies to the margin perceptron only
    assert "tau" not in train_keywords(s) and "tau" not in estimator_params(s)


@pytest.mark.parametrize("name", [p["name"] for p in wired("estimator_param")])
def test_every_estimator_parameter_changes_the_fit(name):
    """The estimator of the algorithm, each estimator parameter varied: its fit changes."""
    p = settings.param(name)
    values, under = TRIES[name]
    algorithm = under.get("algorithm", "online")
    cls = CLASSES[settings.option("algorithm", algorithm)["estimator"]]
    rng = np.random.default_rng(5)
    X = rng.normal(size=(60, 2)) * [1.0, 30.0] + [5.0, 0.0]
    y = (X[:, 0] - 5 + X[:, 1] / 30 + rng.normal(scale=0.6, size=60) > 0).astype(int)
    if under.get("data") == "separable":  # two clusters far apart: averaged converges in an epoch or two
        X = np.vstack([rng.normal(size=(30, 2)) + 4, rng.normal(size=(30, 2)) - 4])
        y = np.repeat([1, 0], 30)
    fixed = {"max_epochs": 20, "order": "fixed"}
    if under.get("order"):
        fixed["order"] = under["order"]
    fits = set()
    for v in values:
        params = {**fixed, p["estimator_param"]: v}
        if p["estimator_param"] == "max_epochs":
            params["max_epochs"] = v
        est = cls(**params).fit(X, y)
        fits.add(repr((est.coef_.tolist(), est.intercept_.tolist(), est.run_.n_updates, est.run_.n_epochs)))
    assert len(fits) == len(values), f"{p['estimator_param']}: {values} do not all change the fit"


@pytest.mark.parametrize("algorithm", LINEAR)
def test_the_script_passes_every_estimator_parameter(algorithm):
    s = {"algorithm": algorithm, "tau": 2.5, "epochs": 7}
    r = handle({"cmd": "script", "data": DATA, "settings": s, "format": "py"})
    assert r["ok"], r
    for p in wired("estimator_param"):
        applies = p.get("when") is None or algorithm in p["when"]["in"]
        assert (f"{p['estimator_param']}=" in r["text"]) is applies, p["name"]
    assert ("tau=2.5" in r["text"]) is (algorithm == "margin") and "max_epochs=7" in r["text"]


@pytest.mark.parametrize("algorithm", LINEAR)
def test_the_estimator_takes_exactly_the_wired_parameters(algorithm):
    """Its parameters are the schema's estimator_param wires that apply to it, no more, no fewer."""
    from perceptron_lab.run_settings import estimator_param_names

    cls = CLASSES[settings.option("algorithm", algorithm)["estimator"]]
    assert set(cls().get_params()) == set(estimator_param_names(algorithm))


@pytest.mark.parametrize("algorithm", [o["value"] for o in settings.param("algorithm")["options"]])
def test_every_answer_names_its_algorithm(algorithm):
    r = handle({"cmd": "train", "data": SEPARABLE, "settings": {"algorithm": algorithm, "plots": False}})
    assert r["ok"] and r["algorithm"] == algorithm
