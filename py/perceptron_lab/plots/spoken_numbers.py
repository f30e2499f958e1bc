"""Numbers in the plots' text alternatives, written as the page's own sentences write them, so
that an alt and the description read after it never give one number two ways."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from ..i18n import number

__all__ = ["spoken_number"]


def spoken_number(v):
    """A number as the page's descriptions write it (site/js/page/format.js fmt(x, 4)): up to 4
    significant digits, no trailing zeros (3, not 3.0), e-notation below 1e-4 and from 1e6. The
    boundary plot's alt is read next to the page's sentence on the same line ("The line:
    3·x1 + 2·x2 − 4 = 0"): one number, one way of writing it."""
    v = float(v)
    if not math.isfinite(v):
        return "∞" if v > 0 else ("−∞" if v < 0 else "—")
    a = abs(v)
    if a != 0 and (a >= 1e6 or a < 1e-4):
        mant, exp = f"{a:.3e}".split("e")
        s = f"{mant.rstrip('0').rstrip('.')}e{int(exp):+d}"
    else:
        # As JavaScript's toPrecision rounds: a tie goes to the larger digit, not the even one.
        d = Decimal(a)
        if a != 0:
            d = d.quantize(Decimal(1).scaleb(d.adjusted() - 3), rounding=ROUND_HALF_UP)
        s = f"{d:f}"
        if "." in s:
            s = s.rstrip("0").rstrip(".")
    return number(("−" if v < 0 and s != "0" else "") + s)
