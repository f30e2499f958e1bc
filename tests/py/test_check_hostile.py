"""python -m perceptron_lab check on hostile input: digits the page does not read (Arabic-Indic,
full-width), an address with "?" or "＃" for "#", line breaks other than \\n in a file of links, a CSV
cell past csv's 128 KB default, empty input, and the progress of a long batch. Each case is judged
as the page would: a link the page would not open as that run is never called genuine."""

import csv
import json
import time

import pytest

from perceptron_lab import check_cli
from test_check_cli import run  # check's exit code, stdout and stderr, as test_check_cli calls it

BASE = "https://teacher.example/lab/#v=1&source=preset&preset=and&algorithm=online&epochs=100&eta=1&bias=1"
HAND = "m0~0~-1_n_n_m1~1~0_m1~1~-1_m1~0~-2"  # AND's first six visits, worked by hand (test_check_cli.py)
GOOD = f"{BASE}&view=exercise&exn=6&exs=6&exa={HAND}"
ARABIC_SIX, ARABIC_TEN = "\u0666", "\u0661\u0660"


def test_the_hand_link_itself_is_genuine(capsys):
    assert run([GOOD], capsys)[:2] == (0, "link 1: genuine: 6 of 6 right (none wrong); AND, online\n")


def test_arabic_indic_digits_in_the_claim_are_not_a_claim(capsys):
    # The page reads exn/exs with JavaScript's \d (ASCII): exn=٦ is no count, and it shows a notice.
    code, out, _ = run(["--json", GOOD.replace("exn=6", f"exn={ARABIC_SIX}")], capsys)
    r = json.loads(out)
    assert code == 1 and r["status"] == "altered"
    assert r["reasons"] == ["its exn, exs or exq is not a number the page writes"]


@pytest.mark.parametrize("bad, why", [
    (GOOD.replace("exa=m0~0~-1", "exa=m\uff10~\uff10~-\uff11"), "the answers in the link cannot be read (bad number)"),
    (GOOD.replace("m1~0~-2", f"m1~0~-{ARABIC_SIX}"), "the answers in the link cannot be read (bad number)"),
    (GOOD.replace("epochs=100", f"epochs={ARABIC_TEN}"), "Epochs (MaxIter) must be a whole number"),
    (GOOD.replace("eta=1", "eta=\uff11"), "Learning rate η must be a number"),
    (GOOD.replace("#", "?"), "the page reads only what follows “#”, not “?” or “＃”"),
    (GOOD.replace("#", "\uff03"), "the page reads only what follows “#”, not “?” or “＃”"),
])
def test_links_the_page_would_not_open_as_this_run_are_malformed(capsys, bad, why):
    code, out, err = run([bad], capsys)
    assert code == 2 and out.startswith("link 1: MALFORMED: ") and why in err and err.count("\n") == 1


@pytest.mark.parametrize("breaker", ["\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_real_line_ends_separate_links_in_a_file(capsys, tmp_path, breaker):
    # Link 2 has a character str.splitlines() splits at in the middle: it stays one (malformed)
    # link, and the forged link after it is still link 3.
    forged = GOOD.replace("exs=6", "exs=5")
    f = tmp_path / "links.txt"
    f.write_text(f"{GOOD}\r\n{GOOD[:40]}{breaker}{GOOD[40:]}\n\n{forged}\n", encoding="utf-8", newline="")
    code, out, err = run(["--file", str(f)], capsys)
    lines = out.splitlines()  # the output's own lines (printable() escapes what it prints)
    assert code == 2 and len(lines) == 3 and err.count("\n") == 1
    assert lines[0].startswith("link 1: genuine") and lines[1].startswith("link 2: MALFORMED")
    assert lines[2].startswith("link 3: ALTERED: it claims a score of 5 but its answers score 6")


def test_empty_input_is_an_error_not_a_silent_success(capsys, monkeypatch, tmp_path):
    assert run([], capsys, stdin="", monkeypatch=monkeypatch) == (2, "", "perceptron-lab: stdin holds no result links\n")
    blank = tmp_path / "blank.txt"
    blank.write_text("\n  \n\r\n")
    code, out, err = run(["--file", str(blank)], capsys)
    assert (code, out) == (2, "") and err.endswith("holds no result links\n")
    header_only = tmp_path / "header.csv"
    header_only.write_text("student,link\n")
    code, out, err = run(["--file", str(header_only), "--column", "link"], capsys)
    assert (code, out) == (2, "") and err.endswith("holds no rows of links under its header\n")
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert run(["--file", str(empty), "--column", "0"], capsys)[0] == 2


def test_a_csv_cell_past_128_kb_is_a_link_too_long_not_a_traceback(capsys, tmp_path):
    src = tmp_path / "handed-in.csv"
    with open(src, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["student", "link"])
        w.writerow(["Ada", GOOD])
        w.writerow(["Bob", GOOD + "&x=" + "a" * 200_000])
    code, out, err = run(["--file", str(src), "--column", "link"], capsys)
    assert code == 2 and out.splitlines()[0].startswith("link 1: genuine")
    assert "link 2: This link cannot be checked: the link is longer than 65536 characters" in err
    assert "Traceback" not in err and "_csv.Error" not in err


def test_a_long_batch_says_how_far_it_is_on_stderr(capsys, monkeypatch):
    ticks = iter(range(0, 1000, 3))  # every reading of the clock: 1.5 s later
    monkeypatch.setattr(time, "monotonic", lambda: next(ticks) / 2)
    code, out, err = run([GOOD, GOOD, GOOD], capsys)
    assert code == 0 and out.count("genuine") == 3
    assert err == "perceptron-lab: checking link 2 of 3 (3 s so far)…\n"


def test_a_link_carrying_much_data_is_announced_before_its_replay(capsys):
    big = GOOD + "&x=" + "a" * check_cli.BIG_LINK
    code, _, err = run([big], capsys)
    assert code == 0 and err.splitlines()[0] == (
        f"perceptron-lab: checking link 1 of 1 (0 s so far; it carries {len(big):,} characters of data to unpack "
        "and train on)…")


def test_a_link_argument_that_is_not_utf8_goes_to_the_gradebook_with_its_bytes_escaped(capsys, tmp_path):
    # argv bytes that are not UTF-8 reach Python as lone surrogates (\xff -> \udcff), which the
    # gradebook's UTF-8 writer cannot encode: it raised UnicodeEncodeError after every link was checked.
    book = tmp_path / "book.csv"
    code, out, err = run([GOOD, "v=1&x=\udcff", "--csv", str(book)], capsys)
    assert code == 2 and out.startswith("link 1: genuine") and "Traceback" not in err
    rows = list(csv.reader(book.open(encoding="utf-8", newline="")))
    assert rows[2][0] == "v=1&x=\\xff" and rows[2][1] == "malformed"


@pytest.mark.parametrize("raw, names", [
    ("setosa\x1c,versicolor", ["setosa\x1c", "versicolor"]),  # \x1c-\x1f and \x85: Python strips them, JavaScript's trim does not
    ("versicolor\x85,virginica", ["versicolor\x85", "virginica"]),
    ("\ufeffsetosa ,\u3000virginica", ["setosa", "virginica"]),  # U+FEFF: JavaScript's trim removes it, Python's strip does not
])
def test_class_names_in_a_link_are_trimmed_as_the_page_trims_them(raw, names):
    from perceptron_lab.exercise.result_link import BY_NAME, validate

    assert validate(BY_NAME["classes"], raw) == names


def test_hidden_parts_are_trimmed_as_the_page_trims_them():
    from perceptron_lab.exercise.result_link import BY_NAME, LinkError, validate

    p = BY_NAME["hide"]
    first = p["options"][0]["value"]
    assert validate(p, f"\ufeff{first}") == [first]
    with pytest.raises(LinkError):
        validate(p, f"{first}\x1f")


def test_a_quote_left_open_in_a_csv_file_is_named_not_read_as_one_long_cell(capsys, tmp_path):
    # Without strict reading, the open quote swallowed the rest of the file into one cell: Bob's
    # link and every later one were never checked, and Ada's row was "Give the result link to check".
    src = tmp_path / "handed-in.csv"
    src.write_text(f'student,link\n"Ada,{GOOD}\nBob,{GOOD}\n', encoding="utf-8")
    code, out, err = run(["--file", str(src), "--column", "link"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("perceptron-lab: cannot read ") and "as a CSV file: unexpected end of data" in err
