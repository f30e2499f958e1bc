"""Predict-then-see questions: each kind knows its choices, the run's true answer and how to read
the student's. A new kind is a new class in KINDS (docs/LESSONS.md lists them)."""

import re

import numpy as np

from ..texts.numbers import sub
from .words import number


def known(facts, name):
    """The fact's value; KeyError when the run has none (the question is then not asked)."""
    if facts.get(name) is None:
        raise KeyError(name)
    return facts[name]


class Kind:
    """args: the words after the kind in `@ask KIND args: prompt`."""

    answer = "choice"

    def __init__(self, args):
        self.args = args

    def choices(self, facts, ctx):
        return []

    def read(self, text):
        return str(text).strip()

    def same(self, answer, truth):
        return answer == truth


class Example(Kind):
    """Which training example (its number) — the first update's by default, or a fact's."""

    def truth(self, facts):
        return str(known(facts, self.args[0] if self.args else "first_example"))

    most = 8  # a teacher's file may hold thousands: a window of them, the answer among them

    def choices(self, facts, ctx):
        Z, y = ctx["Z"], ctx["y"]
        truth = self.truth(facts)
        at = int(truth) - 1 if truth.isdigit() else 0
        start = max(0, min(at - self.most // 2, len(Z) - self.most))
        return [{"value": str(i + 1), "label": f"x̃{sub(i + 1)} = {number('x', Z[i])}, y = {number('label', y[i])}"}
                for i in range(start, min(len(Z), start + self.most))]


class Vector(Kind):
    """A vector the student types (the first w, the first θ): equal within rounding."""

    answer = "vector"

    def truth(self, facts):
        return facts[self.args[0]]

    def read(self, text):
        parts = [p for p in re.split(r"[\s,;()]+", str(text).replace("−", "-")) if p]
        try:
            return np.array([float(p) for p in parts])
        except ValueError:
            raise ValueError("Type the numbers of the vector separated by commas, e.g. as the plot shows w.") from None

    def same(self, answer, truth):
        truth = np.asarray(truth, dtype=float)
        return answer.shape == truth.shape and bool(np.allclose(answer, truth, rtol=1e-3, atol=1e-3))


class YesNo(Kind):
    """A condition of the run, answered yes or no."""

    def truth(self, facts):
        return "yes" if known(facts, self.args[0]) else "no"

    def choices(self, facts, ctx):
        return [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]


class Compare(Kind):
    """`compare NAME FACT [more-word fewer-word]`: does the step's run named NAME have more, fewer
    or the same FACT? The optional words label the first two choices (larger, smaller)."""

    def truth(self, facts):
        name, fact = self.args[:2]
        a, b = facts[fact], facts[f"{name}.{fact}"]
        return "more" if b > a else "fewer" if b < a else "the same"

    def words(self):
        """The answers as the choices name them: value -> word (larger, smaller, the same)."""
        return dict(zip(("more", "fewer", "the same"), (self.args[2:4] if len(self.args) >= 4 else ["more", "fewer"]) + ["the same"]))

    def choices(self, facts, ctx):
        return [{"value": v, "label": w.capitalize()} for v, w in self.words().items()]


class Choice(Kind):
    """`choice FACT option ...`: a text fact among the listed options."""

    def truth(self, facts):
        return str(facts[self.args[0]])

    def choices(self, facts, ctx):
        return [{"value": v.replace("_", " "), "label": v.replace("_", " ").capitalize()} for v in self.args[1:]]


class Best(Kind):
    """`best FACT NAME ...`: which of the named runs has the largest FACT (ties: each is right)."""

    def truth(self, facts):
        fact, names = self.args[0], self.args[1:]
        top = max(facts[f"{n}.{fact}"] for n in names)
        return [n for n in names if facts[f"{n}.{fact}"] == top]

    def choices(self, facts, ctx):
        return [{"value": n, "label": n.capitalize()} for n in self.args[1:]]

    def same(self, answer, truth):
        return answer in truth


KINDS = {"example": Example, "vector": Vector, "yesno": YesNo, "compare": Compare, "choice": Choice,
         "best": Best}


def kind_of(question):
    return KINDS[question.kind](question.args)


def truth_text(kind, truth):
    if isinstance(kind, Example):  # named as its choice names it (x̃₁): the same in every language
        return f"x̃{sub(int(truth))}" if str(truth).isdigit() else str(truth)
    if isinstance(kind, Compare):  # in the words the student chose from (larger, not more)
        return kind.words().get(truth, truth)
    if isinstance(truth, list):
        return " or ".join(truth)
    return number("w", truth) if isinstance(truth, np.ndarray) else str(truth)
