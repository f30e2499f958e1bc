"""A link of the page read in Python: its parameter values, its data and the bridge request it trains.

The page writes a link as site/js/state/share.js's buildHash does (#v=1&<url key>=<value>&...,
plus pts= / ptz= / csv= for the data) and reads it with parseHash and state.js's validate;
this module reads the same hash from the same table (params.json's `url` keys, the page's
limits, page_max) and builds the request the page would send (state.js presetRequest and
settingsRequest, csv-upload.js for a CSV file). Where the page quietly falls back to a default
and shows a notice, this reader refuses the link with LinkError: a grader must not score a run
the student never saw. Nothing from a link is executed; every value is checked.
"""

import base64
import binascii
import re
import zlib
from urllib.parse import unquote

from .. import settings
from ..i18n import N_, _

VERSION = 1
MAX_HASH = 64 * 1024  # share.js MAX_HASH: a longer hash is not read at all
MAX_VALUE_CHARS = 1000
MAX_POINTS_TEXT = 1024 * 1024  # share.js readPoints: ptz expands to at most 1 MiB of text
PAGE_PARAMS = [p for p in settings.SCHEMA["params"] if p.get("page") is not False]
BY_URL = {p["url"]: p for p in PAGE_PARAMS if p.get("url")}
BY_NAME = {p["name"]: p for p in PAGE_PARAMS}
REAL_DATA = ("classes", "feature_set")
DATA_KEYS = {"pts": N_("its points"), "ptz": N_("its points"), "csv": N_("its CSV data"), "csvname": N_("its CSV file name")}


class LinkError(ValueError):
    """A link that cannot be read as the page would read it: one line saying why."""


def hash_of(link):
    """The part after '#' of a URL (or the whole text when it is a bare hash such as v=1&...)."""
    s = js_trim(str(link))
    if "#" in s:
        s = s.split("#", 1)[1]
    elif re.match(r"[^=&]*[?\uff03]", s):
        # Settings after "?" or a full-width "＃": the page reads only location.hash, so such an
        # address opens its defaults, not this run.
        raise LinkError(_("this is not a Perceptron Lab link (it has no #v=1&... part; the page reads only what "
                          "follows “#”, not “?” or “＃”)"))
    if "=" not in s or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:|[^=&]*/", s) and "#" not in str(link):
        raise LinkError(_("this is not a Perceptron Lab link (it has no #v=1&... part)"))
    if len(s) > MAX_HASH:
        raise LinkError(_("the link is longer than {most} characters, which the page does not read").format(most=MAX_HASH))
    return s


def _decode(text):
    """JavaScript's decodeURIComponent: %XX must be valid UTF-8; '+' stays '+'."""
    if re.search(r"%(?![0-9A-Fa-f]{2})", text):
        raise LinkError(_("part of the link is not valid (a broken %-escape); was it cut short or edited?"))
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise LinkError(_("part of the link is not valid (a %-escape that is not UTF-8)")) from None


def raw_pairs(hash_text):
    """{key: value} of the hash, decoded. A key given twice with different values is refused."""
    q = {}
    for part in hash_text.split("&"):
        if not part:
            continue
        k, _eq, v = part.partition("=")
        key, val = _decode(k), _decode(v)
        if key in q and q[key] != val:
            what = _(BY_URL[key]["label"]) if key in BY_URL else _(DATA_KEYS[key]) if key in DATA_KEYS else f"“{key}”"
            raise LinkError(_("the link gives {what} twice with different values (the page never writes that)").format(
                what=what))
        q.setdefault(key, val)
    return q


# ------------------------------------------------------------------ values (state.js validate)

# Digits are ASCII only, as JavaScript's \d: Python's \d (and int, float) also read ٦ or ６,
# which the page refuses, so such a link would be graded on a run the page never shows.
_DECIMAL = re.compile(r"[+-]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)([eE][+-]?[0-9]+)?")
_INT = re.compile(r"[+-]?[0-9]+")
# JavaScript's String.prototype.trim: its white space and line terminators, not Python's (which adds
# \x1c-\x1f and \x85 and leaves U+FEFF).
JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def js_trim(s):
    return s.strip(JS_SPACE)


def _range(p, v):
    hi = p.get("page_max", p["max"])
    low = v <= p["min"] if p.get("minExclusive") else v < p["min"]
    if low or v > hi:
        words = (_("{label} must be greater than {least} and at most {most} in the page") if p.get("minExclusive")
                 else _("{label} must be at least {least} and at most {most} in the page"))
        raise LinkError(words.format(label=_(p["label"]), least=f"{p['min']:g}", most=f"{hi:g}"))
    return v


def validate(p, raw):
    """One link value -> the value the page would hold (state.js validate), or LinkError."""
    kind, label = p["type"], _(p["label"])
    s = js_trim(raw).replace("\u2212", "-")  # readWholeNumber and decimalNumber take − for -
    if kind == "int":
        if not _INT.fullmatch(s):
            raise LinkError(_("{label} must be a whole number").format(label=label))
        return _range(p, int(s))
    if kind == "float":
        if not _DECIMAL.fullmatch(s) or re.fullmatch(r"[+-]?[0-9]{1,3},[0-9]{3}", s):
            raise LinkError(_("{label} must be a number").format(label=label))
        v = float(s.replace(",", "."))
        if v != v or v in (float("inf"), float("-inf")):
            raise LinkError(_("{label} must be a number").format(label=label))
        return _range(p, v)
    if kind == "bool":
        if raw in ("1", "true"):
            return True
        if raw in ("0", "false"):
            return False
        raise LinkError(_("{label} must be on or off (1 or 0)").format(label=label))
    if kind == "enum":
        if raw not in settings.options(p["name"]):
            raise LinkError(_("{label} must be one of: {options}").format(label=label, options=", ".join(settings.options(p["name"]))))
        return raw
    if kind == "column":
        if raw == "":
            return None
        if not re.fullmatch(r"[0-9]+", raw):
            raise LinkError(_("{label} must be a column of the file").format(label=label))
        return int(raw)
    if kind == "names":
        if raw == "":
            return None
        v = [js_trim(x) for x in raw.split(",")]  # the page's trim: "a\x1c" stays a name it does not know
        if len(v) != p["count"] or any(not x or len(x) > 100 for x in v) or len(set(v)) != len(v):
            raise LinkError((_("choose {count} different classes") if p["name"] == "classes" else
                             _("choose {count} different values for {label}")).format(count=p["count"], label=label))
        return v
    if kind == "pair":
        parts = raw.split(",")
        if len(parts) != 2 or not all(re.fullmatch(r"\s*[0-9]+\s*", x) for x in parts):
            raise LinkError(_("choose two features to plot"))
        v = [int(x) for x in parts]
        if not all(p.get("min", 0) <= x <= p.get("page_max", p["max"]) for x in v) or (p.get("distinct") and v[0] == v[1]):
            raise LinkError(_("choose two different features to plot"))
        return v
    if kind == "flags":
        arr = [js_trim(x) for x in raw.split(",") if js_trim(x)]
        allowed = settings.options(p["name"])
        if not all(x in allowed for x in arr):
            raise LinkError(_("{label}: choose from {options}").format(label=label, options=", ".join(allowed)))
        return [x for x in allowed if x in arr]
    raise LinkError(_("{label} is not valid").format(label=label))


def defaults():
    return {p["name"]: (list(p["default"]) if isinstance(p["default"], list) else p["default"]) for p in PAGE_PARAMS}


def is_active(name, values):
    """state.js isActive: the parameter applies (its `when` holds, recursively)."""
    p = BY_NAME[name]
    w = p.get("when")
    return w is None or (is_active(w["name"], values) and values[w["name"]] in w["in"])


# ------------------------------------------------------------------ data (share.js parsePoints, inflate)

_POINT = re.compile(f"[{JS_SPACE}]*" r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?" f"[{JS_SPACE}]*")


def parse_points(text):
    """share.js parsePoints: "x,y,l;x,y,l" -> [[x, y, l], ...] with labels ±1, or LinkError."""
    rows = [r for r in text.split(";") if r.strip()]
    if not rows or len(rows) > settings.LIMITS["points_max"]:
        raise LinkError(_("the link's points are not 1 to {most} points").format(most=settings.LIMITS["points_max"]))
    out = []
    for n, r in enumerate(rows, start=1):
        parts = r.split(",")
        if len(parts) != 3 or not all(_POINT.fullmatch(x) for x in parts):
            raise LinkError(_("point {n} of the link is not x1,x2,label").format(n=n))
        v = [float(x) for x in parts]
        big = settings.LIMITS["feature_max_abs"]
        if any(x in (float("inf"), float("-inf")) for x in v) or abs(v[0]) > big or abs(v[1]) > big or v[2] not in (1, -1):
            raise LinkError(_("point {n} of the link is out of range (|x| at most {most}, label 1 or -1)").format(
                n=n, most=f"{big:g}"))
        out.append([int(x) if x.is_integer() and abs(x) < 2 ** 53 else x for x in v])
    return out


def inflate(z, max_bytes):
    """share.js inflate: base64url(deflate-raw(bytes)) -> bytes, or LinkError (garbled, cut short, too big)."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*", z) or len(z) % 4 == 1:
        raise LinkError(_("the link's data is not base64url (was the link cut short or edited?)"))
    try:
        packed = base64.urlsafe_b64decode(z + "=" * (-len(z) % 4))
        d = zlib.decompressobj(-15)
        out = d.decompress(packed, max_bytes + 1)
        if len(out) > max_bytes:
            raise LinkError(_("the link's data expands to more than {most} bytes").format(most=max_bytes))
        if not d.eof:
            raise LinkError(_("the link's data is cut short"))
    except (binascii.Error, zlib.error):
        raise LinkError(_("the link's data could not be unpacked (was the link cut short or edited?)")) from None
    return out


# ------------------------------------------------------------------ the link as the page reads it

def read_link(link):
    """A page link -> {"values", "data", "raw"}: the validated values by name, the bridge DATA the
    page would train on, and the raw decoded pairs (for the exercise keys). LinkError when the page
    could not run exactly this link (a bad value, missing or broken data, another version)."""
    q = raw_pairs(hash_of(link))
    v = q.get("v", "1")
    if v != str(VERSION):
        raise LinkError(_("the link was made by another version of Perceptron Lab (v={v}), which this one does not "
                          "read").format(v=v[:10]))
    values = defaults()
    for key, raw in q.items():
        p = BY_URL.get(key)
        if p is None:
            continue
        if len(raw) > MAX_VALUE_CHARS:
            raise LinkError(_("{label} is longer than {most} characters").format(label=_(p["label"]), most=MAX_VALUE_CHARS))
        values[p["name"]] = validate(p, raw)
    return {"values": values, "data": data_request(values, q), "raw": q}


def data_request(values, q):
    """The bridge DATA object the page sends for these values and the link's data."""
    src = values["source"]
    if src == "preset":
        out = {"kind": "preset", "name": values["preset"]}
        for name in ("n", "margin", "spread", "data_seed"):
            if is_active(name, values):
                out[BY_NAME[name]["key"]] = values[name]
        if is_active("classes", values) and values["classes"]:
            out["classes"] = list(values["classes"])
        if is_active("feature_set", values) and values["feature_set"] == "plotted":
            out["features"] = list(values["plot_features"])
        return out
    if src == "points":
        if "pts" in q:
            return {"kind": "points", "points": parse_points(q["pts"])}
        if "ptz" in q:
            try:
                text = inflate(q["ptz"], MAX_POINTS_TEXT).decode("utf-8")
            except UnicodeDecodeError:
                raise LinkError(_("the link's points are not text")) from None
            return {"kind": "points", "points": parse_points(text)}
        raise LinkError(_("the link's points are not in it (too many for a link, or cut off): they cannot be checked"))
    if "csv" not in q:
        raise LinkError(_("the link's CSV file is not in it (too large for a link, or cut off): it cannot be checked"))
    raw = inflate(q["csv"], settings.LIMITS["csv_max_bytes"])
    if not raw:
        raise LinkError(_("the link's CSV data is empty"))
    out = {"kind": "csv", "bytes": raw, "label": values["label"]}  # not base64: 1.33× the file again, and a copy
    for name in ("csv_delimiter", "csv_decimal", "csv_encoding"):
        if values[name] != BY_NAME[name]["default"]:
            out[BY_NAME[name]["key"]] = values[name]
    return out


def settings_request(values):
    """state.js settingsRequest: every page parameter whose request object is "settings"."""
    return {"plots": True, **{p["key"]: values[p["name"]] for p in PAGE_PARAMS if p.get("request", p["group"]) == "settings"}}
