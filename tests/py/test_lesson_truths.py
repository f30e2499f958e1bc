"""Sentences a new student met in the lessons that were false or misleading for the run on screen,
each checked against a computation of its own (the notes' loops in tests/py/reference.py and
lesson_reference.py, by hand where short): the first update's w that draws no line, a student's η
equal to the compared run's, the threshold's sign, the features poly2 keeps, the batch rule's
mistake at θ = 0 against note 003's step(0) = +1, and overlapping clouds that do not overlap."""

import re

import numpy as np
import pytest

from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.core.features import poly2_names
from perceptron_lab.lessons import engine, runs

import lesson_reference
import reference as ref

NUMBER = r"(−?\d+(?:\.\d+)?)"


def data_of(n, k, changes=None):
    """The step's training vectors x̃ and labels, by hand from its link keys."""
    step = lessons.lesson(n).steps[k - 1]
    links = runs.step_links(step, changes)[""]
    spec, s = lesson_reference.settings_of(links)
    from perceptron_lab.data.request import load_data
    ds = load_data(spec)
    return lesson_reference.vectors(ds.X, s), ds.y, s


def words(view):
    return view["text"] + (view["reveal"] or [])


def num(text):
    return float(text.replace("−", "-"))


def test_the_first_w_of_and_draws_no_line_and_the_reveal_says_what_it_does():
    Z, y, s = data_of(1, 2)
    _, _, updates = ref.plain_online(Z, y, eta=s["eta"], epochs=s["epochs"])
    w = updates[0][2]
    assert not np.any(w[:-1]) and w[-1] != 0  # AND's first update weighs the constant only
    said = " ".join(lessons.view(lessons.lesson(1), 2, answer="0, 0, -1", fit=fit)["reveal"])
    assert "side of the line" not in said  # there is no line to be on a side of
    m = re.search(r"every example gets w·x̃ = " + NUMBER + r" and is predicted " + r"([+−]\d)", said)
    assert m, said
    scores = Z @ w
    assert np.all(scores == num(m.group(1)))  # the same score for every example, as said
    assert num(m.group(2)) == np.sign(scores[0]) == y[updates[0][1]]  # predicted right for it


def test_a_first_w_that_draws_a_line_puts_its_example_on_its_correct_side():
    data = {"kind": "points", "points": [[1, 0, 1], [0, 1, -1], [1, 1, 1], [0, 0, -1]]}
    said = " ".join(lessons.view(lessons.lesson(1), 2, data=data, answer="1, 0, 1", fit=fit)["reveal"])
    assert "Example 1 is now on its correct side of the line w·x̃ = zero." in said
    z = np.array([1.0, 0.0, 1.0])
    w = 1 * z  # w ← 0 + y·x̃ with y = +1
    assert np.any(w[:-1]) and 1 * (w @ z) > 0


@pytest.mark.parametrize("eta", ["0.25", "3", "1"])
def test_the_learning_rate_step_never_compares_an_eta_with_itself(eta):
    v = lessons.view(lessons.lesson(1), 4, {"eta": eta}, fit=fit)
    shown = " ".join(v["text"] + [v["question"]["prompt"]])
    named = {num(x) for x in re.findall(r"η = " + NUMBER, shown)}
    if float(eta) == 0.25:  # the other run's η: one run, and the words say so
        assert named == {0.25} and "one run" in shown
    else:
        assert named == {float(eta), 0.25}
        assert f"This run has η = {eta}; the other run has η = 0.25." in shown
    assert not re.search(r"η = " + NUMBER + r" instead of \1", shown)


def test_the_threshold_said_is_minus_the_constants_weight_and_classifies_as_the_run():
    Z, y, s = data_of(5, 1)
    w, _, _ = ref.plain_online(Z, y, eta=s["eta"], epochs=s["epochs"])
    said = " ".join(lessons.view(lessons.lesson(5), 1, fit=fit)["text"])
    m = re.search(r"threshold is θ = " + NUMBER, said)
    assert m, said
    theta = num(m.group(1))
    assert theta == -w[-1]
    X = Z[:, :-1]
    assert np.array_equal(np.sign(X @ w[:-1] - theta), np.sign(Z @ w))  # sign(w·x − θ) = sign(w·x̃)
    assert np.array_equal(np.sign(X @ w[:-1] - theta), y)  # and it separates AND


def test_the_feature_map_words_name_every_feature_poly2_makes():
    said = lessons.view(lessons.lesson(6), 2, fit=fit)["text"][0]
    named = set(re.findall(r"x[₁₂](?:x[₁₂]|²)?", said))
    made = {n.replace("·", "") for n in poly2_names(["x₁", "x₂"])}
    assert named == made, (named, made)
    assert "a line in that bigger space" not in said


def test_the_batch_lesson_says_its_mistake_rule_where_it_differs_from_note_003():
    Z, y, s = data_of(7, 2)
    theta0 = np.zeros(Z.shape[1])
    lab = [i for i in range(len(Z)) if y[i] * (Z[i] @ theta0) <= 0]
    step = [1 if a >= 0 else -1 for a in Z @ theta0]  # seed 003: step(z) = 1 if z >= 0
    note = [i for i in range(len(Z)) if step[i] != y[i]]
    assert len(lab) == len(Z) and len(note) < len(lab)  # AND: the rules differ at θ = 0
    first = lessons.view(lessons.lesson(7), 2, answer="0, 0, -2", fit=fit)
    assert first["check"]["truth"] == "(0, 0, −2)" == "(" + ", ".join(f"{v:g}".replace("-", "−") for v in
                                                             s["eta"] * (y[lab] @ Z[lab])) + ")"
    before = " ".join(lessons.view(lessons.lesson(7), 1, fit=fit)["text"] + first["text"])
    assert "when y·(θ·x̃) ≤ zero" in before and "step(zero) = plus one" in before


@pytest.mark.parametrize("spread", ["0.1", "0.2", "1.2", "2"])
def test_the_noisy_clouds_are_said_to_overlap_only_when_no_line_separates_them(spread):
    facts = lesson_reference.facts(runs.step_links(lessons.lesson(8).steps[0], {"spread": spread})[""])
    said = " ".join(lessons.view(lessons.lesson(8), 1, {"spread": spread}, fit=fit)["text"])
    assert ("overlap" in said) == facts["not_separable"]
    if facts["separable"]:
        m = re.search(r"a line separates the training split, and the online perceptron found one after (\d+) mistakes", said)
        assert m and int(m.group(1)) == facts["mistakes"] and facts["converged"]


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_the_verdict_on_an_example_names_it_as_its_choice_does_in_every_language(lang):
    from perceptron_lab import i18n
    try:
        i18n.use_language(lang)
        v = lessons.view(lessons.lesson(1), 1, answer="2", fit=fit)
    finally:
        i18n.use_language("en")
    Z, y, s = data_of(1, 1)
    _, _, updates = ref.plain_online(Z, y, eta=s["eta"], epochs=s["epochs"])
    first = updates[0][1]  # the notes' loop: the first update's example
    label = next(c["label"] for c in v["question"]["choices"] if c["value"] == str(first + 1))
    assert v["check"]["truth"] == label.split(" = ")[0] == "x̃₁"  # no English word in a German verdict


XOR_POINTS = {"kind": "points", "points": [[0, 0, -1], [0, 1, 1], [1, 0, 1], [1, 1, -1]]}


def test_a_teachers_xor_is_said_to_cycle_and_a_question_it_cannot_answer_is_not_asked():
    Z = np.array([[0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=float)
    y = np.array([-1, 1, 1, -1])
    w, per_epoch, _ = ref.plain_online(Z, y, epochs=5)
    assert not np.any(w) and per_epoch[0] == 4  # the notes' loop: w is back at zero after the first pass
    said = " ".join(lessons.view(lessons.lesson(1), 3, data=XOR_POINTS, answer="no", fit=fit)["reveal"])
    assert "came back to a weight it had before" in said and "1 passes" not in said
    assert ref.hard_margin(Z, y)[0] is None  # no u, no γ: claim one's question has no answer
    v = lessons.view(lessons.lesson(2), 2, data=XOR_POINTS, fit=fit)
    assert v["question"] is None and any("no u and no γ" in s for s in v["text"])
    batch = " ".join(lessons.view(lessons.lesson(7), 3, data=XOR_POINTS, fit=fit)["text"])
    theta = ref.plain_batch(Z, y, epochs=3)[0]
    assert not np.any(theta)  # Σ y·x̃ over XOR is zero: θ stays at zero
    assert "came back to a value it had before" in batch and "1 passes" not in batch


def test_the_best_test_accuracy_is_shown_with_what_one_test_example_weighs():
    facts = lesson_reference.facts(runs.step_links(lessons.lesson(8).steps[0])[""])
    said = " ".join(lessons.view(lessons.lesson(8), 1, answer="voted", fit=fit)["reveal"])
    m = re.search(r"The test split holds (\d+) examples, so one example is " + NUMBER + " %", said)
    assert m, said
    n = int(m.group(1))
    assert n == facts["test_examples"] and num(m.group(2)) == pytest.approx(100 / n, rel=1e-3)
    accs = sorted(float(a) for a in re.findall(r"(?:online|averaged|voted|pocket) " + NUMBER + " %", said))
    assert accs and all(abs(a / 100 * n - round(a / 100 * n)) < 0.01 for a in accs)  # whole examples right: steps of 100/n
