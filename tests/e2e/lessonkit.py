"""What the lesson e2e tests share: a step's true answer and a wrong one (from the engine, which
tests/py/test_lessons.py checks against the notes' loops), and answering as a student does, by
pointer or by keyboard alone."""
from __future__ import annotations

import numpy as np

from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.lessons import questions


def truth_and_wrong(number, k):
    """The answer the run gives (as the student would enter it) and one that is wrong."""
    from perceptron_lab.lessons.engine import step_facts
    lesson = lessons.lesson(number)
    q = lesson.steps[k - 1].question
    kind = questions.kind_of(q)
    facts, _ = step_facts(lesson.steps[k - 1], fit=fit)
    truth = kind.truth(facts)
    if isinstance(truth, np.ndarray):
        return ", ".join(f"{v:g}" for v in truth), ", ".join(f"{v + 7:g}" for v in truth)
    view = lessons.view(lesson, k, fit=fit)
    good = truth[0] if isinstance(truth, list) else truth
    bad = next(c["value"] for c in view["question"]["choices"]
               if c["value"] not in (truth if isinstance(truth, list) else [truth]))
    return good, bad


def answer(page, q_kind, value, keys=False):
    """Fill in the answer and press Check; keys: by the keyboard alone (arrows move the radio
    group's choice, Tab to Check, Enter)."""
    if q_kind == "vector":
        if keys:
            page.focus("#lesson-answer")
            page.keyboard.press("Control+A")
            page.keyboard.type(value)
        else:
            page.fill("#lesson-answer", value)
    elif keys:
        values = page.eval_on_selector_all("#lesson-question input[name=answer]", "(l) => l.map((i) => i.value)")
        now = page.evaluate("() => document.querySelector('#lesson-question input[name=answer]:checked')?.value ?? null")
        start = values.index(now) if now in values else 0
        page.focus(f"#lesson-question input[value='{values[start]}']")
        step = values.index(value) - start
        for _ in range(abs(step)):
            page.keyboard.press("ArrowDown" if step > 0 else "ArrowUp")
        if step == 0 and now != value:
            page.keyboard.press("Space")
    else:
        page.check(f"#lesson-question input[value='{value}']")
    if keys:
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "lesson-submit"
        page.keyboard.press("Enter")
    else:
        page.click("#lesson-submit")
