"""A lesson's predictions in an exercise result link (exl, exls): check replays each answer through
the lesson engine and grades it against tests/py/lesson_reference.py's literal loops; a claimed
lesson score the answers do not give, or answers the page cannot have written, make the link altered."""
import json
import subprocess
import sys

import pytest

from perceptron_lab.bridge import handle
from perceptron_lab.lessons import answers

import lesson_reference as ref

BASE = "https://lab.example/#v=1&preset=and&view=exercise&exn=0&exs=0&exa="


AND = {"preset": "and", "algorithm": "online"}  # lesson 1's run (its file's @run)
XOR = {"preset": "xor", "algorithm": "online"}  # lesson 6's


def link(entries, claimed):
    return f"{BASE}&exl={answers.encode(entries)}&exls={claimed}"


def test_lesson_answers_are_graded_by_the_engine_against_the_literal_run():
    first = ref.facts(AND)["first_example"]  # the literal online perceptron's first update
    wrong = 1 + first % 4  # another of the four AND examples
    converges = {"yes" if ref.facts(AND)["converged"] else "no", "yes" if ref.facts(XOR)["converged"] else "no"}
    assert converges == {"yes", "no"}
    and_says = "yes" if ref.facts(AND)["converged"] else "no"
    xor_wrong = "yes" if not ref.facts(XOR)["converged"] else "no"
    entries = [(1, 1, str(first), {}), (1, 3, and_says, {}), (6, 1, xor_wrong, {})]
    r = handle({"cmd": "check", "link": link(entries, 2)})
    assert r["ok"] and r["status"] == "genuine", r["reasons"]
    assert [a["correct"] for a in r["lessons"]["answers"]] == [True, True, False]
    assert (r["lessons"]["score"], r["lessons"]["answered"]) == (2, 3)
    r = handle({"cmd": "check", "link": link([(1, 1, str(wrong), {})], 0)})
    assert r["status"] == "genuine" and r["lessons"]["answers"][0]["correct"] is False


def test_a_lesson_answer_on_a_changed_run_is_graded_on_that_run():
    # lesson 1 step 4 compares η = 0.25 with the student's η: mistakes of the literal loop on both
    base = ref.facts({**AND, "eta": "0.5"})["mistakes"]
    other = ref.facts({**AND, "eta": "0.25"})["mistakes"]
    truth = "more" if other > base else "fewer" if other < base else "the same"
    r = handle({"cmd": "check", "link": link([(1, 4, truth, {"eta": "0.5"})], 1)})
    assert r["status"] == "genuine", r["reasons"]
    assert r["lessons"]["score"] == 1


@pytest.mark.parametrize("entries, claimed, why", [
    ([(1, 3, "yes", {})], 0, "claims 0 right lesson predictions, but its lesson answers give 1"),
    ([(1, 3, "yes", {}), (1, 3, "no", {})], 1, "answered twice"),
    ([(1, 3, "maybe", {})], 0, "is not one the page takes"),
    ([(9, 1, "yes", {})], 0, "there is no lesson 9"),
    ([(1, 4, "the same", {"dseed": "3"})], 1, "does not let you change dseed"),
    ([(2, 1, "yes", {})], 0, "asks no question"),
])
def test_altered_lesson_answers_are_named(entries, claimed, why):
    r = handle({"cmd": "check", "link": link(entries, claimed)})
    assert r["ok"] and r["status"] == "altered"
    assert any(why in reason for reason in r["reasons"]), r["reasons"]


def test_unreadable_lesson_answers_and_a_missing_claim():
    r = handle({"cmd": "check", "link": f"{BASE}&exl=%21%21&exls=0"})
    assert r["status"] == "altered" and any("not base64url" in x for x in r["reasons"])
    r = handle({"cmd": "check", "link": f"{BASE}&exl={answers.encode([(1, 3, 'yes', {})])}"})
    assert r["status"] == "altered" and any("no lesson score" in x for x in r["reasons"])
    assert handle({"cmd": "check", "link": BASE})["lessons"] is None  # a plain result link: as before


def test_the_check_command_line_says_the_lesson_score():
    one = link([(1, 3, "yes", {}), (6, 1, "yes", {})], 1)
    out = subprocess.run([sys.executable, "-m", "perceptron_lab", "check", one, "--json"],
                         capture_output=True, text=True, timeout=120)
    rec = json.loads(out.stdout.strip().splitlines()[-1])
    assert out.returncode == 0, out.stderr
    assert (rec["lessons"]["score"], rec["lessons"]["answered"]) == (1, 2)
