"""A lesson's text filled with its run's facts: placeholders as the page writes numbers, claims
kept only where their condition holds for this run."""

import numpy as np

from ..i18n import number_separator
from ..texts.numbers import g, pm
from .lesson_format import PLACEHOLDER


class MissingFact(ValueError):
    """A shown sentence names a fact this run does not have (the lesson's condition is too weak)."""


def number(name, v):
    """One fact as text: vectors in parentheses, labels ±1, accuracies in %, angles in degrees."""
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, str):
        return v
    if isinstance(v, np.ndarray) or isinstance(v, (list, tuple)):
        return "(" + number_separator().join(g(float(c)) for c in v) + ")"
    leaf = name.rsplit(".", 1)[-1]
    if leaf.endswith("label"):
        return pm(v)
    if isinstance(v, (int, np.integer)):
        return f"{int(v):,}"
    text = g(float(v))
    if leaf.endswith("acc"):
        return text + " %"
    if leaf.startswith("angle_") and leaf in ("angle_before", "angle_after"):
        return text + "°"
    return text


def holds(condition, facts):
    """A claim's condition ("x", "not x", "x and not y") on the facts; an unknown name is False."""
    result = True
    for part in condition.split(" and "):
        negate = part.startswith("not ")
        value = bool(facts.get(part[4:] if negate else part))
        result = result and (value != negate)
    return result


def fill(text, facts):
    """text with every {placeholder} replaced by its fact; MissingFact when one is None."""
    def one(m):
        name = m.group(1)
        if facts.get(name) is None:
            raise MissingFact(f"{{{name}}} has no value for this run")
        return number(name, facts[name])
    return PLACEHOLDER.sub(one, text)


def shown(sentences, facts):
    """The sentences this run makes true, filled; the claims whose condition fails are left out."""
    return [fill(s.text, facts) for s in sentences if s.condition is None or holds(s.condition, facts)]
