"""Which call each setting feeds: params.json names, for every setting that changes a linear run,
the keyword of core.train it is (`engine`) and the estimator parameter it is (`estimator_param`).

One function builds each call from a request's settings, so the bridge, the exercise, the estimators
and the run as a script pass on the same settings, and a new setting reaches them all by its entry
(tests/py/test_settings_wiring.py varies every wired setting and sees the run change). A setting
whose `when` does not hold (tau for any algorithm but the margin perceptron) is left out: the core's
default stands.
"""

from . import settings


def _applies(p, s):
    when = p.get("when")
    return when is None or s.get(settings.param(when["name"])["key"]) in when["in"]


def wired(field):
    """The params.json entries with this field (`engine` or `estimator_param`), in the table's order."""
    return [p for p in settings.SCHEMA["params"] if p.get(field)]


def train_keywords(s):
    """The keywords of core.train from a request's settings (its keys), the ones that apply."""
    return {p["engine"]: s[p["key"]] for p in wired("engine") if _applies(p, s)}


def estimator_params(s):
    """The estimator's constructor parameters from a request's settings (the ones that apply)."""
    return {p["estimator_param"]: s[p["key"]] for p in wired("estimator_param") if _applies(p, s)}


def estimator_param_names(algorithm):
    """The parameters of the estimator of one algorithm, in the table's order."""
    s = {"algorithm": algorithm}
    return tuple(p["estimator_param"] for p in wired("estimator_param")
                 if p.get("when") is None or _applies(p, s))


def estimator_defaults(algorithm):
    """Their defaults (params.json's), as the estimator's signature has them."""
    s = {"algorithm": algorithm}
    return {p["estimator_param"]: _default(p) for p in wired("estimator_param")
            if p.get("when") is None or _applies(p, s)}


def _default(p):
    d = settings.default(p["name"])
    return float(d) if p["type"] == "float" else d
