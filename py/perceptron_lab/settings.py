"""The settings schema (params.json, shared with the page) and the checks it declares.

params.json is the one authority for every parameter's name, type, default and range: the
page builds its form and its links from it (site/js/state/state.js), and here the bridge, the core,
the preset generators and the CLI check values against it. Like scikit-learn's
`_parameter_constraints`, the table is data and one function reads it, so a limit lives in
one place and the messages say the limits that are really enforced.
"""

import json
import math
from importlib import resources

from .errors import SettingsError
from .i18n import _

SCHEMA = json.loads(resources.files(__package__).joinpath("params.json").read_text(encoding="utf-8"))
PARAMS = {p["name"]: p for p in SCHEMA["params"]}
LIMITS = SCHEMA["limits"]


def param(name):
    return PARAMS[name]


def option(name, value):
    """The option entry of an enum parameter (e.g. an algorithm's traits: family, per_example, ...)."""
    return next(o for o in PARAMS[name]["options"] if o["value"] == value)


def options(name):
    """The allowed values of an enum or flags parameter, in the table's order."""
    return tuple(o["value"] for o in PARAMS[name]["options"])


def default(name):
    d = PARAMS[name]["default"]
    return list(d) if isinstance(d, list) else d


def group(name):
    """The parameters of one group ("data", "settings", "view"), in the table's order."""
    return [p for p in SCHEMA["params"] if p["group"] == name]


def _num(v):
    return f"{v:g}" if isinstance(v, float) and not v.is_integer() else f"{int(v)}"


def message(p):
    """What a valid value of p is, in the words the page uses too (state.js rangeText)."""
    label, kind = _(p["label"]), p["type"]   # the labels' translations: tools/catalogs.py reads params.json
    if kind == "int":
        return _("{label} must be a whole number from {min} to {max}.").format(label=label, min=_num(p['min']),
                                                                             max=_num(p['max']))
    if kind == "float":
        return (_("{label} must be a number greater than {min} and at most {max}.") if p.get("minExclusive") else
                _("{label} must be a number at least {min} and at most {max}.")).format(
            label=label, min=_num(p['min']), max=_num(p['max']))
    if kind == "bool":
        return _("{label} must be on or off.").format(label=label)
    if kind == "enum":
        return _("{label}: choose one of {options}.").format(label=label, options=", ".join(options(p['name'])))
    if kind == "flags":
        return _("{label} lists values from: {options}, each at most once.").format(
            label=label, options=", ".join(options(p['name'])))
    if kind == "pair":
        lo, hi = _num(p.get("min", 0)), _num(p.get("max", 0))
        return (_("{label}: give two different whole numbers from {min} to {max}.") if p.get("distinct") else
                _("{label}: give two whole numbers from {min} to {max}.")).format(label=label, min=lo, max=hi)
    return _("{label} is not valid.").format(label=label)


def _is_int(v):
    # numpy integers pass (core and data are called with them), bools (Python's or numpy's) do not.
    if _np_scalar(v):
        return v.dtype.kind in "iu"
    return isinstance(v, int) and not isinstance(v, bool)


def _np_scalar(v):
    return type(v).__module__ == "numpy" and getattr(v, "shape", None) == () and v.dtype.kind in "iuf"


def _given(value):
    if isinstance(value, float):
        return f"{value:g}"
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else repr(value)


def check(name, value, *, field=None, say_value=False):
    """value made the parameter's type (JSON gives 3.0 for 3), or SettingsError(field=field or name).
    say_value: the message ends with the value given (for callers of the library, who have no form
    beside the message to show it)."""
    p = PARAMS[name]
    kind = p["type"]
    text = message(p)
    fail = SettingsError(_("{rule}; got {value}.").format(rule=text[:-1], value=_given(value)) if say_value else text,
                         field=field or name)
    if kind == "int":
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not _is_int(value) or not p["min"] <= value <= p["max"]:
            raise fail
        return int(value)
    if kind == "float":
        if isinstance(value, bool) or not (isinstance(value, (int, float)) or _np_scalar(value)):
            raise fail
        value = float(value)
        low_ok = value > p["min"] if p.get("minExclusive") else value >= p["min"]
        if not (math.isfinite(value) and low_ok and value <= p["max"]):
            raise fail
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise fail
        return value
    if kind == "enum":
        if not isinstance(value, str) or value not in options(name):
            raise fail
        return value
    if kind == "flags":
        if not isinstance(value, list) or len(value) != len(set(map(repr, value))) \
                or not all(isinstance(v, str) and v in options(name) for v in value):
            raise fail
        return list(value)
    if kind == "pair":
        if not isinstance(value, list) or len(value) != 2:
            raise fail
        value = [int(v) if isinstance(v, float) and v.is_integer() else v for v in value]
        if not all(_is_int(v) and p.get("min", 0) <= v <= p["max"] for v in value):
            raise fail
        if p.get("distinct") and value[0] == value[1]:
            raise fail
        return [int(v) for v in value]
    raise TypeError(f"params.json: {name} has type {kind!r}, which Python does not read")


def read(raw, group_name="settings"):
    """Every parameter the request carries in this group (`request` where it differs from the
    page's group, e.g. plot_features), from a request's dict: defaults filled in, each value checked."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise SettingsError(_("Settings must be an object."), field="settings")
    return {p["key"]: check(p["name"], raw[p["key"]] if p["key"] in raw else default(p["name"]), field=p["key"])
            for p in SCHEMA["params"] if p.get("request", p["group"]) == group_name}
