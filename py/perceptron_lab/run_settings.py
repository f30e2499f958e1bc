"""Which call each setting feeds: params.json names, for every setting that changes a run, the
keyword of core.train it is (`engine`) and the estimator parameter it is (`estimator_param`): one
name for every family, or an object {family: name} where the families differ (the bias is x̃'s last
component for the linear and multiclass families, which train on x̃ the bridge prepares, but the
kernel perceptron's fit_intercept keyword, k̃ = k + 1; a family absent from the object does not
read the setting: the kernel perceptron refuses a feature map and standardization, and stops at
its first clean epoch whatever early_stop says).

One function builds each call from a request's settings, so the bridge, the exercise, the estimators
and the run as a script pass on the same settings, and a new setting reaches them all by its entry
(tests/py/test_settings_wiring.py varies every wired setting and sees the run change). A setting
whose `when` does not hold (tau for any algorithm but the margin perceptron, degree for any kernel
but poly) is left out: the core's default stands.
"""

from . import settings


def _applies(p, s):
    """Does p's `when` hold for the settings s (its key -> value), and the `when` of the setting it names?"""
    when = p.get("when")
    if when is None:
        return True
    named = settings.param(when["name"])
    return s.get(named["key"]) in when["in"] and _applies(named, s)


def _for_algorithm(p, algorithm):
    """Does p apply to runs of this algorithm for some values of the other settings (its `when`
    chain's condition on the algorithm)?"""
    while p.get("when"):
        if p["when"]["name"] == "algorithm":
            return algorithm in p["when"]["in"]
        p = settings.param(p["when"]["name"])
    return True


def family(algorithm):
    """params.json's family of an algorithm (linear, kernel, multiclass), or None for an unknown one."""
    return next((o["family"] for o in settings.param("algorithm")["options"] if o["value"] == algorithm), None)


def wire(p, field, algorithm):
    """The keyword (field "engine") or estimator parameter ("estimator_param") p feeds in runs of this
    algorithm, or None."""
    v = p.get(field)
    return v.get(family(algorithm) or "linear") if isinstance(v, dict) else v


def wired(field):
    """The params.json entries with this field (`engine` or `estimator_param`), in the table's order."""
    return [p for p in settings.SCHEMA["params"] if p.get(field)]


def _calls(field, s):
    a = s.get("algorithm")
    return {wire(p, field, a): s[p["key"]] for p in wired(field) if wire(p, field, a) and _applies(p, s)}


def train_keywords(s):
    """The keywords of core.train from a request's settings (its keys), the ones that apply."""
    return _calls("engine", s)


def estimator_params(s):
    """The estimator's constructor parameters from a request's settings (the ones that apply)."""
    return _calls("estimator_param", s)


def engine_keywords(params, algorithm):
    """The keywords of core.train from an estimator's parameters (get_params()) for this algorithm:
    every setting wired both ways."""
    out = {}
    for p in wired("engine"):
        keyword, param = wire(p, "engine", algorithm), wire(p, "estimator_param", algorithm)
        if keyword and param in params and _for_algorithm(p, algorithm):
            out[keyword] = params[param]
    return out


def estimator_param_names(algorithm):
    """The parameters of the estimator of one algorithm, in the table's order."""
    return tuple(wire(p, "estimator_param", algorithm) for p in wired("estimator_param")
                 if wire(p, "estimator_param", algorithm) and _for_algorithm(p, algorithm))


def estimator_defaults(algorithm):
    """Their defaults (params.json's), as the estimator's signature has them."""
    return {wire(p, "estimator_param", algorithm): _default(p) for p in wired("estimator_param")
            if wire(p, "estimator_param", algorithm) and _for_algorithm(p, algorithm)}


def _default(p):
    d = settings.default(p["name"])
    return float(d) if p["type"] == "float" else d
