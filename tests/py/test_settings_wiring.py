"""Every setting of params.json reaches the run it should, in every family (linear, kernel,
multiclass): varied over its options (or two or three values of its range), it changes the bridge's
run (the page and the CLI), the exercise's visits, the estimator's fit and the exported script. The
wires are params.json's `engine` (core.train's keyword) and `estimator_param` fields (one name, or
{family: name}), read by run_settings; a setting with no wire into a family must be one that family
refuses (naming the field) or one listed here that cannot change its run (and is checked not to);
the split and the plots read theirs themselves (listed here). So a new setting cannot be silently
dropped, and deleting a wire fails a test."""

import inspect

import numpy as np
import pytest

from perceptron_lab import settings
from perceptron_lab.bridge import handle
from perceptron_lab.data.request import read_settings
from perceptron_lab.estimators import ESTIMATORS
from perceptron_lab.run_settings import estimator_param_names, estimator_params, train_keywords, wire, wired

# Settings read by other code than the run: the split and the plots.
ELSEWHERE = {"test_fraction", "plots", "plot_kinds", "plot_px", "dpr", "scale"}
# Values to try, and the other settings under which each one matters (noisy data: runs last epochs).
TRIES = {
    "algorithm": (["online", "averaged", "voted", "pocket", "batch", "margin"], {}),
    "kernel": (["linear", "poly", "rbf"], {"algorithm": "kernel"}),
    "degree": ([2, 3], {"algorithm": "kernel", "kernel": "poly"}),
    "coef0": ([0.0, 2.0], {"algorithm": "kernel", "kernel": "poly"}),
    "gamma": ([0.5, 4.0], {"algorithm": "kernel", "kernel": "rbf"}),
    "average": ([False, True], {"algorithm": "multiclass"}),
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
# What a family's run does with a setting it has no wire for, when the value is not the default.
REFUSED = {("kernel", "standardize"), ("kernel", "feature_map")}  # "the kernel perceptron takes x as it is"
NO_EFFECT = {("kernel", "early_stop")}  # a kernel run stops at its first clean epoch: its last α cannot move
# Under the multiclass perceptron, early_stop matters with average (the average moves after a clean epoch).
UNDER = {("multiclass", "early_stop"): {"average": True, "data": "separable"}}
DATA = {"kind": "preset", "name": "overlap", "n": 40, "seed": 3}
SEPARABLE = {"kind": "preset", "name": "clouds", "n": 40, "seed": 3}  # where averaged converges before MaxIter
IRIS = {"kind": "preset", "name": "iris"}  # three classes for the multiclass perceptron
BASE = {"epochs": 5, "plots": False}
FAMILY = {o["value"]: o["family"] for o in settings.param("algorithm")["options"]}
LINEAR = [a for a, f in FAMILY.items() if f == "linear"]
ALGORITHM = {"linear": "online", "kernel": "kernel", "multiclass": "multiclass"}  # each family's run


def wired_names():
    return sorted({p["name"] for p in wired("engine") + wired("estimator_param")})


def shown_for(p, algorithm):
    """Does no `when` on the algorithm (p's own or one it names, recursively) rule p out?"""
    while p.get("when"):
        if p["when"]["name"] == "algorithm" and algorithm not in p["when"]["in"]:
            return False
        p = settings.param(p["when"]["name"])
    return True


def reaches(p, algorithm):
    """Is p wired into runs of this algorithm, and does no `when` on the algorithm rule it out?"""
    return shown_for(p, algorithm) and bool(wire(p, "engine", algorithm) or wire(p, "estimator_param", algorithm))


def cases(family):
    """(algorithm, setting) of every wired setting that reaches the family's runs."""
    out = []
    for name in sorted(TRIES):
        algorithm = TRIES[name][1].get("algorithm", ALGORITHM[family])
        if FAMILY[algorithm] != family:
            algorithm = ALGORITHM[family]
        if name != "algorithm" and reaches(settings.param(name), algorithm):
            out.append((algorithm, name))
    return out


def conditions(algorithm, name):
    """(data, settings) under which the setting is varied for this algorithm's family."""
    under = {**TRIES[name][1], **UNDER.get((FAMILY[algorithm], name), {}), "algorithm": algorithm}
    separable = under.pop("data", None) == "separable"
    data = SEPARABLE if separable else IRIS if FAMILY[algorithm] == "multiclass" else DATA
    return data, under


def answer(data, values):
    return handle({"cmd": "train", "data": data, "settings": {**BASE, "epochs": 20, **values}})


def run_of(data, values):
    r = answer(data, values)
    assert r["ok"], r
    return repr([r.get(k) for k in ("weights", "bias", "alpha", "dual_coef", "updates", "epochs", "votes",
                                    "train_accuracy", "trace")])


def test_every_setting_is_wired_or_read_elsewhere():
    names = {p["name"] for p in settings.group("settings")}
    assert names - set(wired_names()) <= ELSEWHERE, "a setting with no wire and no reader"
    assert set(wired_names()) == set(TRIES), "a wired setting the test does not vary"


@pytest.mark.parametrize("algorithm,name", cases("linear") + [("online", "algorithm")] + cases("kernel")
                         + cases("multiclass"))
def test_each_value_of_a_setting_makes_another_run(algorithm, name):
    values = TRIES[name][0]
    data, under = conditions(algorithm, name)
    key = settings.param(name)["key"]
    runs = [run_of(data, {**under, key: v}) for v in values]
    assert len(set(runs)) == len(values), f"{name}: {values} do not all change the {algorithm} run"


@pytest.mark.parametrize("family", ["linear", "kernel", "multiclass"])
def test_a_setting_without_a_wire_into_a_family_is_refused_or_cannot_matter(family):
    algorithm = ALGORITHM[family]
    for p in settings.group("settings"):
        name = p["name"]
        if name in ELSEWHERE or name == "algorithm" or reaches(p, algorithm):
            continue
        if not shown_for(p, algorithm):
            continue  # the page does not show it for this algorithm, and the run's keywords leave it out
        other = next(v for v in TRIES[name][0] if v != settings.default(name))
        data, under = conditions(algorithm, name)
        if (family, name) in REFUSED:
            r = answer(data, {**under, p["key"]: other})
            assert not r["ok"] and r["error"]["field"] == name, r
        else:
            assert (family, name) in NO_EFFECT, f"{name} reaches no {family} run and is neither refused nor listed"
            assert run_of(data, under) == run_of(data, {**under, p["key"]: other})


def test_the_calls_hold_what_the_schema_wires():
    s = {p["key"]: settings.default(p["name"]) for p in settings.group("settings")}
    common = {"algorithm", "max_epochs", "eta", "order", "seed"}
    assert set(train_keywords({**s, "algorithm": "margin"})) == common | {"tau", "early_stop"}
    assert set(train_keywords({**s, "algorithm": "online"})) == common | {"early_stop"}
    kernel = common | {"kernel", "fit_intercept", "normalize"}
    assert set(train_keywords({**s, "algorithm": "kernel", "kernel": "rbf"})) == kernel | {"gamma"}
    assert set(train_keywords({**s, "algorithm": "kernel", "kernel": "poly"})) == kernel | {"degree", "coef0"}
    assert set(train_keywords({**s, "algorithm": "kernel", "kernel": "linear"})) == kernel
    assert set(train_keywords({**s, "algorithm": "multiclass"})) == common | {"average", "early_stop"}
    assert set(estimator_params({**s, "algorithm": "multiclass"})) == {
        "average", "max_epochs", "early_stop", "eta", "fit_intercept", "normalize", "standardize", "order",
        "random_state", "feature_map"}


@pytest.mark.parametrize("algorithm,name", [c for c in cases("linear") + cases("kernel") if
                                            settings.param(c[1]).get("engine") and
                                            wire(settings.param(c[1]), "engine", c[0])] + [("online", "algorithm")])
def test_the_exercise_visits_follow_every_engine_setting(algorithm, name):
    values = TRIES[name][0]
    if name == "algorithm":  # the exercise follows one path for all per-example variants but margin
        values = ["online", "margin"]
    data, under = conditions(algorithm, name)
    key = settings.param(name)["key"]
    seen = set()
    for v in values:
        r = handle({"cmd": "visits", "data": data, "settings": {**BASE, "epochs": 20, **under, key: v}, "limit": 300})
        assert r["ok"], r
        seen.add(repr((r["visits"], r["run_ends"], r["status"])))
    assert len(seen) == len(values), f"{name}: the {algorithm} visits ignore it"


@pytest.mark.parametrize("algorithm,name", [c for c in cases("linear") if wire(settings.param(c[1]), "engine", c[0])]
                         + [("online", "algorithm")])
def test_the_hand_weights_perceptron_follows_every_engine_setting(algorithm, name):
    values = ["online", "margin"] if name == "algorithm" else TRIES[name][0]
    data, under = conditions(algorithm, name)
    key = settings.param(name)["key"]
    seen = set()
    for v in values:
        r = handle({"cmd": "hand", "data": data, "settings": {**BASE, "epochs": 20, **under, key: v},
                    "w": [1, 1, 0], "compare": True})
        assert r["ok"], r
        seen.add(repr({k: x for k, x in r["perceptron"].items() if k != "algorithm"}))
    assert len(seen) == len(values), f"{name}: the perceptron beside the hand weights ignores it"


@pytest.mark.parametrize("algorithm", ["kernel", "multiclass"])
def test_the_hand_weights_refuse_a_perceptron_without_one_w(algorithm):
    r = handle({"cmd": "hand", "data": DATA, "settings": {"algorithm": algorithm}, "w": [1, 1, 0], "compare": True})
    assert not r["ok"] and r["error"]["field"] == "algorithm" and r["error"]["kind"] == "settings"


def estimator_data(algorithm, separable):
    rng = np.random.default_rng(5)
    if FAMILY[algorithm] == "multiclass":
        spread = 8 if separable else 3
        X = np.vstack([rng.normal(size=(20, 2)) + c for c in ([spread, 0], [-spread, 0], [0, spread])]) * [1.0, 30.0]
        return X, np.repeat([0, 1, 2], 20)
    X = rng.normal(size=(60, 2)) * [1.0, 30.0] + [5.0, 0.0]
    y = (X[:, 0] - 5 + X[:, 1] / 30 + rng.normal(scale=0.6, size=60) > 0).astype(int)
    if separable:  # two clusters far apart: averaged converges in an epoch or two
        X = np.vstack([rng.normal(size=(30, 2)) + 4, rng.normal(size=(30, 2)) - 4])
        y = np.repeat([1, 0], 30)
    return X, y


@pytest.mark.parametrize("algorithm,name", [c for c in cases("linear") + cases("kernel") + cases("multiclass")
                                            if wire(settings.param(c[1]), "estimator_param", c[0])])
def test_every_estimator_parameter_changes_the_fit(algorithm, name):
    """The estimator of the algorithm, each estimator parameter varied: its fit changes."""
    p = settings.param(name)
    values = TRIES[name][0]
    data, under = conditions(algorithm, name)
    cls = ESTIMATORS[settings.option("algorithm", algorithm)["estimator"]]
    X, y = estimator_data(algorithm, data is SEPARABLE)
    fixed = {"max_epochs": 20, "order": "fixed"}
    for other, v in under.items():  # the conditions, as the estimator's parameters
        param = wire(settings.param(other), "estimator_param", algorithm)
        if param:
            fixed[param] = v
    fits = set()
    for v in values:
        est = cls(**{**fixed, wire(p, "estimator_param", algorithm): v}).fit(X, y)
        fits.add(repr([np.asarray(getattr(est, k, [])).tolist() for k in ("coef_", "dual_coef_", "intercept_")]
                      + [est.decision_function(X).tolist(), est.run_.n_updates, est.run_.n_epochs]))
    assert len(fits) == len(values), f"{name}: {values} do not all change the {algorithm} fit"


@pytest.mark.parametrize("algorithm", LINEAR)
def test_the_script_passes_every_estimator_parameter(algorithm):
    s = {"algorithm": algorithm, "tau": 2.5, "epochs": 7}
    r = handle({"cmd": "script", "data": DATA, "settings": s, "format": "py"})
    assert r["ok"], r
    for p in wired("estimator_param"):
        applies = reaches(p, algorithm)
        assert (f"{wire(p, 'estimator_param', algorithm)}=" in r["text"]) is applies, p["name"]
    assert ("tau=2.5" in r["text"]) is (algorithm == "margin") and "max_epochs=7" in r["text"]


@pytest.mark.parametrize("kernel,shown,left_out", [("poly", ["degree=3", "coef0=2.0"], ["gamma="]),
                                                   ("rbf", ["gamma=4.0"], ["degree=", "coef0="])])
def test_the_kernel_script_passes_the_kernel_s_own_parameters(kernel, shown, left_out):
    s = {"algorithm": "kernel", "kernel": kernel, "degree": 3, "coef0": 2.0, "gamma": 4.0, "epochs": 7, "eta": 0.5}
    text = handle({"cmd": "script", "data": DATA, "settings": s, "format": "py"})["text"]
    for t in shown + [f"kernel={kernel!r}", "max_epochs=7", "eta=0.5", "fit_intercept=True", "random_state=0"]:
        assert t in text
    assert not [t for t in left_out + ["early_stop=", "standardize=", "feature_map="] if t in text]


def test_the_multiclass_script_passes_average_and_standardize():
    s = {"algorithm": "multiclass", "average": True, "standardize": True, "early_stop": True, "epochs": 7}
    text = handle({"cmd": "script", "data": IRIS, "settings": s, "format": "py"})["text"]
    for t in ["average=True", "standardize=True", "early_stop=True", "max_epochs=7", "feature_map='none'"]:
        assert t in text


@pytest.mark.parametrize("algorithm", list(FAMILY))
def test_the_estimator_takes_exactly_the_wired_parameters(algorithm):
    """Its parameters (get_params and the signature written out) are the schema's estimator_param
    wires that reach it, no more, no fewer."""
    cls = ESTIMATORS[settings.option("algorithm", algorithm)["estimator"]]
    signature = set(inspect.signature(cls.__init__).parameters) - {"self"}
    assert set(cls().get_params()) == signature == set(estimator_param_names(algorithm))


@pytest.mark.parametrize("algorithm", list(FAMILY))
def test_every_answer_names_its_algorithm(algorithm):
    r = handle({"cmd": "train", "data": SEPARABLE, "settings": {"algorithm": algorithm, "plots": False}})
    assert r["ok"] and r["algorithm"] == algorithm
    for request in ({"cmd": "frame", "step": 1}, {"cmd": "plots", "kinds": ["mistakes"]}, {"cmd": "theory"},
                    {"cmd": "export", "what": "model"}):
        r = handle(request)
        assert r["ok"] and r["algorithm"] == algorithm, (request, r)


def test_read_settings_keeps_every_wired_setting():
    s = read_settings({"algorithm": "kernel", "kernel": "poly", "degree": 4})
    assert train_keywords(s)["degree"] == 4 and estimator_params(s)["degree"] == 4
