"""Readers of a request's fields that several commands share (a whole number in a range, the
page's plot boxes), each refusing bad input with the field it came from."""

from ..errors import SettingsError
from ..i18n import _


def int_field(request, name, lo, hi):
    v = request.get(name)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise SettingsError(_("{name} must be a whole number from {lo} to {hi}.").format(
            name=name, lo=lo, hi=hi), field=name)
    return v


def sizes_of(request):
    """{kind: (w, h)} of the page's boxes for the boundary and proof plots (CSS px)."""
    sizes = request.get("sizes") or {}
    if not isinstance(sizes, dict):
        raise SettingsError(_("sizes must map plot kinds to [width, height]."), field="sizes")
    out = {}
    for kind in ("boundary", "proof"):
        v = sizes.get(kind)
        if v is None:
            continue
        if (not isinstance(v, list) or len(v) != 2 or any(isinstance(x, bool) or not isinstance(x, int) for x in v)):
            raise SettingsError(_("sizes.{kind} must be [width, height] in whole CSS pixels.").format(
                kind=kind), field="sizes")
        out[kind] = tuple(v)
    return out
