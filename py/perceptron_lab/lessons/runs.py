"""A step's runs: its @run lines in params.json's link keys (and the student's changes) made into
the bridge's data spec and settings, and trained exactly as the page's Train does: by the fit the
bridge hands in (linear_fit.fit; the lessons stand beside the bridge and import nothing of it)."""

from .. import settings
from ..data.request import load_data, read_settings
from ..errors import SettingsError
from ..i18n import _

BY_LINK = {p["url"]: p for p in settings.PARAMS.values() if p.get("url")}
POINTS_KEY = "pts"  # share.js's placed points: x1,x2,label;x1,x2,label;...


def typed(p, text):
    """A link value (text) as the parameter's type; SettingsError names the parameter."""
    kind = p["type"]
    try:
        if kind == "int":
            value = int(text)
        elif kind == "float":
            value = float(text)
        elif kind == "bool":
            if text not in ("0", "1", "true", "false"):
                raise ValueError(text)
            value = text in ("1", "true")
        elif kind == "flags":
            value = [v for v in text.split(",") if v]
        else:
            value = text
    except ValueError:
        raise SettingsError(settings.message(p), field=p["name"]) from None
    return settings.check(p["name"], value)


def points(text):
    """share.js's pts= text -> [[x1, x2, label], ...]."""
    out = []
    for row in text.split(";"):
        x1, x2, label = row.split(",")
        out.append([float(x1), float(x2), label])
    return out


def request_of(links, data=None):
    """(data spec, settings) of a run given by link keys; data: the teacher's own data spec, in
    place of the lesson's preset."""
    spec = {"kind": "preset"}
    raw = {}
    for key, text in links.items():
        if key == POINTS_KEY:
            spec = {"kind": "points", "points": points(text)}
            continue
        p = BY_LINK.get(key)
        if p is None or p["group"] == "view":
            raise SettingsError(_("A lesson's run cannot set {key}.").format(key=repr(key)), field=key)
        value = typed(p, text)
        if p["group"] == "data":
            spec[p["key"]] = value
        else:
            raw[p["key"]] = value
    if data is not None:
        spec = dict(data)
    return spec, raw


def train(links, data=None, *, fit):
    """The LinearFit of the run these link keys describe (the margin solved at once); fit: the
    bridge's linear_fit.fit."""
    spec, raw = request_of(links, data)
    s = read_settings(raw)
    if s["algorithm"] in ("kernel", "multiclass"):
        raise SettingsError(_("A lesson's runs are the primal perceptrons."), field="algorithm")
    return fit(load_data(spec), s)


def takes_own_data(step):
    """May this step run on a teacher's own data? Not when its point is a change of data: a named
    run or a student's change that sets a data key (a narrower margin, another seed) would compare
    the teacher's data with itself."""
    keys = set(step.change)
    for name, links in step.runs.items():
        if name:
            keys |= set(links)
    return not any(k == POINTS_KEY or BY_LINK.get(k, {}).get("group") == "data" for k in keys)


def step_links(step, changes=None):
    """Every run of a step as link keys: the step's own run with the student's changes (only the
    keys the step lets them change), and each named run as the changed run plus its own keys."""
    changes = changes or {}
    bad = sorted(set(changes) - set(step.change))
    if bad:
        raise SettingsError(_("This step does not let you change {value}.").format(value=', '.join(bad)), field=bad[0])
    base = {**step.runs[""], **changes}
    return {name: ({**base, **links} if name else base) for name, links in step.runs.items()}
