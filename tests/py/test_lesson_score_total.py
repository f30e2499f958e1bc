"""One score for an exercise result link with lesson predictions: check (and its CLI line, and
--json's total) sums the exercise's answers, worked by hand, and the lesson answers, graded
against tests/py/lesson_reference.py's literal loops; a forged lesson answer is named."""
import json

from perceptron_lab import cli
from perceptron_lab.bridge import handle
from perceptron_lab.lessons import answers

import lesson_reference as ref

BASE = "https://teacher.example/lab/#v=1&source=preset&preset=and&algorithm=online&epochs=100&eta=1&bias=1"
# AND, x̃ = (x1, x2, 1), w = 0, η = 1 (as tests/py/test_check_cli.py): visits 1-3 are
# a mistake -> (0,0,-1), right, right; visit 4 (1,1,1) is a mistake, so "n" is wrong: 3 of 4.
EXERCISE = "m0~0~-1_n_n_n"
AND = {"preset": "and", "algorithm": "online"}  # lesson 1's run


def lesson_entries():
    first = ref.facts(AND)["first_example"]
    says_wrong = "no" if ref.facts(AND)["converged"] else "yes"
    return [(1, 1, str(first), {}), (1, 3, says_wrong, {})]  # 1 of 2 right


def link(entries, exls):
    return f"{BASE}&view=exercise&exn=4&exs=3&exa={EXERCISE}&exl={answers.encode(entries)}&exls={exls}"


def test_the_lesson_score_is_summed_into_the_exercise_score():
    r = handle({"cmd": "check", "link": link(lesson_entries(), 1)})
    assert r["status"] == "genuine", r["reasons"]
    assert (r["score"], r["answered"]) == (3, 4)  # the exercise's own part, as the page's exs
    assert r["total"] == {"score": 4, "answered": 6}


def test_a_link_without_lesson_answers_totals_the_exercise_alone():
    r = handle({"cmd": "check", "link": f"{BASE}&view=exercise&exn=4&exs=3&exa={EXERCISE}"})
    assert r["lessons"] is None and r["total"] == {"score": 3, "answered": 4}


def test_check_prints_the_one_score_and_names_a_forged_lesson_answer(capsys):
    good = link(lesson_entries(), 1)
    forged = lesson_entries()
    forged[1] = (1, 3, "maybe", {})  # an answer lesson 1 step 3 does not offer
    code = cli.main(["check", good, link(forged, 1)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0] == ("link 1: genuine: 3 of 4 right (wrong: 4); AND, online; lesson predictions 1 of 2 right;"
                      " in all 4 of 6 right")
    assert out[1].startswith("link 2: ALTERED: lesson 1 step 3:") and "maybe" in out[1] and "is not one the page takes" in out[1]
    cli.main(["check", "--json", good])
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert record["total"] == {"score": 4, "answered": 6}
