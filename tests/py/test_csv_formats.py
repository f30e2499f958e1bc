"""CSV as people have it: encodings, decimal commas, thousands separators, overrides,
hostile shapes, true messages, multiclass loading, the bridge's CSV spec."""

from pathlib import Path

import numpy as np
import pytest

from perceptron_lab.data.csv_read import parse_csv, preview
from perceptron_lab.errors import DataError
from csvkit import assert_where, err




# --------------------------------------------------------------------------- as people have it

IRIS_EU = ("sepal length;sepal width;species\n5,1;3,5;setosa\n4,9;3;setosa\n"
           "7;3,2;versicolor\n6,4;3,2;versicolor\n")
IRIS_X = [[5.1, 3.5], [4.9, 3.0], [7.0, 3.2], [6.4, 3.2]]


def read_as(source, **kw):
    p = preview(source, **kw)
    return p["read_as"], p["read_as_text"]


@pytest.mark.parametrize("delimiter,word", [(";", "semicolon"), ("\t", "tab")])
def test_decimal_comma(delimiter, word):
    text = IRIS_EU.replace(";", delimiter)
    ds = parse_csv(text.encode("utf-8"))
    assert ds.X.tolist() == IRIS_X and ds.feature_names == ["sepal length", "sepal width"]
    assert ds.label_mapping_json() == {"-1": "setosa", "+1": "versicolor"}
    assert read_as(text.encode()) == ({"delimiter": delimiter, "decimal": ",", "encoding": "utf-8"},
                                      f"read as: {word}-separated, decimal comma, UTF-8")


def test_european_excel_file_windows_1252_with_accents():
    text = "température;pression;classe\r\n20,5;1013,2;chaud\r\n-3,25;998;froid\r\n18;1 002,5;chaud\r\n"
    raw = text.encode("cp1252")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    ds = parse_csv(raw)
    assert ds.feature_names == ["température", "pression"]
    assert ds.X.tolist() == [[20.5, 1013.2], [-3.25, 998.0], [18.0, 1002.5]]
    assert ds.label_mapping_json() == {"-1": "chaud", "+1": "froid"}
    assert read_as(raw) == ({"delimiter": ";", "decimal": ",", "encoding": "windows-1252"},
                            "read as: semicolon-separated, decimal comma, thousands separators, Windows-1252")
    # € and the curly quotes exist in Windows-1252 only (not in Latin-1)
    ds = parse_csv("prix €;poids;classe\n1;2;“a”\n3;4;b\n".encode("cp1252"))
    assert ds.feature_names == ["prix €", "poids"] and ds.label_names[1] == "“a”"


def test_latin1_when_windows_1252_cannot_read_it():
    raw = "a;b;c\n1;2;x\n3;4;y\n".encode() + b"5;6;\x81\n"  # 0x81 is undefined in Windows-1252
    p = preview(raw)
    assert p["read_as"]["encoding"] == "latin-1" and "Latin-1" in p["read_as_text"]
    assert p["rows"][2] == ["5", "6", "\x81"]


def test_utf8_header_with_accents_is_a_header():
    for text in ("température;pression;classe\n20;1013;1\n18;1012;0\n",
                 "température;pression;classe\n20,5;1013,2;chaud\n18,1;1012,9;froid\n"):
        for raw in (text, text.encode(), "\ufeff".encode() + text.encode(), text.encode("cp1252")):
            p = preview(raw)
            assert p["has_header"] is True and p["columns"] == ["température", "pression", "classe"], raw


@pytest.mark.parametrize("codec,key,name", [("utf-16-le", "utf-16-le", "UTF-16 LE"),
                                            ("utf-16-be", "utf-16-be", "UTF-16 BE")])
def test_utf16_with_bom(codec, key, name):
    # Excel's "Unicode text": UTF-16 with a byte order mark, tab-separated
    text = "\ufeff" + IRIS_EU.replace(";", "\t").replace("sepal length", "longueur sépale")
    raw = text.encode(codec)
    assert raw[:2] == (b"\xff\xfe" if codec.endswith("le") else b"\xfe\xff")
    ds = parse_csv(raw)
    assert ds.X.tolist() == IRIS_X and ds.feature_names == ["longueur sépale", "sepal width"]
    assert read_as(raw) == ({"delimiter": "\t", "decimal": ",", "encoding": key},
                            f"read as: tab-separated, decimal comma, {name}")
    # without the BOM the zero bytes still say it
    assert preview(text[1:].encode(codec))["read_as"]["encoding"] == key
    with pytest.raises(DataError) as e:
        parse_csv(raw[:-1])
    assert "odd number of bytes" in e.value.message


def test_thousands_separators_where_unambiguous():
    # quoted in a comma-separated file: "1,234" can only be a thousands separator
    ds = parse_csv('a,b,y\n"1,234",0.5,0\n"12,345,678",2,1\n"1,234.5",3,1\n')
    assert ds.X.tolist() == [[1234.0, 0.5], [12345678.0, 2.0], [1234.5, 3.0]]
    assert "thousands separators" in preview('a,b,y\n"1,234",0.5,0\n7,2,1\n')["read_as_text"]
    # a file of decimal commas: the dot groups thousands
    ds = parse_csv("a;b;y\n1.234,5;0,5;0\n1.234.567;2;1\n")
    assert ds.X.tolist() == [[1234.5, 0.5], [1234567.0, 2.0]]
    # spaces (also the no-break spaces Excel writes) group in any locale
    ds = parse_csv("a;b;y\n1\u00a0234,5;0,5;0\n12\u202f345;2;1\n1 000;3;1\n")
    assert ds.X[:, 0].tolist() == [1234.5, 12345.0, 1000.0]
    # a file of decimal points: 1,234 in a semicolon file is 1234
    assert parse_csv("a;b;y\n1,234;0.5;0\n2;3;1\n").X[0].tolist() == [1234.0, 0.5]


def test_ambiguous_comma_is_refused_truly_and_the_caller_can_choose():
    text = "a;b;y\n1,234;5;0\n2;3;1\n"  # nothing else says whether 1,234 is 1.234 or 1234
    e = err(text)
    assert_where(e, 2, "a")
    assert "'1,234' could be 1.234 (decimal comma) or 1234 (thousands separator)" in e.message
    assert parse_csv(text, decimal=",").X[0, 0] == 1.234
    assert parse_csv(text, decimal=".").X[0, 0] == 1234.0
    assert preview(text, decimal=",")["read_as"]["decimal"] == ","


def test_mixed_decimal_styles_name_both_cells():
    e = err("a;b;y\n5,1;3,5;0\n4,9;3.25;1\n6,2;2,8;0\n")
    assert_where(e, 3, "b")
    assert e.message == ("Row 3, column 'b': '3.25' is written with a decimal point, but the other numbers "
                         "in this file use a decimal comma (e.g. '5,1' in row 2). Use one style, or "
                         "choose the decimal separator.")


def test_overrides_and_bad_overrides():
    from perceptron_lab.errors import SettingsError

    text = "a;b;y\n1;2;0\n3;4;1\n"
    assert err(text, delimiter="comma").message.startswith("The file has only one column")
    assert parse_csv(text.replace(";", "\t"), delimiter="\t").X.tolist() == [[1, 2], [3, 4]]
    raw = "é;b;y\n1;2;0\n3;4;1\n".encode("cp1252")
    assert parse_csv(raw, encoding="latin-1").feature_names == ["é", "b"]
    assert preview(raw, encoding="cp1252")["read_as"]["encoding"] == "windows-1252"
    assert parse_csv("é;b;y\n1;2;0\n3;4;1\n".encode(), encoding="windows-1252").feature_names == ["Ã©", "b"]
    with pytest.raises(DataError) as e:  # a BOM contradicts the choice
        parse_csv("a;b;y\n1;2;0\n".encode("utf-16"), encoding="utf-8")
    assert "byte order mark" in e.value.message
    for kw, field in (({"delimiter": "|"}, "delimiter"), ({"decimal": "'"}, "decimal"),
                      ({"encoding": "ebcdic"}, "encoding")):
        with pytest.raises(SettingsError) as s:
            parse_csv(text, **kw)
        assert s.value.field == field and s.value.message


@pytest.mark.parametrize("text", [",,,\n,,,\n", ";;;\n;;;\n;;;\n", "\t\t\n\t\t\n", '"","",""\n;;\n'])
def test_a_file_of_delimiters_only_has_no_data(text):
    e = err(text)
    assert e.message == "The file has no data: it holds only delimiters and blank lines."


def test_twenty_thousand_equal_names_are_numbered():
    n = 20_000
    text = ",".join(["a"] * (n - 1) + ["y"]) + "\n" + ",".join(["1"] * (n - 1) + ["0"]) + "\n" + \
        ",".join(["2"] * (n - 1) + ["1"]) + "\n"
    ds = parse_csv(text)
    assert ds.feature_names[:3] == ["a", "a (2)", "a (3)"] and ds.feature_names[-1] == f"a ({n - 1})"
    assert len(set(ds.feature_names)) == n - 1
    # a name that is already taken is skipped, and the first one keeps its name
    assert parse_csv("a,a (2),a,a,y\n1,2,3,4,0\n5,6,7,8,1\n").feature_names == ["a", "a (2)", "a (3)", "a (4)"]


def test_absurd_shapes_are_refused_with_the_reason():
    from perceptron_lab.data.csv_read import MAX_CELLS, MAX_COLUMNS

    wide = ",".join(["1"] * (MAX_COLUMNS + 1)) + "\n"
    e = err(wide * 3)
    assert e.message == (f"The first row has {MAX_COLUMNS + 1:,} columns; the limit is {MAX_COLUMNS:,} "
                         "columns. Keep the columns you need and upload again.")
    assert e.row == 1
    # quoted delimiters are not columns
    quoted = ",".join(['"1,1"'] * (MAX_COLUMNS // 2) + ["0"]) + "\n"
    assert len(preview(quoted + quoted.replace("0\n", "1\n"))["columns"]) == MAX_COLUMNS // 2 + 1
    lines = MAX_CELLS // 100 + 1  # 100 columns: one line more than the limit allows
    e = err(("1," * 99 + "1\n") * lines, max_bytes=10**9, max_rows=10**9)
    assert e.message == (f"The file has {lines:,} lines of 100 columns (up to {lines * 100:,} values); "
                         f"the limit is {MAX_CELLS:,} values. Keep fewer rows or columns.")
    from perceptron_lab.data.csv_read import _check_shape

    assert _check_shape(("1," * 99 + "1\n") * (lines - 1), ",") == 100  # exactly at the limit is fine: its width


def test_more_than_two_classes_points_at_the_multiclass_perceptron_or_loads_as_multiclass():
    text = "x1,x2,species\n1,2,b\n3,4,a\n5,6,c\n7,8,a\n"
    assert "multiclass perceptron" in err(text).message
    ds = parse_csv(text, multiclass=True)
    assert ds.y.tolist() == [1, 0, 2, 0] and ds.classes == ["a", "b", "c"]
    assert ds.X.tolist() == [[1, 2], [3, 4], [5, 6], [7, 8]] and ds.feature_names == ["x1", "x2"]
    ds = parse_csv("x,y\n1,10\n2,9\n3,1.0\n4,1\n", multiclass=True)  # numerically, 1 and 1.0 one class
    assert ds.y.tolist() == [2, 1, 0, 0] and ds.class_names_json() == ["1.0", "9", "10"]


def test_inspect_reads_once_and_agrees_with_preview_and_parse():
    from perceptron_lab.data.csv_read import inspect_csv

    raw = IRIS_EU.encode("cp1252")
    p, ds = inspect_csv(raw, label="species", rows=2)
    assert p == preview(raw, label="species", rows=2)
    ref = parse_csv(raw, label="species")
    assert np.array_equal(ds.X, ref.X) and np.array_equal(ds.y, ref.y)


def test_bridge_spec_with_base64_bytes_and_overrides():
    import base64

    from perceptron_lab.data.csv_read import inspect_csv, spec_args
    from perceptron_lab.errors import SettingsError

    raw = IRIS_EU.encode("cp1252")
    source, kw = spec_args({"kind": "csv", "base64": base64.b64encode(raw).decode(), "label": "species",
                            "name": "iris.csv", "decimal": ","})
    assert source == raw and kw["decimal"] == "," and kw["name"] == "iris.csv"
    p, ds = inspect_csv(source, **kw)
    assert ds.X.tolist() == IRIS_X and p["read_as"]["encoding"] == "utf-8"  # ASCII bytes are UTF-8
    with pytest.raises(DataError) as e:
        spec_args({"kind": "csv", "base64": "***"})
    assert "base64" in e.value.message
    for bad, field in (({"text": "a", "label": True}, "label"), ({"text": "a", "decimal": 1}, "decimal")):
        with pytest.raises(SettingsError) as s:
            spec_args({"kind": "csv", **bad})
        assert s.value.field == field


def test_bridge_inspect_says_how_the_file_was_read_and_takes_overrides():
    import base64

    from perceptron_lab.bridge import handle

    raw = "température;pression;classe\n20,5;1013,2;chaud\n-3,25;998;froid\n".encode("cp1252")
    data = {"kind": "csv", "base64": base64.b64encode(raw).decode(), "name": "m.csv"}
    r = handle({"cmd": "inspect", "data": data})
    assert r["ok"], r
    assert r["read_as"] == {"delimiter": ";", "decimal": ",", "encoding": "windows-1252"}
    assert r["read_as_text"] == "read as: semicolon-separated, decimal comma, Windows-1252"
    assert r["feature_names"] == ["température", "pression"] and r["n"] == 2
    t = handle({"cmd": "train", "data": data, "settings": {"plots": False}})
    assert t["ok"] and t["feature_names"] == ["température", "pression"]
    r = handle({"cmd": "inspect", "data": {**data, "encoding": "latin-1", "decimal": "."}})
    assert not r["ok"] and r["error"]["row"] == 2 and "decimal comma" in r["error"]["message"]
    r = handle({"cmd": "inspect", "data": {**data, "delimiter": "|"}})
    assert not r["ok"] and r["error"]["field"] == "delimiter"


def test_a_chosen_decimal_separator_is_named_as_chosen_not_as_the_files_style():
    """With the decimal point chosen, a file of decimal commas has no "other numbers" in a
    decimal point: the message says what was chosen instead."""
    e = err("a;b;y\n1,5;2,5;x\n2,5;1,5;z\n", decimal="point")
    assert e.message == ("Row 2, column 'a': '1,5' is written with a decimal comma, but a decimal point was "
                         "chosen for this file. Choose the other decimal separator, or let the lab guess.")
    # Guessed (5.1 and 2.5 say point), the file's own example is cited.
    e = err("a;b;y\n5.1;2.5;x\n2,5;1.5;z\n")
    assert "but the other numbers in this file use a decimal point (e.g. '5.1' in row 2)" in e.message


def test_read_as_choices_that_do_not_fit_say_so_truly():
    """Wrong read-as choices on real files (the upload preview's review): each message names
    what was chosen, never a false fact about the file."""
    from sklearn.datasets import load_iris

    iris = load_iris()
    keep = iris.target > 0
    rows = "".join(",".join(f"{v:.1f}" for v in r) + ("," + ("versicolore" if t == 1 else "virginique")) + "\n"
                   for r, t in zip(iris.data[keep], iris.target[keep]))
    latin1 = ("longueur sépale,largeur sépale,longueur pétale,largeur pétale,espèce\n" + rows).encode("latin-1")
    assert err(latin1, delimiter="semicolon").message == (
        "The file has only one column when read as semicolon-separated. It needs at least one numeric "
        "feature column besides the label column; if the file uses another delimiter, choose it.")
    # Windows-1252 bytes read as UTF-16 would be one line of other characters ("no data rows").
    for key, name in (("utf-16-le", "UTF-16 LE"), ("utf-16-be", "UTF-16 BE")):
        e = err(latin1, encoding=key)
        assert e.message.startswith(f"The file is not {name} text: UTF-16 writes every comma") and e.row == 1
    assert "not UTF-8 text (the byte 0xe9" in err(latin1, encoding="utf-8").message
    # Real UTF-16 without a BOM still reads when chosen.
    ds = parse_csv(latin1.decode("latin-1").encode("utf-16-le"), encoding="utf-16-le")
    assert ds.n == 100 and ds.feature_names[0] == "longueur sépale"


def test_a_space_separated_file_is_named_as_such():
    """scikit-learn's linnerud files separate their cells by spaces, which the lab does not read:
    the message says so (the generic "choose another delimiter" would offer none that fits)."""
    import sklearn

    path = Path(sklearn.__file__).parent / "datasets" / "data" / "linnerud_exercise.csv"
    e = err(path.read_bytes())
    assert e.message == ("The file has only one column when read as comma-separated. "
                         "Its cells are separated by spaces, which the lab does not read: save it with "
                         "commas, semicolons or tabs between the cells.")
    # One column of labels with spaces in them is not a space-separated table: the generic message.
    e = err(b"kind\nsmall cat\nbig dog\nsmall cat\n")
    assert "another delimiter" in e.message and "spaces" not in e.message
