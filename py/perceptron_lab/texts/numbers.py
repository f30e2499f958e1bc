"""Numbers in the words of the page: 4 significant digits, the typographic minus, never "-0", the
language's decimal mark (i18n.number)."""

from ..i18n import number


def g(v):
    """4 significant digits with the typographic minus the page uses, never "-0"."""
    s = f"{v:.4g}"
    return "0" if s in ("-0", "0") else number(s.replace("-", "−"))


def pm(y):
    return "+1" if y > 0 else "−1"


def plural(n, word):
    """English only ("3 epochs"): a translated sentence uses ngettext with the whole phrase instead."""
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def sub(n):
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
