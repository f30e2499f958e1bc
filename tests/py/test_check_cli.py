"""python -m perceptron_lab check: result links graded against answers worked by hand, forged
links named as forged, malformed ones refused with one line, links from a file, stdin or a CSV
column, a CSV for a gradebook, and the bridge's check request."""

import csv
import io
import json
import subprocess
import sys

import pytest

from perceptron_lab import cli
from perceptron_lab.bridge import handle

BASE = "https://teacher.example/lab/#v=1&source=preset&preset=and&algorithm=online&epochs=100&eta=1&bias=1"
# AND, x̃ = (x1, x2, 1), w = 0, η = 1, fixed order (seed 001's rule, worked by hand):
#  1 (0,0,1) y=-1 a=0 mistake -> (0,0,-1)   2 (0,1,1) a=-1 right   3 (1,0,1) a=-1 right
#  4 (1,1,1) y=+1 a=-1 mistake -> (1,1,0)   5 (0,0,1) a=0 mistake -> (1,1,-1)   6 (0,1,1) a=0 mistake -> (1,0,-2)
HAND = "m0~0~-1_n_n_m1~1~0_m1~1~-1_m1~0~-2"
# The kernel perceptron on AND, k̃(x, x′) = x·x′ + 1, counts α from 0:
#  1 f(x1)=0 mistake α1=1   2 f=-1·1=-1 right   3 f=-1 right   4 f(x4)=-1·1=-1, y=+1 mistake α4=1
#  5 f(x1)=-1·1 + 1·1 = 0 mistake α1=2   6 f(x2)=-2·1 + 1·(1+1) = 0 mistake α2=1
KERNEL = "https://t.example/#v=1&source=preset&preset=and&algorithm=kernel&kernel=linear"


def link(answers, count, score, base=BASE):
    return f"{base}&view=exercise&exn={count}&exs={score}" + (f"&exa={answers}" if answers else "")


def run(args, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    code = cli.main(["check", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_answers_worked_by_hand_score_six_of_six(capsys):
    code, out, err = run([link(HAND, 6, 6)], capsys)
    assert code == 0 and err == ""
    assert out == "link 1: genuine: 6 of 6 right (none wrong); AND, online\n"


def test_kernel_counts_worked_by_hand(capsys):
    code, out, _ = run([link("m1_n_n_m1_m2_m1", 6, 6, KERNEL), link("m1_n_n_m1_m1_m1", 6, 5, KERNEL)], capsys)
    assert code == 0
    assert out.splitlines() == ["link 1: genuine: 6 of 6 right (none wrong); AND, kernel",
                                "link 2: genuine: 5 of 6 right (wrong: 5); AND, kernel"]


def test_wrong_answers_are_named_and_a_decimal_within_the_tolerance_is_right(capsys):
    # 2: said mistake on a right example; 5: w off by one; 6: 1e-10 off (typed digits) is right.
    answers = "m0~0~-1_m0~0~-1_n_m1~1~0_m1~1~0_m1.0000000001~0~-2"
    code, out, _ = run([link(answers, 6, 4)], capsys)
    assert (code, out) == (0, "link 1: genuine: 4 of 6 right (wrong: 2, 5); AND, online\n")


def test_a_forged_score_is_rejected_with_the_reason(capsys):
    code, out, err = run([link(HAND.replace("m1~0~-2", "m1~0~-3"), 6, 6)], capsys)
    assert code == 1 and err == ""
    assert out == ("link 1: ALTERED: it claims a score of 6 but its answers score 5: the score or answer 6 "
                   "(wrong on replay) was changed after the page wrote the link (no other η, setting or preset "
                   "makes them score 6). Replayed: 5 of 6 right (wrong: 6); AND, online\n")


# The answers worked by hand above, on a run of the link edited after the page wrote it: the check
# names the edit (each makes the hand answers score the claimed 6) instead of calling the score forged.
@pytest.mark.parametrize("edit, reason", [
    (("eta=1", "eta=0.5"), "it claims a score of 6, which its answers give with η = 1, not with the link's η = 0.5: "
                           "η was changed after the page wrote the link"),
    (("preset=and", "preset=or"), "it claims a score of 6, which its answers give with Preset “AND”, not the link's "
                                  "“OR”: the data was changed after the page wrote the link"),
    (("bias=1", "bias=1&order=shuffle-each&seed=3"), "it claims a score of 6, which its answers give with Order "
                                                     "“Constant order”, not the link's “Permute every epoch”: Order was "
                                                     "changed after the page wrote the link"),
])
def test_a_changed_setting_or_preset_is_named_not_called_a_forged_score(capsys, edit, reason):
    code, out, _ = run(["--json", link(HAND, 6, 6, BASE.replace(*edit))], capsys)
    r = json.loads(out)
    assert code == 1 and r["status"] == "altered" and r["reasons"] == [reason]


def test_a_changed_point_is_named(capsys):
    # Seen: (0,0) −1, (1,3) +1, (2,0) +1. w: (0,0,−1) after 1, (1,3,0) after 2, (1,3,−1) after (0,0) again.
    seen = "m0~0~-1_m1~3~0_n_m1~3~-1_n_n"
    points = "https://t.example/#v=1&source=points&algorithm=online&pts=0,0,-1;1,1,1;2,0,1"
    code, out, _ = run(["--json", link(seen, 6, 6, points)], capsys)
    assert json.loads(out)["reasons"] == [
        "it claims a score of 6, which its answers give when point 2 is (1, 3) labelled +1, not the link's (1, 1) "
        "labelled +1: the data was changed after the page wrote the link"]
    assert run([link(seen, 6, 6, points.replace("1,1,1", "1,3,1"))], capsys)[0] == 0


def test_a_forged_answer_list_is_named(capsys):
    # One answer dropped but the count kept; an answer with fewer numbers than w has; more answers
    # than the run has visits (XOR cycles after its first epoch: w is 0 again after 4 updates).
    xor = BASE.replace("preset=and", "preset=xor")
    code, out, _ = run([link(HAND.rsplit("_", 1)[0], 6, 5), link("m0~0", 1, 0), link("_".join(["n"] * 5), 5, 0, xor)], capsys)
    lines = out.splitlines()
    assert code == 1
    assert lines[0].startswith("link 1: ALTERED: it claims 6 answers but holds 5 (the answer list was altered)")
    assert lines[1].startswith("link 2: ALTERED: answer 1 gives fewer than the 3 numbers the page asks for")
    assert lines[2] == ("link 3: ALTERED: it holds 5 answers but the exercise has only 4 examples to answer. "
                        "Replayed: 0 of 4 right (wrong: 1, 2, 3, 4); XOR, online")


def test_the_answers_asked_for_exq(capsys):
    # The SCORM package's links ask for a number of answers: more than that is not the page's.
    asked = f"{BASE}&view=exercise&exq=4&exn=4&exs=4&exa=m0~0~-1_n_n_m1~1~0"
    more = f"{BASE}&view=exercise&exq=4&exn=6&exs=6&exa={HAND}"
    code, out, _ = run(["--json", asked, more], capsys)
    a, b = (json.loads(line) for line in out.splitlines())
    assert code == 1 and (a["status"], a["asked"], a["score"]) == ("genuine", 4, 4)
    assert b["status"] == "altered" and b["reasons"] == ["it holds 6 answers but the exercise asks for 4"]


def test_malformed_links_exit_2_with_one_line_each(capsys):
    bad = [BASE.replace("epochs=100", "epochs=abc") + "&view=exercise",
           BASE,  # not an exercise result
           "https://teacher.example/lab/",
           link("m0~0~-1_x", 2, 1),
           "https://t.example/#v=1&source=points&view=exercise&exn=0&exs=0",
           "https://t.example/#v=2&view=exercise"]
    code, out, err = run([link(HAND, 6, 6), *bad], capsys)
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == len(bad)
    assert lines == [
        "perceptron-lab: link 2: This link cannot be checked: Epochs (MaxIter) must be a whole number.",
        "perceptron-lab: link 3: This link cannot be checked: this is not an exercise result link (it has no view=exercise).",
        "perceptron-lab: link 4: This link cannot be checked: this is not a Perceptron Lab link (it has no #v=1&... part).",
        "perceptron-lab: link 5: This link cannot be checked: the answers in the link cannot be read (bad answer); "
        "the page starts such a link afresh.",
        "perceptron-lab: link 6: This link cannot be checked: the link's points are not in it (too many for a link, "
        "or cut off): they cannot be checked.",
        "perceptron-lab: link 7: This link cannot be checked: the link was made by another version of Perceptron Lab "
        "(v=2), which this one does not read.",
    ]
    assert out.splitlines()[0].startswith("link 1: genuine")
    assert all(s.startswith(f"link {i}: MALFORMED: ") for i, s in enumerate(out.splitlines()[1:], start=2))


def test_links_from_stdin_and_a_file(capsys, monkeypatch, tmp_path):
    text = f"{link(HAND, 6, 6)}\n\n{link(HAND, 6, 5)}\n"
    code, out, _ = run([], capsys, stdin=text, monkeypatch=monkeypatch)
    assert code == 1 and [s.split(":")[1] for s in out.splitlines()] == [" genuine", " ALTERED"]
    f = tmp_path / "links.txt"
    f.write_text(text)
    assert run(["--file", str(f)], capsys)[1] == out
    # A file of links is read as a data file is: never a device, never past the limit.
    assert run(["--file", "/dev/zero"], capsys)[:2] == (2, "")
    assert run(["--file", str(tmp_path)], capsys)[2].startswith(f"perceptron-lab: cannot read {tmp_path}: it is a folder")
    (tmp_path / "latin1.txt").write_bytes("caf\xe9".encode("latin-1"))
    assert run(["--file", str(tmp_path / "latin1.txt")], capsys)[2].endswith("latin1.txt: it is not UTF-8 text\n")


def test_a_csv_column_in_and_a_gradebook_csv_out(capsys, tmp_path):
    src = tmp_path / "handed-in.csv"
    with open(src, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["student", "result link", "note"])
        w.writerow(["Ada", link(HAND, 6, 6), "on time"])
        w.writerow(["Bob", link("m0~0~-1_m0~0~-1", 2, 2), ""])
        w.writerow(["Cy", "not a link", "late"])
    out = tmp_path / "grades.csv"
    code, _, err = run(["--file", str(src), "--column", "result link", "--csv", str(out)], capsys)
    assert code == 2 and err.count("\n") == 1
    rows = list(csv.reader(open(out, newline="")))
    assert rows[0] == ["student", "result link", "note", "status", "score", "answered", "right", "reasons"]
    assert rows[1][0] == "Ada" and rows[1][3:7] == ["genuine", "6", "6", "111111"] and rows[1][7] == ""
    assert rows[2][0] == "Bob" and rows[2][3:7] == ["altered", "1", "2", "10"]
    assert rows[2][7].startswith("it claims a score of 2 but its answers score 1: the score or answer 2 (wrong on replay) was changed")
    assert rows[3][0] == "Cy" and rows[3][3] == "malformed" and "not a Perceptron Lab link" in rows[3][7]
    code, _, err = run(["--file", str(src), "--column", "link"], capsys)
    assert code == 2 and err == "perceptron-lab: --column link: the CSV file has no such column (its columns: student, result link, note)\n"


def test_a_result_of_another_run_than_the_assignment_is_altered(capsys):
    assignment = "https://teacher.example/lab/#v=1&source=preset&preset=and&algorithm=online&view=exercise&exn=0&exs=0"
    other = link("m0~0~-1", 1, 1, BASE.replace("preset=and", "preset=or"))
    code, out, _ = run(["--assignment", assignment, link(HAND, 6, 6), other], capsys)
    assert code == 1
    assert out.splitlines()[0].startswith("link 1: genuine")
    assert out.splitlines()[1].startswith("link 2: ALTERED: it is not the assigned exercise (Preset differs)")


def test_json_lines(capsys):
    code, out, _ = run(["--json", link(HAND, 6, 6)], capsys)
    r = json.loads(out)
    assert code == 0 and r["status"] == "genuine" and r["right"] == [True] * 6 and r["claimed"] == {"score": 6, "count": 6}
    assert r["verdict"] == "Replayed 6 answers: 6 right. This matches the link (6 of 6)."


def test_the_bridge_check_request():
    r = handle({"cmd": "check", "link": link(HAND, 6, 6)})
    assert r["ok"] and r["status"] == "genuine" and r["score"] == 6
    bad = handle({"cmd": "check", "link": "https://x/#v=1&view=exercise&algorithm=batch"})
    assert bad["ok"] is False and bad["error"]["field"] == "link"
    assert bad["error"]["message"].startswith("This link cannot be checked: the link's exercise cannot be run: "
                                              "The exercise follows one example at a time")
    assert handle({"cmd": "check"})["error"]["message"] == "Give the result link to check."


def test_python_m_check_in_a_subprocess_works_offline():
    p = subprocess.run([sys.executable, "-m", "perceptron_lab", "check", link(HAND, 6, 7)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "it claims a score of 7 but its answers score 6: the score or its answers were changed" in p.stdout
