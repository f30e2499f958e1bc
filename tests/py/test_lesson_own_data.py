"""A lesson on a teacher's own data: a step runs on it where its point is not a change of data (no
named run or student change sets a data key), and its question's truth is the teacher's run's,
recomputed here with the notes' loop (reference.py); other steps keep their own data."""

import numpy as np
import pytest

from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit
from perceptron_lab.data.dataset import points_dataset

import reference as ref

SEPARABLE = [[0, 0, "a"], [1, 1, "b"], [1, 0, "b"], [0, 1, "a"], [0.5, 0.2, "a"]]
XOR = [[0, 0, "a"], [1, 1, "a"], [1, 0, "b"], [0, 1, "b"]]


def converges(points, epochs=100):
    ds = points_dataset(points)
    Z = np.hstack([ds.X, np.ones((len(ds.X), 1))])
    _, per_epoch, _ = ref.plain_online(Z, ds.y, epochs=epochs)
    return per_epoch[-1] == 0


@pytest.mark.parametrize("points", [SEPARABLE, XOR], ids=["separable", "xor"])
def test_a_step_that_allows_it_runs_on_the_teachers_points(points):
    lesson = lessons.lesson(1)
    truth = "yes" if converges(points) else "no"
    v = lessons.view(lesson, 3, None, {"kind": "points", "points": points}, truth, fit=fit)
    assert v["own_data"] is True
    assert v["check"]["correct"] is True and v["check"]["truth"] == truth
    wrong = "no" if truth == "yes" else "yes"
    assert lessons.view(lesson, 3, None, {"kind": "points", "points": points}, wrong, fit=fit)["check"]["correct"] is False
    assert f"the {len(points)} examples" in " ".join(v["text"])  # its words count the teacher's examples


@pytest.mark.parametrize("number,k", [(3, 1), (2, 3), (4, 2)])
def test_a_step_about_changing_the_data_keeps_its_own(number, k):
    lesson = lessons.lesson(number)
    own = lessons.view(lesson, k, None, {"kind": "points", "points": XOR}, fit=fit)
    assert own["own_data"] is False
    assert own["text"] == lessons.view(lesson, k, fit=fit)["text"]


def test_which_steps_take_the_teachers_data():
    from perceptron_lab.lessons.runs import takes_own_data
    data_keys = {"preset", "n", "margin", "dseed", "spread", "pts"}
    for name in lessons.names():
        lesson = lessons.lesson(lessons.names().index(name) + 1)
        for step in lesson.steps:
            keys = set(step.change) | {k for n, links in step.runs.items() if n for k in links}
            assert takes_own_data(step) == (not keys & data_keys), (lesson.title, step.title)
