"""A lesson on a teacher's CSV file (a link's csv= key, read by the page and sent as the bridge's
CSV data): every step that takes the teacher's data runs on the file, and its words stay true for
it. Each claim's condition and each number agree with tests/py/lesson_reference.py on the same
file; the words about AND, XOR and two features are shown only for data they are true of."""

import numpy as np
import pytest

from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.lessons import engine, runs
from perceptron_lab.lessons.lesson_format import PLACEHOLDER
from perceptron_lab.lessons.words import holds

import lesson_reference

THREE = "a,b,c,label\n" + "\n".join(  # three features, separable by a + b + c > 1.5
    f"{a},{b},{c},{'yes' if a + b + c > 1.5 else 'no'}"
    for a, b, c in [(0, 0, 0), (1, 1, 1), (1, 0, 1), (0, 1, 0), (0.2, 0.1, 0.3), (0.9, 0.8, 0.1), (0, 0, 1)])
AND_SHUFFLED = "x,y,out\n1,1,1\n0,1,0\n1,0,0\n0,0,0\n"
TWO = "x,y,out\n0,0,0\n2,1,1\n1,3,1\n0.5,0,0\n"
MANY = "p,q,cls\n" + "\n".join(f"{i % 7},{i % 5},{'up' if i % 7 > 3 else 'down'}" for i in range(30))


def csv(text, label):
    return {"kind": "csv", "text": text, "label": label, "name": "mine.csv"}


def own_steps():
    for number in range(1, len(lessons.names()) + 1):
        for k, step in enumerate(lessons.lesson(number).steps, 1):
            if runs.takes_own_data(step):
                yield number, k, step


def agrees(a, b):
    if isinstance(a, (bool, np.bool_, str)) or isinstance(b, (bool, np.bool_, str)):
        return a == b
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=2e-3, atol=1e-6)


@pytest.mark.parametrize("data", [csv(THREE, "label"), csv(AND_SHUFFLED, "out"), csv(TWO, "out")],
                         ids=["three-features", "and-shuffled", "two-features"])
def test_every_step_on_a_teachers_csv_says_only_what_the_reference_finds_true(data):
    for number, k, step in own_steps():
        mine, _ = engine.step_facts(step, None, data, fit=fit)
        theirs = {}
        for name, links in runs.step_links(step).items():
            theirs.update({(f"{name}.{f}" if name else f): v for f, v in lesson_reference.facts(links, data).items()})
            if name:  # a named run against the step's: more, fewer, the same
                for f in ("mistakes", "bound", "test_acc", "epochs", "gamma"):
                    a, b = theirs.get(f), theirs.get(f"{name}.{f}")
                    if a is not None and b is not None:
                        theirs.update({f"{name}.more_{f}": b > a, f"{name}.fewer_{f}": b < a, f"{name}.same_{f}": b == a})
        for s in step.sentences:
            if s.condition:
                assert holds(s.condition, mine) == holds(s.condition, theirs), (number, k, s.condition)
            if s.condition is None or holds(s.condition, theirs):
                for name in PLACEHOLDER.findall(s.text):
                    if name in theirs:
                        assert agrees(mine[name], theirs[name]), (number, k, name)
        v = engine.view(lessons.lesson(number), k, None, data, fit=fit)
        assert v["own_data"] is True


def test_words_about_and_and_two_features_are_shown_only_for_data_they_are_true_of():
    lesson = lessons.lesson(1)
    words = lambda data: " ".join(engine.view(lesson, 1, None, data, fit=fit)["text"])  # noqa: E731
    three = words(csv(THREE, "label"))
    assert "AND" not in three and "(x₁, x₂)" not in three
    assert "Each example x̃ is its 3 features with a constant feature" in three  # 3: the file's own count
    assert "AND is true only when both bits are." in words(csv(AND_SHUFFLED, "out"))  # AND's rows, reordered
    two = words(csv(TWO, "out"))
    assert "AND" not in two and "Each example x̃ is (x₁, x₂)" in two
    converged = engine.view(lesson, 3, None, csv(THREE, "label"), "yes", fit=fit)
    assert converged["check"]["correct"] is True
    assert converged["reveal"][0].endswith("separates these examples.")  # not "separates AND"
    assert "XOR" not in " ".join(engine.view(lessons.lesson(6), 1, None, csv(TWO, "out"), fit=fit)["text"])


def test_a_long_file_offers_a_few_examples_and_the_answer_is_among_them():
    v = engine.view(lessons.lesson(1), 1, None, csv(MANY, "cls"), fit=fit)
    values = [c["value"] for c in v["question"]["choices"]]
    assert len(values) == 8 and "1" in values  # at w = 0 the first example visited is the first update
    assert engine.view(lessons.lesson(1), 1, None, csv(MANY, "cls"), "1", fit=fit)["check"]["correct"] is True
