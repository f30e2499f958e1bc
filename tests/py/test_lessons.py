"""Every step of every lesson walked through the engine, on the lesson's run and on the runs the
step lets a student make: each claim shown (or hidden) and each number it fills agree with the
literal algorithms of tests/py/lesson_reference.py; each question's answer is checked against them;
a lesson file with a literal number does not load."""

import numpy as np
import pytest

from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.lessons import engine, questions, runs
from perceptron_lab.lessons.lesson_format import PLACEHOLDER, LessonFormatError, parse
from perceptron_lab.lessons.words import holds

import lesson_reference

# Values a student may try for each key a step lets them change.
TRIES = {"eta": ["0.25", "3"], "dseed": ["1", "7"], "margin": ["0.05", "0.8"], "n": ["20"],
         "spread": ["0.5", "2"]}
SETTINGS_ECHO = {"eta", "epochs_max"}  # the run's own settings, shown back: nothing to compute


def walks():
    for number in range(1, len(lessons.names()) + 1):
        lesson = lessons.lesson(number)
        for k, step in enumerate(lesson.steps, 1):
            yield pytest.param(number, k, None, id=f"{number}.{k}")
            for key in step.change:
                for value in TRIES[key]:
                    yield pytest.param(number, k, {key: value}, id=f"{number}.{k}-{key}={value}")


def reference_facts(step, changes):
    out = {}
    for name, links in runs.step_links(step, changes).items():
        facts = lesson_reference.facts(links)
        out.update({(f"{name}.{k}" if name else k): v for k, v in facts.items()})
    for name in step.runs:
        if name:
            for k in ("mistakes", "bound", "test_acc", "epochs", "gamma", "eta"):
                a, b = out.get(k), out.get(f"{name}.{k}")
                if a is not None and b is not None:
                    out[f"{name}.more_{k}"], out[f"{name}.fewer_{k}"] = b > a, b < a
                    out[f"{name}.same_{k}"] = b == a
    return out


def same(a, b):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, (bool, np.bool_)) or isinstance(b, (bool, np.bool_)):
        return bool(a) == bool(b)
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=2e-3, atol=1e-6)


@pytest.mark.parametrize("number,k,changes", list(walks()))
def test_every_claim_and_number_agrees_with_the_reference(number, k, changes):
    lesson = lessons.lesson(number)
    step = lesson.steps[k - 1]
    mine, _ = engine.step_facts(step, changes, fit=fit)
    theirs = reference_facts(step, changes)
    for s in step.sentences:
        if s.condition:
            assert holds(s.condition, mine) == holds(s.condition, theirs), (s.condition, s.text)
        if s.condition is None or holds(s.condition, theirs):
            for name in PLACEHOLDER.findall(s.text):
                if name.rsplit(".", 1)[-1] in SETTINGS_ECHO:
                    continue
                assert name in theirs, f"{name} has no reference"
                assert same(mine[name], theirs[name]), (name, mine[name], theirs[name])
    # the page's view fills every shown sentence (no fact missing for this run)
    view = engine.view(lesson, k, changes, fit=fit)
    assert view["title"] == step.title and view["steps"] == len(lesson.steps)
    if step.question:
        check_question(lesson, k, step, changes, theirs)


def check_question(lesson, k, step, changes, theirs):
    kind = questions.kind_of(step.question)
    truth = kind.truth(theirs)
    right = truth[0] if isinstance(truth, list) else truth
    if isinstance(right, np.ndarray):
        right, wrong = ", ".join(map(str, right)), ", ".join(map(str, right + 1))
    else:
        choices = [c["value"] for c in engine.view(lesson, k, changes, fit=fit)["question"]["choices"]]
        assert right in choices
        wrong = next(c for c in choices if c not in (truth if isinstance(truth, list) else [truth]))
    yes = engine.view(lesson, k, changes, answer=right, fit=fit)
    no = engine.view(lesson, k, changes, answer=wrong, fit=fit)
    assert yes["check"]["correct"] is True and no["check"]["correct"] is False
    assert yes["reveal"] == no["reveal"] and engine.view(lesson, k, changes, fit=fit)["reveal"] is None


def test_every_lesson_file_is_free_of_literal_numbers_and_a_number_fails_to_load():
    for number in range(1, len(lessons.names()) + 1):
        for line in lessons.library.text(number).splitlines():
            if line.startswith(("@ask", "?")):
                line = line.partition(":")[2]  # a question's kind and a claim's condition name facts
            if not line.startswith(("@run", "notes:", "@change")):
                # decimal digits: the subscripts of x₁ and the square of R² name, they do not count
                assert not any(c.isdecimal() for c in PLACEHOLDER.sub("", line)), line
    good = "# T\n## S\n@run preset=and\nIt made {mistakes} mistakes.\n"
    assert parse(good).steps[0].sentences[0].text == "It made {mistakes} mistakes."
    for bad in ("It made 18 mistakes.", "? converged: after 9 passes", "@ask yesno converged: in 3 passes?"):
        with pytest.raises(LessonFormatError, match="literal number"):
            parse(good.replace("It made {mistakes} mistakes.", bad))


def test_a_malformed_lesson_names_its_line():
    with pytest.raises(LessonFormatError, match="line 3: unknown directive @plott"):
        parse("# T\n## S\n@plott x\n@run preset=and\n")
    with pytest.raises(LessonFormatError, match="has no @run"):
        parse("# T\n## S\nText.\n")


def test_a_claim_false_for_the_changed_run_is_hidden():
    # lesson 6's feature-map step: with poly2 XOR converges; without it (the teacher's change) it cycles
    step = lessons.lesson(6).steps[1]
    shown = engine.view(lessons.lesson(6), 2, answer="no", fit=fit)["reveal"]
    assert any("separable with γ" in s for s in shown) and not any("cycles here too" in s for s in shown)
    step.runs[""] = {**step.runs[""], "fmap": "none"}
    try:
        shown = engine.view(lessons.lesson(6), 2, answer="no", fit=fit)["reveal"]
    finally:
        step.runs[""]["fmap"] = "poly2"
    assert shown == ["No: it cycles here too."]


def test_a_change_the_step_does_not_offer_is_refused():
    from perceptron_lab.errors import SettingsError
    with pytest.raises(SettingsError, match="does not let you change eta"):
        engine.view(lessons.lesson(1), 1, {"eta": "2"}, fit=fit)


def test_the_bridge_serves_the_catalogue_a_step_its_check_and_the_cosine_curve():
    import json

    from perceptron_lab.bridge import handle_json
    from perceptron_lab.theory.cosine import cosine_series
    import reference as ref

    cat = json.loads(handle_json('{"cmd": "lesson"}'))["lessons"]
    assert [c["number"] for c in cat] == list(range(1, len(lessons.names()) + 1))
    step = json.loads(handle_json('{"cmd": "lesson", "lesson": 1, "step": 2, "answer": "0, 0, \u22121"}'))
    assert step["check"] == {"valid": True, "correct": True, "truth": "(0, 0, \u22121)",
                             "explain": "w = zero vector + (\u22121)\u00b7(0, 0, 1) = (0, 0, \u22121)."}
    cos = json.loads(handle_json('{"cmd": "lesson", "lesson": 4, "step": 2}'))
    assert cos["figure"].startswith("data:image/png;base64,") and "cosine of w with u" in cos["figure_alt"]
    bad = json.loads(handle_json('{"cmd": "lesson", "lesson": 1, "step": 9}'))
    assert bad["error"]["field"] == "step" and "1 to 4" in bad["error"]["message"]
    # the curve itself: seed 002's cosine on the reference's own updates, at every t
    Z = np.array([[1.0, 0.2], [0.6, 0.8], [-0.3, 1.0], [0.9, -0.1]])
    Z = Z / np.linalg.norm(Z, axis=1, keepdims=True)
    y = np.ones(len(Z))
    gamma, u = ref.hard_margin(Z, y)
    _, _, updates = ref.plain_online(Z, y)
    W = np.array([w for _, _, w in updates])
    c = cosine_series(W, u, gamma, 1.0)
    for t, w in enumerate(W, 1):
        assert c["cos"][t - 1] == pytest.approx(ref.angle_cos(w, u)) and c["cos"][t - 1] >= np.sqrt(t) * gamma - 1e-9
    assert c["t_max"] == pytest.approx(1 / gamma ** 2) and len(W) <= c["t_max"]
