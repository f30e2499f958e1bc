import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_lab.csvio import parse_csv, preview
from perceptron_lab.errors import DataError

BASIC = "x1,x2,label\n1,2,0\n3.5,-4,1\n0,1e-3,1\n"


def check_basic(ds, names=("x1", "x2"), labels=("0", "1")):
    assert ds.X.dtype == np.float64 and ds.y.dtype == np.int8
    assert ds.X.tolist() == [[1.0, 2.0], [3.5, -4.0], [0.0, 0.001]]
    assert ds.y.tolist() == [-1, 1, 1]
    assert ds.feature_names == list(names)
    assert ds.label_mapping_json() == {"-1": labels[0], "+1": labels[1]}


# --------------------------------------------------------------------------- features


def test_header():
    check_basic(parse_csv(BASIC))


def test_no_header_names_columns():
    ds = parse_csv("1,2,0\n3.5,-4,1\n0,1e-3,1\n")
    check_basic(ds)
    p = preview("1,2,0\n3.5,-4,1\n")
    assert p["has_header"] is False and p["columns"] == ["x1", "x2", "label"]


def test_no_header_label_first_renames_features():
    ds = parse_csv("0,1,2\n1,3.5,-4\n1,0,1e-3\n", label=0)
    check_basic(ds)
    assert preview("0,1,2\n1,3,4\n", label=0)["columns"] == ["label", "x1", "x2"]


@pytest.mark.parametrize("delimiter,name", [(",", ","), (";", ";"), ("\t", "\t")])
def test_each_delimiter(delimiter, name):
    text = BASIC.replace(",", delimiter)
    check_basic(parse_csv(text))
    assert preview(text)["delimiter"] == name
    # without a header as well
    check_basic(parse_csv(text.split("\n", 1)[1]))


def test_semicolon_with_commas_inside_quotes():
    text = 'a;b;kind\n1;2;"red, dark"\n3.5;-4;"blue"\n0;1e-3;blue\n'
    ds = parse_csv(text)
    assert ds.feature_names == ["a", "b"]
    assert ds.X.tolist() == [[1.0, 2.0], [3.5, -4.0], [0.0, 0.001]]
    assert ds.label_mapping_json() == {"-1": "blue", "+1": "red, dark"}
    assert ds.y.tolist() == [1, -1, -1]


def test_quoted_fields_and_header_names():
    text = '"width, cm","height",class\n"1","2","0"\n"3.5", -4 ,1\n0,"1e-3",1\n'
    check_basic(parse_csv(text), names=("width, cm", "height"))
    text = '"a ""quoted"" name",b,c\n1,2,"x\ny"\n3.5,-4,z\n0,1e-3,z\n'  # newline inside quotes
    ds = parse_csv(text)
    assert ds.feature_names == ['a "quoted" name', "b"]
    assert ds.label_mapping_json() == {"-1": "x\ny", "+1": "z"}


def test_bom_in_bytes_and_str():
    check_basic(parse_csv(b"\xef\xbb\xbf" + BASIC.encode()))
    check_basic(parse_csv("\ufeff" + BASIC))
    check_basic(parse_csv(BASIC.encode()))


def test_crlf_and_cr():
    check_basic(parse_csv(BASIC.replace("\n", "\r\n")))
    check_basic(parse_csv(BASIC.replace("\n", "\r\n").encode()))
    check_basic(parse_csv(BASIC.replace("\n", "\r")))


def test_blank_lines_trailing_and_inside():
    check_basic(parse_csv(BASIC + "\n\n  \n\r\n"))
    check_basic(parse_csv("\n\n" + BASIC.replace("1,2,0\n", "1,2,0\n\n,,\n")))


def test_trailing_delimiter_on_every_line():
    check_basic(parse_csv("x1,x2,label,\n1,2,0,\n3.5,-4,1,\n0,1e-3,1,\n"))
    check_basic(parse_csv("1,2,0,\n3.5,-4,1,\n0,1e-3,1,\n"))


def test_spaces_around_cells():
    check_basic(parse_csv(" x1 , x2 , label \n 1 , 2 , 0 \n3.5,  -4,1\n0,1e-3 ,1\n"))


@pytest.mark.parametrize("label", ["label", "LABEL", 2, "2", -1, "-1", None, ""])
def test_label_by_name_index_negative(label):
    check_basic(parse_csv(BASIC, label=label))


def test_label_column_in_the_middle():
    text = "x1,label,x2\n1,0,2\n3.5,1,-4\n0,1,1e-3\n"
    for label in ("label", 1, "1", -2, "-2"):
        check_basic(parse_csv(text, label=label))
    p = preview(text, label=-2)
    assert p["label_column"] == "label" and p["label_index"] == 1
    assert p["feature_columns"] == ["x1", "x2"]


def test_label_other_column_as_label():
    ds = parse_csv("x1,x2,label\n1,2,0\n3.5,2,1\n0,-4,1\n", label="x2")
    assert ds.feature_names == ["x1", "label"]
    assert ds.y.tolist() == [1, 1, -1]
    assert ds.label_mapping_json() == {"-1": "-4", "+1": "2"}


def test_string_labels_and_mapping_order():
    ds = parse_csv("a,b,animal\n1,2,dog\n3,4,cat\n5,6,dog\n")
    assert ds.y.tolist() == [1, -1, 1]
    assert ds.label_names == {-1: "cat", 1: "dog"}
    assert ds.label_mapping_json() == {"-1": "cat", "+1": "dog"}


def test_numeric_labels_sort_numerically_not_as_text():
    ds = parse_csv("a,b,y\n1,2,10\n3,4,9\n5,6,10\n")
    assert ds.y.tolist() == [1, -1, 1] and ds.label_mapping_json() == {"-1": "9", "+1": "10"}
    ds = parse_csv("a,b,y\n1,2,1\n3,4,-1\n5,6,+1\n")
    assert ds.y.tolist() == [1, -1, 1] and ds.label_mapping_json() == {"-1": "-1", "+1": "1"}
    ds = parse_csv("a,b,y\n1,2,1.0\n3,4,0\n5,6,1\n")  # 1.0 and 1 are one class
    assert ds.y.tolist() == [1, -1, 1]


def test_many_features_and_number_formats():
    ds = parse_csv("a,b,c,d,y\n1,+2,-.5,1E+2,p\n0.,3,4,5e-1,q\n")
    assert ds.X.tolist() == [[1, 2, -0.5, 100], [0, 3, 4, 0.5]]
    assert ds.feature_names == ["a", "b", "c", "d"]


def test_duplicate_and_empty_header_names():
    ds = parse_csv("a,a,,y\n1,2,3,0\n4,5,6,1\n")
    assert ds.feature_names == ["a", "a (2)", "column 3"]


def test_name_and_preview():
    assert parse_csv(BASIC, name="mine.csv").name == "mine.csv"
    p = preview(BASIC, rows=2)
    assert p == {
        "columns": ["x1", "x2", "label"],
        "rows": [["1", "2", "0"], ["3.5", "-4", "1"]],
        "label_column": "label",
        "label_index": 2,
        "feature_columns": ["x1", "x2"],
        "n": 3,
        "has_header": True,
        "delimiter": ",",
        "read_as": {"delimiter": ",", "decimal": ".", "encoding": None},
        "read_as_text": "read as: comma-separated, decimal point",
    }


def test_preview_shows_a_file_parse_csv_rejects():
    # string first column as label: the default (last column) fails, the preview works
    text = "species,len,wid\nsetosa,1,2\nvirginica,3,4\n"
    p = preview(text)
    assert p["label_column"] == "wid" and p["n"] == 2
    with pytest.raises(DataError) as e:
        parse_csv(text)
    assert e.value.row == 2 and e.value.column == "species"
    ds = parse_csv(text, label="species")
    assert ds.feature_names == ["len", "wid"] and ds.label_mapping_json() == {"-1": "setosa", "+1": "virginica"}


@settings(max_examples=60, deadline=None)
@given(
    X=st.integers(1, 30).flatmap(lambda n: st.lists(
        st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=3, max_size=3), min_size=n, max_size=n)),
    delimiter=st.sampled_from([",", ";", "\t"]),
    header=st.booleans(),
    crlf=st.booleans(),
)
def test_round_trip(X, delimiter, header, crlf):
    n = len(X)
    labels = ["neg" if i % 2 else "pos" for i in range(n)]
    if n == 1:
        labels = ["neg"]
    nl = "\r\n" if crlf else "\n"
    lines = ([delimiter.join(["f1", "f2", "f3", "cls"])] if header else [])
    lines += [delimiter.join([repr(v) for v in row] + [lab]) for row, lab in zip(X, labels)]
    text = nl.join(lines) + nl
    if n == 1:
        with pytest.raises(DataError):
            parse_csv(text)
        return
    ds = parse_csv(text)
    assert ds.X.tolist() == [[float(v) for v in row] for row in X]
    assert ds.y.tolist() == [1 if lab == "pos" else -1 for lab in labels]
    assert ds.feature_names == (["f1", "f2", "f3"] if header else ["x1", "x2", "x3"])


# --------------------------------------------------------------------------- errors


def err(source, **kw):
    with pytest.raises(DataError) as e:
        parse_csv(source, **kw)
    return e.value


def assert_where(e, row, column):
    assert e.row == row, e.message
    assert e.column == column, e.message
    if row is not None:
        assert f"Row {row}" in e.message or f"row {row}" in e.message
    if column is not None:
        assert f"'{column}'" in e.message
    assert e.to_dict() == {"kind": "data", "message": e.message, "row": row, "column": column}


@pytest.mark.parametrize("source", ["", "   ", "\n\n\r\n", b"", b"\xef\xbb\xbf", "\ufeff\n", None])
def test_empty_file(source):
    e = err(source)
    assert "empty" in e.message
    assert_where(e, None, None)


def test_header_only():
    e = err("x1,x2,label\n\n")
    assert "no data rows" in e.message
    assert_where(e, 1, None)


def test_only_one_column():
    e = err("label\n0\n1\n")
    assert "only one column" in e.message and "feature" in e.message
    assert_where(e, None, None)


def test_no_numeric_feature_column():
    e = err("name,city,label\nann,paris,0\nbob,rome,1\n")
    assert "No feature column contains numbers" in e.message and "'name', 'city'" in e.message
    assert_where(e, None, None)


def test_non_numeric_cell():
    text = "x1,x2,label\n1,2,0\n3,4,1\n5,6,0\n1,abc,1\n"
    e = err(text)
    assert e.message == "Row 5, column 'x2': 'abc' is not a number."
    assert_where(e, 5, "x2")
    # the same without a header: line numbers still as the user sees them
    e = err(text.split("\n", 1)[1])
    assert_where(e, 4, "x2")


def test_non_numeric_cell_counts_blank_lines_and_multiline_quotes():
    text = 'a,b,c\n\n1,2,"x\ny"\n\n3,oops,z\n'
    e = err(text)
    assert_where(e, 6, "b")


def test_decimal_comma_hint_in_a_file_of_decimal_points():
    e = err("a;b;c\n1.5;2,5;0\n2;3;1\n")
    assert_where(e, 2, "b")
    assert "'2,5' is written with a decimal comma" in e.message and "'1.5' in row 2" in e.message
    e = err("a,b,c\n1,\"2,5\",0\n2,3.5,1\n3.25,1,0\n")  # decimal points win 2 to 1
    assert_where(e, 2, "b")
    assert "decimal point" in e.message


def test_missing_value():
    e = err("x1,x2,label\n1,2,0\n,4,1\n")
    assert "missing" in e.message
    assert_where(e, 3, "x1")


def test_missing_label():
    e = err("x1,x2,label\n1,2,0\n3,4,\n5,6,1\n")
    assert "missing" in e.message
    assert_where(e, 3, "label")


def test_ragged_row_too_short_and_too_long():
    e = err("x1,x2,label\n1,2,0\n3,4\n")
    assert "2 cells" in e.message and "3 were expected" in e.message
    assert_where(e, 3, None)
    e = err("1,2,0\n3,4,1\n5,6,7,1\n")
    assert "4 cells" in e.message and "3 were expected" in e.message
    assert_where(e, 3, None)


@pytest.mark.parametrize("cell", ["nan", "NaN", "inf", "-inf", "Infinity"])
def test_nan_and_inf(cell):
    e = err(f"x1,x2,label\n1,2,0\n3,{cell},1\n")
    assert "NaN" in e.message and cell in e.message
    assert_where(e, 3, "x2")


def test_overflow_is_infinite():
    e = err("x1,x2,label\n1,2,0\n1e999,4,1\n")
    assert "1e999" in e.message
    assert_where(e, 3, "x1")


def test_nan_label():
    e = err("x1,x2,label\n1,2,0\n3,4,NaN\n5,6,1\n")
    assert_where(e, 3, "label")


def test_one_class():
    e = err("x1,x2,label\n1,2,yes\n3,4,yes\n")
    assert "only one class" in e.message and "'yes'" in e.message
    assert_where(e, None, "label")


def test_more_than_two_classes():
    e = err("x1,x2,species\n1,2,a\n3,4,b\n5,6,a\n7,8,c\n9,9,d\n1,1,e\n2,2,f\n")
    assert "6 different classes" in e.message
    assert "'a', 'b', 'c', 'd', 'e' and 1 more" in e.message
    assert_where(e, 5, "species")


def test_more_than_two_numeric_classes_when_label_is_a_feature_column():
    e = err(BASIC, label="x1")
    assert "3 different classes" in e.message
    assert_where(e, 4, "x1")


@pytest.mark.parametrize("label", ["nope", 3, -4, "7", True, 1.5])
def test_unknown_label_column(label):
    e = err(BASIC, label=label)
    assert "'x1', 'x2', 'label'" in e.message
    assert_where(e, None, None)
    with pytest.raises(DataError):
        preview(BASIC, label=label)


def test_unknown_label_without_header_lists_default_names():
    e = err("1,2,0\n3,4,1\n", label="species")
    assert "'species'" in e.message and "'x1', 'x2', 'label'" in e.message


def test_too_many_bytes():
    e = err(BASIC, max_bytes=10)
    assert e.message == f"The file is too large: {len(BASIC)} bytes; the limit is 10 bytes."
    assert_where(e, None, None)
    e = err(BASIC.encode(), max_bytes=10)
    assert "limit is 10 bytes" in e.message
    big = "x1,x2,label\n" + "1,2,0\n" * 5000
    e = err(big, max_bytes=20_000)
    assert e.message == "The file is too large: 30.0 kB; the limit is 20 kB."
    assert parse_csv(BASIC, max_bytes=len(BASIC)).n == 3  # exactly at the limit is fine


@pytest.mark.parametrize("size,limit,message", [
    # one byte over: the rounded figures would be equal, so both are given in bytes
    (20_000_001, 20_000_000, "20,000,001 bytes; the limit is 20,000,000 bytes (20 MB)."),
    (20 * 2**20 + 1, 20 * 2**20, "20,971,521 bytes; the limit is 20,971,520 bytes (20 MiB)."),
    (21 * 2**20, 20 * 2**20, "21.0 MiB; the limit is 20 MiB."),
    (20_100_000, 20_000_000, "20.1 MB; the limit is 20 MB."),
])
def test_size_message_is_true(size, limit, message):
    e = err(b"a" * size, max_bytes=limit)
    assert e.message == "The file is too large: " + message


def test_too_many_rows():
    rows = "".join(f"{i},{i},{i % 2}\n" for i in range(11))
    e = err("a,b,c\n" + rows, max_rows=10)
    assert "more than 10 data rows" in e.message and "limit is 10" in e.message
    assert_where(e, None, None)
    assert parse_csv("a,b,c\n" + rows, max_rows=11).n == 11
    assert parse_csv(rows, max_rows=11).n == 11  # without header: 11 rows allowed too
    e = err(rows, max_rows=10)
    assert "limit is 10" in e.message


def test_not_utf8_when_utf8_is_chosen():
    e = err(b"x1,x2,label\n1,2,0\n3,\xe9t\xe9,1\n", encoding="utf-8")
    assert "not UTF-8" in e.message and "0xe9" in e.message
    assert_where(e, 3, None)


def test_xlsx_and_utf32():
    e = err(b"PK\x03\x04\x14\x00\x06\x00")
    assert "Excel" in e.message
    e = err("x1,x2,label\n1,2,0\n".encode("utf-32"))
    assert "UTF-32" in e.message


def test_unterminated_quote():
    e = err('x1,x2,label\n1,2,0\n3,4,"one\n5,6,1\n')
    assert "quote" in e.message
    assert_where(e, 3, None)


def test_utf8_text_in_labels_and_names():
    ds = parse_csv("größe,wärme,klasse\n1,2,ja\n3,4,nein\n".encode())
    assert ds.feature_names == ["größe", "wärme"] and ds.label_mapping_json() == {"-1": "ja", "+1": "nein"}
    e = err("größe,wärme,klasse\n1,zwei,ja\n3,4,nein\n")
    assert_where(e, 2, "wärme")


def test_values_too_large_to_square_are_refused_with_their_cell():
    from perceptron_lab import DataError
    from perceptron_lab.csvio import parse_csv

    with pytest.raises(DataError) as e:
        parse_csv("a,b,y\n1,2,0\n3,-1e51,1\n")
    assert (e.value.row, e.value.column) == (3, "b") and "too large" in e.value.message
    parse_csv("a,b,y\n1,2,0\n3,-1e50,1\n")  # the limit itself is fine


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
    from perceptron_lab.csvio import MAX_CELLS, MAX_COLUMNS

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
    from perceptron_lab.csvio import _check_shape

    assert _check_shape(("1," * 99 + "1\n") * (lines - 1), ",") is None  # exactly at the limit is fine


def test_more_than_two_classes_points_at_the_multiclass_perceptron_or_loads_as_multiclass():
    text = "x1,x2,species\n1,2,b\n3,4,a\n5,6,c\n7,8,a\n"
    assert "multiclass perceptron" in err(text).message
    ds = parse_csv(text, multiclass=True)
    assert ds.y.tolist() == [1, 0, 2, 0] and ds.classes == ["a", "b", "c"]
    assert ds.X.tolist() == [[1, 2], [3, 4], [5, 6], [7, 8]] and ds.feature_names == ["x1", "x2"]
    ds = parse_csv("x,y\n1,10\n2,9\n3,1.0\n4,1\n", multiclass=True)  # numerically, 1 and 1.0 one class
    assert ds.y.tolist() == [2, 1, 0, 0] and ds.class_names_json() == ["1.0", "9", "10"]


def test_inspect_reads_once_and_agrees_with_preview_and_parse():
    from perceptron_lab.csvio import inspect_csv

    raw = IRIS_EU.encode("cp1252")
    p, ds = inspect_csv(raw, label="species", rows=2)
    assert p == preview(raw, label="species", rows=2)
    ref = parse_csv(raw, label="species")
    assert np.array_equal(ds.X, ref.X) and np.array_equal(ds.y, ref.y)


def test_bridge_spec_with_base64_bytes_and_overrides():
    import base64

    from perceptron_lab.csvio import inspect_csv, spec_args
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


def test_progress_is_reported_while_reading_a_large_file():
    calls = []
    text = "a,b,y\n" + "".join(f"{i},{i % 7},{i % 2}\n" for i in range(25_000))
    ds = parse_csv(text, progress=lambda done, total: calls.append((done, total)))
    assert ds.n == 25_000
    assert calls == [(10_000, 25_002), (20_000, 25_002)]  # line 10 000 holds the 9 999th data row


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
