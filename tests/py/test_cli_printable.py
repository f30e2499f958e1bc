"""The CLI prints text from files (column names, labels, messages naming them): terminal
control sequences in them are shown as escapes, never sent to the terminal (issue 14)."""
import json

import pytest

from perceptron_lab import cli

ESC_LABEL = "\x1b[2J\x1b]0;owned\x07pos"
BIDI_NAME = "x\u202eevil"


def test_printable_escapes_controls_and_keeps_layout():
    assert cli.printable("a\x1b[31mb\x07\u202ec\n\td\x9b\x7f") == "a\\x1b[31mb\\x07\\u202ec\n\td\\x9b\\x7f"
    assert cli.printable("température ≥ 1 · ½") == "température ≥ 1 · ½"  # ordinary text untouched


def test_summary_of_a_file_with_escapes_reaches_the_terminal_inert(tmp_path, capsys):
    f = tmp_path / "esc.csv"
    rows = "".join(f"{a},{b},{ESC_LABEL if a + b > 1 else 'neg'}\n" for a, b in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 2)])
    f.write_text(f"{BIDI_NAME},x2,y\n" + rows, encoding="utf-8")
    assert cli.main(["train", str(f), "--epochs", "5"]) == 0
    out = capsys.readouterr().out
    assert not any(ord(c) < 0x20 and c not in "\n\t" or 0x7F <= ord(c) < 0xA0 or c == "\u202e" for c in out), repr(out)
    assert "\\x1b[2J\\x1b]0;owned\\x07pos" in out and "x\\u202eevil" in out
    # --json keeps the exact strings (JSON escapes them itself).
    assert cli.main(["train", str(f), "--epochs", "5", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert ESC_LABEL in r["labels"].values() and r["feature_names"][0] == BIDI_NAME


@pytest.mark.parametrize("label", ["\x1b[31m", "\x1b]0;t\x07"])
def test_an_error_naming_a_hostile_column_is_inert(tmp_path, capsys, label):
    f = tmp_path / "bad.csv"
    f.write_text(f"a,b\n1,{label}\n2,x\n3,y\n", encoding="utf-8")  # three labels: refused
    assert cli.main(["train", str(f)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err, repr(err)
