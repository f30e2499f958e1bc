"""The verdict names the answer in the words of the choices the student picked from: a question
offering "Larger / Smaller / The same" is answered "larger", never the engine's "more"."""

from perceptron_lab import lessons
from perceptron_lab.bridge.linear_fit import fit


def test_every_choice_question_names_its_truth_as_one_of_its_choices():
    seen = 0
    for number in range(1, len(lessons.names()) + 1):
        lesson = lessons.lesson(number)
        for k, step in enumerate(lesson.steps, 1):
            q = lessons.view(lesson, k, fit=fit)["question"]
            if not q or q["answer"] == "vector" or q["kind"] == "example":
                continue
            labels = {c["label"].lower() for c in q["choices"]}
            check = lessons.view(lesson, k, answer=q["choices"][0]["value"], fit=fit)["check"]
            truths = check["truth"].split(" or ")  # best: ties name each run
            assert all(t in labels for t in truths), (number, k, check["truth"], labels)
            seen += 1
    assert seen >= 8
    narrow = lessons.view(lessons.lesson(3), 1, answer="more", fit=fit)["check"]
    assert narrow["correct"] is True and narrow["truth"] == "larger"  # the bound grows on narrower clouds
